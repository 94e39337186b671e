"""The rules of Pier 18: pure Python, no terminal code.

Nothing under this package imports `rich` or `textual`; front ends read it and add no
rules of their own.
"""

from .cards import Card, Goal, Plan, Section
from .characters import CHARACTERS, Character, Side
from .decisions import Decision, Draft, Keep, PlacePlan, parse_decision
from .deck import Deck, default_deck_path, load_deck
from .errors import DeckError, IllegalDecision, IllegalOverlap, NotationError, Pier18Error
from .game import Game, PatronAward, Phase, Standing
from .goals import GOAL_KINDS, goal_met
from .notation import format_sections, parse_sections
from .pier import Pier, Placement, VisibleSection
from .scoring import CATEGORIES, ScoreSheet, Slot, score_sections
from .view import PlayerView

__all__ = [
    "CATEGORIES", "CHARACTERS", "Card", "Character", "Decision", "Deck", "DeckError", "Draft",
    "GOAL_KINDS", "Game", "Goal", "IllegalDecision", "IllegalOverlap", "Keep", "NotationError",
    "PatronAward", "Phase", "Pier", "Pier18Error", "Placement", "Plan", "PlacePlan", "PlayerView",
    "ScoreSheet", "Section", "Side", "Slot", "Standing", "VisibleSection", "default_deck_path",
    "format_sections", "goal_met", "load_deck", "parse_decision", "parse_sections", "score_sections",
]
