"""A game's record as it leaves the site: the PDN the players or arbiters entered, with the
game's official result (after any ruling) in its Result tag and terminator, written in the
variant's PDN convention (tournaments.results.pdn_result)."""

import re

from arbiter import find_variant
from arbiter.errors import UnknownVariantError
from arbiter.pdn import read_game, write_game
from tournaments.models import Game
from tournaments.results import pdn_result

_RESULT_TAG = re.compile(r'^\s*\[\s*Result\s+"[^"]*"\s*\]\s*$', re.IGNORECASE | re.MULTILINE)


def record_export(game: Game, pdn: str) -> str:
    """``pdn`` (``game``'s stored record) with the official result of ``game``.

    A readable record is written again (PDN 3.0), with a GameType tag added when it has
    none and the variant has one, so that readers number the moves from the right player.
    A record with syntax errors is kept as entered, only its Result tag replaced: nothing
    the reader could not understand is dropped."""
    variant = game.pairing.round.event.variant
    result = pdn_result(game.result, variant)
    pdn_game = read_game(pdn)
    if pdn_game.errors:
        return _retag(pdn, result)
    tags = {n: v for n, v in pdn_game.tags.items() if n.lower() != "result"}
    if "Result" not in pdn_game.tags:
        pdn_game.tags = {**tags, "Result": result}
    else:
        pdn_game.tags = {n: (result if n == "Result" else v) for n, v in pdn_game.tags.items()}
    pdn_game.result = result
    if pdn_game.tag("GameType") is None and pdn_game.tag("Variant") is None:
        game_type = _game_type(variant)
        if game_type:
            pdn_game.tags["GameType"] = game_type
    return write_game(pdn_game)


def _game_type(variant: str) -> str | None:
    try:
        board = find_variant(variant)
    except UnknownVariantError:
        return None
    return getattr(board, "pdn_game_type", None) if board.game_type is not None else None


def _retag(pdn: str, result: str) -> str:
    tag = f'[Result "{result}"]'
    if _RESULT_TAG.search(pdn):
        return _RESULT_TAG.sub(tag, pdn, count=1)
    return f"{tag}\n{pdn}"
