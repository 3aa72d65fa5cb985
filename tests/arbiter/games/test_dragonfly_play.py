"""Dragonfly through the shared machinery: perft against a naive second generator, the
sample records replayed and judged, the command line, and round-trip properties along
random games."""

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.games.dragonfly import DragonflyBoard
from arbiter.pdn import read_games
from arbiter.perft import perft
from arbiter.replay import replay
from tests.arbiter.games import naive_dragonfly as naive
from tests.arbiter.games.checks import cli

RECORDS = Path(__file__).parent / "records" / "dragonfly"

#: Positions where the rules differ most from chess: castling both ways (and through an
#: attacked square), promotion to held pieces only, drops of several kinds, a pawn that
#: cannot promote but gives check, a check to parry by a drop.
POSITIONS = [
    "r2k2r/7/7/7/7/7/R2K2R[] w KQkq",
    "r2k2r/7/7/4r2/7/7/R2K2R[Nb] w KQkq",
    "1k5/1P2P2/7/7/7/7/3K3[rn] w -",
    "1k5/1P2P2/7/7/7/7/3K3[] w -",
    "2k4/4P2/7/7/7/7/3K3[RBN] b -",
    "k6/7/7/7/7/7/K5r[B] w -",
    "r1bk2r/pp1n1pp/2p4/3Pp2/2B1P2/PP3PP/R2KN1R[Nb] w KQkq",
]


@pytest.mark.parametrize("depth", [1, 2, 3, pytest.param(4, marks=pytest.mark.deep)])
def test_perft_from_the_start_agrees_with_the_naive_generator(depth):
    # no published Dragonfly perft exists; the naive generator shares no code
    assert perft(DragonflyBoard(), depth) == naive.perft(naive.from_fen(naive.START), depth)


@pytest.mark.parametrize("fen", POSITIONS)
def test_perft_of_special_positions_agrees_with_the_naive_generator(fen):
    assert perft(DragonflyBoard(fen), 2) == naive.perft(naive.from_fen(fen), 2)


@pytest.mark.parametrize("positions", [10, pytest.param(30, marks=pytest.mark.deep)])
def test_perft_along_random_games_agrees_with_the_naive_generator(positions):
    """`make test` compares the first 10 positions (the naive generator is slow), the
    `deep` test 30."""
    rng = random.Random(8)
    board = DragonflyBoard()
    compared = 0
    while compared < positions:
        moves = board.legal_moves()
        if not moves:
            board = DragonflyBoard()
            continue
        board.push(rng.choice(moves))
        if len(board.move_stack) % 5 == 0:
            fen = board.fen()
            assert perft(board, 2) == naive.perft(naive.from_fen(fen), 2), fen
            compared += 1


# -- records ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "plies", "termination", "winner"),
    [
        ("mate_castling.pdn", 24, "checkmate", "black"),
        ("promotion_mate.pdn", 206, "checkmate", "black"),
        ("stalemate.pdn", 104, "stalemate", None),
        ("repetition.pdn", 16, "draw-rule", None),
    ],
)
def test_sample_records_replay_legal_and_the_result_agrees(name, plies, termination, winner):
    (game,) = read_games(RECORDS / name)
    verdict = replay(game)
    assert verdict.verdict == "legal", verdict.error
    assert verdict.variant == "dragonfly"
    assert (verdict.plies, verdict.outcome.termination) == (plies, termination)
    assert verdict.outcome.winner == winner
    assert verdict.result_check == "agrees"


def test_the_sample_games_use_the_distinctive_rules():
    texts = " ".join(
        item.text
        for name in ("mate_castling.pdn", "promotion_mate.pdn")
        for game in read_games(RECORDS / name)
        for item in game.moves
        if hasattr(item, "text")
    )
    assert "O-O" in texts and "@" in texts and "=" in texts and "#" in texts


def test_repetition_claim_at_the_third_occurrence_and_draw_at_the_fifth():
    (game,) = read_games(RECORDS / "repetition.pdn")
    verdict = replay(game)
    assert [(c.rule, c.ply) for c in verdict.claims] == [("chess-threefold", 8)]
    assert (verdict.draw.rule, verdict.outcome.ply) == ("chess-fivefold", 16)


@pytest.mark.parametrize(
    ("index", "ply", "code"),
    [
        (0, 9, "castling-blocked"),
        (1, 19, "wrong-check-mark"),
        (2, 3, "double-step"),
        (3, 6, "castling-right-lost"),
        (4, 3, "promotion-not-held"),
    ],
)
def test_damaged_records_stop_at_the_right_ply_with_the_rule(index, ply, code):
    game = list(read_games(RECORDS / "damaged.pdn"))[index]
    verdict = replay(game)
    assert verdict.verdict == "illegal"
    assert (verdict.error.ply, verdict.error.code) == (ply, code)
    assert verdict.error.legal
    assert verdict.error.move in verdict.error.message


# -- command line -------------------------------------------------------------------------


def test_cli_verify_and_perft():
    status, out = cli("verify", str(RECORDS / "mate_castling.pdn"))
    assert status == 0 and "dragonfly: legal, 24 plies; black won on the board at ply 24" in out
    assert cli("verify", str(RECORDS / "damaged.pdn"))[0] == 1
    status, out = cli("perft", "--variant", "dragonfly", "--depth", "3")
    expected = naive.perft(naive.from_fen(naive.START), 3)
    assert status == 0 and out.splitlines()[-1] == str(expected)


# -- properties along random games --------------------------------------------------------


def _random_game(seed, plies):
    rng = random.Random(seed)
    board = DragonflyBoard()
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        yield board, moves
        board.push(rng.choice(moves))


#: The forms of move text (notation.py), each written somewhere in `make test`'s sample.
TEXT_FORMS = {
    "castling short": r"O-O[+#]?",
    "castling long": r"O-O-O[+#]?",
    "drop": r"[RBN]@[a-g][1-7][+#]?",
    "promotion": r"([a-g]x)?[a-g][17]=[RBN][+#]?",
    "pawn capture": r"[a-g]x[a-g][1-7](=[RBN])?[+#]?",
    "piece capture": r"[KRBN][a-g]?[1-7]?x[a-g][1-7][+#]?",
    "piece told apart by its file": r"[RBN][a-g]x?[a-g][1-7][+#]?",
    "piece told apart by its rank": r"[RBN][1-7]x?[a-g][1-7][+#]?",
    "piece told apart by its square": r"[RBN][a-g][1-7]x?[a-g][1-7][+#]?",
    "check": r".*\+",
    "mate": r".*#",
}
#: (seed, plies) of the random game of `make test`'s sample: its legal moves are written
#: with each of the three disambiguations and a mate, which the special positions lack.
SAMPLE_GAME = (142, 38)


def _read_back(board, moves):
    """The text of each move (asserted to read back as the move)."""
    texts = []
    for move in moves:
        text = board.move_text(move)
        assert board.parse_move(text) == move, text
        texts.append(text)
    return texts


def test_every_legal_move_of_the_special_positions_and_a_game_is_read_back_from_its_text():
    """`make test`'s sample of the random games of the `deep` test below (reading a text
    generates the legal moves again: a position costs as many generations as it has
    moves): the special positions and one game, which write every form of move text."""
    texts = []
    for fen in POSITIONS:
        board = DragonflyBoard(fen)
        texts += _read_back(board, board.legal_moves())
    for board, moves in _random_game(*SAMPLE_GAME):
        texts += _read_back(board, moves)
    written = {
        form for form, shape in TEXT_FORMS.items() if any(re.fullmatch(shape, t) for t in texts)
    }
    assert written == set(TEXT_FORMS), f"the sample writes no {set(TEXT_FORMS) - written}"


@pytest.mark.deep
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 80))
def test_every_legal_move_is_read_back_from_its_text(seed, plies):
    for board, moves in _random_game(seed, plies):
        _read_back(board, moves)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 120))
def test_fen_copy_and_push_pop_round_trips(seed, plies):
    rng = random.Random(seed)
    board = DragonflyBoard()
    fens = [board.fen()]
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
        fens.append(board.fen())
        assert DragonflyBoard(fens[-1]).fen() == fens[-1]
        assert DragonflyBoard(fens[-1]).position_key() == board.position_key()
    copy = board.copy()
    for fen in reversed(fens[1:]):
        assert board.fen() == fen
        board.pop()
    assert board.fen() == fens[0]
    assert copy.fen() == fens[-1]
