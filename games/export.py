"""A game's record as it leaves the site: the PDN the players or arbiters entered, with the
game's official result (after any ruling) in its Result tag and terminator, written in the
variant's PDN convention (tournaments.scoring.notation.pdn_result), and the players' ratings
and FMJD ids where known (``WhiteRating``, ``BlackRating``, ``WhiteFmjdId``, ``BlackFmjdId``).

A relayed record is the board's own document: it leaves as relayed, its Result tag and
terminator as the relay gave them, and the official result beside it in the user tag
``OfficialResult`` (docs/rules/pdn.md §3.3), so that a record ending 0-2 on the board is never
made to say the 2-0 the arbiter entered.

A game not played over the board (a forfeit, a double forfeit, a game declared unplayed) has
no game to write: it is a tag section with no move, its ``Termination`` tag saying why
(``forfeit`` or ``unplayed``) and its Result tag the score it gives (docs/rules/pdn.md §3.2).
Every value taken from the database is written on one line
(tournaments.export_text.one_line)."""

import re

from arbiter import find_variant
from arbiter.errors import UnknownVariantError
from arbiter.pdn import PdnGame, read_game, write_game
from tournaments.export_text import one_line
from tournaments.models import Game, GameResult
from tournaments.scoring.notation import pdn_result
from tournaments.selectors.names import player_name

#: Results of games not played over the board, and their PDN Termination tag.
UNPLAYED_TERMINATIONS = {
    GameResult.WHITE_FORFEIT_WIN: "forfeit",
    GameResult.BLACK_FORFEIT_WIN: "forfeit",
    GameResult.DOUBLE_FORFEIT: "forfeit",
    GameResult.UNPLAYED: "unplayed",
}

_RESULT_TAG = re.compile(r'^\s*\[\s*Result\s+"[^"]*"\s*\]\s*$', re.IGNORECASE | re.MULTILINE)


#: The user tag of a relayed record that gives the game's official result (docs/rules/pdn.md).
OFFICIAL_RESULT_TAG = "OfficialResult"


def record_export(game: Game, pdn: str, *, relayed: bool = False) -> str:
    """``pdn`` (``game``'s stored record) with the official result of ``game``; a game not
    played over the board as its tags only (see the module). A ``relayed`` record keeps
    its own result, the official one beside it in ``OfficialResult``.

    A readable record is written again (PDN 3.0), with a GameType tag added when it has
    none and the variant has one, so that readers number the moves from the right player.
    A record with syntax errors is kept as entered, only its Result tag replaced (a relayed
    one: the OfficialResult tag added): nothing the reader could not understand is dropped."""
    variant = game.pairing.round.event.variant
    result = pdn_result(game.result, variant)
    if game.result in UNPLAYED_TERMINATIONS:
        return unplayed_export(game)
    pdn_game = read_game(pdn)
    if pdn_game.errors:
        if relayed:
            return f'[{OFFICIAL_RESULT_TAG} "{result}"]\n{pdn}'
        return _retag(pdn, result)
    given = {name.lower() for name in pdn_game.tags}
    pdn_game.tags |= {n: v for n, v in player_tags(game).items() if n.lower() not in given}
    tags = {n: v for n, v in pdn_game.tags.items() if n.lower() != "result"}
    if relayed:
        tags = {n: v for n, v in pdn_game.tags.items() if n != OFFICIAL_RESULT_TAG}
        pdn_game.tags = {**tags, OFFICIAL_RESULT_TAG: result}
    elif "Result" not in pdn_game.tags:
        pdn_game.tags = {**tags, "Result": result}
    else:
        pdn_game.tags = {n: (result if n == "Result" else v) for n, v in pdn_game.tags.items()}
    if not relayed:
        pdn_game.result = result
    if pdn_game.tag("GameType") is None and pdn_game.tag("Variant") is None:
        game_type = _game_type(variant)
        if game_type:
            pdn_game.tags["GameType"] = game_type
    return write_game(pdn_game)


def unplayed_export(game: Game) -> str:
    """A game not played over the board: its tags, no move, the result as the terminator."""
    event = game.pairing.round.event
    result = pdn_result(game.result, event.variant)
    tags = {
        "Event": one_line(event.name),
        "Site": one_line(event.venue) or "?",
        "Date": event.start_date.strftime("%Y.%m.%d"),
        "Round": str(game.pairing.round.number),
        "White": one_line(player_name(game.white)),
        "Black": one_line(player_name(game.black)),
        "Result": result,
        "Termination": UNPLAYED_TERMINATIONS[game.result],
        **player_tags(game),
    }
    game_type = _game_type(event.variant)
    if game_type:
        tags["GameType"] = game_type
    return write_game(PdnGame(1, 1, tags=tags, result=result))


def player_tags(game: Game) -> dict[str, str]:
    """The players' ratings at the start of the event and FMJD ids, where known."""
    tags = {}
    for side, registration in (("White", game.white), ("Black", game.black)):
        if registration.rating:
            tags[f"{side}Rating"] = str(registration.rating)
        if one_line(registration.player.fmjd_id):
            tags[f"{side}FmjdId"] = one_line(registration.player.fmjd_id)
    return tags


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
