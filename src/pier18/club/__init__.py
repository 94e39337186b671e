"""The club: friends playing apart, at their own pace, on a server any of them can run.

A club keeps many tables at once in a database (SQLite by default, in the data folder),
each table's whole truth being its game record (`persist.record`), so a finished club
game reads in `replay`, `review` and `stats` like any other. One module per concern:

- `keys`: a player's key (made by the client, kept in its data folder; the club keeps
  only a hash of it);
- `clock`: a table's turn clock (none, minutes or days per move) and what happens when
  it runs out;
- `ratings`: OpenSkill ratings (the Plackett-Luce model) of every finished game, bots
  rated as members of their own;
- `store`: the club's state, where every accepted decision is one transaction,
  committed before it is acknowledged.

It sits beside `net`, above `persist` and `bots`: the engine, the words, `persist` and
`net` never import it (docs/architecture.md, docs/club.md).
"""
