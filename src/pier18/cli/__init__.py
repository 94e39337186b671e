"""`pier18` command line: one sub-command per module, each imported when it is run."""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Sequence

from .. import i18n
from ..app.menu import no_command
from ..engine.errors import Pier18Error  # the engine package itself loads nothing up front
from ..engine.text import shorten
from ..i18n import _
from ..speech.notices import is_closed
from . import errors
from .errors import CliError, EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OUTPUT_FAILED, NoTerminal, check_terminal, drop, fail
from .parser import Parser, add_lang_option, add_version_option

__all__ = [
    "COMMANDS", "EXIT_BAD_INPUT", "EXIT_INTERRUPTED", "EXIT_OUTPUT_FAILED", "CliError", "NoTerminal", "build_parser",
    "check_terminal", "fail", "main",
]

#: Sub-commands, each a module of this package with add_parser(sub) and run(args).
COMMANDS = ("play", "learn", "score", "cards", "replay", "review", "simulate", "games", "stats", "host", "join", "club")


def build_parser(only: str | None = None) -> Parser:
    """The argument parser; with `only`, just that sub-command (quicker to start)."""

    parser = Parser(
        prog="pier18",
        description=_("Pier 18, the 18-card pier-building drafting game, in your terminal."),
    )

    add_version_option(parser)
    add_lang_option(parser)
    # Giving `prog` keeps argparse from measuring the terminal (importing shutil) up front.
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, prog="pier18")
    for name in (only,) if only else COMMANDS:
        __import__(f"{__name__}.{name}")  # not importlib: importing it costs start-up time
        sys.modules[f"{__name__}.{name}"].add_parser(sub)
        add_lang_option(sub.choices[name])  # every command takes --lang, where it is typed
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    errors.closed_at_start = _fill_closed_streams()
    try:
        status = _main(argv)
    except SystemExit as exit:  # argparse after --help (0) or an argument error (2): that output too
        if not _flushed(sys.stdout, sys.__stdout__) and not exit.code:
            raise SystemExit(EXIT_OUTPUT_FAILED) from None
        raise
    finally:
        _flushed(sys.stderr, sys.__stderr__)  # else the interpreter's own flush fails at exit
    if not _flushed(sys.stdout, sys.__stdout__):
        return status or EXIT_OUTPUT_FAILED
    return status


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)

    i18n.choose(i18n.lang_from_argv(argv))  # before any message: the parser's help is one
    words = argv
    while words and (words[0] == "--lang" or words[0].startswith("--lang=")):  # `pier18 --lang nl score`
        words = words[2:] if words[0] == "--lang" else words[1:]
    if not words:  # `pier18` alone: the main menu, or the usage
        return no_command(argv, lambda: build_parser().format_help(), _main)
    only = words[0] if words and words[0] in COMMANDS else None
    args = build_parser(only).parse_command(argv)  # an argument error is said first
    try:  # the command checks the rest of its arguments, then the streams (`errors.need_output`)
        status = int(args.run(args) or 0)
        sys.stdout.flush()  # a full disk shows here, while the error can still be reported
        return status
    except Pier18Error as exc:
        return fail(str(exc), getattr(exc, "status", EXIT_BAD_INPUT))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as Unix tools do
        _flushed(sys.stdout, sys.__stdout__)  # each is dropped only if it is the one that broke
        _flushed(sys.stderr, sys.__stderr__)
        return EXIT_OUTPUT_FAILED
    except OSError as exc:  # most often the output failing (a full disk); one line either way
        drop(sys.stdout, sys.__stdout__)

        if exc.filename:  # the file name is the point: its head and tail, however long
            # A name no file can have was given by the person: bad input, not lost output.
            status = EXIT_BAD_INPUT if exc.errno == errno.ENAMETOOLONG else EXIT_OUTPUT_FAILED
            return fail(f"{shorten(exc.filename)}: {exc.strerror or exc}", status)
        return fail(_("cannot write the output ({why})").format(why=exc.strerror or str(exc)), EXIT_OUTPUT_FAILED)


def _fill_closed_streams() -> frozenset[str]:
    """Put the null device on each of descriptors 0, 1 and 2 that is closed; return the
    names of the streams that were closed ("stdin", "stdout", "stderr").

    With descriptor 1 closed, Python starts with `sys.stdout` set to None, and the next
    file opened (an autosave, its lock) would get descriptor 1 and take every print. A
    closed standard input stays `sys.stdin = None` (what reads it says so); writing to
    a closed standard output or error fails as it would on the closed descriptor, so
    the command still knows its output was lost (exit status 1), and nothing goes to
    the other stream instead.
    """
    closed = set()
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            try:
                null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
            except OSError:
                continue
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            closed.add(name)
        if getattr(sys, name) is None or name in closed:
            closed.add(name)
            if fd > 0:  # a closed stdin stays None, as each reader expects ("standard input is closed")
                stream = _ClosedOutput(fd, name)
                setattr(sys, name, stream)
                setattr(sys, f"__{name}__", stream)
    return frozenset(closed)


class _ClosedOutput(io.TextIOBase):
    """A standard output or error that was closed: every write fails (EBADF)."""

    def __init__(self, fd: int, name: str) -> None:
        super().__init__()
        self._fd, self._name = fd, name

    def fileno(self) -> int:
        return self._fd  # the null device now: nothing else can take the descriptor

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:

        raise OSError(errno.EBADF, is_closed(self._name))


def _flushed(stream: object, real: object) -> bool:
    """Flush a standard stream; if it cannot be written, drop what it holds (see `_drop`)."""
    try:
        stream.flush()  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        drop(stream, real)
        return False
    return True


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
