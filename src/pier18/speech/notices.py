"""What the command line, the saves and the network say in more than one place: the
program's own lines, problems with options, files and streams, commands to copy, and a
host's refusals (each worded by its code, docs/protocol.md).
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from ..engine.text import printable
from ..i18n import _, ngettext
from .people import players_list

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence


#: The game's name, as the screens and the messages say it.
GAME_NAME = "Pier 18"
#: The command's name, which starts each line it says in its own name (`prog_line`).
PROG = "pier18"


def command(*words: object) -> str:
    """A command line for a person to copy and run: each word quoted for the shell where
    it needs it (a path with a space or a quote stays one word), the line printable.

    Every command the game prints (the final screen's `pier18 score` lines, the host's
    join and resume lines, a saved game's replay) is made here, from every option the
    game was played with, so running it does what the line says.
    """
    return printable(" ".join(shlex.quote(str(word)) for word in words))


def about(where: str, what: str) -> str:
    """A problem and where it is, as every error line says it: '--cards: 9 is not a card'."""
    return _("{where}: {what}").format(where=where, what=what)


def prog_line(message: str) -> str:
    """A line the command says in its own name, on standard error or after a game."""
    return f"{PROG}: {message}"


def replay_command(path: object, lines: bool = False) -> str:
    """The command that replays a game record: 'pier18 replay FILE' (quoted for the shell);
    `lines`: in plain lines, as the game was played ('pier18 replay FILE --lines')."""
    return command("pier18", "replay", path, *(["--lines"] if lines else []))


def last_played(when: str) -> str:
    """'last played 2025-03-14 20:15'."""
    return _("last played {when}").format(when=when)


def seats_for_players(given: int, players: int, what: str = "seat") -> str:
    """'--seats names 2 seats but the game has 3 players' (`what`: seat or level)."""
    if what == "level":
        message = ngettext("--seats names {n} level but the game has {players} players",
                           "--seats names {n} levels but the game has {players} players", given)
    else:
        message = ngettext("--seats names {n} seat but the game has {players} players",
                           "--seats names {n} seats but the game has {players} players", given)
    return message.format(n=given, players=players)


def at_least_one(option: str, got: str | None = None) -> str:
    """'--games must be at least 1', with what was given (quoted) if known."""
    if got is None:
        return _("{option} must be at least 1").format(option=option)
    return _("{option} must be at least 1, not {got}").format(option=option, got=got)


def games_out_of_range(most: int, got: str) -> str:
    """`--games` that is not a whole number from 1 to `most` (`got`: quoted)."""
    return _("--games must be a whole number from 1 to {most:,}, not {got}").format(most=most, got=got)


def players_must_be(sizes: str, got: str) -> str:
    """`sizes`: the table sizes ('2 or 3'); `got`: quoted."""
    return _("--players must be {sizes}, not {got}").format(sizes=sizes, got=got)


def jobs_over_cores(jobs: str, cores: int) -> str:
    """More `--jobs` than cores (`jobs` quoted)."""
    return ngettext("--jobs {jobs} is more than the {n} core here", "--jobs {jobs} is more than the {n} cores here", cores).format(
        jobs=jobs, n=cores
    )


def play_resume_command(save: object | None = None, lines: bool = False) -> str:
    """'pier18 play --resume FILE': the command that goes on with the game saved in
    `save` (None: with the last played unfinished game); `lines`: in plain lines, as it
    was played ('pier18 play --resume FILE --lines')."""
    return command("pier18", "play", "--resume", *([save] if save is not None else []), *(["--lines"] if lines else []))


def host_unreachable(why: str | None = None) -> str:
    """The host cannot be reached (`why`: the system's words, if any)."""
    if why is None:
        return _("the host cannot be reached")
    return _("the host cannot be reached ({why})").format(why=why)


def connection_dropped() -> str:
    return _("the connection dropped")


#: The refusals that carry a `limit` (a whole number) beside their code.
_LIMITS = ("member_connection_limit", "spectator_limit", "address_spectator_limit")


def _refusals() -> dict[str, str]:
    """Each code of what the host says to a connection it refuses (`error`), or to a
    decision or a request it will not answer (`refused`), as docs/protocol.md lists them,
    in words."""
    return {
        "not_reading": _("not reading its messages"),
        "too_many_connections": _("too many connections"),
        "no_hello_in_time": _("no hello in time"),
        "hello_first": _("expected a hello first"),
        "wrong_code": _("wrong code"),
        "too_many_messages": _("too many messages"),
        "hello_twice": _("hello sent twice"),
        "seat_opened_elsewhere": _("this seat was opened on another connection"),
        "spectators_cannot_decide": _("spectators cannot decide"),
        "not_started": _("the game has not started yet"),
        "game_over": _("the game is over"),
        "spectators_have_no_decisions": _("spectators have no decisions to review"),
        "views_after_the_end": _("a seat's past views are sent once the game is over"),
        "earlier_position": _("that decision is for an earlier position (the game has moved on)"),
        "not_your_turn": _("it is not your turn"),
        "illegal": _("that decision is not legal now"),
        "binary_message": _("binary messages are not part of the protocol"),
        "message_too_large": _("message too large"),
        "not_json": _("malformed message (not JSON)"),
        "not_an_object": _("malformed message (expected a JSON object)"),
        "unknown_message": _("unknown message type"),
        "decide_needs_decision": _("'decide' needs a decision in the record notation, e.g. \"draft 7:1\""),
        "decide_needs_turn": _("'decide' needs 'turn': the number of decisions made so far"),
        "try_again": _("the table could not keep that decision just now; try again"),
        "key_reset": _("the club's operator reset your key: ask them for your one-time code and come back with --reset-code CODE"),
        "member_connection_limit": _("you already have as many connections open to this club as one member may have"),
        "spectator_limit": _("this table has no room for another spectator"),
        "address_spectator_limit": _("this table has no room for another spectator from your address"),
    }


def _limit_refusal(code: str, limit: int) -> str:
    """A refusal for a limit reached (`_LIMITS`), saying the limit."""
    if code == "member_connection_limit":
        return ngettext(
            "you already have {n} connection open to this club, the most one member may have; close one (another window or game) and try again",
            "you already have {n} connections open to this club, the most one member may have; close one (another window or game) and try again",
            limit,
        ).format(n=limit)
    if code == "spectator_limit":
        return ngettext(
            "this table lets in at most {n} spectator, and has no room for another",
            "this table lets in at most {n} spectators, and has no room for another",
            limit,
        ).format(n=limit)
    return ngettext(
        "this table lets in at most {n} spectator from one address",
        "this table lets in at most {n} spectators from one address",
        limit,
    ).format(n=limit)


def refusal(code: str, values: Mapping[str, object] | None = None) -> str:
    """A host's refusal, by its code (`_refusals`), in this seat's words. `values`: what
    the message carried beside its code (`unsupported_protocol`: the host's protocol and
    version; `illegal`: the decision). A code this client does not know (a newer host's)
    is shown as it came, already made printable by the caller."""
    values = values or {}
    if code == "unsupported_protocol":
        return _("unsupported protocol (this host speaks {protocol} version {version})").format(
            protocol=values.get("protocol", "?"), version=values.get("version", "?")
        )
    if code == "illegal" and values.get("decision"):
        return _("{decision} is not a legal decision now").format(decision=values["decision"])
    if code in _LIMITS:
        limit = str(values.get("limit", ""))
        if limit.isascii() and limit.isdigit() and len(limit) < 10:
            return _limit_refusal(code, int(limit))
    return _refusals().get(code, code)


def open_elsewhere(pid: int) -> str:
    """The words for a game another process is playing (`pid` 0: not known)."""
    return _("this game is open in another terminal (pid {pid})").format(pid=pid) if pid else _("this game is open in another terminal")


def could_not_be_read(error: str) -> str:
    """Why a save no check foresaw was not loaded (`error`: the exception's name)."""
    return _("could not be read ({error})").format(error=error)


def game_finished(name: str, path: object) -> str:
    """A finished game named to play on: it can only be replayed."""
    return _("{name}: this game is finished; '{command}' shows it").format(name=name, command=replay_command(path))


def streams() -> dict[str, str]:
    """The standard streams, as a sentence names them."""
    return {"stdin": _("standard input"), "stdout": _("standard output"), "stderr": _("standard error")}


def is_closed(stream: str) -> str:
    """'standard input is closed'."""
    return _("{stream} is closed").format(stream=stream)


def nowhere_to_write() -> str:
    """`pier18` started with standard output closed."""
    return _("{closed}: there is nowhere to write").format(closed=is_closed(streams()["stdout"]))


def not_terminals(names: Sequence[str]) -> str:
    """A game app asked for where a standard stream it needs is a pipe or a file: 'standard
    error is not a terminal'."""
    named = [streams()[name] for name in names]
    return ngettext("{streams} is not a terminal", "{streams} are not terminals", len(named)).format(streams=players_list(named))


def in_plain_lines(names: Sequence[str]) -> str:
    """A game front end without a terminal: it is played in plain lines instead."""
    return _("{not_terminals}: playing in plain lines, as with --lines").format(not_terminals=not_terminals(names))


def interrupted(what: str) -> str:
    """A run stopped by Ctrl+C, and what it leaves."""
    return prog_line(_("interrupted: {what}").format(what=what))
