"""The registered games as the shared arbiter tests see them.

The draughts variants played on :class:`arbiter.Board` (bitboards, PDN FEN) share tests of
its internals; the other games (Bashni, Ugolki, Dragonfly …) that follow
:class:`arbiter.game.GameBoard` with boards of their own are tested in
``tests/arbiter/games``.
"""

import random

from arbiter import VARIANTS, Board

#: Names of the variants played on arbiter.Board.
BITBOARD_VARIANTS = sorted(name for name, cls in VARIANTS.items() if issubclass(cls, Board))
#: Names of the variants with a PDN GameType number (docs/rules/pdn.md §2).
GAME_TYPE_VARIANTS = sorted(name for name, cls in VARIANTS.items() if cls.game_type is not None)


def played(name: str, seed: int, plies: int = 150) -> list[Board]:
    """The positions of one game of random legal play of a bitboard variant (copies, the
    start and the last one included), up to ``plies`` plies."""
    rng = random.Random(seed)
    board = VARIANTS[name]()
    positions = [board.copy()]
    for _ in range(rng.randint(5, plies)):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
        positions.append(board.copy())
    return positions
