"""The documentation: docs/ builds as a site with no broken link, and the README, the quick start
that leads into it, stays short and points only at files and headings that exist."""

import re
import subprocess
import sys
from pathlib import Path

from markdown.extensions.toc import slugify

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_docs_build_strictly_so_a_broken_link_or_a_page_left_out_fails(tmp_path):
    """mkdocs.yml makes a link to a missing page or heading, and a page out of the nav, warnings;
    --strict makes any warning fail the build."""
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "site" / "adding-a-game.html").exists()


def headings(page: Path) -> set[str]:
    """The anchors of a Markdown page's headings, as the docs' table of contents makes them."""
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return {slugify(line.lstrip("#").strip(), "-") for line in text.splitlines() if re.match(r"#{1,6} ", line)}


def test_every_link_of_the_readme_reaches_a_file_and_a_heading_that_exist():
    for target in LINK.findall(README.read_text()):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        page = ROOT / path if path else README
        assert page.exists(), f"the README links to {target}, which is not there"
        if anchor:
            assert anchor in headings(page), f"the README links to {target}: {page.name} has no such heading"


def test_the_readme_is_a_quick_start_under_300_lines():
    assert len(README.read_text().splitlines()) < 300
