"""Hand-written rule checks: each a tiny position and its exact set of legal moves.

Squares are written algebraically (a1 = White's lower left) so the same picture reads
on both boards; the FEN reader accepts algebraic squares on any board.
"""

from arbiter.board import Board, Colour, Piece
from arbiter.variants import EnglishBoard, InternationalBoard, RussianBoard


def moves(board: Board) -> set[tuple[str, str, frozenset[str]]]:
    name = board.geometry.algebraic
    return {
        (name(m.from_square), name(m.to_square), frozenset(name(s) for s in m.captures))
        for m in board.legal_moves()
    }


def sq(board: Board, name: str) -> int:
    square = board.geometry.parse_square(name)
    assert square is not None
    return square


def caps(*names: str) -> frozenset[str]:
    return frozenset(names)


NONE = frozenset()


# -- compulsory capture ------------------------------------------------------------


def test_capture_is_compulsory_international():
    """FMJD 4.x / 5.4.6; docs/rules/international.md §3: a capture excludes every simple move."""
    board = InternationalBoard("W:Wd4,i3:Be5")
    assert moves(board) == {("d4", "f6", caps("e5"))}


def test_capture_is_compulsory_english():
    board = EnglishBoard("B:Wc3,h2:Bd4,a7")
    assert moves(board) == {("d4", "b2", caps("c3"))}


# -- men: directions ---------------------------------------------------------------


def test_men_step_forward_only():
    board = InternationalBoard("W:Wd4:Bj10")
    assert moves(board) == {("d4", "c5", NONE), ("d4", "e5", NONE)}
    board = InternationalBoard("B:Wa1:Bd4")
    assert moves(board) == {("d4", "c3", NONE), ("d4", "e3", NONE)}


def test_international_and_russian_men_capture_backwards():
    """FMJD 4.1; docs/rules/international.md §3, docs/rules/russian.md §2."""
    for cls in (InternationalBoard, RussianBoard):
        assert moves(cls("W:Wd4:Bc3")) == {("d4", "b2", caps("c3"))}


def test_english_men_do_not_capture_backwards():
    """WCDF 1.18; docs/rules/english.md §2."""
    assert moves(EnglishBoard("W:Wd4:Bc3")) == {("d4", "c5", NONE), ("d4", "e5", NONE)}
    assert moves(EnglishBoard("B:Wf6:Be5")) == {("e5", "d4", NONE), ("e5", "f4", NONE)}


# -- majority rule and free choice --------------------------------------------------


def test_majority_rule_international():
    """FMJD 4.13; docs/rules/international.md §3: the capture taking most pieces is compulsory."""
    board = InternationalBoard("W:Wd4,h4:Bc5,g5,g7")
    assert moves(board) == {("h4", "h8", caps("g5", "g7"))}


def test_majority_rule_counts_kings_like_men():
    """FMJD 4.14: two men outweigh one king."""
    board = InternationalBoard("W:Wd4,h4:BKc5,g5,g7")
    assert moves(board) == {("h4", "h8", caps("g5", "g7"))}


def test_majority_rule_leaves_free_choice_among_equals():
    board = InternationalBoard("W:Wd4,h4:Bc5,g5")
    assert moves(board) == {("d4", "b6", caps("c5")), ("h4", "f6", caps("g5"))}


def test_free_choice_russian_and_english():
    """docs/rules/russian.md §2, WCDF 1.20: no majority rule."""
    expected = {("d4", "b6", caps("c5")), ("h4", "h8", caps("g5", "g7"))}
    assert moves(RussianBoard("W:Wd4,h4:Bc5,g5,g7")) == expected
    assert moves(EnglishBoard("W:Wd4,h4:Bc5,g5,g7")) == expected


# -- multi-captures, Turkish strike, move identity -----------------------------------


def test_capture_must_be_completed():
    board = EnglishBoard("W:Wa3:Bb4,d6")
    assert moves(board) == {("a3", "e7", caps("b4", "d6"))}


def test_piece_is_never_jumped_twice_and_routes_merge():
    """Turkish strike (docs/rules/international.md §3): the man runs round four pieces back to its
    start square; it cannot jump d2 again. Both directions round the loop take the same
    pieces from c1 to c1, so they are one move ("drop", docs/rules/international.md §3.7,
    perft.md §1)."""
    board = InternationalBoard("W:Wc1:Bd2,d4,b4,b2")
    assert moves(board) == {("c1", "c1", caps("d2", "d4", "b4", "b2"))}
    (move,) = board.legal_moves()
    board.push(move)
    assert board.fen() == "B:W47:B"


def test_jumped_pieces_block_the_king():
    """Turkish strike (docs/rules/international.md §3.5, russian.md §2.4): a1xc3, f6xg5,
    h4xf2 brings the king to e1, from where b4 lies behind the jumped c3, which still
    stands: the capture ends. Removing pieces at once would let it take b4 as well."""
    board = RussianBoard("W:WKa1:Bc3,g5,f2,b4")
    assert moves(board) == {
        ("a1", "g1", caps("c3", "f2")),
        ("a1", "e1", caps("c3", "g5", "f2")),
    }


def test_king_cannot_run_back_over_a_jumped_piece():
    """After c1xd2 the king goes on from e3 (over b6); it never re-crosses d2."""
    board = RussianBoard("W:WKc1:Bd2,b6")
    assert moves(board) == {("c1", "a7", caps("d2", "b6"))}
    board = RussianBoard("W:WKc1:Bd2")
    assert moves(board) == {("c1", s, caps("d2")) for s in ("e3", "f4", "g5", "h6")}


# -- kings --------------------------------------------------------------------------


def test_flying_king_moves_any_distance():
    """FMJD 3.9; docs/rules/international.md §2: the king stops before the first occupied square."""
    board = InternationalBoard("W:WKa1:Bj10")
    assert {to for _, to, _ in moves(board)} == {"b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9"}


def test_flying_king_captures_at_distance_and_lands_anywhere_behind():
    board = InternationalBoard("W:WKa1:Bd4")
    assert moves(board) == {("a1", s, caps("d4")) for s in ("e5", "f6", "g7", "h8", "i9", "j10")}


def test_english_king_is_short():
    """WCDF 1.17; docs/rules/english.md §2."""
    board = EnglishBoard("W:WKd4:Bh8")
    assert moves(board) == {("d4", s, NONE) for s in ("c5", "e5", "c3", "e3")}
    board = EnglishBoard("W:WKd4:Bc3,e5")
    assert moves(board) == {("d4", "b2", caps("c3")), ("d4", "f6", caps("e5"))}
    board = EnglishBoard("W:WKa1:Bc3")
    assert moves(board) == {("a1", "b2", NONE)}


def test_russian_king_must_land_where_it_can_go_on():
    """docs/rules/russian.md §2: among the squares behind c3 only d4 lets the king continue."""
    board = RussianBoard("W:WKa1:Bc3,e3")
    assert moves(board) == {("a1", "f2", caps("c3", "e3")), ("a1", "g1", caps("c3", "e3"))}


# -- promotion ----------------------------------------------------------------------


def test_promotion_on_a_simple_move():
    for cls in (InternationalBoard, RussianBoard, EnglishBoard):
        board = cls("W:Wc7:Bf2") if cls is not InternationalBoard else cls("W:Wc9:Bf2")
        end = "b8" if cls is not InternationalBoard else "b10"
        move = next(m for m in board.legal_moves() if m.to_square == sq(board, end))
        board.push(move)
        assert board.piece_at(sq(board, end)) == Piece(Colour.WHITE, True)


def test_international_man_passing_the_back_row_stays_a_man():
    """FMJD 3.5, 4.15; docs/rules/international.md §4."""
    board = InternationalBoard("W:Wb8:Bc9,e9")
    assert moves(board) == {("b8", "f8", caps("c9", "e9"))}
    board.push(board.legal_moves()[0])
    assert board.piece_at(sq(board, "f8")) == Piece(Colour.WHITE, False)


def test_international_man_ending_a_capture_on_the_back_row_is_crowned():
    board = InternationalBoard("W:Wb8:Bc9")
    board.push(board.legal_moves()[0])
    assert board.piece_at(sq(board, "d10")) == Piece(Colour.WHITE, True)


def test_russian_man_crowned_in_passing_goes_on_as_a_king():
    """docs/rules/russian.md §2: crowned on d8, it takes e7 as a flying king."""
    board = RussianBoard("W:Wb6:Bc7,e7")
    assert moves(board) == {("b6", s, caps("c7", "e7")) for s in ("f6", "g5", "h4")}
    board.push(board.parse_move("b6:h4"))
    assert board.piece_at(sq(board, "h4")) == Piece(Colour.WHITE, True)


def test_russian_man_crowned_in_passing_captures_at_distance():
    board = RussianBoard("W:Wb6:Bc7,f6")
    assert moves(board) == {("b6", "g5", caps("c7", "f6")), ("b6", "h4", caps("c7", "f6"))}


def test_english_crowning_ends_the_move():
    """WCDF 1.19: crowned on d8, it may not go on to take e7."""
    board = EnglishBoard("W:Wb6:Bc7,e7")
    assert moves(board) == {("b6", "d8", caps("c7"))}
    board.push(board.legal_moves()[0])
    assert board.piece_at(sq(board, "d8")) == Piece(Colour.WHITE, True)


def test_black_promotes_on_whites_back_row():
    board = EnglishBoard("B:Wh8:Bb2")
    for move in board.legal_moves():
        child = board.copy()
        child.push(move)
        assert child.piece_at(move.to_square) == Piece(Colour.BLACK, True)


# -- game end -----------------------------------------------------------------------


def test_blocked_side_has_no_legal_moves():
    board = InternationalBoard("W:Wa1:Bb2,c3")
    assert board.legal_moves() == []
    assert not board.has_legal_moves()
    assert not InternationalBoard("B:Wa1:B").has_legal_moves()
    assert InternationalBoard().has_legal_moves()
