"""The placement preview's "what this changes": which characters a cover makes score
differently, and why.

It lists the engine's answer (`Outcome.reasons_changed`, from `engine.explain` on the
pier before and after the decision) in `speech.why.explanation`'s words, and works nothing
out itself: a reason that is gone (hidden, or now worth something else) is shown as it
was, a new one as it will be.
"""

from __future__ import annotations

from rich.text import Text

from ...engine import Outcome
from .drawn import Drawn
from ...i18n import _
from ...speech.why import explanation, reason_gone, reason_new


class CoverWhy(Drawn):
    def show(self, outcome: Outcome) -> None:
        self.update(self.draw(outcome))

    @staticmethod
    def draw(outcome: Outcome) -> Text:
        gone, new = outcome.reasons_changed()
        if not gone and not new:
            return Text(_("What this changes: no character scores differently."), style="dim italic")
        before = [v.card for v in outcome.pier_before.visible()]
        after = [v.card for v in outcome.pier.visible()]
        text = Text(_("What this changes:"), style="bold")
        for reason in gone:  # card names are outside text: plain Text, never markup
            text.append(f"\n{reason_gone()} ", style="bold red")
            text.append(explanation(reason, before), style="dim" if not reason.points else "")
        for reason in new:
            text.append(f"\n{reason_new()} ", style="bold green")
            text.append(explanation(reason, after), style="dim" if not reason.points else "")
        return text
