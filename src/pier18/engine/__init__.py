"""The rules of Pier 18: pure Python, no terminal code.

Nothing under this package imports `rich` or `textual`; front ends read it and add no
rules of their own.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing is not imported: it costs start-up time

# Where each public name lives. Names load on first use, so `pier18 score --json` pays
# only for the modules it touches (it must start about as fast as Python itself).
_EXPORTS = {
    "cards": ("Card", "Goal", "Plan", "Section"),
    "characters": ("CHARACTERS", "Character", "Side"),
    "decisions": ("Decision", "Draft", "Keep", "PlacePlan", "parse_decision"),
    "deck": ("Deck", "default_deck_path", "load_deck"),
    "errors": ("DeckError", "IllegalDecision", "IllegalOverlap", "NotationError", "Pier18Error", "SetupError"),
    "game": ("Game", "PatronAward", "Standing", "judge_plan"),
    "phase": ("Phase",),
    "goals": ("GOAL_KINDS", "goal_measures", "goal_met"),
    "notation": ("format_sections", "parse_sections"),
    "pier": ("Pier", "Placement", "VisibleSection"),
    "scoring": ("CATEGORIES", "ScoreSheet", "Slot", "score_sections"),
    "view": ("PlayerView", "TableView"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'pier18.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # pragma: no cover
    from .cards import Card, Goal, Plan, Section
    from .characters import CHARACTERS, Character, Side
    from .decisions import Decision, Draft, Keep, PlacePlan, parse_decision
    from .deck import Deck, default_deck_path, load_deck
    from .errors import DeckError, IllegalDecision, IllegalOverlap, NotationError, Pier18Error, SetupError
    from .game import Game, PatronAward, Standing, judge_plan
    from .phase import Phase
    from .goals import GOAL_KINDS, goal_measures, goal_met
    from .notation import format_sections, parse_sections
    from .pier import Pier, Placement, VisibleSection
    from .scoring import CATEGORIES, ScoreSheet, Slot, score_sections
    from .view import PlayerView, TableView
