"""A game over TLS with a self-signed certificate made for the test."""

from __future__ import annotations

import importlib.util
import random
import shutil
import ssl
import subprocess

import pytest

from net_support import WAIT, client, engine_totals, new_table, open_host, play_turns


def self_signed(folder):
    """A certificate for 127.0.0.1 and its key, made with `openssl` (or skip)."""
    if shutil.which("openssl") is None:
        reason = "needs the openssl command to make a test certificate"
        if importlib.util.find_spec("cryptography") is None:
            pytest.skip(reason + " (and the cryptography package is not installed)")
        pytest.skip(reason)
    cert, key = folder / "cert.pem", folder / "key.pem"
    made = subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        capture_output=True, timeout=WAIT,
    )
    if made.returncode != 0:
        pytest.skip(f"openssl could not make a test certificate: {made.stderr.decode()[:200]}")
    return cert, key


async def test_a_game_over_tls(tmp_path):
    cert, key = self_signed(tmp_path)
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(cert, key)
    trusted = ssl.create_default_context(cafile=str(cert))
    session = new_table(2, 41)

    host = await open_host(session, ssl=server)
    plain = client(host.port, session.codes.seats[0])  # no TLS: it never gets in
    stranger = client(host.port, session.codes.seats[0], scheme="wss", ssl=ssl.create_default_context())
    players = {s: client(host.port, code, scheme="wss", ssl=trusted) for s, code in enumerate(session.codes.seats)}
    await plain.until(lambda: plain.fatal is not None)
    await stranger.until(lambda: stranger.fatal is not None)  # the certificate is not trusted
    assert "certificate" in stranger.fatal.lower()
    await play_turns(players, random.Random(9))
    final = await players[0].wait_for(lambda s: s.table.final is not None)
    for c in (plain, stranger, *players.values()):
        await c.close()
    await host.close()
    assert tuple(s.total for s in final.table.final) == engine_totals(session)
