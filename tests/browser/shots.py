"""What every picture of `make screenshot` is taken with: a server over a fresh data folder, its
API, and Debian's chromium, launched once for all of them."""

from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser.conftest import BROWSERS, Api
from cli.server_process import ROOT, running_server

SHOTS = ROOT / "docs" / "screenshots"


@contextmanager
def served_browser() -> Iterator[tuple[Api, Browser]]:
    executable = next(path for path in map(shutil.which, BROWSERS) if path)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, running_server(Path(data)) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            yield Api(base), browser
        finally:
            browser.close()


def picture(page: Page, name: str) -> None:
    """The whole page as docs/screenshots/<name>."""
    path = SHOTS / name
    page.screenshot(path=str(path), full_page=True)
    print(f"wrote {path.relative_to(ROOT)}")


def run(*shoots: Callable[[Api, Browser], None]) -> int:
    """`make screenshot`'s pictures, or one game's: each `shoot(api, browser)` with one server and browser."""
    with served_browser() as (api, browser):
        for shoot in shoots:
            shoot(api, browser)
    return 0
