"""The language pier18 speaks: which catalog is read, and the calls that read it.

Every sentence a person reads is a message, marked where it is used: `_("...")`,
`ngettext(one, many, n)` for a count, `pgettext(context, "...")` where one English word
has two meanings, `N_("...")` for a message kept in a table and translated where it is
shown. Placeholders are named (`_("Round {round} of {rounds}").format(...)`), so a
translation may put them in its own order. The catalogs are GNU gettext's, one per
language, in `pier18/locale/LANG/LC_MESSAGES/pier18.mo` (compiled from the `.po` beside
it; docs/translating.md); the standard library reads them, so nothing at run time needs
Babel. English is the source text: it needs no catalog and loads none.

One process speaks one language, chosen once, before the first message is read: by
`choose(lang)` (`--lang` on the command line), or else from the environment, as gettext
reads it (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`). A language with no catalog falls
back to English. So does one whose catalog cannot be read (empty, cut short, damaged,
no file, too big, unreadable), with one warning line on standard error, once a
process. Each seat of a networked game is its own process, in its own language.

This module imports nothing of pier18 and no terminal library: the rules engine's own
errors are messages too.
"""

from __future__ import annotations

import os
import stat
import sys
from typing import TYPE_CHECKING
import gettext
import io

if TYPE_CHECKING:
    from collections.abc import Mapping
    from gettext import GNUTranslations, NullTranslations

#: The gettext domain: the catalogs' file name.
DOMAIN = "pier18"
#: The language the messages are written in (the source text, no catalog).
SOURCE = "en"
#: Where the catalogs are: LANG/LC_MESSAGES/pier18.mo.
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
#: The environment variables gettext reads, in its order: LANGUAGE is a colon-separated
#: list of preferences; the others name one locale (`nl_NL.UTF-8`).
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_language: str | None = None  # chosen: None until the first message or `choose`
_catalog: GNUTranslations | None = None  # None for English, and until the first message
_loaded = False  # the chosen language's catalog has been read (or it needs none)
_warned = False  # a catalog that cannot be read has been said (once a process)
_translations: dict[str, NullTranslations] = {}  # `translation`'s, by catalog file
#: The largest catalog read (the Dutch one is about 200 KiB): a bigger one is damaged.
MAX_CATALOG_BYTES = 16 * 2**20


def available() -> tuple[str, ...]:
    """The languages pier18 speaks: English and every language with a compiled catalog."""
    try:
        names = os.listdir(LOCALE_DIR)
    except OSError:
        names = []
    found = [name for name in names if os.path.lexists(_mo_path(name))]  # read (and checked) when spoken
    return (SOURCE, *sorted(found))


def _mo_path(language: str) -> str:
    return os.path.join(LOCALE_DIR, language, "LC_MESSAGES", f"{DOMAIN}.mo")


def preferences(environ: Mapping[str, str] | None = None) -> list[str]:
    """The languages the environment asks for, best first, as gettext reads them: the
    first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set (LANGUAGE may list several).
    A locale of "C" or "POSIX" asks for the source text."""
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            return [part for part in value.split(":") if part] if name == "LANGUAGE" else [value]
    return []


def _candidates(wanted: str) -> list[str]:
    """`nl_BE.UTF-8@euro` -> nl_BE, nl (a catalog for the region first, then the language)."""
    name = wanted.split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    if name in ("C", "POSIX", ""):
        return [SOURCE]
    language = name.split("_", 1)[0].lower()
    region = name[len(language) + 1:]
    return [f"{language}_{region.upper()}", language] if region else [language]


def resolve(wanted: list[str]) -> str:
    """The first language of `wanted` that pier18 speaks; English if none."""
    speaks = available()
    for preference in wanted:
        for candidate in _candidates(preference):
            if candidate in speaks:
                return candidate
            if candidate == SOURCE:
                return SOURCE
    return SOURCE


def choose(language: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Speak `language` (from `--lang`), or else the environment's; return what is spoken.

    Called before the first message (the command line does it first of all); the
    catalog is read at the first message. With `language` given, `LANGUAGE` is set too,
    so gettext's own lookups (argparse's) and child processes speak the same.
    """
    global _language, _catalog, _loaded
    chosen = resolve([language] if language else preferences(environ))
    _language, _catalog, _loaded = chosen, None, chosen == SOURCE
    if language:
        os.environ["LANGUAGE"] = chosen  # read by gettext's own lookups and by children
    return chosen


def _load() -> None:
    """Read the chosen language's catalog, at its first message (`score --json` says no
    sentence, and never pays for gettext). gettext's own domain is pointed at pier18's
    catalog too, so the standard library's messages (argparse's "usage:") match."""
    global _catalog, _loaded
    if _language is None:
        choose()
    if _loaded:
        return

    assert _language is not None
    _loaded = True  # from here on a message is read from what was loaded (English if nothing)
    _catalog = _read_catalog(_language)
    if _catalog is None:
        _speak_english()
        return
    gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    gettext.textdomain(DOMAIN)


def _speak_english() -> None:
    """A catalog that cannot be read: English, for this process and its children."""
    global _language
    _language = SOURCE
    if os.environ.get("LANGUAGE"):
        os.environ["LANGUAGE"] = SOURCE


def _read_catalog(language: str) -> GNUTranslations | None:
    """The catalog of `language`, or None when it cannot be read (said once, on
    standard error): a regular file of at most MAX_CATALOG_BYTES that gettext reads and
    whose plural rule answers. Opened without blocking: a FIFO or a device is refused,
    never waited on."""
    path = _mo_path(language)
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        with open(descriptor, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                _warn(path, _("not a file"))
                return None
            data = file.read(MAX_CATALOG_BYTES + 1)
        if len(data) > MAX_CATALOG_BYTES:
            _warn(path, _("larger than {size} MiB").format(size=MAX_CATALOG_BYTES // 2**20))
            return None
        catalog = gettext.GNUTranslations(io.BytesIO(data))
        for count in range(200):  # the plural rule of a damaged header may fail (n%0) or overflow
            catalog.ngettext(DOMAIN, DOMAIN, count)  # any message: its plural rule is run
    except OSError as exc:
        # TRANSLATORS: a catalog file could not be read: the reason given when the system gives none
        _warn(path, exc.strerror or _("damaged"))
        return None
    except Exception:  # noqa: BLE001 - gettext's parser fails every way a damaged file lets it
        _warn(path, _("damaged"))
        return None
    return catalog


def _warn(path: str, why: str) -> None:
    """One line on standard error, once a process, for a catalog that cannot be read;
    the messages are English then (or the process's own language, for a browser
    seat's page in another). A standard error that cannot be written loses it."""
    global _warned
    if _warned:
        return
    _warned = True
    line = _("the catalog {path} cannot be read ({why}): speaking English").format(path=path, why=why)
    try:
        sys.stderr.write(f"{DOMAIN}: {line}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


def language() -> str:
    """The language spoken now (chosen from the environment if not yet), its catalog
    read: English if it cannot be."""
    if not _loaded:
        _load()
    assert _language is not None
    return _language


def _(message: str) -> str:
    """The message in the language spoken."""
    if not _loaded:
        _load()
    return message if _catalog is None else _catalog.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The message for `count` things, by the spoken language's own plural rule."""
    if not _loaded:
        _load()
    if _catalog is None:
        return singular if count == 1 else plural
    return _catalog.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """The message as meant in `context` (one English word, two meanings)."""
    if not _loaded:
        _load()
    return message if _catalog is None else _catalog.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """`ngettext` within a context."""
    if not _loaded:
        _load()
    if _catalog is None:
        return singular if count == 1 else plural
    return _catalog.npgettext(context, singular, plural, count)


def decimal(value: float, places: int, sign: bool = False) -> str:
    """A number with `places` decimals, for a person to read, with the spoken language's
    decimal separator: '1.30' in English, '1,30' in Dutch (the catalog's "decimal
    separator"; `sign`: '+1.30'). Never for JSON, records or the protocol."""
    text = f"{value:+.{places}f}" if sign else f"{value:.{places}f}"
    separator = pgettext("decimal separator", ".")
    return text if separator == "." else text.replace(".", separator)


def translation(language: str) -> NullTranslations:
    """The messages of `language` (one of `available()`), for the one place a process
    shows text in another language than its own: the browser seat's page, in the
    language its address asks for (`net.web`). English has no catalog: the source text;
    nor has a language whose catalog cannot be read (`_read_catalog`)."""
    path = _mo_path(language)
    if path not in _translations:  # read once: each page asks
        catalog = None if language == SOURCE or not os.path.lexists(path) else _read_catalog(language)
        _translations[path] = catalog if catalog is not None else gettext.NullTranslations()
    return _translations[path]


def N_(message: str) -> str:
    """Mark a message kept in a table (translated with `_` where it is shown)."""
    return message


def blocks(document: str) -> list[str]:
    """A Markdown document cut into the pieces a translator translates whole: the runs of
    lines between blank lines (a heading, a paragraph, a list, a table), a fenced block
    with its blank lines kept together."""
    found: list[str] = []
    lines: list[str] = []
    fenced = False
    for line in document.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            if lines:
                found.append("\n".join(lines))
                lines = []
            continue
        lines.append(line)
    if lines:
        found.append("\n".join(lines))
    return found


def document(text: str, context: str) -> str:
    """A Markdown document (the rules) in the language spoken: each of its `blocks`
    from the catalog, within `context`; a block the catalog lacks stays as written."""
    if language() == SOURCE:
        return text
    return "\n\n".join(pgettext(context, block) for block in blocks(text)) + "\n"


def lang_from_argv(argv: list[str]) -> str | None:
    """The value of `--lang` among the command's words (before any `--`), read before
    the parser is built so that the parser's own help is in that language. argparse
    takes a long option shortened as far as it stays one option (`--lan`, `--la`: no
    other option of pier18 starts with "--la"), so this does too."""
    for index, word in enumerate(argv):
        if word == "--":
            return None
        name, equals, value = word.partition("=")
        if len(name) >= len("--la") and "--lang".startswith(name):
            if equals:
                return value
            return argv[index + 1] if index + 1 < len(argv) else None
    return None


__all__ = [
    "DOMAIN", "ENVIRONMENT", "LOCALE_DIR", "N_", "SOURCE", "_", "available", "blocks", "choose", "decimal", "document", "lang_from_argv", "language",
    "ngettext", "npgettext", "pgettext", "preferences", "resolve",
]
