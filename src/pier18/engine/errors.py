"""Every error the rules engine raises, so front ends can catch one family."""


class Pier18Error(Exception):
    """Base class: a message a front end can show to a player on one line."""


class DeckError(Pier18Error):
    """A deck file is unreadable or breaks the card format.

    The message names the file and, where known, the card id and the field.
    """


class NotationError(Pier18Error):
    """A pier written in text notation cannot be read (the message names the line)."""


class IllegalDecision(Pier18Error):
    """A decision that the rules do not allow at this point of the game."""


class IllegalOverlap(IllegalDecision):
    """A card that would cover too much (or a negative part) of the card before it."""


class SetupError(Pier18Error):
    """A game that cannot start as asked: a wrong number of players or first seat."""
