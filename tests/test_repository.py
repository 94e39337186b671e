"""A fresh clone can run the Quick start: the repository tracks no environment, cache
or link to somewhere outside it (a tracked `.venv` link once made `python3 -m venv .venv`
fail on every clone but one machine's)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def git(*args: str, root: Path = ROOT) -> str:
    return subprocess.run(["git", "-c", "safe.directory=*", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


def in_a_checkout() -> bool:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return False
    return subprocess.run(["git", "-c", "safe.directory=*", "-C", str(ROOT), "rev-parse"], capture_output=True).returncode == 0


pytestmark = pytest.mark.skipif(not in_a_checkout(), reason="not a git checkout (an unpacked sdist): nothing is tracked")


def links_leaving(root: Path) -> list[str]:
    """The symbolic links `root` tracks whose target is absolute or climbs out of it."""
    bad = []
    for line in git("ls-files", "-s", root=root).splitlines():
        meta, _, path = line.partition("\t")
        mode, blob = meta.split()[:2]
        if mode != "120000":
            continue
        target = git("cat-file", "-p", blob, root=root)
        where = os.path.normpath(os.path.join(os.path.dirname(path), target))
        if os.path.isabs(target) or where == ".." or where.startswith("../"):
            bad.append(f"{path} -> {target}")
    return bad


def test_no_tracked_link_points_outside_the_repository():
    assert links_leaving(ROOT) == []


def test_the_link_check_sees_a_link_out(tmp_path):
    """The check itself, on a repository made for it: a link to an absolute path and one
    climbing out are caught, a link inside is not."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git("init", "-q", root=repo)
    (repo / "docs").mkdir()
    (repo / "docs" / "a.md").write_text("a")
    (repo / ".venv").symlink_to("/work/venv")
    (repo / "docs" / "up").symlink_to("../../elsewhere")
    (repo / "docs" / "here").symlink_to("a.md")
    git("add", "-A", root=repo)
    assert sorted(links_leaving(repo)) == [".venv -> /work/venv", "docs/up -> ../../elsewhere"]


def test_nothing_tracked_is_what_gitignore_excludes():
    """An environment, a cache or a build tracked by mistake (`.gitignore` means to keep
    them out; a file added with `git add -f`, or before the rule, stays tracked)."""
    assert git("ls-files", "--cached", "--ignored", "--exclude-standard").split() == []
