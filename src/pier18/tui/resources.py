"""Files the app ships with: the rules text (docs/rules.md in a checkout)."""

from __future__ import annotations

from pathlib import Path

from ..i18n import _, document
from ..speech.notices import GAME_NAME


def rules_path() -> Path:
    """The rules shipped with the game: inside the wheel, or in a source checkout."""
    packaged = Path(__file__).resolve().parent.parent / "data" / "rules.md"
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "docs" / "rules.md"


def rules_text() -> str:
    """The rules as Markdown, in the language spoken (each paragraph from the catalog,
    context "rules"); a short note if the file is missing (never a crash)."""
    try:
        return document(rules_path().read_text(encoding="utf-8"), "rules")
    except OSError:
        title = _("Rules of {game}").format(game=GAME_NAME)
        why = _("The rules file could not be found in this installation.")
        return f"# {title}\n\n{why}"
