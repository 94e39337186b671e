"""`pier18 play` with unfinished games saved: offer to go on with one of them first.

Every unfinished game is listed (last played first), so none is ever stranded behind
a newer one; y goes on with the last played, and as on every screen a number (1-9) or
an arrow points at a game and Enter (or a second click) goes on with the one pointed
at, which is the last played until another is pointed at; n starts a new game and the
old ones stay saved. Each game shows only its names, phase
and whose turn it is (`pier18.words.summary`), never a card, since whoever is at the
keys may not be the player whose turn it is.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine.text import printable
from ...persist import autosave
from ...words import resume_title
from ...speech.keys import KEY_NEW_GAME, KEY_RESUME_LAST, with_key
from ...speech.notices import last_played
from .closing import ModalClosesOnce
from ..widgets.choice_list import PointingList
from ..widgets.footer import Footer
from ...i18n import N_, _

NEW_GAME = "new"


class ResumeScreen(ModalClosesOnce["int | None"]):
    """Dismisses with the index of the game to resume in `games`, or None for a new game."""

    DEFAULT_CSS = """
    ResumeScreen { align: center middle; }
    ResumeScreen .confirm-box {
        width: 76;
        height: auto;
        border: thick $accent;
        padding: 1 2;
        background: $surface;
    }
    ResumeScreen OptionList { height: auto; max-height: 14; margin-top: 1; }
    """
    AUTO_FOCUS = "OptionList"  # Enter goes on with the last played game
    BINDINGS = [
        Binding("y", "pick(0)", KEY_RESUME_LAST),
        Binding("n,escape", "new_game", KEY_NEW_GAME),
        *(Binding(str(n), f"point({n - 1})", N_("Point at a game"), show=False) for n in range(1, 10)),
    ]

    def __init__(self, games: list[autosave.SavedGame], notes: list[str] | None = None) -> None:
        super().__init__()
        self.games = games
        self.notes = notes or []
        self.summary = games[0].summary() if games else ""  # the last played game's line

    def compose(self) -> ComposeResult:
        saved, keys = resume_title(len(self.games))
        title = f"[b]{saved}[/b] {keys}" if keys else f"[b]{saved}[/b]"
        options = [
            # Names, paths and reasons are plain text, never read as markup, and made
            # printable as on stderr (a file name may hold escape codes).
            Option(Text(printable(f"{number}. {game.summary()} · {last_played(game.last_played())}")), id=f"game-{number - 1}")
            for number, game in enumerate(self.games, start=1)
        ]
        options.append(Option(Text(with_key(KEY_NEW_GAME, "n")), id=NEW_GAME))
        with Vertical(classes="confirm-box"):
            yield Static(title, classes="confirm-line")
            for note in self.notes:
                yield Static(Text(printable(note)), classes="confirm-line")
            yield PointingList(*options)
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or NEW_GAME
        self.dismiss(None if option_id == NEW_GAME else int(option_id.removeprefix("game-")))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`y` and the numbers are offered only for games that are there to resume."""
        if action in ("pick", "point"):
            return isinstance(parameters[0], int) and parameters[0] < len(self.games)
        return True

    def action_pick(self, index: int) -> None:
        if index < len(self.games):
            self.dismiss(index)

    def action_point(self, index: int) -> None:
        """A number points at that game; Enter goes on with it."""
        if index < len(self.games):
            self.query_one(OptionList).highlighted = index

    def action_new_game(self) -> None:
        self.dismiss(None)
