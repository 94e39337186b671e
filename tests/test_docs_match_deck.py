"""The docs quote the shipped deck: checked here, so they cannot go stale again.

docs/rules.md shows one card of the deck as TOML and lays two of its cards out as an
example of placing; docs/balance.md is generated from balance runs on the deck.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from pier18.engine import Pier
from pier18.engine.deck import parse_deck
from pier18.engine.notation import format_sections

ROOT = Path(__file__).resolve().parents[1]
RULES = (ROOT / "docs" / "rules.md").read_text()


def _blocks_after(marker: str, count: int, fence: str = "```") -> list[str]:
    start = RULES.index(marker)
    found = re.findall(rf"{fence}[a-z]*\n(.*?){fence}", RULES[start:], re.S)
    return found[:count]


def test_the_card_shown_as_toml_is_the_decks_card(deck):
    (block,) = _blocks_after("This is card", 1)
    card_id = int(re.search(r"This is card (\d+) of the\s+shipped deck", RULES).group(1))  # type: ignore[union-attr]
    shown = tomllib.loads(block)["cards"][0]
    assert shown["id"] == card_id
    # The block must be a whole card: parse it in a deck of otherwise real cards.
    raw = tomllib.loads((ROOT / "data" / "cards.toml").read_text())
    raw["cards"] = [shown if c["id"] == card_id else c for c in raw["cards"]]
    assert parse_deck(raw)[card_id] == deck[card_id]


def _strip(block: str) -> str:
    return "".join(line.split("#", 1)[0].rstrip() + "\n" for line in block.splitlines())


def test_the_rules_name_the_shipped_decks_version_and_split_goal_example(deck):
    said = re.search(r"The shipped deck is\s+version\s+(\d+)\.", RULES)
    assert said and int(said[1]) == deck.version
    # The two/three example is a card of the deck as it is now.
    (block,) = _blocks_after("and that kind's settings, for example:", 1)
    goals = tomllib.loads(block)["cards"]["plan"]
    texts = {(card.plan.two.text, card.plan.three.text) for card in deck.values()}
    assert (goals["two"]["text"], goals["three"]["text"]) in texts


def test_the_placing_example_shows_the_decks_cards_and_scores(deck):
    intro = re.search(r"Example: the Foundation is card (\d+) \((\w[^)]*)\) and the player drafts card (\d+)\s*\((\w[^)]*)\)", RULES)
    assert intro, "the placing example names its two cards"
    first, first_name, second, second_name = int(intro[1]), intro[2], int(intro[3]), intro[4].replace("\n", " ")
    assert (deck[first].name, deck[second].name) == (first_name, " ".join(second_name.split()))
    end_to_end, covered = _blocks_after("Example: the Foundation is card", 2)
    cover = int(re.search(rf"`{first} {second}:(\d)`", RULES)[1])  # type: ignore[index]
    assert f"`{first} {second}`" in RULES
    plain = Pier.from_notation(f"{first} {second}", deck)
    slid = Pier.from_notation(f"{first} {second}:{cover}", deck)
    assert _strip(end_to_end) == format_sections(plain.visible_sections())
    assert _strip(covered) == format_sections(slid.visible_sections())
    claim = re.search(r"worth\s+(\d+)\s+points\s+instead\s+of\s+(\d+)", RULES)
    assert claim, "the example says what sliding the card is worth"
    assert (int(claim[1]), int(claim[2])) == (slid.sheet().total, plain.sheet().total)


def test_balance_doc_is_what_the_balance_runs_print_for_this_deck():
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "balance_doc.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
