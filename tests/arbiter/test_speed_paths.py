"""The speed paths give the answers of the plain ones.

- perft's leaves' parents packed side by side (``MoveGenerator.count_lanes``) count what
  plain recursion counts, position by position;
- the men-only capture search (``MoveGenerator._man_routes``) finds the routes of the
  general search, in the same order;
- ``Board.push_facts``/``start_facts`` (read from the bits) equal
  ``PlyFacts.of_move``/``of_position`` (read square by square);
- a move read by ``parse_move`` and then pushed (its raw move kept) leaves the position a
  fresh, equal move leaves.

Positions come from random legal play in every draughts variant.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter._movegen import MoveGenerator, play
from arbiter.draws import RULES, Countdown, PlyFacts
from arbiter.geometry import Colour
from arbiter.move import Move
from arbiter.perft import perft
from arbiter.variants import VARIANTS
from tests.arbiter.registry import BITBOARD_VARIANTS, played

DIAGONAL = [name for name in BITBOARD_VARIANTS if VARIANTS[name]._generator.diagonal is not None]


def plain_perft(
    generator: MoveGenerator, own: int, opp: int, kings: int, c: int, depth: int
) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in generator.legal(own, opp, kings, c):
        mine, theirs, crowned = play(own, opp, kings, move)
        total += plain_perft(generator, theirs, mine, crowned, 1 - c, depth - 1)
    return total


def test_the_diagonal_variants_are_the_expected_ones() -> None:
    assert {"international", "russian", "brazilian", "canadian", "pool"} <= set(DIAGONAL)
    assert not {"english", "italian", "frisian", "turkish", "thai"} & set(DIAGONAL)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(DIAGONAL), st.integers(0, 10**6))
def test_packed_perft_counts_what_plain_recursion_counts(name: str, seed: int) -> None:
    for board in played(name, seed, 120)[::9]:
        generator = board._generator
        for depth in (1, 2, 3):
            expected = plain_perft(generator, *board._raw(), depth)
            assert perft(board, depth) == expected, (board.fen(), depth)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(DIAGONAL), st.integers(0, 10**6))
def test_count_lanes_counts_each_packed_position(name: str, seed: int) -> None:
    """Positions without kings, same side to move, packed in random order."""
    positions = [b._raw() for b in played(name, seed, 120) if not b._kings]
    generator = VARIANTS[name]._generator
    rng = random.Random(seed)
    for c in (0, 1):
        chosen = [p for p in positions if p[3] == c]
        rng.shuffle(chosen)
        own = opp = empty = 0
        for i, (mine, theirs, _, _) in enumerate(chosen):
            shift = i * generator.lane
            own |= mine << shift
            opp |= theirs << shift
            empty |= (generator.full ^ (mine | theirs)) << shift
        expected = sum(len(generator.legal(*p)) for p in chosen)
        assert generator.count_lanes(own, opp, empty, c, len(chosen)) == expected


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BITBOARD_VARIANTS), st.integers(0, 10**6))
def test_man_routes_are_the_general_search_routes(name: str, seed: int) -> None:
    generator = VARIANTS[name]._generator
    positions = [b._raw() for b in played(name, seed, 120)]
    fast = [generator.capture_paths(*p) for p in positions]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(MoveGenerator, "_man_routes", lambda *args: None)
        general = [generator.capture_paths(*p) for p in positions]
    assert fast == general


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BITBOARD_VARIANTS), st.integers(0, 10**6))
def test_facts_from_the_bits_are_the_facts_square_by_square(name: str, seed: int) -> None:
    rng = random.Random(seed)
    board = VARIANTS[name]()
    road = board._main_road
    assert board.start_facts(0) == PlyFacts.of_position(board, 0, main_road=road)
    for ply in range(1, 120):
        moves = board.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        text = board.move_text(move)
        other = board.copy()
        expected = PlyFacts.of_move(other, move, ply, main_road=road)
        read = board.parse_move(text) if rng.random() < 0.5 else move
        assert board.push_facts(read, ply) == expected, (other.fen(), text)
        assert board.start_facts(ply) == PlyFacts.of_position(other, ply, main_road=road)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BITBOARD_VARIANTS), st.integers(0, 10**6))
def test_a_move_read_then_pushed_plays_like_a_fresh_one(name: str, seed: int) -> None:
    rng = random.Random(seed)
    board = VARIANTS[name]()
    for _ in range(120):
        moves = board.legal_moves()
        if not moves:
            break
        move = board.parse_move(board.move_text(rng.choice(moves)))
        fresh = board.copy()
        fresh.push(Move(move.from_square, move.to_square, move.captures, move.path))
        board.push(move)
        assert board.fen() == fresh.fen()
        assert board.has_legal_moves() == bool(fresh.legal_moves())


LONE_KING_RULES = [rule for rule in RULES.values() if getattr(rule, "lone_king", False)]


def test_the_lone_king_rules_are_flagged() -> None:
    assert {rule.code for rule in LONE_KING_RULES} >= {
        "fmjd-16-move",
        "fmjd-5-move",
        "d64-7.2.4",
        "d64-7.2.8",
    }


@settings(max_examples=200, deadline=None)
@given(st.tuples(*[st.integers(0, 4)] * 4), st.integers(1, 99))
def test_a_flagged_rule_starts_a_count_only_with_a_lone_king(
    material: tuple[int, int, int, int], ply: int
) -> None:
    """``Countdown.lone_king`` lets a rule skip ``holds`` on plies without a lone king:
    ``holds`` must never be true there."""
    white_men, white_kings, black_men, black_kings = material
    facts = PlyFacts(
        ply, Colour.WHITE, False, 0, 0, False, ply, white_men, white_kings, black_men, black_kings
    )
    for rule in LONE_KING_RULES:
        assert isinstance(rule, type) and issubclass(rule, Countdown)
        if facts.lone_king() is None:
            assert not rule().holds(facts), (rule.code, material)
