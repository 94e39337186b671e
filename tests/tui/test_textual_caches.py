"""What tests/textual_caches.py relies on in Textual: `StylesCache.get_inner_outer` is an
`lru_cache` that an app fills as it draws and that outlives the app, and
`forget_finished_widgets` empties it."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from textual_caches import forget_finished_widgets, inner_outer_cache


class Drawn(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("drawn", id="one")
        yield Static("and drawn again", id="two")


async def test_the_styles_cache_outlives_an_app_until_it_is_emptied():
    forget_finished_widgets()
    app = Drawn()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
    cached = inner_outer_cache()
    assert cached is not None, "Textual no longer has StylesCache.get_inner_outer: see tests/textual_caches.py"
    assert cached.cache_info().currsize > 0, "the ended app left nothing in it: the cache no longer needs emptying?"
    forget_finished_widgets()
    assert cached.cache_info().currsize == 0
