"""The accessibility check of the viewer's pages: axe-core (bundled with axe-playwright-python)
run in the page as it stands, its serious and critical findings listed in words."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

SERIOUS = ("serious", "critical")
AXE = Axe()


def serious_violations(page, exclude: tuple[str, ...] = ()) -> list[str]:
    """Each serious or critical finding: its rule, what it asks, and the elements it found (none
    inside the elements the `exclude` selectors match)."""
    found = AXE.run(page, context={"exclude": list(exclude)} if exclude else None).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']}: " + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5])
            for v in found if v["impact"] in SERIOUS]
