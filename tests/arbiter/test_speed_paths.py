"""The speed paths give the answers of the plain ones.

- perft's leaves' parents packed side by side (``MoveGenerator.count_lanes``) count what
  plain recursion counts, position by position;
- the men-only capture search (``MoveGenerator._man_routes``) finds the routes of the
  general search, in the same order;
- ``Board.push_facts``/``start_facts`` (read from the bits) equal
  ``PlyFacts.of_move``/``of_position`` (read square by square);
- a move read by ``parse_move`` and then pushed (its raw move kept) leaves the position a
  fresh, equal move leaves;
- the draw rules that rest after a quiet ply (``DrawRule.rests_after_quiet_ply``) are
  back in their fresh state after one, and the replay that skips them on the quiet plies
  that follow gives the verdict of the replay that observes every rule at every ply;
- ``Board.push_facts_unless_quiet`` gives None exactly for a quiet ply, else the facts
  ``push_facts`` gives, and the replay that asks whether the game ended only where it
  reads no move (``ends_without_moves_only``) gives the verdict of the one that asks
  after every ply;
- ``bit_indices`` (a byte at a time) lists the set bits, and the squares of a layout come
  in bit order without sorting.

Positions come from random legal play in every draughts variant.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter._bits import bit_indices
from arbiter._movegen import MoveGenerator, play
from arbiter.board import Board
from arbiter.draws import RULES, Countdown, PlyFacts
from arbiter.geometry import Colour
from arbiter.move import Move
from arbiter.pdn import PdnGame, read_game
from arbiter.perft import perft
from arbiter.replay import _Replay
from arbiter.variants import VARIANTS
from arbiter.verdict import Verdict
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
KING_RULES = [rule for rule in RULES.values() if getattr(rule, "needs_king", False)]


def test_the_lone_king_rules_are_flagged() -> None:
    assert {rule.code for rule in LONE_KING_RULES} >= {
        "fmjd-16-move",
        "fmjd-5-move",
        "d64-7.2.4",
        "d64-7.2.8",
    }
    assert set(LONE_KING_RULES) <= set(KING_RULES)
    assert {rule.code for rule in KING_RULES} >= {"d64-7.2.6", "frisian-2-kings", "frisian-1-king"}


@settings(max_examples=300, deadline=None)
@given(st.tuples(*[st.integers(0, 4)] * 4), st.integers(1, 99))
def test_a_flagged_rule_starts_a_count_only_in_its_situation(
    material: tuple[int, int, int, int], ply: int
) -> None:
    """``Countdown.needs_king`` and ``Countdown.lone_king`` let a rule skip ``holds`` on
    plies without a king, or without a lone king: ``holds`` must never be true there."""
    white_men, white_kings, black_men, black_kings = material
    facts = PlyFacts(
        ply, Colour.WHITE, False, 0, 0, False, ply, white_men, white_kings, black_men, black_kings
    )
    for rule in KING_RULES:
        assert isinstance(rule, type) and issubclass(rule, Countdown)
        if not white_kings and not black_kings:
            assert not rule().holds(facts), (rule.code, material)
        if rule in LONE_KING_RULES and facts.lone_king() is None:
            assert not rule().holds(facts), (rule.code, material)


@pytest.mark.parametrize("name", BITBOARD_VARIANTS)
def test_bit_indices_grow_with_the_square_numbers(name: str) -> None:
    """``Layout.squares`` lists squares in bit order without sorting them."""
    layout = VARIANTS[name]._generator.layout
    assert list(layout.index[1:]) == sorted(layout.index[1:])
    assert layout.squares(layout.full) == list(range(1, VARIANTS[name].geometry.size + 1))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**200))
def test_bit_indices_are_the_set_bits(mask: int) -> None:
    assert bit_indices(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]


RESTING_RULES = [rule for rule in RULES.values() if rule.rests_after_quiet_ply]


def test_every_draughts_rule_rests_after_quiet_plies() -> None:
    """All but the chess rules of Dragonfly, whose pieces move back and forth after a pawn
    move or a capture."""
    assert {rule.code for rule in RESTING_RULES} == set(RULES) - {
        "chess-threefold",
        "chess-fivefold",
    }


@st.composite
def ply_facts(draw: st.DrawFn, ply: int, *, quiet: bool = False) -> PlyFacts:
    """Facts of ply ``ply`` with a consistent material and lone king; a quiet ply moves a
    man or captures and leaves no king."""
    white_men, black_men = draw(st.integers(0, 4)), draw(st.integers(0, 4))
    white_kings = 0 if quiet else draw(st.integers(0, 4))
    black_kings = 0 if quiet else draw(st.integers(0, 4))
    captures = draw(st.integers(0, 2))
    man_moved = draw(st.booleans()) or (quiet and not captures)
    lone = None
    if (white_kings == 1 and not white_men) or (black_kings == 1 and not black_men):
        lone = draw(st.sampled_from([1, 5, 10]))
    return PlyFacts(
        ply,
        Colour.WHITE if ply % 2 else Colour.BLACK,
        man_moved,
        captures,
        draw(st.integers(0, captures)),
        man_moved and draw(st.booleans()),
        draw(st.integers(0, 3)),  # a few keys: repetitions happen
        white_men,
        white_kings,
        black_men,
        black_kings,
        lone,
        frozenset(draw(st.sets(st.sampled_from([1, 5, 10, 14])))) if lone else frozenset(),
    )


def _rests_after_a_quiet_ply(data: st.DataObject) -> None:
    """What lets the replay skip the rules on the quiet plies after one they observed."""
    length = data.draw(st.integers(0, 80))
    history = [data.draw(ply_facts(ply)) for ply in range(1, length + 1)]
    quiet = data.draw(ply_facts(length + 1, quiet=True))
    assert quiet.quiet
    for rule_type in RESTING_RULES:
        rule = rule_type()
        for facts in history:
            rule.observe(facts)
        assert rule.observe(quiet) is False, rule.code
        assert vars(rule) == vars(rule_type()), rule.code


@pytest.mark.deep
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_quiet_ply_puts_a_resting_rule_back_in_its_fresh_state(data: st.DataObject) -> None:
    _rests_after_a_quiet_ply(data)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_quiet_ply_puts_a_resting_rule_back_in_its_fresh_state_for_a_sample(
    data: st.DataObject,
) -> None:
    """`make test`'s sample of the histories of the `deep` test above (drawing the facts
    of the plies is most of the cost)."""
    _rests_after_a_quiet_ply(data)


RULED_GAMES = sorted(
    name
    for name, cls in VARIANTS.items()
    if any(RULES[code].rests_after_quiet_ply for code in cls.draw_rules)
)


def endgame(name: str, rng: random.Random) -> str:
    """A FEN of a few men each, off the crowning rows, and maybe a king or two: kings,
    captures back to men only, and the endgame rules come soon."""
    geometry = VARIANTS[name].geometry
    edges = {*geometry.rank_squares(0), *geometry.rank_squares(geometry.height - 1)}
    inner = [s for s in range(1, geometry.size + 1) if s not in edges]
    squares = rng.sample(inner, 12)
    sides = []
    for part in (squares[:6], squares[6:]):
        men = [str(s) for s in part[: rng.randint(1, 4)]]
        kings = [f"K{s}" for s in part[4 : 4 + rng.choice((0, 0, 1, 2))]]
        sides.append(",".join(men + kings))
    return f"W:W{sides[0]}:B{sides[1]}"


def judged(game: PdnGame) -> tuple[Verdict, list[dict[str, object]]]:
    """The verdict, and the state of every draw rule at the end of the replay."""
    state = _Replay(game, None)
    return state.run(None, None), [vars(rule) for rule in state.rules]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULED_GAMES), st.integers(0, 10**6))
def test_the_replay_that_skips_resting_rules_gives_the_plain_verdict(name: str, seed: int) -> None:
    """Random games, from the start or from an endgame, kings moved more often than men
    (endings, counts and draws come soon): the verdict and the rules' final state are the
    same when every rule is observed at every ply."""
    rng = random.Random(seed)
    cls = VARIANTS[name]
    tags = f'[GameType "{cls.game_type}"]' if cls.game_type else f'[Variant "{name}"]'
    bitboard = issubclass(cls, Board)
    if bitboard and rng.random() < 0.7:
        fen = endgame(name, rng)
        tags += f'\n[SetUp "1"]\n[FEN "{fen}"]'
        board = cls(fen)
    else:
        board = cls()
    texts = []
    for _ in range(rng.randint(20, 400)):
        moves = board.legal_moves()
        if not moves:
            break
        kings = [m for m in moves if bitboard and board.piece_at(m.from_square).king]
        move = rng.choice(kings if kings and rng.random() < 0.8 else moves)
        texts.append(board.move_text(move))
        board.push(move)
    game = read_game(f"{tags}\n{' '.join(texts)} *")
    skipping = judged(game)
    with pytest.MonkeyPatch.context() as patch:  # no ply is quiet: nothing is skipped
        patch.setattr(PlyFacts, "quiet", property(lambda facts: False))
        assert judged(game) == skipping


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BITBOARD_VARIANTS), st.integers(0, 10**6))
def test_facts_unless_quiet_are_the_facts_of_a_ply_that_is_not_quiet(name: str, seed: int) -> None:
    """``Board.push_facts_unless_quiet`` gives None exactly where ``push_facts`` gives the
    facts of a quiet ply, and those facts otherwise; from the start and from endgames
    (crownings and kings)."""
    rng = random.Random(seed)
    cls = VARIANTS[name]
    board = cls(endgame(name, rng) if rng.random() < 0.5 else None)
    for ply in range(1, 120):
        moves = board.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        other = board.copy()
        expected = other.push_facts(move, ply)
        facts = board.push_facts_unless_quiet(move, ply)
        assert facts == (None if expected.quiet else expected), (other.fen(), move)
        assert board.fen() == other.fen()


#: What may follow a game played to its end, or stopped before it: nothing, a move that
#: may be legal or not, a move nobody recorded, a setup and a move, a text that is no move.
TAILS = ("", "{move}", "-", '/FEN "{fen}"/ {move}', "99x98", "{move} {move}")


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(BITBOARD_VARIANTS), st.integers(0, 10**6), st.sampled_from(TAILS))
def test_the_replay_that_asks_for_the_end_where_no_move_is_read_gives_the_plain_verdict(
    name: str, seed: int, tail: str
) -> None:
    """A draughts board ends only without a legal move (``ends_without_moves_only``): the
    replay asks whether the game ended only where it reads no move. Games played to
    their end or stopped short, from endgames (ends and draws come soon), then a tail:
    the verdict and the rules' state are those of the replay that asks after every ply."""
    rng = random.Random(seed)
    cls = VARIANTS[name]
    fen = endgame(name, rng)
    board = cls(fen)
    texts, seen = [], []
    for _ in range(rng.choice((5, 40, 400))):
        moves = board.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        seen.append(board.move_text(move))
        texts.append(seen[-1])
        board.push(move)
    ending = tail.format(move=rng.choice(seen) if seen else "1-2", fen=endgame(name, rng))
    tags = f'[GameType "{cls.game_type}"]' if cls.game_type else f'[Variant "{name}"]'
    game = read_game(f'{tags}\n[SetUp "1"]\n[FEN "{fen}"]\n{" ".join(texts)} {ending} *')
    late = judged(game)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cls, "ends_without_moves_only", False)
        assert judged(game) == late
