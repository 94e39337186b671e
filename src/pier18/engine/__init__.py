"""The rules of Pier 18: pure Python, no terminal code.

Nothing under this package imports `rich` or `textual`; front ends read it and add no
rules of their own.
"""

from __future__ import annotations

from .cards import Card, Plan
from .characters import CHARACTERS, Character, Section, Side
from .decisions import (
    Decision,
    Draft,
    Keep,
    PlacePlan,
    parse_decision,
)
from .deck import Deck, default_deck_path, load_deck
from .errors import (
    DeckError,
    IllegalDecision,
    IllegalOverlap,
    NotationError,
    Pier18Error,
    SetupError,
)
from .game import (
    HAND_SIZE,
    Deal,
    Game,
    PatronAward,
)
from .outlook import (
    Outcome,
    PatronRace,
    PlanOutlook,
    Standing,
    TieBreak,
    judge_plan,
    patron_contest,
    rank,
    table_scores,
    with_plan,
)
from .goals import GOAL_KINDS, Goal, GoalKind, goal_measures, goal_met
from .notation import format_sections, parse_sections
from .phase import Phase
from .pier import Pier, Placement, VisibleSection
from .sizes import TABLE_SIZES, check_table_size, table_sizes_text
from .scoring import (
    CATEGORIES,
    ScoreSheet,
    Slot,
    score_sections,
)
from .view import PlayerView, TableView

__all__ = [
    "CATEGORIES",
    "CHARACTERS",
    "Card",
    "Character",
    "Deal",
    "Decision",
    "Deck",
    "DeckError",
    "Draft",
    "GOAL_KINDS",
    "Game",
    "Goal",
    "GoalKind",
    "HAND_SIZE",
    "IllegalDecision",
    "IllegalOverlap",
    "Keep",
    "NotationError",
    "Outcome",
    "PatronAward",
    "PatronRace",
    "Phase",
    "Pier",
    "Pier18Error",
    "PlacePlan",
    "Placement",
    "Plan",
    "PlanOutlook",
    "PlayerView",
    "ScoreSheet",
    "Section",
    "SetupError",
    "Side",
    "Slot",
    "Standing",
    "TABLE_SIZES",
    "TableView",
    "TieBreak",
    "VisibleSection",
    "check_table_size",
    "default_deck_path",
    "format_sections",
    "goal_measures",
    "goal_met",
    "judge_plan",
    "load_deck",
    "parse_decision",
    "parse_sections",
    "patron_contest",
    "rank",
    "score_sections",
    "table_scores",
    "table_sizes_text",
    "with_plan",
]
