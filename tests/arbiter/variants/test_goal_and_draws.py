"""The inverted goal of antidraughts and Russian giveaway, and the draw rules the variants
add (Czech 15 moves, Frisian lone kings), as the replay judges them."""

import pytest

from arbiter.pdn import read_game
from arbiter.replay import replay
from arbiter.variants import (
    AntidraughtsBoard,
    CzechBoard,
    FrisianBoard,
    InternationalBoard,
    RussianGiveawayBoard,
)
from tests.arbiter.variants.helpers import setup


def _game(board, plies: int, result: str) -> str:
    """A PDN game from ``board``'s position playing the first legal move ``plies`` times."""
    fen = board.fen()
    texts = []
    for _ in range(plies):
        move = board.legal_moves()[0]
        texts.append(board.move_text(move))
        board.push(move)
    return f'[FEN "{fen}"]\n{" ".join(texts)} {result}'


@pytest.mark.parametrize(
    ("cls", "result", "winner"),
    [(AntidraughtsBoard, "0-2", "black"), (InternationalBoard, "2-0", "white")],
)
def test_antidraughts_side_without_a_move_wins(cls, result, winner):
    text = _game(setup(cls, "W", "e5", "d6"), 1, result)
    verdict = replay(read_game(text), variant=cls.name)
    assert verdict.legal and verdict.outcome is not None
    assert (verdict.outcome.winner, verdict.outcome.result) == (winner, result)
    assert verdict.result_check == "agrees"
    assert "black has no legal move" in verdict.result_message


def test_russian_giveaway_blocked_side_wins():
    """White's last man is taken: White, left without a move, wins (1-0)."""
    board = setup(RussianGiveawayBoard, "B", "c3", "d4 h8")
    verdict = replay(read_game(_game(board, 1, "1-0")), variant="poddavki")
    assert verdict.outcome is not None and verdict.outcome.winner == "white"
    assert verdict.result_check == "agrees"


def test_czech_fifteen_moves_without_man_move_or_capture():
    board = setup(CzechBoard, "W", "Ka1 h2", "Kd8 a7")
    text = _game_shuffling(board, ("a1-b2", "d8-c7", "b2-a1", "c7-d8"), 30)
    verdict = replay(read_game(text), variant="czech")
    assert verdict.draw is not None
    assert (verdict.draw.rule, verdict.draw.ply) == ("czech-15-move", 30)


def test_frisian_king_against_king():
    board = setup(FrisianBoard, "W", "Ka1", "Kh10")
    text = _game_shuffling(board, ("a1-b2", "h10-g9", "b2-a1", "g9-h10"), 6)
    verdict = replay(read_game(text), variant="frisian")
    assert verdict.draw is not None
    assert (verdict.draw.rule, verdict.draw.ply) == ("frisian-1-king", 4)
    assert verdict.moves_after_end == 2


def _game_shuffling(board, cycle: tuple[str, ...], plies: int) -> str:
    fen = board.fen()
    texts = [cycle[i % len(cycle)] for i in range(plies)]
    for text in texts:
        board.push(board.parse_move(text))
    return f'[FEN "{fen}"]\n{" ".join(texts)} *'
