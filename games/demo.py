"""Demo game records (passed to tournaments.demo.load_demo for the English ballot event and
the Bashni club event): each played round's PDN file is uploaded and matched to the games,
every record verified in the background; on a ballot event one game leaves its card and
carries an open dispute. Newer apps add their own steps to DEMO_STEPS.

Records are the game's drawn card followed by random legal moves from the demo's seeded
generator (never a move that ends the game on the board, which would contradict the
entered result at random).
"""

import random
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from arbiter import find_variant
from arbiter.game import GameBoard
from games.services.disputes import dispute_open
from games.services.records import round_records_upload
from games.services.verification import game_card
from tournaments.models import Event, Game, GameResult, RoundStatus
from tournaments.scoring.notation import pdn_result

#: Plies played after the card in a demo record.
CONTINUATION = 30

#: Demo steps of newer apps that load_demo runs after the events, each given the demo
#: organizer's password and returning the lines it prints (filled in the apps' ready()).
DEMO_STEPS: list[Callable[[str], list[str]]] = []


def records_demo(*, event: Event, user: AbstractBaseUser, rng: random.Random) -> None:
    """Upload a record for every game with a result in ``event``; on a ballot event the first
    game of the last such round leaves its card at ply 2 (flagged by the verification) and is
    disputed."""
    board_type = find_variant(event.variant)
    event.arbiters.add(user)
    played = [
        round_
        for round_ in event.rounds.exclude(status=RoundStatus.DRAFT).order_by("number")
        if Game.objects.filter(pairing__round=round_).exclude(result=GameResult.PENDING).exists()
    ]
    disputed = None
    for round_ in played:
        games = list(
            Game.objects.filter(pairing__round=round_, pairing__black__isnull=False)
            .select_related("pairing", "white__player", "black__player")
            .order_by("pairing__board", "index")
        )
        leaving = games[0] if round_ == played[-1] and event.ballot_deck_id else None
        text = "\n".join(
            _record(game, board_type, rng, leave_card=game == leaving) for game in games
        )
        round_records_upload(round=round_, pdn=text, user=user)
        disputed = leaving or disputed
    if disputed is not None:
        dispute_open(
            game=disputed,
            claim="wrong-opening",
            statement="The second move of the game is not the one on the card that was drawn.",
            ply=2,
            user=user,
        )


def _record(
    game: Game, board_type: type[GameBoard], rng: random.Random, *, leave_card: bool
) -> str:
    card = game_card(game)
    board = board_type()
    words = []
    opening = card.moves.split() if card else []
    for ply, text in enumerate(opening, 1):
        move = board.parse_move(text)
        if leave_card and ply == 2:
            # another reply; the rest of the card may no longer be playable after it
            move = next(other for other in board.legal_moves() if other != move)
            words.append(board.move_text(move))
            board.push(move)
            break
        words.append(board.move_text(move))
        board.push(move)
    for _ in range(CONTINUATION):
        move = _move_that_goes_on(board, rng)
        if move is None:
            break
        words.append(board.move_text(move))
        board.push(move)
    white, black = game.white.player, game.black.player
    tags = {
        "Event": str(game.pairing.round.event),
        "Round": f"{game.pairing.round.number}.{game.index}",
        "Board": str(game.pairing.board),
        "White": f"{white.last_name}, {white.first_name}",
        "Black": f"{black.last_name}, {black.first_name}",
        **_game_tag(board_type),
        "Result": _pdn_result(game),
    }
    header = "".join(f'[{name} "{value}"]\n' for name, value in tags.items())
    return f"{header}{' '.join(words)} {tags['Result']}\n"


def _game_tag(board_type: type[GameBoard]) -> dict[str, str]:
    """The tag naming the game: its PDN GameType, or a Variant tag where PDN has none."""
    if board_type.game_type is None:
        return {"Variant": board_type.name}
    return {"GameType": str(board_type.game_type)}


def _move_that_goes_on(board: GameBoard, rng: random.Random) -> Any:
    """A random legal move after which the opponent can still move: the demo's games end
    by the result entered, not on the board (which would contradict it at random)."""
    moves = board.legal_moves()
    rng.shuffle(moves)
    for move in moves:
        board.push(move)
        goes_on = board.ending() is None
        board.pop()
        if goes_on:
            return move
    return None


def _pdn_result(game: Game) -> str:
    """The game's result in its record (tournaments.scoring.notation.pdn_result); a forfeited
    game was not played, so its demo record is left unfinished (``*``)."""
    forfeits = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)
    if game.result in forfeits:
        return "*"
    return pdn_result(game.result, game.pairing.round.event.variant)
