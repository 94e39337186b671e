"""The phases of a game, in a module of their own so that wording can name them cheaply."""

from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    SETUP = "setup"  # each player keeps a Plan and a Foundation from three cards
    DRAFT = "draft"  # rounds of drafting, each ending with a patron phase
    PLAN = "plan"  # everyone places their Plan card
    OVER = "over"
