"""A club over TLS: members, tickets and the game itself on wss://, with a self-signed
certificate made for the test; a client without TLS, or one that does not trust the
certificate, never gets in."""

from __future__ import annotations

import ssl

import pytest

from club_net import member, open_club, play_out
from net_support import WAIT
from pier18.club.client import ClubClient, ClubError
from pier18.club.keys import new_key
from pier18.net.client import Client
from test_net_tls import self_signed


async def test_a_club_game_over_tls(tmp_path, club_db):
    cert, key = self_signed(tmp_path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    trusted = ssl.create_default_context(cafile=str(cert))
    server = await open_club(club_db, config={"ssl": context})
    ann = member(server.port, "Ann", new_key(), ssl=trusted)
    bob = member(server.port, "Bob", new_key(), ssl=trusted)
    plain = ClubClient(f"127.0.0.1:{server.port}", "Cy", new_key(), timeout=WAIT, patience=0)
    stranger = ClubClient(f"127.0.0.1:{server.port}", "Dee", new_key(), ssl=ssl.create_default_context(), timeout=WAIT, patience=0)
    seats: list[Client] = []
    try:
        for outsider in (plain, stranger):  # no TLS, or a certificate it does not trust
            with pytest.raises(ClubError):
                await outsider.connect()
        table = await ann.create(2)
        await bob.join(table)
        for lobby in (ann, bob):
            url, code = await lobby.ticket(table)
            assert url.startswith("wss://"), url
            game = Client(url, code, ssl=trusted, min_backoff=0.02, max_backoff=0.3)
            game.start()
            seats.append(game)
        await play_out(seats)
        assert all(game.state is not None and game.state.table.is_terminal() for game in seats)
        assert (await ann.list()).games[0].status == "over"  # the club's own word for it
    finally:
        for game in seats:
            await game.close()
        for client in (ann, bob, plain, stranger):
            await client.close()
        await server.close()
