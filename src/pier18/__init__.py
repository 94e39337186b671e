"""Pier 18, the 18-card pier-building drafting game, played in a terminal."""

__version__ = "0.1.0"
