"""A catalog that cannot be read is English with one warning line, never a traceback.

Each kind of damage is planted in a locale folder of the test's own (a copy of the
shipped Dutch catalog, spoiled), and the real command line is run on it (`pier18`
started with that folder as its `i18n.LOCALE_DIR`): every command then says exactly
what it says in English, with the same status, and standard error holds one line more,
naming the catalog, once a process.
"""

from __future__ import annotations

import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import child_env

from pier18 import i18n

SHIPPED = Path(i18n.LOCALE_DIR) / "nl" / "LC_MESSAGES" / "pier18.mo"
EXAMPLE = str(Path(__file__).resolve().parents[1] / "examples" / "pier.txt")
#: `pier18` started with its catalogs in the folder given first.
LAUNCH = "import sys; from pier18 import i18n; i18n.LOCALE_DIR = sys.argv.pop(1); from pier18.cli import main; sys.exit(main())"


def spoiled(data: bytes, at: int, value: int) -> bytes:
    """The catalog with the 32-bit field at byte `at` set to `value`."""
    return data[:at] + struct.pack("<I", value) + data[at + 4:]


def plant(kind: str, path: Path) -> None:
    """Put a catalog damaged in the way `kind` says at `path`."""
    good = SHIPPED.read_bytes()
    path.parent.mkdir(parents=True)
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif kind == "wrong magic":
        path.write_bytes(b"\x00\x11\x22\x33" + good[4:])
    elif kind == "bad offsets":
        path.write_bytes(spoiled(good, 12, 0xFFFFFF00))  # where the original messages start
    elif kind == "huge sizes":
        path.write_bytes(spoiled(spoiled(good, 8, 0x7FFFFFFF), 28, 0xFFFFFFF0))  # messages, first length
    elif kind == "bad plural rule":
        path.write_bytes(good.replace(b"plural=(n != 1);", b"plural=(n % 0 );"))
    elif kind == "too big":
        with open(path, "wb") as file:
            file.write(good)
            file.truncate(i18n.MAX_CATALOG_BYTES + 1)
    elif kind == "a directory":
        path.mkdir()
    elif kind == "a FIFO":
        os.mkfifo(path)
    elif kind == "unreadable (a symlink loop)":
        path.symlink_to(path.name)
    elif kind == "unreadable (mode 000)":
        path.write_bytes(good)
        path.chmod(0)
    else:
        raise AssertionError(kind)


KINDS = [
    "empty", "truncated", "wrong magic", "bad offsets", "huge sizes", "bad plural rule", "too big", "a directory",
    "a FIFO", "unreadable (a symlink loop)",
    pytest.param("unreadable (mode 000)", marks=pytest.mark.skipif(os.geteuid() == 0, reason="root reads it all the same")),
]


def pier18(locale: Path | str, argv: list[str], tmp_path: Path, **env: str) -> tuple[int, str, str]:
    proc = subprocess.run(
        [sys.executable, "-c", LAUNCH, str(locale), *argv], capture_output=True, text=True, timeout=120,
        stdin=subprocess.DEVNULL, env=child_env(PIER18_DATA_DIR=str(tmp_path / "data"), **env),
    )
    return proc.returncode, proc.stdout, proc.stderr


def warning(path: Path) -> str:
    return f"pier18: the catalog {path} cannot be read ("


def same(out: str) -> str:
    """`out` with the name of the game saved left out (its time and a random part)."""
    return re.sub(r"\S+\.json", "GAME.json", out)


@pytest.fixture
def english(tmp_path):
    """What a command says in English (status, stdout, stderr), by its words."""
    def said(argv: list[str]) -> tuple[int, str, str]:
        return pier18(i18n.LOCALE_DIR, ["--lang", "en", *argv], tmp_path)

    return said


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_catalog_is_english_and_one_warning_line(tmp_path, english, kind):
    locale = tmp_path / "locale"
    plant(kind, locale / "nl" / "LC_MESSAGES" / "pier18.mo")
    status, out, err = pier18(locale, ["--lang", "nl", "score", EXAMPLE], tmp_path)
    assert (status, out) == english(["score", EXAMPLE])[:2]
    (line,) = err.splitlines()
    assert line.startswith(warning(locale / "nl" / "LC_MESSAGES" / "pier18.mo")) and line.endswith("): speaking English"), err


@pytest.mark.parametrize(
    "argv, env",
    [
        (["score", EXAMPLE], {"LANG": "nl_NL.UTF-8", "LANGUAGE": ""}),  # asked for by the environment
        (["--lang", "nl", "frobnicate"], {}),  # an argument error: argparse's own words too
        (["--lang", "nl", "cards", "--help"], {}),
        (["--lang", "nl", "play", "--lines", "--players", "2", "--bots", "1", "--seed", "3"], {}),
    ],
    ids=["environment", "argument error", "help", "play --lines"],
)
def test_every_command_falls_back_to_english_whole(tmp_path, english, argv, env):
    locale = tmp_path / "locale"
    plant("empty", locale / "nl" / "LC_MESSAGES" / "pier18.mo")
    status, out, err = pier18(locale, argv, tmp_path, **env)
    words = [word for word in argv if word not in ("--lang", "nl")]
    want_status, want_out, want_err = english(words)
    assert (status, same(out)) == (want_status, same(want_out))
    first, *rest = err.splitlines(keepends=True)
    assert first.startswith(warning(locale / "nl" / "LC_MESSAGES" / "pier18.mo")), err
    assert "".join(rest) == want_err and "Traceback" not in err


def test_the_warning_is_said_once_a_process_and_the_language_is_english(tmp_path, monkeypatch, capsys, speaking):
    """The process's own catalog and a browser seat's page in that language (`translation`)."""
    plant("truncated", tmp_path / "nl" / "LC_MESSAGES" / "pier18.mo")
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path))
    monkeypatch.setattr(i18n, "_warned", False)
    monkeypatch.setenv("LANGUAGE", "nl")
    speaking("nl")
    assert i18n._("Round {round} of {rounds}") == "Round {round} of {rounds}"
    assert i18n.language() == "en"
    assert i18n.translation("nl").gettext("Round {round} of {rounds}") == "Round {round} of {rounds}"
    assert capsys.readouterr().err.count("cannot be read") == 1
