"""The command line's argument parser: every argument error is one line, exit status 2."""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, Protocol, TYPE_CHECKING

from . import errors
from .. import __version__
from ..engine.text import printable, quote
from ..i18n import _
from ..speech.notices import PROG, about, nowhere_to_write, prog_line
from ..words import and_more
from .errors import EXIT_BAD_INPUT, EXIT_OUTPUT_FAILED, drop, say

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class Commands(Protocol):
    """What `parser.add_subparsers()` returns, as each command module uses it."""

    def add_parser(self, name: str, **kwargs: Any) -> Parser: ...


class Parser(argparse.ArgumentParser):
    """Argument errors in one line, plus where to read more; exit status 2.

    Sub-command parsers are made of the same class, so each names its own --help. It
    keeps its own list of options and sub-commands as they are added (argparse's public
    API does not say them), to name an unknown option first.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.options: dict[str, argparse.Action] = {}  # before argparse adds --help
        self.command_actions: list[argparse.Action] = []
        #: The sub-command a first word that is none of them opens, with that word its
        #: first argument (`pier18 club localhost:8020` is `pier18 club open localhost:8020`).
        self.default_command: str | None = None
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.options.update(dict.fromkeys(action.option_strings, action))
        return action

    def add_subparsers(self, **kwargs: Any) -> Any:
        action = super().add_subparsers(**kwargs)
        self.command_actions.append(action)
        return action

    def parse_command(self, args: Sequence[str]) -> argparse.Namespace:
        """Like `parse_args`, with an unknown argument reported by the sub-command.

        An unknown option is said first, with the option meant when it is clear: argparse
        would blame what it then misses instead (`pier18 --versions` said a COMMAND is
        required; `pier18 replay --jsn` that FILE is).
        """
        args, stray = self._read_words(list(args))
        if stray is not None:
            word, parser = stray
            parser.fail(unknown_option(quote(word), parser._meant(word)))
        parsed, extras = self.parse_known_args(args)
        if extras:
            command = getattr(parsed, "command", None)
            self.fail(unrecognized(quote(extras[0]), len(extras) - 1), f"{self.prog} {command}" if command else None)
        return parsed

    def _read_words(self, args: list[str]) -> tuple[list[str], tuple[str, Parser] | None]:
        """The words, with each default command put where a parser's first word is none
        of its sub-commands; and the first word that argparse would take for an option
        and that is none of the options of the parser it belongs to (this one, or the
        sub-command's after the command), with that parser, or None if there is none."""
        parser: Parser = self
        commands = self._commands()
        read: list[str] = []
        wants_value = False  # the word before is an option that needs a value: argparse names it
        for at, word in enumerate(args):
            if word == "--":
                return read + args[at:], None
            read.append(word)
            if _looks_like_option(word):
                if not parser._knows(word) and not wants_value:
                    return read + args[at + 1:], (word, parser)
                action = parser.options.get(word)
                wants_value = action is not None and action.nargs not in (0, "?", "*")
                continue
            if wants_value:  # the value of the option before (`--lang nl`): no command, no option
                wants_value = False
                continue
            if commands:  # the command (or `club serve`'s sub-command): the words after it are its own
                if word not in commands and parser.default_command in commands:
                    read.insert(-1, parser.default_command)
                    word = parser.default_command
                elif word not in commands:
                    return read + args[at + 1:], None  # argparse says so
                parser = commands[word]
                commands = parser._commands()
        return read, None

    def _commands(self) -> dict[str, Parser]:
        """This parser's sub-commands, by name ({} if it has none)."""
        return next((dict(action.choices) for action in self.command_actions if isinstance(action.choices, dict)), {})

    def _knows(self, word: str) -> bool:
        """Whether `word` is one of this parser's options, as argparse reads it: whole,
        with `=VALUE`, a short option with its value joined, or a long one shortened."""
        known = self.options
        name = word.split("=", 1)[0]
        if name in known or word[:2] in known:
            return True
        return name.startswith("--") and any(option.startswith(name) for option in known if option.startswith("--"))

    def _meant(self, word: str) -> str | None:
        """The option `word` was most likely meant to be: the one long option a single
        letter starts (-v: --version), or a close spelling (--versions: --version)."""
        shown = [option for option, action in self.options.items()
                 if option.startswith("--") and action.help is not argparse.SUPPRESS]
        name = word.split("=", 1)[0]
        if len(name) == 2:
            starting = [option for option in shown if option[2:3] == name[1:]]
            return starting[0] if len(starting) == 1 else None
        close = difflib.get_close_matches(name, shown, n=1, cutoff=0.75)
        return close[0] if close else None

    def format_help(self) -> str:
        """`--help` opens with the one line saying what the command does, then usage."""
        summary = self.description
        if not summary:
            return super().format_help()
        self.description = None
        try:
            return f"{summary}\n\n{super().format_help()}"
        finally:
            self.description = summary

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """As argparse prints --help, but output that cannot be written (a closed or full
        file, a pipe nobody reads: unbuffered, the write itself fails) is exit status 1,
        never a success; argparse's own printing drops the error and exits 0."""
        write_out(self.format_help(), file)

    def error(self, message: str) -> NoReturn:
        self.fail(message)

    def fail(self, message: str, prog: str | None = None) -> NoReturn:
        # argparse quotes a bad value with repr(), or shows a bad choice as it is (a number
        # of 4,300 digits): show at most ~60 characters of any of them.
        message = re.sub(r"'([^']{60,})'", lambda m: quote(m.group(1)), printable(message))
        message = re.sub(r"[^\s']{61,}", lambda m: m.group()[:59] + "…", message)
        prog = prog or self.prog
        self.exit(EXIT_BAD_INPUT, about(prog, message) + "\n" + _("try '{prog} --help'").format(prog=prog) + "\n")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        """As argparse exits, but a standard error that cannot be written loses the
        message, never the status (older Pythons' argparse let that error through)."""
        if message:
            say(message)
        raise SystemExit(status)



def _looks_like_option(word: str) -> bool:
    """Whether argparse reads `word` as an option (when no option of the parser looks like
    a negative number, as none of pier18's does): it starts with '-', is more than '-',
    is no negative number and has no space in it."""
    return word.startswith("-") and word != "-" and " " not in word and not re.fullmatch(r"-\d+|-\d*\.\d+", word)


class _OldDeckName(argparse.Action):
    """`--cards PATH` on a command where the deck is now `--deck PATH`: the same deck,
    and one line on standard error saying so (kept for one release, then gone)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[object] | None,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        if getattr(namespace, "_told_old_deck", False):
            return  # said once, however often it is given
        setattr(namespace, "_told_old_deck", True)

        say(prog_line(_("--cards PATH is now --deck PATH (a deck file); --cards will stop working in the next release")) + "\n")  # an unwritable stderr loses the notice, not the command


def file_name(text: str) -> str:
    """The type of every argument that names a file: an empty or blank one is refused,
    naming the argument (as a path, '' would be read as the current folder, '.')."""
    if not text.strip():

        raise argparse.ArgumentTypeError(_("expected the name of a file, got {text}").format(text=quote(text)))
    return text


def add_deck_option(parser: argparse.ArgumentParser, help: str, old_name: bool = True) -> None:
    """`--deck PATH`, the one name of a deck file on every command; with `old_name`,
    `--cards PATH` too, as this command named it before (hidden from --help, and
    told on standard error when used)."""
    parser.add_argument("--deck", metavar="PATH", type=file_name, help=help)
    if old_name:
        parser.add_argument("--cards", dest="deck", metavar="PATH", type=file_name, action=_OldDeckName, help=argparse.SUPPRESS)


class _Version(argparse.Action):
    """`pier18 --version`: the version on standard output, exit status 0."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=str(kwargs.get("help", "")))

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[object] | None,
        option_string: str | None = None,
    ) -> None:


        write_out(f"{PROG} {__version__}" + "\n")
        parser.exit(0)


def write_out(text: str, file: SupportsWrite[str] | None = None) -> None:
    """Write what an option prints before the command runs (--help, --version) and flush
    it; if it cannot be written, drop it and end with exit status 1, without a traceback."""

    stream = file if file is not None else sys.stdout
    try:
        stream.write(text)
        flush = getattr(stream, "flush", None)
        if flush is not None:
            flush()
    except (OSError, ValueError):
        drop(stream, sys.__stdout__)
        if file is None and "stdout" in errors.closed_at_start:  # closed from the start: say so

            say(prog_line(nowhere_to_write()) + "\n")
        raise SystemExit(EXIT_OUTPUT_FAILED) from None


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """`--lang LANG`, on `pier18` and on every command. The language is chosen before
    the parser is built (`pier18.i18n.lang_from_argv`), so the value is only read here."""
    parser.add_argument(
        "--lang", metavar="LANG", default=argparse.SUPPRESS,
        help=_("the language to speak (e.g. nl), over LANGUAGE, LC_ALL, LC_MESSAGES and LANG; "
               "English for a language pier18 does not speak"),
    )


def add_version_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action=_Version, help=_("print the version of pier18 and exit"))


def unrecognized(argument: str, more: int) -> str:
    """An argument no option takes (`argument` quoted), and how many more there are."""
    if more:
        return _("unrecognized argument {argument} ({and_more})").format(argument=argument, and_more=and_more(more))
    return _("unrecognized argument {argument}").format(argument=argument)


def unknown_option(option: str, guess: str | None) -> str:
    """An option (`option` quoted) the command does not have, and the one meant, if clear."""
    if guess:
        return _("unknown option {option} (did you mean '{guess}'?)").format(option=option, guess=guess)
    return _("unknown option {option}").format(option=option)
