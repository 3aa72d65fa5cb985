"""PDN 3.0: reading and writing draughts games (the syntax layer).

>>> from arbiter.pdn import read_game, write_game
>>> game = read_game('[White "A"]\\n1. 32-28 19-23 2-0')
>>> [move.text for move in game.moves], game.result
(['32-28', '19-23'], '2-0')
>>> print(write_game(game), end="")
[White "A"]
<BLANKLINE>
1. 32-28 19-23 2-0
"""

from arbiter.pdn.model import PdnGame, PdnMove, PdnSetup
from arbiter.pdn.reader import read_game, read_games
from arbiter.pdn.results import GAME_RESULTS, is_game_result, normalize_result
from arbiter.pdn.writer import write_game, write_games

__all__ = [
    "GAME_RESULTS",
    "PdnGame",
    "PdnMove",
    "PdnSetup",
    "is_game_result",
    "normalize_result",
    "read_game",
    "read_games",
    "write_game",
    "write_games",
]
