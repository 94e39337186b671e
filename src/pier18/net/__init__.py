"""Network play: one host is the authority, remote players join over WebSocket.

`protocol` says what goes on the wire (message types, limits, the JSON form of the
engine's views); `host` is the table server (one Session, autosave, seat codes, bots);
`client` connects, reconnects and hands decoded views to a front end. Nothing here
draws: `pier18.tui.seat_app` plays a seat in the Textual game, and `pier18.cli.join`
has a plain-line front end.
docs/protocol.md describes the protocol well enough to write another client.
"""
