"""The service's Prometheus metrics, defined once for every process that counts them.

Under gunicorn, each worker process counts in files of its own under PROMETHEUS_MULTIPROC_DIR
(prometheus_client's multiprocess mode) and the process serving CHRONICLE_METRICS_PORT adds them
up (services.observe.exposition); without that folder, a process counts in memory. The gauges that several
processes sample alike (the queue, the read models' lag) are read as the largest of the live
processes' values; open streams as their sum.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

REQUESTS = Counter("chronicle_http_requests", "HTTP requests answered, by route template, method and status",
                   ["route", "method", "status"])
REQUEST_SECONDS = Histogram("chronicle_http_request_duration_seconds", "Time to answer an HTTP request (a "
                            "stream: to open it), by route template and method", ["route", "method"],
                            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
MOVES = Counter("chronicle_moves", "Decisions recorded, by game and by whom: a person, a bot, or the clock",
                ["game", "by"])
BOT_TURNS = Counter("chronicle_bot_turns", "Bot turns taken up (a job, or in-process), by game and outcome: "
                    "played, overtaken (the game moved on) or none (nothing due)", ["game", "outcome"])
QUEUE_LENGTH = Gauge("chronicle_queue_jobs", "Jobs waiting on the deployment's RQ queue",
                     multiprocess_mode="livemax")
QUEUE_OLDEST_SECONDS = Gauge("chronicle_queue_oldest_job_age_seconds", "How long the oldest job waiting on the "
                             "queue has waited (0: none waits)", multiprocess_mode="livemax")
OPEN_STREAMS = Gauge("chronicle_open_streams", "Live streams (server-sent events) open now",
                     multiprocess_mode="livesum")
READ_MODEL_LAG_EVENTS = Gauge("chronicle_read_model_lag_events", "Notifications of the event log the read models "
                              "have not processed yet", multiprocess_mode="livemax")
READ_MODEL_LAG_SECONDS = Gauge("chronicle_read_model_lag_seconds", "Age of the oldest notification the read "
                               "models have not processed yet (0: caught up)", multiprocess_mode="livemax")
WEBHOOKS = Counter("chronicle_webhook_deliveries", "Webhook deliveries tried, by outcome: sent, failed, stale",
                   ["outcome"])
EMAILS = Counter("chronicle_email_deliveries", "Emails tried, by outcome: sent, failed, sent already, not set up",
                 ["outcome"])
STORE_ERRORS = Counter("chronicle_store_errors", "Event store operations that failed (not a lost race), by "
                       "operation", ["operation"])
