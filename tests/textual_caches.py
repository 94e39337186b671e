"""The one private name of Textual's the tests use (tests/test_textual_public.py's
`ADAPTERS`): Textual keeps a 1,024-entry `lru_cache` on `StylesCache.get_inner_outer`,
in its private module `textual._styles_cache`, keyed by each widget's own styles
cache. So up to a thousand widgets of apps that have already ended stay alive, with
every line they drew, and every full garbage collection walks them all. Without
emptying that cache after each test (tests/conftest.py) the Textual tests took about a
fifth more CPU (120 s instead of 99 s). Textual offers no public way to empty it, nor
any other way to let those widgets go.

`tests/tui/test_textual_caches.py` pins what this relies on: the cache is there, a
running app fills it, and emptying it empties it. Should a new Textual move it, that
test fails (and the suite only runs slower until this is brought up to date).
"""

from __future__ import annotations

import sys
from typing import Any


def inner_outer_cache() -> Any:
    """The `lru_cache` wrapper of `StylesCache.get_inner_outer`, or None if Textual has none
    (or is not imported yet)."""
    module = sys.modules.get("textual._styles_cache")
    cached = getattr(getattr(module, "StylesCache", None), "get_inner_outer", None)
    return cached if hasattr(cached, "cache_clear") else None


def forget_finished_widgets() -> None:
    """Let the widgets of apps that have ended go (see above)."""
    cached = inner_outer_cache()
    if cached is not None:
        cached.cache_clear()
