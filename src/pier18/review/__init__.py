"""The post-game review: every decision of a seat priced by the strongest bot, and the
final score broken down.

It sits above `bots` and `persist` (beside `selfplay`): it reads a game record's
session, rebuilds what a seat knew at each of its decisions (`positions`), asks a judge
(`judges`: the strongest bot available, `hard` today) what each choice there was worth,
and returns plain data (`model`: a `Review` of `DecisionReview`s) that `pier18 review`
prints or dumps as JSON and a screen can step through. `hindsight` judges the same
decisions again with the real future known, kept apart. `breakdown` says where every
seat's final points came from. Nothing here draws or saves.
"""

from __future__ import annotations
