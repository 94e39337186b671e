"""Honest predictions (issue #22): what a draft does for the round's Patron is told as
decided only when nobody still to draft can change it.

The engine's `PatronRace` says who is still to draft, who of them could still take a
Patron (`threats`), the date they would have to beat when they can at best tie, and
whether the race is `settled`. Each claim is checked here against every way the round
can still end, played out by the engine itself (`Game.clone`, `legal_decisions`), on
many positions of seeded games; then the preview's words and the bots' reasons are
checked against those races.
"""

from __future__ import annotations

import random

import pytest

from pier18.bots.estimate import reasons
from pier18.speech.why import motive_text
from pier18.engine import Draft, Game, Phase, PlayerView, TableView
from pier18.words import patron_outlook


def round_endings(game: Game) -> list[tuple[int, int, int]]:
    """Every way the current round can still end, as (Patron card, its winner, the date
    key of the winner's draft), played out by the engine."""
    awards = len(game.awards)
    found: list[tuple[int, int, int]] = []

    def play(state: Game) -> None:
        if len(state.awards) > awards:
            award = state.awards[-1]
            found.append((award.card, award.winner, state.deck[award.drafted[award.winner]].date_key))
            return
        for decision in state.legal_decisions():
            after = state.clone()
            after.apply(decision)
            play(after)

    play(game)
    return found


def draft_positions(deck, players: int, seeds: range):
    """(game, seat, draft) for drafts of seeded random games that leave someone still to
    draft this round (the ones a prediction is about), a few per game."""
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(deck, players, seed)
        while not game.is_terminal():
            legal = game.legal_decisions()
            if game.phase is Phase.DRAFT and sum(card is None for card in game.drafted) > 1:
                for decision in rng.sample(legal, min(3, len(legal))):
                    yield game, game.current_player, decision
            game.apply(rng.choice(legal))


@pytest.mark.parametrize("players", [2, 3])
def test_a_settled_race_is_settled_and_a_threat_is_real(deck, players):
    checked = {"settled": 0, "threat": 0, "beat date": 0}
    for game, seat, decision in draft_positions(deck, players, range(6)):
        result = PlayerView.of(game, seat).outcome(decision)
        after = game.clone()
        after.apply(decision)
        endings = round_endings(after)
        for race in result.races:
            here = [(winner, date) for card, winner, date in endings if card == race.card]
            assert here, "every card of the row can be the one left"
            winners = {winner for winner, _ in here}
            assert race.to_draft == tuple(s for s, card in enumerate(after.drafted) if card is None)
            if race.settled:
                assert winners == {race.winner_after}, (race, winners)
                checked["settled"] += 1
            else:
                assert race.winner_after is None or race.winner_after in race.to_draft or race.threats
            for threat in race.threats:
                assert threat in race.to_draft
                if race.winner_after is not None and race.winner_after not in race.to_draft:
                    # The leader's pier is done for the round: a threat is a real chance
                    # that someone else takes it.
                    assert winners - {race.winner_after}, (race, winners)
                    checked["threat"] += 1
            if race.beat_date is not None:
                winner_key = deck[after.drafted[race.winner_after]].date_key
                assert deck[after.drafted[race.winner_after]].date == race.beat_date
                # Only a tie is left to them: whoever else wins it drafted an earlier date.
                assert all(date < winner_key for winner, date in here if winner != race.winner_after)
                checked["beat date"] += 1
    assert all(checked.values()), checked


def test_the_preview_says_wins_only_of_a_settled_race(deck):
    """'Ann wins' only when nobody still to draft can change it; otherwise 'leads' and who
    can still overtake, or the date to beat ('unless Bob ties with a card dated before')."""
    names = ["Ann", "Bob", "Cy"]
    seen = {"wins": 0, "leads": 0, "unless": 0}
    for game, seat, decision in draft_positions(deck, 3, range(8)):
        result = PlayerView.of(game, seat).outcome(decision)
        dates = {s: card.date for s, card in enumerate(result.drafted) if card is not None}
        for race in result.races:
            words = patron_outlook(race, names, dates)
            if race.winner_after is None:
                assert words.startswith("tie ") and " wins" not in words
                continue
            name = names[race.winner_after]
            if race.settled:
                assert words.startswith(f"{name} wins"), (race, words)
                seen["wins"] += 1
            else:
                assert " wins" not in words and words.startswith(f"{name} leads"), (race, words)
                seen["leads"] += 1
                if race.beat_date is not None:
                    assert words.endswith(f"ties with a card dated before {race.beat_date}")
                    seen["unless"] += 1
                else:
                    assert all(names[s] in words for s in race.threats)
    assert all(seen.values()), seen


def test_a_bots_reason_says_wins_the_patron_only_when_it_does(deck):
    """A bot's reason 'wins the Patron #N' only for the draft that ends the round and
    wins it; 'wins the Patron whichever card is left' only when every way the round can
    still end gives it that seat; otherwise 'aims to win the Patron'."""
    seen = {"won": 0, "sure": 0, "aims": 0}
    for seed in range(10):
        rng = random.Random(seed)
        game = Game(deck, 3, seed)
        while not game.is_terminal():
            legal = game.legal_decisions()
            if game.phase is Phase.DRAFT:
                seat = game.current_player
                for decision in rng.sample(legal, min(4, len(legal))):
                    said = " ".join(motive_text(part) for part in reasons(TableView.of(game), seat, decision))
                    assert isinstance(decision, Draft)
                    after = game.clone()
                    after.apply(decision)
                    if "wins the Patron whichever card is left" in said:
                        assert {winner for _, winner, _ in round_endings(after)} == {seat}, said
                        seen["sure"] += 1
                    elif "wins the Patron #" in said:
                        assert len(after.awards) > len(game.awards) and after.awards[-1].winner == seat, said
                        assert f"wins the Patron #{after.awards[-1].card}" in said
                        seen["won"] += 1
                    elif "aims to win the Patron" in said:
                        assert len(after.awards) == len(game.awards)  # the round goes on
                        seen["aims"] += 1
                    assert "chance of the Patron" not in said
            game.apply(rng.choice(legal))
    assert all(seen.values()), seen
