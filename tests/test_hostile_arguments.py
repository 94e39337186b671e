"""Hostile command-line arguments: every bad one is one line naming that very argument.

A number of any size, an address that is none, a path of millions of characters: the
error names the argument at fault (never another one, never Python's own advice), on
one short line, with exit status 2.
"""

from __future__ import annotations

import os
import socket

import pytest

from pier18.cli import build_parser, main
from pier18.i18n import _

LONGEST_LINE = 200  # characters, "pier18: " included


def err_of(capsys, argv: list[str]) -> tuple[int, list[str]]:
    """Run `pier18 ARGV` in-process: its exit status and its lines on stderr."""
    try:
        code = main(argv)
    except SystemExit as stop:  # an argument error, from argparse
        code = stop.code
    out, err = capsys.readouterr()
    assert out == ""
    return code, err.splitlines()


def assert_one_error_line(code: int, lines: list[str], command: str) -> str:
    assert code == 2, lines
    assert lines and "Traceback" not in "\n".join(lines), lines
    assert lines[1:] in ([], [f"try 'pier18 {command} --help'"]), lines  # argparse adds where to read more
    assert len(lines[0]) <= LONGEST_LINE, len(lines[0])
    return lines[0]


# -- numbers -------------------------------------------------------------------------------

#: What each command needs besides the argument under test to get as far as checking it.
NEEDS = {"score": ["--cards", "1"], "join": ["127.0.0.1:8018", "CODE"], "review": ["no-such-game.json"]}
#: Arguments read as a number after parsing (argparse sees text).
READ_LATER = {("play", "--bots"), ("host", "--bots")}


def number_arguments() -> list[tuple[str, str]]:
    """Every (command, option) whose value is a number, found in the parser itself, so a
    new one is tested without being listed here."""
    found = set(READ_LATER)
    for action in build_parser()._subparsers._group_actions[0].choices.items():  # noqa: SLF001 - argparse lists them nowhere else
        command, parser = action
        for option in parser._actions:  # noqa: SLF001
            if option.type is int or getattr(option.type, "__name__", "") == "port":
                found.add((command, option.option_strings[0]))
    return sorted(found)


def test_every_number_argument_is_found():
    found = number_arguments()
    assert {("simulate", "--games"), ("simulate", "--seed"), ("host", "--port"), ("score", "--patrons"), ("play", "--players")} <= set(found)


@pytest.mark.parametrize("digits", [5000, 4300, 31], ids=["past int()'s limit", "at int()'s limit", "huge"])
@pytest.mark.parametrize("command, option", number_arguments())
def test_a_huge_number_is_one_line_naming_its_argument(capsys, command, option, digits):
    """Python refuses to read or print an integer of over 4,300 digits, with advice about
    `sys.set_int_max_str_digits` nobody at a table can use; `score --patrons` of 4,300
    digits once scored, then failed to print its total, with that traceback."""
    code, lines = err_of(capsys, [command, *NEEDS.get(command, []), option, "9" * digits])
    line = assert_one_error_line(code, lines, command)
    assert "set_int_max_str_digits" not in "\n".join(lines) and "4300" not in line
    assert option in line, line  # the argument at fault
    assert "9" * 61 not in line  # the number, if shown, shortened


def test_a_huge_game_count_blames_games_not_seed(capsys):
    code, lines = err_of(capsys, ["simulate", "--games", "9" * 30])
    line = assert_one_error_line(code, lines, "simulate")
    assert line.startswith("pier18: --games must be a whole number from 1 to 1,000,000,000") and "--seed" not in line


# -- addresses -----------------------------------------------------------------------------


@pytest.mark.parametrize("bind", ["256.1.1.1", "1.2.3", "999.999.999.999", "[::1]", "a b", "-x", "host_name", "x" * 300, "", " ", "\t"])
def test_a_bind_that_is_no_address_names_bind(capsys, bind):
    code, lines = err_of(capsys, ["host", "--bind", bind, "--no-seat"])
    line = assert_one_error_line(code, lines, "host")
    assert line.startswith("pier18 host: argument --bind: ") and "port" not in line, line


@pytest.mark.parametrize("bind", ["127.0.0.1", "::1", "0.0.0.0", "::", "localhost", "pier.example.org", "fe80::1%eth0"])
def test_an_address_or_host_name_is_a_bind(bind):
    from pier18.cli.host import bind_address

    assert bind_address(bind) == bind


#: Empty or odd values once taken as something (`--bind ''`: every interface; `--resume
#: ''`: a new game; `+80`, `8_0`, ` 80`: int() reads them; an empty code: a hello that
#: could only be wrong), each with the argument the line must name.
EMPTY_OR_ODD = [
    (["host", "--bind", ""], "argument --bind: ''"),
    (["host", "--port", "+80"], "argument --port: "),
    (["host", "--port", "8_0"], "argument --port: "),
    (["host", "--port", " 80"], "argument --port: "),
    (["host", "--port", "-0"], "argument --port: "),
    (["host", "--port", "65536"], "argument --port: "),
    (["host", "--web", ""], "argument --web: "),
    (["host", "--web", "+0"], "argument --web: "),
    (["host", "--resume", ""], "argument --resume: expected the name of a file, got ''"),
    (["host", "--resume", "  "], "argument --resume: "),
    (["join", "127.0.0.1:8018", ""], "argument CODE: "),
    (["join", "127.0.0.1:8018", " - "], "argument CODE: "),
    (["join", "127.0.0.1:8018", "--watch", ""], "argument --watch: "),
    (["join", "127.0.0.1:8018", "--watch", "\t"], "argument --watch: "),
    (["join", "", "K7QF-M2XD-9PHA-T4RE"], "argument ADDRESS: "),
    (["join", " ", "K7QF-M2XD-9PHA-T4RE"], "argument ADDRESS: "),
    (["join", "127.0.0.1:0", "K7QF-M2XD-9PHA-T4RE"], "argument ADDRESS: "),
]


@pytest.mark.timeout(60)  # one taken for a real argument would open a table, or reach for one
@pytest.mark.parametrize("argv, named", EMPTY_OR_ODD, ids=[repr(argv[1:]) for argv, _ in EMPTY_OR_ODD])
def test_an_empty_or_odd_network_argument_is_one_line_naming_it(capsys, argv, named):
    """Refused before anything listens or connects: one line, exit status 2."""
    command = argv[0]
    code, lines = err_of(capsys, [*argv, *(["--no-seat"] if command == "host" else ["--lines"])])
    line = assert_one_error_line(code, lines, command)
    assert line.startswith(f"pier18 {command}: {named}"), line


@pytest.mark.parametrize("text, number", [("0", 0), ("8018", 8018), ("65535", 65535), ("08018", 8018)])
def test_a_port_in_digits_is_a_port(text, number):
    from pier18.cli.host import port

    assert port(text) == number


def test_an_address_of_another_computer_names_bind_and_a_busy_port_names_port(capsys):
    """Which argument is wrong is known only when listening: 192.0.2.1 (a documentation
    address) is no address of this computer; a port another program holds is busy."""
    code, lines = err_of(capsys, ["host", "--bind", "192.0.2.1", "--port", "0", "--no-seat"])
    line = assert_one_error_line(code, lines, "host")
    assert line.startswith("pier18: --bind 192.0.2.1: not an address of this computer"), line
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, lines = err_of(capsys, ["host", "--bind", "127.0.0.1", "--port", str(port), "--no-seat"])
    line = assert_one_error_line(code, lines, "host")
    assert line.startswith(f"pier18: --port {port}: cannot listen on this port") and "--bind" not in line, line


def test_a_host_name_that_is_not_found_names_bind():
    from pier18.cli.host import listen_error

    found = listen_error(socket.gaierror(-2, "Name or service not known"), "nowhere.invalid", 8018)
    assert found == "--bind nowhere.invalid: no such address (Name or service not known)"


# -- paths ---------------------------------------------------------------------------------

HUGE = "/tmp/" + "p" * 3_000_000 + "/the-file.toml"


def path_cases(record: str) -> list[list[str]]:
    return [
        ["score", HUGE],
        ["score", "--cards", "1", "--deck", HUGE],
        ["cards", "--deck", HUGE],
        ["replay", HUGE],
        ["replay", record, "--deck", HUGE],
        ["review", HUGE],
        ["review", record, "--deck", HUGE],
        ["simulate", "--games", "1", "--deck", HUGE],
        ["simulate", "--games", "1", "--record-dir", HUGE],
        ["play", "--deck", HUGE],
        ["play", "--resume", HUGE],
        ["host", "--resume", HUGE],
        ["host", "--deck", HUGE, "--no-seat"],
        ["host", "--tls-cert", HUGE, "--tls-key", HUGE],
        ["join", "127.0.0.1:8018", "CODE", "--cafile", HUGE],
    ]


@pytest.mark.parametrize("case", range(len(path_cases(""))), ids=[" ".join(w for w in c if w != HUGE) for c in path_cases("")])
def test_a_path_of_millions_of_characters_is_shown_by_its_head_and_tail(capsys, tmp_path, deck, case):
    from pier18.persist import record
    from pier18.session import Session

    saved = tmp_path / "game.json"
    record.save(Session(deck, ["Ann", "Bob"], 3), saved)
    argv = path_cases(str(saved))[case]
    code, lines = err_of(capsys, argv)
    line = assert_one_error_line(code, lines, argv[0])
    assert "/tmp/ppp" in line and "…" in line and "p/the-file.toml" in line, line


def file_arguments() -> list[tuple[str, str]]:
    """Every (command, argument) that names a file to read, found in the parser itself
    (its type is `file_name`), so a new one is tested without being listed here; a
    positional argument by its metavar, as its errors name it."""
    from pier18.cli.parser import file_name

    found = []
    for command, parser in build_parser()._subparsers._group_actions[0].choices.items():  # noqa: SLF001
        for action in parser._actions:  # noqa: SLF001
            if action.type is file_name:
                found.append((command, action.option_strings[0] if action.option_strings else action.metavar))
    return sorted(found)


def test_every_file_argument_is_found():
    assert {
        ("cards", "--deck"), ("cards", "--cards"), ("score", "FILE"), ("score", "--deck"), ("replay", "FILE"),
        ("replay", "--deck"), ("review", "FILE"), ("review", "--deck"), ("simulate", "--deck"), ("play", "--deck"),
        ("host", "--deck"), ("host", "--resume"), ("host", "--tls-cert"), ("host", "--tls-key"), ("join", "--cafile"),
        ("learn", "--script"), ("stats", "PATH"),
    } <= set(file_arguments())


@pytest.mark.parametrize("command, argument", file_arguments())
def test_an_empty_file_name_is_refused_naming_its_argument(capsys, command, argument):
    """`--deck ''` was read as the current folder and blamed on '.'; `host --resume ''`
    opened a new table; `stats ''` read the current folder."""
    needs = {"replay": ["game.json"], "review": ["game.json"], "join": ["127.0.0.1:8018", "CODE"]}.get(command, [])
    if argument.startswith("-"):
        argv = [command, *needs, argument, ""]
    else:
        argv = [command, *(w for w in needs if w != "game.json"), ""]
    code, lines = err_of(capsys, argv)
    line = assert_one_error_line(code, lines, command)
    assert line == f"pier18 {command}: argument {argument}: expected the name of a file, got ''", line


@pytest.mark.parametrize("case", range(len(path_cases(""))), ids=[" ".join(w for w in c if w != HUGE) for c in path_cases("")])
def test_a_file_argument_that_names_no_file_says_so(capsys, tmp_path, monkeypatch, deck, case):
    """Every option that names a file reads it or says why not: `score FILE --deck BAD`
    once printed a score, exit status 0 (tests/test_score_cli.py has it in full)."""
    from pier18.persist import record
    from pier18.session import Session

    saved = tmp_path / "game.json"
    record.save(Session(deck, ["Ann", "Bob"], 3), saved)
    monkeypatch.chdir(tmp_path)
    argv = [os.path.join("gone", "none.toml") if word == HUGE else word for word in path_cases(str(saved))[case]]
    code, lines = err_of(capsys, argv)
    line = assert_one_error_line(code, lines, argv[0])
    assert "gone/none.toml" in line or "gone does not exist" in line, line


@pytest.mark.parametrize(
    "argv, words",
    [
        (["simulate", "--games", "1", "--seats", ""], "pier18: --seats names 0 levels but the game has 2 players"),
        (["play", "--bots", "1", "--level", ""], "pier18: unknown bot level '' in --level"),
        (["host", "--bots", "1", "--level", "", "--no-seat"], "pier18: unknown bot level '' in --level"),
        (["stats", "--name", ""], "pier18: --name needs a player's name"),
        (["stats", "--name", " \u00a0"], "pier18: --name needs a player's name"),
        (["play", "--names", ""], "pier18: --names needs 3 comma-separated names"),
        (["play", "--seats", ""], "pier18: --seats names 0 seats"),
        (["play", "--bots", ""], "pier18: --bots needs a whole number"),
        (["play", "--record", ""], "pier18: --record needs the name of a file"),
        (["simulate", "--record-dir", ""], "pier18: --record-dir needs the name of a folder"),
        (["review", "game.json", "--jobs", ""], "pier18 review: argument --jobs: invalid int value: ''"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "",
)
def test_an_empty_argument_is_refused_naming_it(capsys, argv, words):
    """`simulate --seats ''` played the default seats, `--level ''` the default level,
    `stats --name ''` counted every seat and `join ADDRESS ''` dialled with no code:
    an empty value is refused, naming the argument, before anything is done."""
    code, lines = err_of(capsys, argv)
    line = assert_one_error_line(code, lines, argv[0])
    assert line.startswith(words), line


@pytest.mark.parametrize(
    "argv, line",
    [
        (["--versions"], "pier18: unknown option '--versions' (did you mean '--version'?)"),
        (["-v"], "pier18: unknown option '-v' (did you mean '--version'?)"),
        (["-V", "score"], "pier18: unknown option '-V'"),
        (["score", "--jsn", "pier.txt"], "pier18 score: unknown option '--jsn' (did you mean '--json'?)"),
        (["replay", "--jsn"], "pier18 replay: unknown option '--jsn' (did you mean '--json'?)"),
        (["review", "--seats", "Ann"], "pier18 review: unknown option '--seats' (did you mean '--seat'?)"),
        (["club", "localhost:8020", "--lnes"], "pier18 club: unknown option '--lnes' (did you mean '--lines'?)"),
        (["club", "--name", "Ann", "localhost:8020", "--lnes"], "pier18 club: unknown option '--lnes' (did you mean '--lines'?)"),
    ],
)
def test_an_unknown_option_is_blamed_before_what_is_missing(capsys, argv, line):
    """`pier18 --versions` said a COMMAND is required, `replay --jsn` that FILE is: the
    option nobody has is the culprit, with the one meant when it is clear (after
    `pier18 club ADDRESS` too, where the address opens the club)."""
    code, lines = err_of(capsys, argv)
    prog = "pier18 " + argv[0] if argv[0] in ("score", "replay", "review", "club") else "pier18"
    assert code == 2 and lines == [line, f"try '{prog} --help'"], lines


def test_what_looks_like_an_option_but_is_a_value_is_left_to_the_option(capsys):
    code, lines = err_of(capsys, ["host", "--bind", "-x"])
    assert assert_one_error_line(code, lines, "host") == "pier18 host: argument --bind: expected one argument"
    code, lines = err_of(capsys, ["simulate", "--games", "1", "--seed", "-5"])
    assert assert_one_error_line(code, lines, "simulate").startswith("pier18: --seed must be a whole number")
    with pytest.raises(SystemExit) as stop:  # a shortened option is still the option
        main(["--vers"])
    assert stop.value.code == 0 and capsys.readouterr().out.startswith("pier18 ")


# -- commands the game prints ----------------------------------------------------------------


def test_the_host_resume_line_opens_the_table_again_as_it_was(tmp_path):
    """`--port 0` picked a port the players' clients keep dialling; TLS and --bind are
    what their join lines need; --no-seat how the host plays: the line carries them all."""
    import shlex

    from pier18.cli.host import resume_command

    given = ["host", "--port", "0", "--bind", "127.0.0.1", "--tls-cert", str(tmp_path / "my cert.pem"),
             "--tls-key", str(tmp_path / "it's.key"), "--no-seat"]
    args = build_parser().parse_command(given)
    save = tmp_path / "a table; rm -rf $HOME.json"
    line = resume_command(args, save, 40123)
    again = build_parser().parse_command(shlex.split(line)[1:])
    assert again.resume == str(save) and again.port == 40123 and again.bind == "127.0.0.1"
    assert (again.tls_cert, again.tls_key, again.no_seat, again.lines) == (args.tls_cert, args.tls_key, True, False)
    plain = build_parser().parse_command(["host"])
    assert shlex.split(resume_command(plain, save, 8018))[1:] == ["host", "--resume", str(save), "--port", "8018"]


@pytest.mark.parametrize("path", ["/games/a game.json", "/games/it's.json", "/g/$(touch x);`y`.json", "/g/plain.json"])
def test_a_printed_command_is_one_word_per_argument_for_the_shell(path):
    import shlex

    from pier18.speech.notices import command

    assert shlex.split(command("pier18", "play", "--resume", path)) == ["pier18", "play", "--resume", path]


# -- `play`'s arguments ------------------------------------------------------------------------

#: Words `play` is started with: the usual ones, and odd ones (a shortened option, a value
#: that looks like an option, help ...).
PLAY_WORDS = [
    [], ["--players", "2"], ["--players=2"], ["--players", "4"], ["--players", "x"], ["--players"], ["--players", "-2"],
    ["--players", "٢"], ["--names", "Ann,Bo,Cy"], ["--names="], ["--names", ""], ["--names", "-Ann,Bo,Cy"],
    ["--bots", "2"], ["--bots", "x"], ["--bots", "1", "--level", "easy"], ["--level", ""], ["--seats", "human,hard,easy"],
    ["--seed", "12"], ["--seed", "-1"], ["--seed", "1_0"], ["--seed", " 7 "], ["--seed", "٣"], ["--seed", "9" * 5000],
    ["--lines"], ["--lines=1"], ["--force"], ["--record", "r.json", "--force"], ["--first", "Ann", "--names", "Ann,Bo,Cy"],
    ["--resume"], ["--resume", "3"], ["--resume", "--lines"], ["--resume=x.json"], ["--resume", "-"], ["--resume="],
    ["--resume", "--players", "2"], ["--resume", "--lang", "nl"], ["--lang", "nl"], ["--lang=nl", "--players", "2"],
    ["--lang"], ["--la", "nl"], ["--deck", "x.toml"], ["--cards", "x.toml"], ["-h"], ["--help"], ["--version"], ["x"],
    ["--", "x"], ["--play", "2"], ["--players", "2", "--players", "3"], ["--lines", "--lines"], ["--players", "2", "3"],
    ["--names", "a b", "--seed", "0"], ["--record", "-"], ["--first", "--names"], ["--seed", "1e3"], ["--seed", "0x10"],
]


@pytest.mark.parametrize("words", PLAY_WORDS, ids=lambda words: " ".join(words)[:40] or "nothing")
def test_play_starts_with_what_its_parser_reads_or_says_what_is_wrong_in_one_line(words, capsys, monkeypatch, speaking):
    """`pier18 play WORDS`: the game starts with the arguments as read (a table size
    there is, the level named), or its --help is printed (exit 0), or one line says
    what is wrong (exit 2), never a traceback. (`--lang nl` speaks Dutch until the
    test ends: `speaking`.)"""
    from pier18.cli import play
    from pier18.engine.sizes import TABLE_SIZES

    seen = []
    monkeypatch.setattr(play, "run", lambda args: seen.append(args) or 0)
    try:
        code = main(["play", *words])
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    if seen:
        (args,) = seen
        assert code == 0 and args.command == "play" and args.players in TABLE_SIZES and args.level is not None
        assert not out and (not err or words == ["--cards", "x.toml"]), err  # the old name is told
    elif code == 0:
        assert "pier18 play [-h]" in out and not err
    else:
        lines = err.splitlines()
        assert lines and lines[0].startswith("pier18 play: "), lines
        assert "Traceback" not in err and lines[1:] == [_("try '{prog} --help'").format(prog="pier18 play")], lines
        assert code == 2 and len(lines[0]) <= LONGEST_LINE, (code, lines)


def test_play_reads_its_usual_arguments(monkeypatch, capsys):
    """The common forms of `pier18 play`, as argparse reads them (its only parser)."""
    from pier18.cli import play

    seen = []
    monkeypatch.setattr(play, "run", lambda args: seen.append(args) or 0)
    for argv in (["play"], ["play", "--players", "2", "--bots", "1", "--level", "easy"], ["--lang", "en", "play", "--resume"]):
        assert main(argv) == 0
    assert [(args.players, args.bots, args.level, args.resume) for args in seen] == [
        (3, None, "hard", None), (2, "1", "easy", None), (3, None, "hard", play.LATEST)
    ]


# -- long values -----------------------------------------------------------------------------

#: A host name, an address, a name of 100,000 characters: what each command says of it
#: is one line of this many characters at most, each line it prints too.
LONG = "h" * 100_000
LONGEST_SAID = 400


def closed_port() -> int:
    """A port of this computer nothing listens on (just closed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def long_cases() -> list[list[str]]:
    port = "{port}"  # filled in when run: a closed port
    return [
        ["join", f"{LONG}:8018", "K7QF-M2XD-9PHA-T4RE", "--lines"],
        ["join", f"{LONG}.example:8018", "K7QF-M2XD-9PHA-T4RE", "--lines"],
        ["join", f"ws://{LONG}:8018/", "K7QF-M2XD-9PHA-T4RE", "--lines"],
        ["join", f"[{LONG}]:8018", "K7QF-M2XD-9PHA-T4RE", "--lines"],
        ["join", f"ws://127.0.0.1:{port}/{LONG}", "K7QF-M2XD-9PHA-T4RE", "--lines"],
        ["join", f"wss://127.0.0.1:{port}/{LONG}", "K7QF-M2XD-9PHA-T4RE", "--lines"],
        ["join", f"127.0.0.1:{port}", "--watch", LONG, "--lines"],
        ["club", f"{LONG}:8020", "--lines", "--name", "Ann"],
        ["club", "wait", f"{LONG}:8020", "--name", "Ann"],
        ["club", "ratings", f"{LONG}:8020"],
        ["club", "ratings", f"ws://127.0.0.1:{port}/{LONG}"],
        ["club", f"127.0.0.1:{port}", "--lines", "--name", LONG],
        ["club", "serve", "--bind", LONG],
        ["club", "serve", "--db", f"postgresql://{LONG}/club"],
        ["club", "serve", "--reset", LONG],
        ["host", "--bind", LONG, "--no-seat"],
        ["host", "--names", f"{LONG},Bob", "--no-seat"],
    ]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("case", range(len(long_cases())), ids=[" ".join(w if len(w) < 60 else f"<{len(w)}>" for w in c) for c in long_cases()])
def test_a_value_of_100000_characters_is_said_in_one_short_line(capsys, case):
    """A host name of 100,000 characters was echoed whole ("connecting to ws://hhh…",
    "the first time at hhh…"), or failed deep in the resolver with a traceback (`club`)
    or as the client's "unexpected error": each is refused, or cut, in one line."""
    argv = [word.replace("{port}", str(closed_port())) for word in long_cases()[case]]
    try:
        code = main(argv)
    except SystemExit as stop:  # an argument error, from argparse
        code = stop.code
    out, err = capsys.readouterr()
    said = err.splitlines()
    assert code == 2, said
    assert "Traceback" not in out + err and "unexpected error" not in err, said
    assert len(said) in (1, 2) and said[1:] in ([], [f"try 'pier18 {' '.join(argv[:2]) if argv[1] == 'serve' else argv[0]} --help'"]), said
    for line in (*out.splitlines(), *said):
        assert len(line) <= LONGEST_SAID and line.isprintable(), (len(line), line[:200])


def test_the_club_lobby_names_a_long_address_cut():
    from pier18.club.client import ClubClient
    from pier18.tui.club_app import ClubApp

    app = ClubApp(ClubClient(f"ws://127.0.0.1:8020/{LONG}", "Ann", "key"))
    assert len(app.club_screen.title_line) <= LONGEST_SAID and "127.0.0.1:8020" in app.club_screen.title_line
