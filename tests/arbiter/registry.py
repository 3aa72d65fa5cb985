"""The registered games as the shared arbiter tests see them.

The draughts variants played on :class:`arbiter.Board` (bitboards, PDN FEN) share tests of
its internals; the games of issue #8 that follow :class:`arbiter.game.GameBoard` with boards
of their own are tested in ``tests/arbiter/games``.
"""

from arbiter import VARIANTS, Board

#: Names of the variants played on arbiter.Board.
BITBOARD_VARIANTS = sorted(name for name, cls in VARIANTS.items() if issubclass(cls, Board))
#: Names of the variants with a PDN GameType number (REFERENCE.md 6.2).
GAME_TYPE_VARIANTS = sorted(name for name, cls in VARIANTS.items() if cls.game_type is not None)
