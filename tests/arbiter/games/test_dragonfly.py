"""Dragonfly rules, one small position per rule (arbiter.games.dragonfly).

Sources are cited in the modules under test: the inventor's rules page (Mindsports) and
its French translation, seed 002; the FIDE Laws of Chess where the game plays as chess.
"""

import pytest

from arbiter.errors import AmbiguousMoveError, FenError, IllegalMoveError, InvalidMoveError
from arbiter.game import Figure
from arbiter.games.dragonfly import DragonflyBoard
from arbiter.geometry import Colour

W, B = Colour.WHITE, Colour.BLACK


def played(fen, *moves):
    board = DragonflyBoard(fen)
    for text in moves:
        board.push(board.parse_move(text))
    return board


def refused(fen, *moves):
    """The error raised by the last of ``moves``, the others being played first."""
    board = played(fen, *moves[:-1])
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move(moves[-1])
    return caught.value


def texts(board):
    return sorted(board.move_text(move) for move in board.legal_moves())


# -- set-up -----------------------------------------------------------------------------


def test_start_position_rook_bishops_king_knights_rook_and_pawns():
    board = DragonflyBoard()
    square = board.geometry.square_at
    assert board.figures()[square(3, 0)] == (Figure(W, "K"),)
    assert board.figures()[square(3, 6)] == (Figure(B, "K"),)
    first = "".join(board.figures()[square(f, 0)][0].kind for f in range(7))
    last = "".join(board.figures()[square(f, 6)][0].kind for f in range(7))
    assert first == last == "RBBKNNR"
    assert {board.figures()[square(f, 1)][0] for f in range(7)} == {Figure(W, "P")}
    assert {board.figures()[square(f, 5)][0] for f in range(7)} == {Figure(B, "P")}
    assert board.turn is W
    assert board.in_hand(W) == board.in_hand(B) == ()


def test_fen_round_trip_and_optional_counters():
    fen = "r2k2r/1p5/7/3N3/7/7/R2K2R[RNbb] b Kq"
    assert DragonflyBoard(fen).fen() == fen
    assert DragonflyBoard(fen + " - 3 17").fen() == fen
    assert DragonflyBoard("3k3/7/7/7/7/7/3K3 w -").fen() == "3k3/7/7/7/7/7/3K3[] w -"


@pytest.mark.parametrize(
    ("fen", "says"),
    [
        ("3k3/7/7/7/7/7/3K3[] x -", "column 21: expected the side to move"),
        ("3k3/7/7/7/7/7/3K2[] w -", "1 more square"),
        ("3k3/7/7/7/7/7/3K3[P] w -", "a piece in hand, R B N"),
        ("3k3/7/7/7/7/7/3K3[] w K", "castling right 'K' only with the king on d1"),
        ("3k3/7/7/7/7/7/7[] w -", "white has 0 kings"),
        ("3k3/7/7/7/7/7/P2K3[] w -", "a pawn on a1"),
        ("3k3/4P2/7/7/7/7/3K3[] w -", "black is in check but it is not to move"),
        # a superscript two is a digit to str.isdigit, not to int()
        ("3k3/7/7/7/7/7/\u00b26[] w -", "column 15"),
        ("3k3/7/7/7/7/7/3K3[] w - \u00b2 1", "the two move counters"),
    ],
)
def test_fen_errors_say_where_and_what(fen, says):
    with pytest.raises(FenError, match=says):
        DragonflyBoard(fen)


# -- pawns --------------------------------------------------------------------------------


def test_pawn_has_no_double_step():
    error = refused(None, "e4")
    assert error.code == "double-step"
    assert "no double step in Dragonfly" in str(error)
    assert "e3" in error.legal


def test_pawn_moves_diagonally_only_to_capture_no_en_passant():
    assert refused(None, "e3", "d5", "exd4").code == "pawn-capture-empty"
    board = played("3k3/7/2p4/3P3/7/7/3K3[] w -", "dxc5")
    assert board.fen() == "3k3/7/2P4/7/7/7/3K3[] b -"


def test_captured_pawn_leaves_the_game():
    board = played("3k3/7/2p4/3P3/7/7/3K3[] w -", "dxc5")
    assert board.in_hand(W) == ()


def test_pawn_cannot_reach_last_rank_when_opponent_holds_nothing():
    error = refused("1k5/4P2/7/7/7/7/3K3[] w -", "e7")
    assert error.code == "promotion-not-held"
    assert "black holds none" in str(error)
    assert all(not text.startswith("e7") for text in error.legal)


def test_pawn_promotes_to_a_piece_the_opponent_holds_which_leaves_his_hand():
    board = played("1k5/4P2/7/7/7/7/3K3[nb] w -", "e7=N")
    assert board.fen() == "1k2N2/7/7/7/7/7/3K3[b] b -"
    assert board.in_hand(B) == (Figure(B, "B"),)


def test_promotion_must_be_written_and_held():
    assert refused("1k5/4P2/7/7/7/7/3K3[n] w -", "e7").code == "promotion-missing"
    assert refused("1k5/4P2/7/7/7/7/3K3[n] w -", "e7=R").code == "promotion-not-held"
    assert refused("1k5/4P2/7/7/7/7/3K3[n] w -", "e7=Q").code == "no-queen"
    assert refused("1k5/7/4P2/7/7/7/3K3[n] w -", "e6=N").code == "promotion-not-here"


def test_promotions_offered_one_per_kind_held():
    board = DragonflyBoard("1k5/4P2/7/7/7/7/3K3[rnn] w -")
    assert [t.rstrip("+") for t in texts(board) if t.startswith("e7")] == ["e7=N", "e7=R"]


def test_pawn_that_cannot_promote_still_gives_check():
    # White's pawn on e6 cannot move to d7 or f7 (Black holds no piece) but attacks them
    assert DragonflyBoard("3k3/4P2/7/7/7/7/3K3[] b -").in_check()
    board = DragonflyBoard("2k4/4P2/7/7/7/7/3K3[] b -")
    assert "Kd7" not in texts(board)
    assert "Kd6" in texts(board)


# -- captures and drops -------------------------------------------------------------------


def test_captured_piece_goes_to_the_captors_hand_in_his_colour():
    board = played("3k3/7/7/3n3/7/7/3RK2[] w -", "Rxd4+")
    assert board.in_hand(W) == (Figure(W, "N"),)
    assert board.fen() == "3k3/7/7/3R3/7/7/4K2[N] b -"


def test_drop_on_any_empty_square_including_the_last_rank():
    board = DragonflyBoard("3k3/7/7/7/7/7/3K3[N] w -")
    drops = [t for t in texts(board) if "@" in t]
    assert len(drops) == 49 - 2
    after = played("3k3/7/7/7/7/7/3K3[N] w -", "N@a7")
    assert after.fen() == "N2k3/7/7/7/7/7/3K3[] b -"


def test_drop_may_give_check_and_mate():
    check = DragonflyBoard("k6/7/1K5/7/7/7/7[R] w -")
    assert check.move_text(check.parse_move("R@a1")) == "R@a1+"
    check.push(check.parse_move("R@a1+"))
    assert check.in_check() and check.ending() is None
    mate = DragonflyBoard("k6/7/1K5/7/7/7/7[R] w -")
    assert mate.move_text(mate.parse_move("R@g7")) == "R@g7#"
    mate.push(mate.parse_move("R@g7#"))
    ending = mate.ending()
    assert ending is not None and ending.termination == "checkmate" and ending.winner is W


@pytest.mark.parametrize(
    ("fen", "move", "code"),
    [
        ("3k3/7/7/7/7/7/3K3[n] w -", "R@d4", "not-in-hand"),
        ("3k3/7/7/7/7/7/3K3[N] w -", "N@d7", "drop-occupied"),
        ("3k3/7/7/7/7/7/3K3[N] w -", "P@d4", "drop-pawn"),
        ("3k3/7/7/7/7/7/3K3[N] w -", "K@d4", "not-in-hand"),
        ("k2r3/7/7/7/7/7/3K3[N] w -", "N@a4", "king-in-check"),
    ],
)
def test_drop_errors(fen, move, code):
    assert refused(fen, move).code == code


def test_drop_blocks_a_check():
    board = DragonflyBoard("k6/7/7/7/7/7/K5r[B] w -")
    assert board.in_check()
    assert {t for t in texts(board) if "@" in t} == {f"B@{f}1" for f in "bcdef"}


# -- castling -----------------------------------------------------------------------------

CASTLE = "r2k2r/7/7/7/7/7/R2K2R[] w KQkq"


def test_castling_king_to_f1_rook_to_e1_and_king_to_b1_rook_to_c1():
    assert played(CASTLE, "O-O").fen() == "r2k2r/7/7/7/7/7/R3RK1[] b kq"
    assert played(CASTLE, "O-O-O").fen() == "r2k2r/7/7/7/7/7/1KR3R[] b kq"
    assert played(CASTLE, "O-O", "O-O-O").fen() == "1kr3r/7/7/7/7/7/R3RK1[] w -"
    assert played(CASTLE, "O-O-O", "O-O").fen() == "r3rk1/7/7/7/7/7/1KR3R[] w -"
    # Black may not cross e7, attacked by the rook that castling put on e1
    assert refused(CASTLE, "O-O", "O-O").code == "castling-through-check"


def test_castling_undone_by_pop():
    board = played(CASTLE, "O-O")
    board.pop()
    assert board.fen() == CASTLE


@pytest.mark.parametrize(
    ("fen", "moves", "code", "says"),
    [
        (
            "r2k2r/7/7/7/7/7/R2K3[R] w Qkq",
            ("R@g1", "Kc7", "O-O"),
            "castling-right-lost",
            "the rook on g1 was dropped",
        ),
        (CASTLE, ("Rg2", "Kc7", "Rg1", "Kd7", "O-O"), "castling-right-lost", "g1 has moved"),
        (CASTLE, ("Kd2", "Kc7", "Kd1", "Kd7", "O-O-O"), "castling-right-lost", "king has moved"),
        ("r2k2r/7/7/7/7/7/R2K2R[] w Kkq", ("O-O-O",), "castling-right-lost", "no 'Q' in the FEN"),
        ("r2k2r/7/7/7/7/7/R2KN1R[] w KQkq", ("O-O",), "castling-blocked", "e1 and f1"),
        ("r2k2r/7/7/3r3/7/7/R2K2R[] w KQkq", ("O-O",), "castling-in-check", "in check"),
        ("r2k2r/7/7/4r2/7/7/R2K2R[] w KQkq", ("O-O",), "castling-through-check", "cross e1"),
        ("r2k2r/7/7/5r1/7/7/R2K2R[] w KQkq", ("O-O",), "castling-into-check", "land on f1"),
        (CASTLE, ("Kf1",), "castling-notation", "write O-O"),
    ],
)
def test_castling_conditions(fen, moves, code, says):
    error = refused(fen, *moves)
    assert (error.code, says in str(error)) == (code, True)


def test_captured_rook_takes_the_right_with_it_and_a_dropped_one_does_not_bring_it_back():
    fen = "r2k2r/7/7/7/4b2/7/R2K2R[R] b KQkq"
    board = played(fen, "Bxg1")
    assert board.fen() == "r2k2r/7/7/7/7/7/R2K2b[Rr] w Qkq"
    board = played(fen, "Bxg1", "Ra2", "Bc5", "R@g1", "Kc7")
    assert board.fen() == "r1k3r/7/2b4/7/7/R6/3K2R[r] w -"
    assert "dropped" in str(refused(fen, "Bxg1", "Ra2", "Bc5", "R@g1", "Kc7", "O-O"))


# -- check, mate, stalemate ---------------------------------------------------------------


def test_move_may_not_leave_the_king_in_check():
    pinned = refused("k2r3/7/7/7/7/3N3/3K3[] w -", "Nf3")
    assert pinned.code == "king-in-check"
    assert "the king would be in check" in str(pinned)


def test_checkmate_wins_and_stalemate_draws():
    mate = DragonflyBoard("k5R/7/K6/7/7/7/7[] b -")
    assert mate.legal_moves() == []
    ending = mate.ending()
    assert (ending.termination, ending.winner) == ("checkmate", W)
    stale = DragonflyBoard("k1K4/6R/7/7/7/7/7[] b -")
    ending = stale.ending()
    assert (ending.termination, ending.winner) == ("stalemate", None)


def test_a_piece_in_hand_saves_from_stalemate():
    assert DragonflyBoard("k1K4/6R/7/7/7/7/7[n] b -").ending() is None


# -- notation -----------------------------------------------------------------------------


def test_ambiguous_move_names_the_candidates_and_disambiguation_is_written():
    board = DragonflyBoard("3k3/7/7/7/7/7/2NK2N[] w -")
    with pytest.raises(AmbiguousMoveError) as caught:
        board.parse_move("Ne2")
    assert set(caught.value.legal) == {"Nce2", "Nge2"}
    assert board.move_text(board.parse_move("Nce2")) == "Nce2"
    rooks = DragonflyBoard("3k3/R6/7/7/7/7/R2K3[] w -")
    assert rooks.move_text(rooks.parse_move("R1a4")) == "R1a4"
    assert rooks.parse_move("Ra1a4") == rooks.parse_move("R1a4")


def test_over_disambiguation_and_missing_signs_are_accepted():
    board = DragonflyBoard()
    assert board.parse_move("Nef3") == board.parse_move("Nf3") == board.parse_move("Ne1f3")
    board = DragonflyBoard("3k3/7/7/3n3/7/7/3RK2[] w -")
    assert board.parse_move("Rxd4") == board.parse_move("Rd4+") == board.parse_move("Rxd4+")


def test_a_wrong_check_or_mate_sign_is_reported():
    assert refused(None, "Nf3+").code == "wrong-check-mark"
    error = refused("3k3/7/7/3n3/7/7/3RK2[] w -", "Rxd4#")
    assert error.code == "wrong-check-mark"
    assert "gives check but does not mate" in str(error)


@pytest.mark.parametrize("text", ["h3", "e9", "foo", "Nxi4", "O-O-O-O"])
def test_unreadable_moves(text):
    with pytest.raises(InvalidMoveError, match=repr(text)):
        DragonflyBoard().parse_move(text)


@pytest.mark.parametrize(
    ("move", "code"),
    [("Qd4", "no-queen"), ("Bd4", "not-reachable"), ("Kd2", "not-reachable")],
)
def test_impossible_piece_moves(move, code):
    assert refused(None, move).code == code


def test_illegal_message_names_move_rule_and_legal_moves():
    message = str(refused(None, "e4"))
    assert message.startswith("illegal move 'e4' in rbbknnr/ppppppp/7/7/7/PPPPPPP/RBBKNNR[]")
    assert "legal moves: " in message and "Nf3" in message


# -- repetition key -------------------------------------------------------------------------


def test_position_key_tells_hands_rights_and_side_apart():
    keys = {
        DragonflyBoard(fen).position_key()
        for fen in (
            CASTLE,
            "r2k2r/7/7/7/7/7/R2K2R[] w Qkq",
            "r2k2r/7/7/7/7/7/R2K2R[] b KQkq",
            "r2k2r/7/7/7/7/7/R2K2R[N] w KQkq",
            "r2k2r/7/7/7/7/7/R2K2R[n] w KQkq",
        )
    }
    assert len(keys) == 5


def test_moves_give_diagrams_their_squares():
    board = DragonflyBoard("3k3/7/7/3n3/7/7/3RK2[N] w -")
    square = board.geometry.square_at
    capture = board.parse_move("Rxd4+")
    assert capture.path == (square(3, 0), square(3, 3))
    assert capture.captures == (square(3, 3),)
    drop = board.parse_move("N@a7")
    assert (drop.path, drop.captures) == ((square(0, 6),), ())
    assert board.square_name(square(3, 3)) == "d4"
