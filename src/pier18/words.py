"""The sentences each said by one module only, until they move into it.

What two or more modules say the same way is in `pier18.speech`; this module reads it
from there. Plain strings only: no Rich or Textual here.

A sentence with words to stress is given as `Stressed` pieces: the pieces at odd places
(1, 3, ...) are the ones a screen draws in bold, or however it stresses words.
"""

from __future__ import annotations

from . import i18n
from .engine.decisions import Decision, Keep, PlacePlan
from .engine.phase import Phase
from .i18n import _, ngettext, pgettext
from .speech.moves import card_label, covering, covering_short, decision_text, kept_cards
from .speech.notices import GAME_NAME, PROG, command, play_resume_command, prog_line, streams
from .speech.people import LEVEL_STRENGTH, author, either, players_list, stands
from .speech.scores import MEASURE, ahead_points, decisions_count, points

TYPE_CHECKING = False  # typing is not imported: `pier18 score` reads the labels below
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Protocol

    from .engine.cards import Card
    from .engine.deck import Deck
    from .engine.game import PatronAward
    from .engine.outlook import PatronRace, Standing
    from .engine.view import TableView

    class TakebackFacts(Protocol):
        """What `takeback_prompt` words: `flow.Takeback` (words reads no layer above the
        engine, so it names the fields it reads)."""

        @property
        def seat(self) -> int: ...
        @property
        def again(self) -> Phase | None: ...
        @property
        def move(self) -> Decision | None: ...
        @property
        def moves(self) -> tuple[tuple[int, Decision], ...]: ...
        @property
        def bot_moves(self) -> int: ...
        @property
        def hidden(self) -> tuple[int, ...]: ...
        @property
        def hidden_after(self) -> tuple[int, ...]: ...

#: A sentence in pieces; those at odd places (1, 3, ...) are the words to stress.
Stressed = tuple[str, ...]


def stress(message: str, **values: object) -> Stressed:
    """A message whose stressed words stand between asterisks (`_("Keep your *Plan*")`),
    cut into `Stressed` pieces, each then filled in with `values` (a value with an
    asterisk in it, a player's name, stays whole)."""
    return tuple(piece.format(**values) for piece in message.split("*"))


def names_help(humans: int, bots: Sequence[str]) -> str:
    """What to do on the names screen."""
    if not bots:
        return _(
            "{n} players at one laptop. Type each name (Tab or Enter: the next one), then choose who starts."
        ).format(n=humans)
    against = players_list(list(bots))
    if humans == 1:
        return _("Playing against {bots}. Type your name, choose who starts, Enter to start.").format(bots=against)
    return _(
        "Playing against {bots}. Type each player's name (Tab or Enter: the next one), then choose who starts."
    ).format(bots=against)


def start_rule(table: TableView, names: Sequence[str], chosen: bool, lesson: bool = False) -> str | None:
    """Which rule decided who starts round 1: 'Ann starts: earliest Foundation date
    (03-14)', 'Ann starts: last saw the sea' (`chosen`: by the rulebook's rule, on the
    names screen or by `--first`), or, in the lesson (`lesson`), its script's choice."""
    first = table.first_player
    if first is None:
        return None
    if chosen and lesson:
        return _("{name} starts: the lesson chose who starts").format(name=names[first])
    if chosen:
        return _("{name} starts: last saw the sea").format(name=names[first])
    pier = table.piers[first]
    if pier.placements:
        return _("{name} starts: earliest Foundation date ({date})").format(name=names[first], date=pier.placements[0].card.date)
    return _("{name} starts: earliest Foundation date").format(name=names[first])


def takeback_prompt(deck: Deck, names: Sequence[str], facts: TakebackFacts) -> str:
    """The confirm question for a take-back, worded from `facts` (`flow.takeback`, which
    decides what the table may see: a hidden choice is never described, only counted).
    """
    name = names[facts.seat]
    if facts.again is Phase.SETUP:
        what = _("{name}'s set-up choice").format(name=name)
    elif facts.again is Phase.PLAN:
        what = _("{name}'s Plan placement").format(name=name)
    else:
        assert facts.move is not None, "a draft move is described"
        what = _("{name}'s last move, {decision}").format(name=name, decision=decision_text(deck, facts.move))
    also = [
        _("{name}'s move after it, {decision}").format(name=names[s], decision=decision_text(deck, later))
        for s, later in facts.moves
    ]
    if facts.bot_moves:
        also.append(ngettext("{n} bot move after it", "{n} bot moves after it", facts.bot_moves).format(n=facts.bot_moves))
    if facts.hidden_after:
        who = players_list(sorted({names[s] for s in facts.hidden_after}))
        hidden = len(facts.hidden_after)
        also.append(ngettext("{n} hidden decision by {who}", "{n} hidden decisions by {who}", hidden).format(n=hidden, who=who))
    if also:
        question = _("Take back {what} (and {also})?").format(what=what, also=players_list(also))
    else:
        question = _("Take back {what}?").format(what=what)
    if facts.again is Phase.SETUP:
        question = f"{question} " + _("{name} will choose their Plan and Foundation again.").format(name=name)
    elif facts.again is Phase.PLAN:
        question = f"{question} " + _("{name} will place their Plan card again.").format(name=name)
    if facts.hidden:
        count = len(facts.hidden)
        makers = players_list(sorted({names[s] for s in facts.hidden}))
        question = question + " " + ngettext(
            "This takes back {n} hidden decision without showing it: the laptop goes to {makers} before it is made again.",
            "This takes back {n} hidden decisions without showing them: the laptop goes to {makers} before they are made again.",
            count,
        ).format(n=count, makers=makers)
    return question


def replay_event(deck: Deck, seat: int, decision: Decision, names: Sequence[str], by: str | None = None) -> str:
    """What a recorded decision was, every card named (a record hides nothing); `by`: the
    level of a bot that made it for the seat's away player, named as its author."""
    name = author(names, seat, by, start=True)
    if isinstance(decision, Keep):
        return _("{name} kept {cards}.").format(name=name, cards=kept_cards(deck, decision))
    return _("{name}: {decision}.").format(name=name, decision=decision_text(deck, decision))


# -- keys and buttons -------------------------------------------------------------------
#
# A key's label in the footer and a button's text are words a person reads, short ones:
# every label comes from here, so the same key says the same thing on every screen.
# Labels are marked (`N_`: a Binding is made at import) and translated where they are
# drawn: the footer, the keys list, a button's text (`with_key`).


# -- the table --------------------------------------------------------------------------


#: What a total means wherever one is shown (the table, the previews, the Plan screen,
#: the final screen, `pier18 score`): points if the game ended now. Marked.


# -- set-up, placing, the Patron, passing the laptop -----------------------------------------


def keep_help(name: str) -> Stressed:
    """The set-up screen's instructions, to `name`."""
    return stress(
        _(
            "*{name}*, your three cards. Keep one as your *Plan* (its goal scores a bonus at the end and it "
            "becomes the last card of your pier) and one as your *Foundation* (the first card of your pier). "
            "The third goes back into the deck."
        ),
        name=name,
    )


def keep_plan_help(name: str) -> Stressed:
    """The set-up screen's first step, to `name`: point at the card to keep as the Plan."""
    return stress(
        _(
            "*{name}*, your three cards. First keep one as your *Plan*: its goal scores a bonus at the end, and "
            "it becomes the last card of your pier. ←/→, 1–3 or the mouse point at a card; Enter (or a second "
            "click) keeps it."
        ),
        name=name,
    )


def keep_foundation_help(name: str, plan: Card) -> Stressed:
    """The set-up screen's second step: the Foundation, from the two cards left."""
    return stress(
        _(
            "*{name}*, your Plan is {plan}. Now keep your *Foundation*, the first card of your pier, from the "
            "other two; the third goes back into the deck. Escape chooses the Plan again."
        ),
        name=name,
        plan=card_label(plan),
    )


def foundation_role(total: int) -> str:
    """What a set-up card does as the Foundation: 'starts your pier: 3 points from the start'."""
    return _("starts your pier, at its land end: {points} from the start").format(points=points(total))


def back_to_deck(card_id: int) -> str:
    """The card a set-up choice sends back: 'back: #7'."""
    return _("back: #{id}").format(id=card_id)


def place_help(name: str, card: Card, plan: bool, can_go_back: bool) -> Stressed:
    """The placement screen's instructions: who places which card, and the keys."""
    values = {"name": name, "card": card_label(card), "date": card.date}
    if plan and can_go_back:
        message = _(
            "*{name}* places the Plan card: *{card}* ({date}). ↑/↓ or a number points at how many sections of "
            "the card below it covers; Enter places it; Escape goes back."
        )
    elif plan:
        message = _(
            "*{name}* places the Plan card: *{card}* ({date}). ↑/↓ or a number points at how many sections of "
            "the card below it covers; Enter places it."
        )
    elif can_go_back:
        message = _(
            "*{name}* places a card: *{card}* ({date}). ↑/↓ or a number points at how many sections of "
            "the card below it covers; Enter places it; Escape goes back."
        )
    else:
        message = _(
            "*{name}* places a card: *{card}* ({date}). ↑/↓ or a number points at how many sections of "
            "the card below it covers; Enter places it."
        )
    return stress(message, **values)


def cover_choice(first: bool, cover: int) -> str:
    """One cover a placement may choose: 'first card', 'covers nothing (adds every
    section)', 'covers 2 sections'."""
    if first:
        return _("first card")
    if cover == 0:
        return _("covers nothing (adds every section)")
    return ngettext("covers {n} section", "covers {n} sections", cover).format(n=cover)


def patron_outlook(race: PatronRace, names: Sequence[str], dates: dict[int, str], after: bool = True) -> str:
    """Who would take a Patron, as the engine's `PatronRace` says, keeping what is decided
    apart from what the seats still to draft can change. Only a settled race says "wins":

    - settled: 'Ann wins', 'Ann wins the tie on the earlier date';
    - the others can only tie: 'Ann leads, and keeps it unless Bob ties with a card dated
      before 08-15';
    - the others can do more: 'Ann leads; Bob, still to draft, can overtake';
    - a tie the dates decide: 'tie Ann/Bob: the earliest date drafted this round decides
      (Ann 03-14)'.

    `after`: the race after the draft tried (else as it stood before it, when the seat
    trying it had still to draft). `dates`: the dates each seat drafted this round, if known.
    """
    leaders = race.after if after else race.before
    winner = race.winner_after if after else race.winner_before
    threats = [names[s] for s in race.threats] if after else []
    if winner is None:
        tied = "/".join(names[s] for s in leaders)
        known = [f"{names[s]} {dates[s]}" for s in leaders if s in dates]
        if known:
            line = _("tie {tied}: the earliest date drafted this round decides ({dates})").format(
                tied=tied, dates=", ".join(known)
            )
        else:
            line = _("tie {tied}: the earliest date drafted this round decides").format(tied=tied)
        passing = [names[s] for s in race.threats if s not in leaders] if after else []
        if passing:
            return _("{line}; {who}, still to draft, can overtake").format(line=line, who=either(passing))
        return line
    name = names[winner]
    if after and race.settled:
        if len(leaders) > 1:
            return _("{name} wins the tie on the earlier date").format(name=name)
        return _("{name} wins").format(name=name)
    if after and race.beat_date is not None:
        return _("{name} leads, and keeps it unless {who} ties with a card dated before {date}").format(
            name=name, who=either(threats), date=race.beat_date
        )
    if threats:
        return _("{name} leads; {who}, still to draft, can overtake").format(name=name, who=either(threats))
    if not after:
        return _("{name} leads for now").format(name=name)  # the seat trying the draft had still to draft
    if winner in race.to_draft:
        return _("{name} leads and has still to draft").format(name=name)
    return _("{name} leads").format(name=name)


def patron_why(award: PatronAward, deck: Deck, names: Sequence[str]) -> Stressed:
    """Why the Patron went where it went, the winner stressed."""
    best = award.scores[award.winner]
    winner = names[award.winner]
    if award.by_date:
        return stress(
            _(
                "{tied} tie with {best}. *{winner} wins: the earliest date drafted this round ({date}) breaks the "
                "tie.* The Patron is worth 1 point."
            ),
            tied=players_list([names[s] for s in award.tied]),
            best=best,
            winner=winner,
            date=deck[award.drafted[award.winner]].date,
        )
    return stress(
        _("*{winner} wins with the highest patron score ({best}).* The Patron is worth 1 point."),
        winner=winner,
        best=best,
    )


# -- the final screen and the replay ---------------------------------------------------------


def winners(names: Sequence[str]) -> str:
    """'Ann wins Pier 18!', 'Ann and Bob win Pier 18!', 'Ann, Bob and Cy win Pier 18!'."""
    return ngettext("{names} wins {game}!", "{names} win {game}!", len(names)).format(
        names=players_list(names), game=GAME_NAME
    )


def record_kept(path: str, replay: str) -> Stressed:
    """Where a finished game is saved and the command that replays it."""
    return stress(_("This game is saved in *{path}*\nWatch it again:\n  *{replay}*\n"), path=path, replay=replay)


def score_command(notation: str, patrons: int, plan: int | None, players: int, deck: object | None = None) -> str:
    """The `pier18 score` command that scores one final pier on its own, with everything
    the game scored it with: its cards and covers, its Patrons, its Plan, the number of
    players (which Plan goal counts) and the deck file (`deck`; None: the game's own)."""
    line: list[object] = ["pier18", "score", "--cards", notation, "--patrons", patrons]
    if plan is not None:
        line += ["--plan", plan]
    line += ["--players", players]
    if deck is not None:
        line += ["--deck", deck]
    return command(*line)


def patron_went(name: str, card: Card, by_date: bool) -> str:
    """A patron phase in the replay: 'Patron phase: Ann wins #7 Bandstand.'"""
    if by_date:
        return _("Patron phase: {name} wins {card} (earliest date breaks the tie).").format(name=name, card=card_label(card))
    return _("Patron phase: {name} wins {card}.").format(name=name, card=card_label(card))


# -- names, resume, quit, help, too small ---------------------------------------------------


def resume_title(games: int) -> tuple[str, str]:
    """The resume offer's first line: what is saved (to stress), then the keys."""
    if games == 0:
        return _("No saved game can be resumed here."), ""
    if games == 1:
        return _("An unfinished game is saved."), _("Enter or y goes on with it; n starts a new game.")
    return (
        ngettext("{n} unfinished game is saved.", "{n} unfinished games are saved.", games).format(n=games),
        _(
            "Enter or y goes on with the last played; 1-9 or the arrows point at another, Enter goes on with it;"
            " n starts a new game (all stay saved)."
        ),
    )


def saved_here(save: str | None, resume: str | None = None) -> Stressed:
    """Under the quit question: where the game is saved (`save`, printable) and the
    command that goes on with it (`resume`, by default `play_resume_command()`)."""
    again = resume or play_resume_command()
    if save is None:
        return stress(_("It is saved as you play: *{command}* goes on from here."), command=again)
    return stress(_("It is saved in *{save}*\n*{command}* goes on from here."), save=save, command=again)


def keys_notes() -> Stressed:
    """Under the keys list (`?`): how keys work on every screen, and what no key's label can say."""
    return stress(
        _(
            "*How keys work:* a number or an arrow points; Enter, or a second click on what is pointed at,"
            " confirms it. Neither the key that opened a screen nor a key pressed before the screen"
            " was drawn answers it. Every choice shows what it scores before you confirm it. While"
            " you type a name, ? is a question mark.\n"
            "*Take back* (u, asks first, as often as you like): on your turn it goes back to your own last"
            " decision; another player's hidden choice on the way is only counted, never shown, and"
            " they get the laptop first. There is none at a shared table.\n"
            "*Patron* panels stay until you press Enter, even while a shared table goes on. "
            "*Hints* (h, while you choose): the best move and why, by {measure} (the review judges by the same)."
        ),
        measure=_("expected points ahead of the best rival at the end"),
    )


def key_names() -> dict[str, str]:
    """How a key is named in the keys list, where Textual's short name would be cryptic."""
    return {
        "enter": _("Enter"),
        "escape": _("Esc"),
        "space": _("Space"),
        "tab": _("Tab"),
        "shift+tab": _("Shift+Tab"),
        "question_mark": "?",
        "pageup": _("PgUp"),
        "pagedown": _("PgDn"),
        "ctrl+pageup": _("Ctrl+PgUp"),
        "ctrl+pagedown": _("Ctrl+PgDn"),
        "home": _("Home"),
        "end": _("End"),
        "left": "←",
        "right": "→",
        "up": "↑",
        "down": "↓",
        "ctrl+q": _("Ctrl+Q"),
        "ctrl+c": _("Ctrl+C"),
        "super+c": _("Super+C"),
    }


def textual_keys() -> dict[str, str]:
    """The keys Textual's own widgets bind, in the game's words, by Textual's description."""
    return {
        "Focus Next": _("Next box"),
        "Focus Previous": _("Previous box"),
        "Copy selected text": _("Copy the selected text"),
        "Scroll Up": _("Scroll up"),
        "Scroll Down": _("Scroll down"),
        "Scroll Left": _("Scroll left"),
        "Scroll Right": _("Scroll right"),
        "Scroll Home": _("Scroll to the top"),
        "Scroll End": _("Scroll to the end"),
        "Page Up": _("A page up"),
        "Page Down": _("A page down"),
        "Page Left": _("A page left"),
        "Page Right": _("A page right"),
        "Press button": _("Press the button"),
    }


def too_small(need: tuple[int, int], now: tuple[int, int], web: bool = False) -> str:
    """Instead of the game, on a terminal below the minimum size; `web`: in a browser's
    page (`host --web`), whose terminal grows with the window or when zoomed out."""
    if web:
        message = _(
            "Needs room for {need_w}×{need_h} characters, now {now_w}×{now_h}: please enlarge the window "
            "or zoom out (Ctrl and minus; Cmd and minus on a Mac). The game is paused and nothing is lost."
        )
    else:
        message = _(
            "Needs {need_w}×{need_h}, now {now_w}×{now_h}: please enlarge the terminal. "
            "The game is paused and nothing is lost. Ctrl+Q quits."
        )
    return message.format(need_w=need[0], need_h=need[1], now_w=now[0], now_h=now[1])


# -- seats and self-play ---------------------------------------------------------------------


# -- network play: a seat, the host, the client, the protocol ---------------------------------
#
# The host's refusals and the protocol's errors go over the wire as codes (docs/protocol.md),
# never as sentences: each client words them in its own language (`refusal`).


def seat_presence(name: str, human: bool, here: bool, covered: bool, you: bool) -> str:
    """One seat of a networked table: 'Ann (you)', 'Bob: here', 'Cy: away, a bot plays for them'."""
    if you:
        return _("{name} (you)").format(name=name)
    if not human:
        return _("{name}: bot").format(name=name)
    if here:
        return _("{name}: here").format(name=name)
    if covered:
        return _("{name}: away, a bot plays for them").format(name=name)
    return _("{name}: away").format(name=name)


def stand_in_moves(table: TableView, names: Sequence[str], stand_ins: Mapping[int, str]) -> list[str]:
    """The moves bots made for players who were away, one line per player and bot, as
    the table may see them now: 'A hard bot made these moves for Bob while they were
    away: took #12 covering 1; placed the Plan card covering 1.'"""
    made: dict[tuple[int, str], list[str]] = {}
    for number, level in sorted(stand_ins.items()):
        if not 0 < number <= len(table.history):
            continue
        seat, decision = table.history[number - 1]
        made.setdefault((seat, level), []).append(_move_short(table.deck, decision, table.phase))
    return [
        ngettext(
            "A {level} bot made this move for {name} while they were away: {moves}.",
            "A {level} bot made these moves for {name} while they were away: {moves}.",
            len(moves),
        ).format(level=level, name=names[seat], moves="; ".join(moves))
        for (seat, level), moves in made.items()
    ]


def _move_short(deck: Deck, decision: Decision | None, phase: Phase) -> str:
    """A decision without its maker, as the table may see it: 'took #12 covering 1',
    'placed the Plan card', 'kept Plan #3 and Foundation #11'."""
    if decision is None:
        return _("placed the Plan card") if phase is Phase.PLAN else _("kept a Plan and a Foundation")
    if isinstance(decision, Keep):
        return _("kept Plan #{plan} and Foundation #{foundation}").format(plan=decision.plan, foundation=decision.foundation)
    if isinstance(decision, PlacePlan):
        return _("placed the Plan card {covering}").format(covering=covering_short(decision.cover))
    return _("took #{card} {covering}").format(card=decision.card, covering=covering_short(decision.cover))


# -- the lobby: a hosted table before its game starts ----------------------------------------


def connection_lost(why: str, seated: bool) -> str:
    """The connection to the host dropped; the client tries again by itself."""
    if seated:
        return _("Connection lost: {why}. Your seat is kept. Ctrl+Q leaves.").format(why=why)
    return _("Connection lost: {why}. Ctrl+Q leaves.").format(why=why)


def crashed(what: str, report: str | None, then: str | None = None) -> str:
    """An app crashed: what failed (`what`: the error), where the details are, and how to
    go on (`then`), if there is anything to go on with."""
    # whole: a report is a file just written (so no longer than a path can be), to be opened
    if report:
        line = _("pier18 crashed ({what}); a crash report was written to {report}.").format(what=what, report=report)
    else:
        line = _("pier18 crashed ({what}); no crash report could be written.").format(what=what)
    return f"{line} {then}" if then else line


def stopped_by(signal_name: str, then: str | None = None) -> str:
    """An app was stopped from outside (`kill`, a closed terminal): by which signal, and how to go on."""
    line = _("pier18: stopped by {signal}.").format(signal=signal_name)
    return f"{line} {then}" if then else line


def table_goes_on(resume: str | None) -> str:
    """How to get back to a networked game after its app ended: the game lives at the host.

    A joined seat comes back with its code; the host opens the table again from its
    autosave with `resume` (its `pier18 host --resume` line).
    """
    if resume is not None:
        return _("The table is saved: '{command}' opens it again.").format(command=resume)
    return _("The game goes on at the host: join again with the same code.")


def table_crashed(what: str, report: str | None, resume: str | None) -> str:
    """A networked game's app crashed: what failed, where the details are, and how to go on."""
    return crashed(what, report, table_goes_on(resume))


def close_table(resume: str | None) -> tuple[str, str]:
    """Ctrl+Q at the host's own seat: the question, and how the table opens again
    (`resume`: the host's `pier18 host --resume` line, None when nothing is saved)."""
    if resume is None:
        return _("Close the table?"), _("Every player is disconnected, and this table is not saved: it cannot be opened again.")
    return _("Close the table?"), _("Every player is disconnected. '{command}' opens it again with the same codes.").format(
        command=resume
    )


def cover_question(name: str, level: str) -> tuple[str, str]:
    """The host's `b` asks first: the question, and what a yes means."""
    return (
        _("Let a {level} bot play for {name} until they are back?").format(level=level, name=name),
        _("Its moves are shown as the bot's, to {name} too; the seat is {name}'s again the moment they reconnect.").format(
            name=name
        ),
    )


# -- saved games, records, files ---------------------------------------------------------------


# A game record that cannot be read: each names the file (`where`) and what is wrong.


# -- crash reports -----------------------------------------------------------------------------


# -- the command line --------------------------------------------------------------------------


def and_more(count: int) -> str:
    return ngettext("and {count} more", "and {count} more", count).format(count=count)


def simulation_title(games: int, players: int, seats: str, seed: int) -> str:
    return ngettext(
        "{n} game, {players} players, seats {seats}, seed {seed}", "{n} games, {players} players, seats {seats}, seed {seed}", games
    ).format(n=games, players=players, seats=seats, seed=seed)


# -- the legend of the symbols (`s`, and on the set-up screen) -----------------------------


# -- why a pier scores what it does (`engine.explain`) ---------------------------------------


# -- the post-game review (`pier18 review`) -----------------------------------------------


def sampled_worlds(worlds: int) -> str:
    """'1 sampled world', '8 sampled worlds'."""
    return ngettext("{n} sampled world", "{n} sampled worlds", worlds).format(n=worlds)


# -- the guided first game (`pier18 learn`) -------------------------------------------------


def lesson_patron_lost(card: Card) -> str:
    return _("The Patron {card} went to your rival.").format(card=card_label(card))


# -- the final score broken down (the final screen) ------------------------------------------


def ordinal(number: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th'."""
    if not 10 <= number % 100 <= 20 and number % 10 in (1, 2, 3):
        if number % 10 == 1:
            return pgettext("place", "{n}st").format(n=number)
        if number % 10 == 2:
            return pgettext("place", "{n}nd").format(n=number)
        return pgettext("place", "{n}rd").format(n=number)
    return pgettext("place", "{n}th").format(n=number)


def breakdown_head(name: str, place: int | None, total: int) -> str:
    """A player's line in the breakdown: 'Ann, 1st: 23 points'."""
    if place is None:
        return f"{name}: {points(total)}"
    return f"{name}, {ordinal(place)}: {points(total)}"


def patron_won(card: Card, round_number: int, characters: Sequence[str], scores: Sequence[tuple[str, int]], by_date: bool) -> str:
    """A Patron a player won and for what: 'Patron #7 Bandstand (round 1), for Poets: Ann 3,
    Bob 2, Cy 1', and ', tied: won on the earlier date drafted' when a tie was broken."""
    race = ", ".join(f"{name} {score}" for name, score in scores)
    if by_date:
        message = _("Patron {card} (round {round}), for {characters}: {race} (a tie, won on the earlier date drafted)")
    else:
        message = _("Patron {card} (round {round}), for {characters}: {race}")
    return message.format(card=card_label(card), round=round_number, characters=players_list(list(characters)), race=race)


# -- the review screen (`v` on the final screen) ---------------------------------------------


def review_summary_title(name: str, judge: str, worlds: int) -> str:
    return _("{name}'s game, judged by the {judge} bot from what {name} knew at each decision ({worlds} a decision)").format(
        name=name, judge=judge, worlds=sampled_worlds(worlds)
    )


def mark_count(mark: str, count: int) -> str:
    """How many decisions got a mark, by `review.model.Mark` value: '1 mistake', '2 mistakes'."""
    if mark == "best":
        message = ngettext("{n} best", "{n} best", count)
    elif mark == "good":
        message = ngettext("{n} good", "{n} good", count)
    elif mark == "inaccuracy":
        message = ngettext("{n} inaccuracy", "{n} inaccuracies", count)
    elif mark == "mistake":
        message = ngettext("{n} mistake", "{n} mistakes", count)
    elif mark == "blunder":
        message = ngettext("{n} blunder", "{n} blunders", count)
    else:
        raise KeyError(mark)
    return message.format(n=count)


def marks_line(counts: Sequence[tuple[str, int]]) -> str:
    """'Marks: 3 best, 1 good, 2 mistakes' (the marks given at least once), from each
    `review.model.Mark` value and how many decisions got it."""
    return _("Marks: {marks}").format(marks=", ".join(mark_count(mark, count) for mark, count in counts if count))


def expected_after(expected: float, total: float | None) -> str:
    """Under a choice: 'expected points ahead of the best rival at the end +1.20 (final total 18.40)'."""
    after = f"{_(MEASURE)} {ahead_points(expected)}"
    return after if total is None else _("{after} (final total {total})").format(after=after, total=i18n.decimal(total, 2))


def why_lost(loss: float, worlds: int) -> str:
    """The reason in words, on a page that lost points."""
    if worlds > 1:
        return _(
            "The best choice ended {loss} points further ahead of the best rival on average, over the same "
            "{worlds} deals of the cards you had not seen, the rest of the game played by the bots' policy."
        ).format(loss=i18n.decimal(loss, 2), worlds=worlds)
    return _(
        "The best choice ended {loss} points further ahead of the best rival: nothing unseen was left, "
        "so this is exact."
    ).format(loss=i18n.decimal(loss, 2))


