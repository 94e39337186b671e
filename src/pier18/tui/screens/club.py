"""The club (`pier18 club`): your games, the open tables, a new table, the ratings.

Two lists, each owning its keys: your games (Enter plays the one pointed at, `r` asks
for a rematch of a finished one) and the open tables (Enter sits at one). Under them,
the pointed table's clock and who may join, so both are read before joining. `n` opens
the new table's form (`NewTableScreen`, which shows the table as it will be while it is
filled in), `g` the ratings (`RatingsScreen`). Every table is said in the words of the
plain-line club (`lines.club`); names come from other members, so everything drawn is
`Text`, never markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...club.protocol import MemberRating, TableInfo
from ...engine.text import printable
from ...i18n import N_, _
from ...lines.club import NewTable, NewTableError, invited_words, new_table, rating_lines, table_clock, table_line, unreadable_line
from ..widgets.choice_list import PointingList
from ..widgets.footer import Footer
from .closing import ModalClosesOnce, unless_leaving


class GamesList(PointingList):
    """Your club games; Enter plays the one pointed at, `r` asks for a rematch."""

    BINDINGS = [
        Binding("enter", "select", N_("Play")),
        Binding("r", "screen.rematch", N_("Rematch")),
    ]


class OpenList(PointingList):
    """The open tables you may join; Enter sits at the one pointed at."""

    BINDINGS = [Binding("enter", "select", N_("Join"))]


def table_option(info: TableInfo, now: float) -> Option:
    return Option(Text(table_line(info, now)), id=f"table-{info.id}")


def option_table(option_id: str | None) -> int | None:
    if option_id is None or not option_id.startswith("table-"):
        return None
    return int(option_id.removeprefix("table-"))


class ClubScreen(Screen[None]):
    """The club's lists. The app feeds it (`show`) and acts on what is chosen."""

    BINDINGS = [
        Binding("n", "app.new_table", N_("New table")),
        Binding("g", "app.ratings", N_("Ratings")),
        Binding("l", "app.look", N_("Look again")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title_line = title
        self.games: dict[int, TableInfo] = {}
        self.open: dict[int, TableInfo] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="club-box"):
            yield Static(Text(self.title_line, style="bold"), id="club-title")
            yield Static(id="club-link")
            yield Static(Text(_("Your games")), classes="club-heading")
            yield GamesList(id="club-games")
            yield Static(Text(_("Open tables")), classes="club-heading")
            yield OpenList(id="club-open")
            yield Static(id="club-detail")
        yield Footer()

    def show(self, games: Sequence[TableInfo], open_tables: Sequence[TableInfo], now: float, unreadable: Sequence[int] = ()) -> None:
        """Fill both lists, keeping the table pointed at where it is still listed; the
        member's tables the club cannot read are said under their games, not chosen."""
        self.games = {info.id: info for info in games}
        self.open = {info.id: info for info in open_tables}
        for selector, infos, empty in (
            ("#club-games", games, _("No games yet: n makes a new table, or join an open one.")),
            ("#club-open", open_tables, _("No open tables.")),
        ):
            listed = self.query_one(selector, OptionList)
            pointed = listed.highlighted_option.id if listed.highlighted_option is not None else None
            listed.clear_options()
            if infos:
                listed.add_options([table_option(info, now) for info in infos])
                ids = [f"table-{info.id}" for info in infos]
                listed.highlighted = ids.index(pointed) if pointed in ids else 0
            elif selector != "#club-games" or not unreadable:
                listed.add_option(Option(Text(empty), id="none", disabled=True))
            if selector == "#club-games":
                listed.add_options([Option(Text(unreadable_line(table)), id=f"unreadable-{table}", disabled=True) for table in unreadable])
        if self.focused is None:
            self.query_one("#club-games" if games or not open_tables else "#club-open", OptionList).focus()
        self.show_detail()

    def link(self, problem: str | None) -> None:
        line = self.query_one("#club-link", Static)
        line.update(Text(printable(problem or ""), style="bold"))
        line.display = problem is not None

    def pointed(self, selector: str) -> int | None:
        listed = self.query_one(selector, OptionList)
        option = listed.highlighted_option
        return None if option is None else option_table(option.id)

    def show_detail(self) -> None:
        """The pointed table's clock and who may join (read before joining)."""
        focused = self.focused
        infos, selector = (self.open, "#club-open") if isinstance(focused, OpenList) else (self.games, "#club-games")
        table = self.pointed(selector)
        info = infos.get(table) if table is not None else None
        detail = self.query_one("#club-detail", Static)
        if info is None:
            detail.update("")
            return
        lines = [table_clock(info)]
        if info.status == "open":
            lines.append(invited_words(info.invited))
        detail.update(Text("\n".join(lines)))

    def on_option_list_option_highlighted(self, _message: OptionList.OptionHighlighted) -> None:
        self.show_detail()

    def on_descendant_focus(self) -> None:
        self.show_detail()

    async def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        table = option_table(message.option.id)
        if table is None:
            return
        if message.option_list.id == "club-games":
            await self.app.run_action(f"play({table})")
        else:
            await self.app.run_action(f"join({table})")

    async def action_rematch(self) -> None:
        table = self.pointed("#club-games")
        if table is not None:
            await self.app.run_action(f"rematch({table})")


class NewTableScreen(ModalClosesOnce[NewTable | None]):
    """A new table's form: seats, bots, who is invited, the clock and what a timeout does;
    the table as it will be is shown under it as it is filled in. Enter makes it."""

    BINDINGS = [Binding("escape", "close", N_("Back"))]

    FIELDS = (
        ("seats", N_("Seats (2 or 3)"), "2"),
        ("bots", N_("Bots, by level (e.g. hard; empty: none)"), ""),
        ("invite", N_("Invite by name (empty: open to all)"), ""),
        ("clock", N_("Clock: none, minutes (5m) or days (2d) per move"), "none"),
        ("timeout", N_("When time runs out: bot or lose"), "bot"),
    )

    def __init__(self, me: str) -> None:
        super().__init__()
        self.me = me

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-table-box", can_focus=False):  # a short terminal scrolls to the field in use
            yield Static(Text(_("A new table"), style="bold"))
            for field, label, value in self.FIELDS:
                yield Static(Text(_(label)), classes="new-table-label")
                yield Input(value=value, id=f"new-{field}")
            yield Static(id="new-table-preview")
            yield Static(Text(_("Enter makes the table; Escape goes back.")), id="new-table-help")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self.preview()

    def value(self, field: str) -> str:
        return self.query_one(f"#new-{field}", Input).value

    def table(self) -> NewTable:
        return new_table(self.value("seats"), self.value("bots").replace(",", " ").split(), self.value("invite"), self.value("clock") or "none", self.value("timeout") or "bot")

    def preview(self) -> None:
        shown = self.query_one("#new-table-preview", Static)
        try:
            lines = self.table().describe(self.me)
        except NewTableError as exc:
            shown.update(Text(str(exc), style="bold"))
            return
        shown.update(Text("\n".join(lines)))

    def on_input_changed(self, _message: Input.Changed) -> None:
        self.preview()

    def on_input_submitted(self, _message: Input.Submitted) -> None:
        try:
            table = self.table()
        except NewTableError:
            self.preview()
            return
        self.dismiss(table)

    def action_close(self) -> None:
        self.dismiss(None)


class RatingsScreen(ModalClosesOnce[None]):
    """The club's ratings, best first; Escape goes back."""

    BINDINGS = [Binding("escape,g", "close", N_("Back"))]

    def __init__(self, members: Sequence[MemberRating]) -> None:
        super().__init__()
        self.members = members

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="ratings-box"):  # a long club scrolls (its arrows and PgDn: nothing else here takes keys)
            yield Static(Text("\n".join(rating_lines(self.members))), id="ratings-lines")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
