"""The pure draw: no card repeats before the deck is exhausted, and seeds reproduce draws."""

import doctest
import hashlib
import importlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.ballots.draw import cards_left, draw_sequence, new_seed, pick

decks = st.lists(st.integers(min_value=1, max_value=800), min_size=1, max_size=60, unique=True)
seeds = st.lists(st.text(alphabet="0123456789abcdef", min_size=1, max_size=32), max_size=150)


@given(deck=decks, seeds=seeds)
def test_no_card_repeats_before_the_deck_is_exhausted(deck, seeds):
    cards = draw_sequence(deck=deck, drawn=[], seeds=seeds)
    for start in range(0, len(cards), len(deck)):
        cycle = cards[start : start + len(deck)]
        assert len(set(cycle)) == len(cycle)
        assert set(cycle) <= set(deck)
    full_cycles = len(cards) // len(deck)
    for index in range(full_cycles):
        assert sorted(cards[index * len(deck) : (index + 1) * len(deck)]) == sorted(deck)


@given(deck=decks, seeds=seeds)
def test_re_running_from_the_seeds_gives_the_same_cards(deck, seeds):
    cards = draw_sequence(deck=deck, drawn=[], seeds=seeds)
    assert draw_sequence(deck=list(reversed(deck)), drawn=[], seeds=seeds) == cards
    for index, seed in enumerate(seeds):
        assert pick(seed=seed, pool=cards_left(deck=deck, drawn=cards[:index])) == cards[index]


def test_the_pick_is_the_documented_sha256_rule():
    pool = list(range(1, 157))
    seed = "5f2a0c7e9b1d4a3c8e6f0b2d4c6a8e0f"
    index = int.from_bytes(hashlib.sha256(seed.encode()).digest(), "big") % len(pool)
    assert pick(seed=seed, pool=pool) == pool[index]


def test_cards_left_restarts_after_exhaustion_and_ignores_foreign_cards():
    assert cards_left(deck=[1, 2, 3], drawn=[]) == [1, 2, 3]
    assert cards_left(deck=[1, 2, 3], drawn=[3, 1]) == [2]
    assert cards_left(deck=[1, 2, 3], drawn=[3, 1, 2, 2]) == [1, 3]
    assert cards_left(deck=[1, 2, 3], drawn=[99, 3]) == [1, 2]


def test_new_seeds_are_128_bit_hex_and_differ():
    first, second = new_seed(), new_seed()
    assert len(first) == 32 and int(first, 16) >= 0
    assert first != second


@pytest.mark.parametrize(
    "name", ["tournaments.ballots.cards", "tournaments.ballots.decks", "tournaments.ballots.draw"]
)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted and not result.failed
