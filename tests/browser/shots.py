"""What every picture of `make screenshot` is taken with: a server over a fresh data folder, its
API, and Debian's chromium, launched once for all of them."""

from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from playwright.sync_api import Browser, sync_playwright

from tests.browser.conftest import BROWSERS, Api
from web.server_process import ROOT, running_server

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


def wrote(path: Path) -> None:
    print(f"wrote {path.relative_to(ROOT)}")
