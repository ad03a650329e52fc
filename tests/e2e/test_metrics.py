"""/metrics of an API server of two gunicorn worker processes, on the port of its own: after a
known sequence of requests (spread over both processes), each count is what was asked, added up
across the processes; the public port has no /metrics."""

from __future__ import annotations

import time

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from cli.server_process import free_port, running_server

pytestmark = pytest.mark.e2e

PATIENCE = 60.0


def scrape(url: str) -> dict[tuple[str, tuple], float]:
    """Every sample: (name, sorted labels) -> value."""
    text = requests.get(url, timeout=30).text
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def value(samples, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_counts_after_a_known_sequence_of_requests_add_up_across_two_workers(tmp_path):
    port = free_port()
    with running_server(tmp_path, workers=2, env={"CHRONICLE_METRICS_PORT": str(port),
                                                  "CHRONICLE_METRICS_SAMPLE_SECONDS": "0.2"}) as base:
        metrics = f"http://127.0.0.1:{port}/metrics"
        assert requests.get(base + "/metrics").status_code == 404, "the public port shows no metrics"
        for _ in range(12):  # a new connection each: gunicorn's two processes share them out
            with requests.Session() as fresh:
                assert fresh.get(base + "/api/rules/chi").status_code == 200
        for _ in range(3):
            assert requests.get(base + "/api/games/00000000-0000-0000-0000-000000000000").status_code == 404
        created = requests.post(base + "/api/games", json={"game": "chi", "seats": [{"name": "Ann"}, {"bot": "random"}]})
        assert created.status_code == 201
        game, token = created.json()["id"], created.json()["tokens"][0]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        state = requests.get(f"{base}/api/games/{game}", headers=headers).json()
        action = requests.get(f"{base}/api/games/{game}/actions", headers=headers).json()["actions"][0]
        moved = requests.post(f"{base}/api/games/{game}/actions", headers=headers,
                              json={"action": action, "expected_version": state["version"]})
        assert moved.status_code == 200, moved.text

        deadline = time.monotonic() + PATIENCE
        while True:
            samples = scrape(metrics)
            if value(samples, "chronicle_moves_total", game="chi", by="person") == 1:
                break
            assert time.monotonic() < deadline, "the move was never counted"
            time.sleep(0.2)
        assert value(samples, "chronicle_http_requests_total", route="/api/rules/<string:game>", method="GET", status="200") == 12
        assert value(samples, "chronicle_http_requests_total", route="/api/games/<uuid:game_id>", method="GET",
                     status="404") == 3
        assert value(samples, "chronicle_http_requests_total", route="/api/games", method="POST", status="201") == 1
        assert value(samples, "chronicle_http_request_duration_seconds_count", route="/api/rules/<string:game>", method="GET") == 12
        assert value(samples, "chronicle_moves_total", game="chi", by="person") == 1
        assert value(samples, "chronicle_bot_turns_total", game="chi", outcome="played") >= 1
        assert value(samples, "chronicle_store_errors_total", operation="save") == 0
        assert value(samples, "chronicle_open_streams") == 0
        assert ("chronicle_read_model_lag_seconds", ()) in samples


def test_the_grafana_dashboard_graphs_only_metrics_the_service_has():
    import json
    import re

    from cli.server_process import ROOT
    from services.observe import metrics

    names = {collector._name for collector in vars(metrics).values() if hasattr(collector, "_name")}
    dashboard = json.loads((ROOT / "docs" / "grafana-dashboard.json").read_text())
    graphed = {re.sub(r"_(total|bucket)$", "", name) for panel in dashboard["panels"] for target in panel["targets"]
               for name in re.findall(r"chronicle_[a-z_]+", target["expr"])}
    assert graphed == names, "every metric is graphed, and nothing else"
