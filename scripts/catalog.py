"""pier18's message catalogs: extract the template, update every language, compile.

    python scripts/catalog.py update    # src/pier18/locale/pier18.pot, and each .po merged
    python scripts/catalog.py compile   # each .po -> its .mo (what pier18 reads)
    python scripts/catalog.py check     # what the tests check: complete, none fuzzy, valid

The messages are every `_()`, `N_()`, `ngettext`, `pgettext` and `npgettext` in
`src/pier18`; the shipped deck's card names and goals (context "card", "goal"), the
lesson's titles and texts ("lesson"), the rules' paragraphs ("rules", docs/rules.md cut
as `pier18.i18n.blocks` cuts it), and argparse's own messages ("usage:", from the
standard library's argparse). Babel does the work; it is a tool of this script and the
tests only (the test extra), never of the game. docs/translating.md says how to use it.
"""

from __future__ import annotations

import argparse
import datetime
import io
import string
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pier18"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "pier18.pot"
DATA = {"cards": ROOT / "data" / "cards.toml", "lesson": ROOT / "data" / "lesson.toml"}
RULES = ROOT / "docs" / "rules.md"

KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
#: argparse marks its messages with `_` and `ngettext`.
ARGPARSE_KEYWORDS = {"_": None, "ngettext": (1, 2)}

sys.path.insert(0, str(ROOT / "src"))
from pier18.i18n import blocks  # noqa: E402  (the same cut as the rules page reads)

#: Written into every catalog's header, so that extracting twice writes the same file.
CREATED = datetime.datetime(2026, 12, 2, tzinfo=datetime.timezone.utc)


#: A comment starting with this, on the line above a message (or the lines just above it),
#: goes into the catalog for the translator (docs/translating.md).
COMMENT_TAG = "TRANSLATORS:"


def _from_python(path: Path, keywords: dict[str, object], where: str) -> Iterator[tuple[str, object, str | None, list[str]]]:
    with path.open("rb") as file:
        for lineno, message, comments, context in extract(
            "python", file, keywords=keywords, comment_tags=(COMMENT_TAG,), strip_comment_tags=True
        ):
            yield f"{where}:{lineno}", message, context, comments


def _from_deck(path: Path) -> Iterator[tuple[str, object, str | None, list[str]]]:
    deck = tomllib.loads(path.read_text(encoding="utf-8"))
    for card in deck["cards"]:
        yield f"data/cards.toml:{card['id']}", card["name"], "card", []  # where: the card's id
        plan = card.get("plan", {})
        for key in ("goal", "two", "three"):
            if key in plan:
                yield f"data/cards.toml:{card['id']}", plan[key]["text"], "goal", []


def _from_lesson(path: Path) -> Iterator[tuple[str, object, str | None, list[str]]]:
    """Each step's title and text as the lesson holds them (`persist.lesson` reads the
    script: each paragraph one line), which is what the screens look up."""
    from pier18.engine import load_deck
    from pier18.persist.lesson import load_script

    for step in load_script(load_deck(None), path).steps:
        yield f"data/lesson.toml:{step.number}", step.title, "lesson", []  # where: the step's number
        yield f"data/lesson.toml:{step.number}", step.text, "lesson", []


def _from_rules(path: Path) -> Iterator[tuple[str, object, str | None, list[str]]]:
    for number, block in enumerate(blocks(path.read_text(encoding="utf-8")), start=1):
        yield f"docs/rules.md:{number}", block, "rules", []  # where: the block's number


def messages() -> Catalog:
    """Every message pier18 may show, as a template (no translations)."""
    import argparse as stdlib_argparse

    catalog = Catalog(project="pier18", domain="pier18", fuzzy=False, creation_date=CREATED, revision_date=CREATED)
    found: list[tuple[str, object, str | None, list[str]]] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found.extend(_from_python(path, KEYWORDS, str(path.relative_to(ROOT))))
    found.extend(_from_deck(DATA["cards"]))
    found.extend(_from_lesson(DATA["lesson"]))
    found.extend(_from_rules(RULES))
    found.extend(_from_python(Path(stdlib_argparse.__file__), ARGPARSE_KEYWORDS, "argparse"))
    for where, message, context, comments in found:
        file, _, line = where.rpartition(":")
        location = (file, int(line)) if line.isdigit() else (where, None)
        catalog.add(message, locations=[location], context=context, auto_comments=comments)  # type: ignore[arg-type]
    return catalog


def languages() -> list[str]:
    return sorted(path.parent.parent.name for path in LOCALE.glob("*/LC_MESSAGES/pier18.po"))


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "pier18.po"


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def update() -> None:
    template = messages()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as file:
        write_po(file, template, width=100, sort_by_file=True, omit_header=False)
    template = read(TEMPLATE)
    for language in languages():
        catalog = read(po_path(language), language)
        catalog.update(template, no_fuzzy_matching=True)
        with po_path(language).open("wb") as file:
            write_po(file, catalog, width=100, sort_by_file=True, ignore_obsolete=True, include_previous=False)


def compiled(language: str) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, read(po_path(language), language), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for language in languages():
        po_path(language).with_suffix(".mo").write_bytes(compiled(language))


def translations(mo: bytes) -> dict[tuple[object, str | None], object]:
    """What a compiled catalog says, message by message (its header left out: it names
    the Babel that wrote it)."""
    catalog = read_mo(io.BytesIO(mo))
    return {(_tuple(message.id), message.context): _tuple(message.string) for message in catalog if message.id}


def _tuple(value: object) -> object:
    return tuple(value) if isinstance(value, (list, tuple)) else value


def fields(text: str) -> list[str]:
    """The named placeholders of a message ({card}, {count}), in order."""
    try:
        return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)
    except ValueError as error:
        return [f"<bad braces: {error}>"]


def mismatches(ids: tuple[str, ...], strings: tuple[str, ...]) -> list[str]:
    """How a translation's placeholders or stressed pieces differ from its message's.
    One message: the same names, the same number of `*`. Plural forms: each form names
    only placeholders the message has (a singular may leave out the number, in either
    language), and the forms together name all of them."""
    found = []
    wanted = set().union(*(fields(text) for text in ids))
    if len(ids) == 1:
        if fields(strings[0]) != fields(ids[0]):
            found.append(f"placeholders {fields(strings[0])} instead of {fields(ids[0])}")
    else:
        named = set().union(*(fields(text) for text in strings))
        if named != wanted:
            found.append(f"placeholders {sorted(named)} instead of {sorted(wanted)}")
    stars = {text.count("*") for text in ids}
    if any(text.count("*") not in stars for text in strings):
        found.append("a different number of stressed pieces (*...*)")
    return found


def _from_argparse(message: Message) -> bool:
    return any(file == "argparse" for file, _line in message.locations)


def key(message: object) -> str:
    return message[0] if isinstance(message, tuple) else str(message)  # type: ignore[index]


def problems(language: str) -> list[str]:
    """What is wrong with one language's catalog, one line each (none: it is whole)."""
    catalog = read(po_path(language), language)
    template = read(TEMPLATE)
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        translated = catalog.get(message.id, context=message.context)
        if translated is None:
            found.append(f"{language}: missing: {key(message.id)!r}")
            continue
        if translated.fuzzy:
            found.append(f"{language}: fuzzy: {key(message.id)!r}")
        strings = translated.string if isinstance(translated.string, tuple) else (translated.string,)
        if not all(strings):
            found.append(f"{language}: untranslated: {key(message.id)!r}")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if message.context != "rules" and message.locations and message.locations[0][0] != "argparse":
            found.extend(f"{language}: {line}: {key(message.id)!r}" for line in mismatches(ids, strings))
    for message in catalog:
        if message.id and template.get(message.id, context=message.context) is None:
            found.append(f"{language}: not in the template: {key(message.id)!r}")
    for message, errors in catalog.check():
        if not _from_argparse(message):
            continue  # pier18's placeholders are {named}, checked above ("96% of" is no %-format)
        for error in errors:
            found.append(f"{language}: {error}: {key(message.id)!r}")
    mo = po_path(language).with_suffix(".mo")
    if not mo.exists() or translations(mo.read_bytes()) != translations(compiled(language)):
        found.append(f"{language}: {mo.name} is not compiled from its .po (python scripts/catalog.py compile)")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("update", "compile", "check"))
    action = parser.parse_args().action
    if action == "update":
        update()
    elif action == "compile":
        compile_all()
    else:
        found = [line for language in languages() for line in problems(language)]
        print("\n".join(found) or "every catalog is whole")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
