"""The hard bot's hint for the player to move (`h`), under a screen's instructions."""

from __future__ import annotations

from textual.widgets import Static


class HintLine(Static):
    """Hidden until a hint is asked for; shows the turn's hint again on the next screen."""

    def on_mount(self) -> None:
        self.show_known()

    def show(self, text: str) -> None:
        self.update(text)
        self.display = True

    def show_known(self) -> None:
        """Show the hint already given for this turn, or hide the line if there is none."""
        known = getattr(self.app, "known_hint", None)
        hint = known() if known is not None else None
        if hint:
            self.show(hint[0])
            mark = getattr(self.screen, "mark_hint", None)
            if mark is not None:
                self.call_after_refresh(mark, hint[1])  # once the screen's choice list is there
        else:
            self.update("")
            self.display = False
