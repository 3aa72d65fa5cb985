"""Dragonfly (Libellule): chess on 7x7 without queens, with drops (seed 002).

Modules: :mod:`.position` (board, hands, castling rights, playing a move forward and
back), :mod:`.movegen` (legal moves), :mod:`.notation` (SAN with drops), :mod:`.fen`,
:mod:`.board` (the :class:`arbiter.game.GameBoard`).
"""

from arbiter.games.dragonfly.board import DragonflyBoard
from arbiter.games.dragonfly.position import DragonflyMove

__all__ = ["DragonflyBoard", "DragonflyMove"]
