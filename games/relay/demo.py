"""The demo's live relay (``make run``): the pending games of the demo round robin's last
round are relayed from a PDN file of recorded games that grows as the server runs.

:func:`relay_demo` (called by ``manage.py load_demo``) sets a pushed source on the round and
writes the whole games to RELAY_DEMO_DIR; :func:`replay_tick` (called by the relay's thread,
games.relay.watch) pushes the first plies of each game, ``PLIES_PER_MINUTE`` more every
minute since the file was written, until the games end. One game is recorded with an
illegal move, flagged when it arrives; one ends with its result, proposed to the arbiter,
after a few minutes; the others go on moving (three boards in the demo round robin).
"""

from __future__ import annotations

import datetime
import random
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from arbiter import Move, find_variant
from arbiter.game import GameBoard
from arbiter.pdn import PdnMove, read_games, write_game
from games.models import RelayKind, RelaySource
from games.relay.services import relay_push, relay_source_set
from tournaments.models import Event, Game, GameResult

#: How the file grows: plies shown at once, then more every minute.
FIRST_PLIES = 8
PLIES_PER_MINUTE = 6
#: Plies of each recorded game; the first ends with a result after FINISHED_PLIES (a few
#: minutes after the file is written), the second has an illegal move at ILLEGAL_PLY, the
#: others go on for GAME_PLIES.
GAME_PLIES = 100
FINISHED_PLIES = 36
ILLEGAL_PLY = 31


def demo_file(source: RelaySource) -> Path:
    round_ = source.round
    return Path(settings.RELAY_DEMO_DIR) / f"{round_.event.slug}-round-{round_.number}.pdn"


def relay_demo(*, event: Event, user: AbstractBaseUser, rng: random.Random) -> RelaySource | None:
    """Relay the pending games of ``event``'s last round from a growing file; None when no
    game is pending."""
    round_ = event.rounds.order_by("-number").first()
    games = list(
        Game.objects.filter(pairing__round=round_, result=GameResult.PENDING)
        .select_related("pairing", "white__player", "black__player")
        .order_by("pairing__board", "index")
    )
    if round_ is None or not games:
        return None
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=user)
    texts = [
        _recorded(game, rng, finished=index == 0, illegal=index == 1)
        for index, game in enumerate(games)
    ]
    path = demo_file(source)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(texts), encoding="utf-8")
    return source


def replay_tick(*, now: datetime.datetime | None = None) -> int:
    """Push the part of each demo file its age allows; returns the sources pushed to."""
    now = now or timezone.now()
    pushed = 0
    for source in RelaySource.objects.filter(kind=RelayKind.PUSH, active=True).select_related(
        "round__event__relay_token"
    ):
        path = demo_file(source)
        if not path.exists():
            continue
        written = datetime.datetime.fromtimestamp(path.stat().st_mtime, tz=datetime.UTC)
        minutes = max(0.0, (now - written).total_seconds() / 60)
        plies = FIRST_PLIES + int(minutes * PLIES_PER_MINUTE)
        token = source.round.event.relay_token.token
        relay_push(round=source.round, token=token, pdn=grown(path.read_text(), plies))
        pushed += 1
    return pushed


def grown(text: str, plies: int) -> str:
    """The games of ``text`` as they stood after ``plies`` plies: the moves so far, and the
    result only once every move is there."""
    games = []
    for game in read_games(text):
        moves = [item for item in game.moves if isinstance(item, PdnMove)]
        if len(moves) > plies:
            game.moves, game.result = game.moves[:plies], "*"
            game.tags["Result"] = "*"
        games.append(write_game(game))
    return "\n".join(games)


def _recorded(game: Game, rng: random.Random, *, finished: bool, illegal: bool) -> str:
    board = find_variant("international")()
    words: list[str] = []
    for ply in range(1, (FINISHED_PLIES if finished else GAME_PLIES) + 1):
        if illegal and ply == ILLEGAL_PLY:
            # this side's previous move again: its starting square is empty now
            words.append(words[-2] if len(words) > 1 else "50-45")
            break
        moves = [move for move in board.legal_moves() if _goes_on(board, move)]
        if not moves:
            break
        move = rng.choice(moves)
        words.append(board.move_text(move))
        board.push(move)
    result = "2-0" if finished else "*"
    white, black = game.white.player, game.black.player
    tags = {
        "Event": str(game.pairing.round.event),
        "Round": str(game.pairing.round.number),
        "Board": str(game.pairing.board),
        "White": f"{white.last_name}, {white.first_name}",
        "Black": f"{black.last_name}, {black.first_name}",
        "GameType": "20",
        "WhiteClock": "1:20:00",
        "BlackClock": "1:20:00",
        "Result": result,
    }
    header = "".join(f'[{name} "{value}"]\n' for name, value in tags.items())
    body = " ".join(
        f"{index // 2 + 1}. {word}" if index % 2 == 0 else word for index, word in enumerate(words)
    )
    return f"{header}\n{body} {result}\n"


def _goes_on(board: GameBoard, move: Move) -> bool:
    """After ``move`` the opponent can still move (the demo's games end by result)."""
    board.push(move)
    goes_on = board.ending() is None
    board.pop()
    return goes_on
