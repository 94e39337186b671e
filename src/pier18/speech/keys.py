"""Key and button labels shared by the footer and the screens, so a key says the same on
every screen.

Labels are marked with `N_` (a Binding is made at import) and translated where drawn: the
footer, the keys list, a button's text (`with_key`).
"""

from __future__ import annotations

from ..i18n import N_, _


KEY_QUIT = N_("Quit")
KEY_HELP = N_("Keys")
KEY_RULES = N_("Rules")
KEY_TAKE_BACK = N_("Take back")
KEY_CLOSE = N_("Close")
KEY_NEW_GAME = N_("New game")
KEY_YES_TAKE_BACK = N_("Yes, take back")
KEY_KEEP_PLAYING = N_("No, keep playing")
KEY_YES_BOT_PLAYS = N_("Yes, a bot plays")
KEY_NO_KEEP_WAITING = N_("No, keep waiting")
KEY_BACK_TO_GAME = N_("Back to the game")
KEY_BACK_TO_CARDS = N_("Back to the cards")
KEY_PREVIOUS = N_("Previous")
KEY_NEXT = N_("Next")
KEY_START = N_("Start")
KEY_END = N_("End")
KEY_NEXT_RULE = N_("Next rule")
KEY_PREVIOUS_RULE = N_("Previous rule")
KEY_START_GAME = N_("Start the game")
KEY_RESUME_LAST = N_("Resume the last played")
KEY_GAME_LOG = N_("Log")
KEY_COVER_LESS = N_("Cover less")
KEY_COVER_MORE = N_("Cover more")
KEY_PLACE_IT = N_("Place it")
KEY_PREVIOUS_CARD = N_("Previous card")
KEY_NEXT_CARD = N_("Next card")
KEY_CHOOSE_CARD = N_("Choose this card")
KEY_KEEP_AS_PLAN = N_("Keep as Plan")
KEY_KEEP_AS_FOUNDATION = N_("Keep as Foundation")
KEY_BACK_TO_PLAN = N_("Back to the Plan")
KEY_LEGEND = N_("Symbols")
KEY_POINT_AT_CARD = N_("Point at a card")


#: The key that goes on, as the screens name it.
ENTER = "Enter"


def with_key(label: str, key: str) -> str:
    """A button's text with the key that presses it: 'New game (n)' (`label` marked with
    `N_` here, when the button is made)."""
    return f"{_(label)} ({key})"


#: The little tag on the choice the hint names (marked; translated where drawn).
HINT_TAG = N_("hint")
