"""The fast paths of move generation and move reading give the answers of the slow ones.

- the bit layout (``arbiter._bits``): one step in a direction is one index delta on
  every square, and a step off the board never lands on a playable square;
- ``MoveGenerator.count`` (bulk counting, perft's last ply) is ``len(legal(...))``;
- ``MoveGenerator.captures`` lists the captures the search finds, single jumps listed
  without it included;
- ``MoveGenerator.simple_move`` (one move checked alone) agrees with ``simple_moves``,
  and ``simple_lists`` (public moves built a byte of targets at a time) with both;
- ``Board.has_legal_moves`` and the board's kept legal moves follow push, pop and copy;
- the reader of plain ``a-b`` texts returns what the general reader returns;
- ``Board.play_quiet`` (the replay's runs of quiet plies) plays a text exactly when
  ``parse_move`` and ``push`` would play it as a quiet ply, and a replay with it gives the
  verdict of a replay without it.

Positions come from random legal play and from random placements of men and kings, in
every variant.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from arbiter import notation
from arbiter._movegen import MoveGenerator, RawMove
from arbiter.board import Board, Colour
from arbiter.errors import ArbiterError
from arbiter.pdn import PdnMove, read_game
from arbiter.replay import replay
from arbiter.variants import VARIANTS, InternationalBoard, PoolBoard, RussianBoard
from tests.arbiter.registry import BITBOARD_VARIANTS, played

NAMES = BITBOARD_VARIANTS


@st.composite
def placements(draw: st.DrawFn) -> Board:
    """A variant and a random position: men off their crowning row, kings anywhere."""
    cls = VARIANTS[draw(st.sampled_from(NAMES))]
    geometry = cls.geometry
    squares = list(range(1, geometry.size + 1))
    chosen = draw(st.lists(st.sampled_from(squares), min_size=2, max_size=14, unique=True))
    top, bottom = geometry.rank_squares(geometry.height - 1), geometry.rank_squares(0)
    sides: dict[str, list[str]] = {"W": [], "B": []}
    for square in chosen:
        side = draw(st.sampled_from("WB"))
        crowning = top if side == "W" else bottom
        king = square in crowning or draw(st.booleans())
        sides[side].append(f"K{square}" if king else str(square))
    turn = draw(st.sampled_from("WB"))
    return cls(f"{turn}:W{','.join(sides['W'])}:B{','.join(sides['B'])}")


def searched_captures(
    generator: MoveGenerator, own: int, opp: int, kings: int, c: int, origins: int
) -> list[RawMove]:
    """The captures as the search finds them: every route, the priority, one per move."""
    routes = generator.capture_paths(own, opp, kings, c, origins)
    if generator.select:
        routes = generator.select(routes, kings)
    unique: dict[tuple[int, int, int], RawMove] = {}
    for route in routes:
        unique.setdefault(route[:3], route)
    return routes if len(routes) < 2 else list(unique.values())


def check_generator(board: Board) -> None:
    generator = board._generator
    own, opp, kings, c = board._raw()
    frozen = board._frozen()
    legal = generator.legal(own, opp, kings, c, frozen)
    assert generator.count(own, opp, kings, c, frozen) == len(legal), board.fen()
    assert board.has_legal_moves() == bool(legal)
    jumpers = generator.capturers(own, opp, kings, c)
    assert bool(jumpers) == bool(legal and legal[0][2])
    # every piece that can capture; the priority may leave some of them out
    assert jumpers | sum({1 << raw[0] for raw in legal if raw[2]}) == jumpers
    if jumpers:
        assert generator.captures(own, opp, kings, c, jumpers) == searched_captures(
            generator, own, opp, kings, c, jumpers
        ), board.fen()
    simple = generator.simple_moves(own, opp, kings, c, frozen)
    by_ends = {(raw[0], raw[1]): raw for raw in simple}
    indices = [generator.layout.index[s] for s in range(1, board.geometry.size + 1)]
    for origin in indices:
        if not own >> origin & 1:
            continue
        for to in indices:
            found = generator.simple_move(own, opp, kings, c, frozen, origin, to)
            assert found == by_ends.get((origin, to)), (board.fen(), origin, to)
    # the public moves built with the raw ones, a byte of targets at a time
    raws, moves = generator.simple_lists(own, opp, kings, c, frozen)
    assert raws == simple
    assert [(m, m.path) for m in moves] == [(m, m.path) for m in generator.moves(raws)]
    fresh = board.copy()
    fresh._forget()
    public = fresh.legal_moves()
    assert [(m, m.path) for m in public] == [(m, m.path) for m in generator.moves(legal)]


def check_reader(board: Board) -> None:
    """Every ``from-to`` text of a legal move and of its mirror image, and one that
    joins two pieces, is read by the fast reader as by the general one."""
    name = board.square_name
    texts = set()
    for move in board.legal_moves():
        texts.add(f"{name(move.from_square)}-{name(move.to_square)}")
        texts.add(f"{move.from_square}x{move.to_square}")
        texts.add(f"{name(move.to_square)}-{name(move.from_square)}")
    for text in sorted(texts):
        fast = board._read_plain(text)
        try:
            matches = notation._matches(board, notation._read(board, text))
        except ArbiterError:
            matches = []
        if fast is not None:
            assert matches == [fast], (board.fen(), text)
            assert fast.path == matches[0].path
        else:
            assert len(matches) != 1, (board.fen(), text)


def check_quiet_run(board: Board) -> None:
    """``play_quiet`` plays a text (and stops after it) exactly when ``parse_move`` reads it
    and ``push_facts_unless_quiet`` plays it as a quiet ply (a man's simple move or capture,
    no king on the board, no one crowned), to the same position."""
    if not board.quiet_runs:
        return
    name = board.square_name
    texts = set()
    for move in board.legal_moves():
        texts.add(f"{name(move.from_square)}-{name(move.to_square)}")
        texts.add(f"{name(move.to_square)}-{name(move.from_square)}")
    first = board.first_player
    for text in sorted(texts):
        fast, slow = board.copy(), board.copy()
        items = [PdnMove(text, 1, 1), PdnMove("*", 1, 7, unknown=True)]
        at, number, last, played = fast.play_quiet(items, 0, PdnMove, first, 3, board.turn.other)
        try:
            move = slow.parse_move(text)
        except ArbiterError:
            move = None
        quiet = (
            move is not None and not board._kings and slow.push_facts_unless_quiet(move, 1) is None
        )
        assert played == at == int(quiet), (board.fen(), text)
        if fast._capturers is not None:
            assert fast._capturers == fast._generator.capturers(*fast._raw())
        if quiet:
            assert fast.position_key() == slow.position_key(), (board.fen(), text)
            assert fast.move_stack == slow.move_stack and fast._states == slow._states
            assert [m.path for m in fast.move_stack] == [m.path for m in slow.move_stack]
            assert last is board.turn
            assert number == (4 if board.turn is first else 3)
        else:
            assert (fast.position_key(), number, last) == (
                board.position_key(),
                3,
                board.turn.other,
            )


def check_replay(name: str, seed: int) -> None:
    """A game of random play (now and then a move number out of order, and an illegal move
    at its end) replays to the same verdict with and without quiet runs."""
    board = played(name, seed)[-1]
    cls = type(board)
    if not cls.quiet_runs:
        return
    start = cls()
    words = []
    for ply, move in enumerate(board.move_stack):
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1 + (seed % 7 == ply % 7)}.")
        words.append(start.move_text(move))
        start.push(move)
    words.append(f"{board.geometry.size}-1" if seed % 3 == 0 else "*")
    game = read_game(f'[GameType "{cls.pdn_game_type}"]\n' + " ".join(words))
    assert game is not None
    fast = replay(game, variant=cls)
    try:
        cls.quiet_runs = False
        slow = replay(game, variant=cls)
    finally:
        cls.quiet_runs = True
    assert fast == slow


def test_one_step_is_one_index_delta_everywhere() -> None:
    for cls in map(VARIANTS.get, NAMES):
        generator = cls._generator
        layout, geometry, rules = generator.layout, cls.geometry, generator.rules
        directions = {
            *rules.man_steps,
            *rules.man_captures,
            *rules.king_directions,
            *rules.king_jump_directions,
        }
        directions |= {(df, -dr) for df, dr in directions}
        for square in range(1, geometry.size + 1):
            for direction in directions:
                step = layout.index[square] + layout.delta(direction)
                ray = geometry.ray(square, direction)
                if ray:
                    assert step == layout.index[ray[0]], (cls.name, square, direction)
                else:
                    assert not 0 <= step < len(layout.square) or not layout.square[step]


def test_indices_follow_the_square_numbers() -> None:
    """Generation visits pieces by index: in the order of their numbers."""
    for cls in map(VARIANTS.get, NAMES):
        index = cls._generator.layout.index
        assert list(index[1:]) == sorted(index[1:]), cls.name


def test_bulk_counting_of_single_jumps_checks_every_capture() -> None:
    """International: two single captures are counted in bulk; a second jump, a king
    taken where the majority hook decides, or a Russian man crowned on the way, and
    the captures are generated."""
    cases = [
        (InternationalBoard("W:W32,34:B28,29"), 2),  # 32x23, 34x23
        (InternationalBoard("W:W32:B28,18"), 1),  # 32x23x12
        (InternationalBoard("W:W32,34:BK28,29"), 2),
        (RussianBoard("W:Wb6:Bc7,e7"), 3),  # b6:d8:f6, g5 or h4
    ]
    for board, expected in cases:
        generator = board._generator
        assert len(generator.legal(*board._raw())) == expected, board.fen()
        assert generator.count(*board._raw()) == expected, board.fen()


def test_single_jumps_are_listed_as_the_search_lists_them() -> None:
    """The same edge cases for the listing of captures, and a man that goes on by taking
    a king after a man: each as the search finds it."""
    boards = [
        InternationalBoard("W:W32,34:B28,29"),
        InternationalBoard("W:W32:B28,18"),
        InternationalBoard("W:W32,34:BK28,29"),
        InternationalBoard("W:W32:B28,K18"),
        RussianBoard("W:Wb6:Bc7,e7"),
    ]
    lengths = []
    for board in boards:
        generator = board._generator
        own, opp, kings, c = board._raw()
        jumpers = generator.capturers(own, opp, kings, c)
        listed = generator.captures(own, opp, kings, c, jumpers)
        assert listed == searched_captures(generator, own, opp, kings, c, jumpers), board.fen()
        lengths.append([len(raw[3]) - 1 for raw in listed])
    assert lengths == [[1, 1], [2], [1, 1], [2], [2, 2, 2]]


def check_game(name: str, seed: int) -> None:
    for board in played(name, seed)[::3]:
        check_generator(board)
        check_reader(board)
        check_quiet_run(board)
    check_replay(name, seed)


def check_placement(board: Board) -> None:
    check_generator(board)
    check_reader(board)
    check_quiet_run(board)


# `make test` runs a sample of the two `deep` tests: a game of each variant, and fewer
# placements.

#: A game of 145 plies at most, whose record ends with an illegal move (seed % 3 == 0).
SAMPLE_SEED = 48


@pytest.mark.deep
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NAMES), st.integers(0, 10**6))
def test_fast_paths_over_random_games(name: str, seed: int) -> None:
    check_game(name, seed)


@pytest.mark.parametrize("name", NAMES)
def test_fast_paths_over_a_random_game_of_each_variant(name: str) -> None:
    check_game(name, SAMPLE_SEED)


@pytest.mark.deep
@settings(max_examples=300, deadline=None)
@given(placements())
@example(PoolBoard("W:WK2,18,K19:B6,17,23,25"))
def test_fast_paths_over_random_placements(board: Board) -> None:
    check_placement(board)


@settings(max_examples=100, deadline=None)
@given(placements())
@example(PoolBoard("W:WK2,18,K19:B6,17,23,25"))
def test_fast_paths_over_a_sample_of_random_placements(board: Board) -> None:
    check_placement(board)


def test_quiet_runs_play_the_opening_and_middle_game_of_the_variants_that_have_them() -> None:
    names = [name for name in NAMES if VARIANTS[name].quiet_runs]
    assert {"international", "russian", "brazilian", "pool"} <= set(names)
    board = InternationalBoard()
    items = [PdnMove(t, 1, 1, number=n) for t, n in (("32-28", 1), ("19-23", None))]
    items += [PdnMove("28x19", 1, 1, number=2), PdnMove("14x23", 1, 1), PdnMove("*", 1, 1)]
    assert board.play_quiet(items, 0, PdnMove, Colour.WHITE, 0, None) == (4, 2, Colour.BLACK, 4)
    reference = InternationalBoard()
    for text in ("32-28", "19-23", "28x19", "14x23"):
        reference.push(reference.parse_move(text))
    assert board.fen() == reference.fen() and board.move_stack == reference.move_stack
    assert board._capturers is None
    # it stops where a number is out of order, the capturers of the position kept
    board = InternationalBoard()
    items[2] = PdnMove("28x19", 1, 1, number=3)
    assert board.play_quiet(items, 0, PdnMove, Colour.WHITE, 0, None) == (2, 1, Colour.BLACK, 2)
    assert board._capturers == board._generator.capturers(*board._raw()) != 0


def test_kept_moves_follow_push_pop_and_copy() -> None:
    board = InternationalBoard("W:W33:B28")
    assert board.has_legal_moves()
    capture = board.parse_move("33x22")
    twin = board.copy()
    board.push(capture)
    assert board.turn is Colour.BLACK and not board.has_legal_moves()
    assert twin.legal_moves() == [capture]
    board.pop()
    assert board.legal_moves() == [capture]
    board.set_fen("B:W32:B28")
    assert [(m.from_square, m.to_square) for m in board.legal_moves()] == [(28, 37)]


def test_a_single_jump_is_named_beside_a_longer_capture_between_the_same_squares() -> None:
    """Pool: ``19-1`` is the flying king's jump over 6 (its whole landing path), although
    19x30x21x10x1 also runs from 19 to 1; the fast reader names it as the general one does
    (docs/rules/pdn.md §5.3)."""
    board = PoolBoard("W:WK2,18,K19:B6,17,23,25")
    fast = board._read_plain("19-1")
    assert fast == notation.parse_move(board, "19-1")
    assert fast is not None and fast.captures == {6} and fast.path == (19, 1)
