"""A language of the tests' own: a catalog of a few messages, compiled into a locale
folder of their own, so a test sees what is translated and what is left as written
whatever the shipped catalogs hold today."""

from __future__ import annotations

import io
from pathlib import Path

from pier18 import i18n


def speak_tiny(monkeypatch, folder: Path, messages: dict[tuple[str | None, str], str], language: str = "nl") -> None:
    """Speak `language` from a catalog holding only `messages`, keyed by (context, English);
    English again when the test ends (the `speaking` fixture, or `i18n.choose("en")`)."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale=language, domain=i18n.DOMAIN)
    for (context, english), translated in messages.items():
        catalog.add(english, translated, context=context)
    where = folder / language / "LC_MESSAGES"
    where.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (where / f"{i18n.DOMAIN}.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(folder))
    assert i18n.choose(language) == language
