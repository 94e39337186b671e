"""`pier18 play`: the Textual hot-seat game for 2 or 3 players at one laptop.

Only `pier18.cli.play.run` imports this package, so `pier18 score` never pays for
Textual. The app drives a `pier18.session.Session` and adds no rules of its own.
"""
