"""Plain lines: a game told and played one line at a time, for screen readers,
braille displays and scripts (`pier18 play --lines`).

`say` puts what a seat may see into lines of plain words (a pier read as sections from
the land end to the sea end, never drawn); `table` plays a game held here (the hot-seat
`Session`) through them, `seat` a seat of a networked table (`join --lines`) from
the views its client hears, and `replay` steps through a saved game (`replay --lines`):
each public event said once, in order, and every line typed (read by `typed`, the end
of the input taken as 'quit') answered at once. What is
hidden from whom is the engine's (`TableView`, `PlayerView`);
what comes next is `flow.next_step`'s. No Rich, no Textual, no box drawing.
"""
