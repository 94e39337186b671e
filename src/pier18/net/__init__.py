"""Network play: one host is the authority, remote players join over WebSocket.

`protocol` says what goes on the wire (message types, limits, the JSON form of the
engine's views); `host` is the table server (one Session, autosave, seat codes, bots);
`client` connects, reconnects and hands decoded views to a front end. Nothing here
draws: the interim line-based front end lives in `pier18.cli.join`.
docs/protocol.md describes the protocol well enough to write another client.
"""
