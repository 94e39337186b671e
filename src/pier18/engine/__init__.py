"""The rules of Pier 18: pure Python, no terminal code.

Nothing under this package imports `rich` or `textual`; front ends read it and add no
rules of their own.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# Where each public name lives; each loads on first use.
_EXPORTS = {
    "cards": ("Card", "Plan"),
    "characters": ("CHARACTERS", "Character", "Section", "Side"),
    "decisions": ("Decision", "Draft", "Keep", "PlacePlan", "parse_decision"),
    "deck": ("Deck", "default_deck_path", "load_deck"),
    "errors": ("DeckError", "IllegalDecision", "IllegalOverlap", "NotationError", "Pier18Error", "SetupError"),
    "game": ("Deal", "Game", "HAND_SIZE", "PatronAward"),
    "outlook": (
        "Outcome", "PatronRace", "PlanOutlook", "Standing", "TieBreak", "judge_plan", "patron_contest", "rank",
        "table_scores", "with_plan",
    ),
    "sizes": ("TABLE_SIZES", "check_table_size", "table_sizes_text"),
    "phase": ("Phase",),
    "goals": ("GOAL_KINDS", "Goal", "GoalKind", "goal_measures", "goal_met"),
    "notation": ("format_sections", "parse_sections"),
    "pier": ("Pier", "Placement", "VisibleSection"),
    "scoring": ("CATEGORIES", "ScoreSheet", "Slot", "score_sections"),
    "view": ("PlayerView", "TableView"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'pier18.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # pragma: no cover
    # `X as X`: re-exported for type checkers, which cannot read the computed __all__.
    from .cards import Card as Card, Plan as Plan
    from .characters import CHARACTERS as CHARACTERS, Character as Character, Section as Section, Side as Side
    from .decisions import (
        Decision as Decision,
        Draft as Draft,
        Keep as Keep,
        PlacePlan as PlacePlan,
        parse_decision as parse_decision,
    )
    from .deck import Deck as Deck, default_deck_path as default_deck_path, load_deck as load_deck
    from .errors import (
        DeckError as DeckError,
        IllegalDecision as IllegalDecision,
        IllegalOverlap as IllegalOverlap,
        NotationError as NotationError,
        Pier18Error as Pier18Error,
        SetupError as SetupError,
    )
    from .game import (
        HAND_SIZE as HAND_SIZE,
        Deal as Deal,
        Game as Game,
        PatronAward as PatronAward,
    )
    from .outlook import (
        Outcome as Outcome,
        PatronRace as PatronRace,
        PlanOutlook as PlanOutlook,
        Standing as Standing,
        TieBreak as TieBreak,
        judge_plan as judge_plan,
        patron_contest as patron_contest,
        rank as rank,
        table_scores as table_scores,
        with_plan as with_plan,
    )
    from .sizes import TABLE_SIZES as TABLE_SIZES, check_table_size as check_table_size, table_sizes_text as table_sizes_text
    from .goals import GOAL_KINDS as GOAL_KINDS, Goal as Goal, GoalKind as GoalKind, goal_measures as goal_measures, goal_met as goal_met
    from .notation import format_sections as format_sections, parse_sections as parse_sections
    from .phase import Phase as Phase
    from .pier import Pier as Pier, Placement as Placement, VisibleSection as VisibleSection
    from .scoring import (
        CATEGORIES as CATEGORIES,
        ScoreSheet as ScoreSheet,
        Slot as Slot,
        score_sections as score_sections,
    )
    from .view import PlayerView as PlayerView, TableView as TableView
