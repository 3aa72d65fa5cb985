"""A recorded game as a sequence of positions, for the replay on the dispute desk.

Pure Python (no database). :func:`game_timeline` walks the main line of a PDN game from its
start position, keeping after every ply the position, the move and the draw counters
(:class:`arbiter.counters.DrawCounters`); it stops where the record stops being playable
(the verdict of :func:`arbiter.replay` says why). :func:`start_and_opening` decides where
a game starts and which opening it must follow when a ballot card was drawn for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from arbiter import ArbiterError, find_variant
from arbiter.counters import DrawCounter, DrawCounters
from arbiter.errors import UnknownVariantError
from arbiter.game import GameBoard
from arbiter.pdn import PdnGame, PdnMove, PdnSetup
from tournaments.ballots.dealt import Card


@dataclass(frozen=True, slots=True)
class Step:
    """The position after ``ply`` (0: the start), the move that led there as written and as
    the arbiter reads it, and the draw counters at that ply."""

    ply: int
    number: int | None
    text: str
    move: Any
    fen: str
    counters: tuple[DrawCounter, ...]


@dataclass(frozen=True, slots=True)
class Timeline:
    variant: type[GameBoard]
    steps: tuple[Step, ...]

    @property
    def last_ply(self) -> int:
        return self.steps[-1].ply

    def at(self, ply: int) -> Step:
        """The step at ``ply``, clamped to the plies that could be played."""
        return self.steps[max(0, min(ply, self.last_ply))]

    def board_at(self, ply: int) -> GameBoard:
        return self.variant(self.at(ply).fen)


def variant_of(game: PdnGame, default: str) -> type[GameBoard]:
    """The game's GameType (or Variant) tag if the arbiter knows it, else the event's
    variant ``default``."""
    try:
        return find_variant(game.tag("GameType") or game.tag("Variant") or default)
    except UnknownVariantError:
        return find_variant(default)


def start_and_opening(
    game: PdnGame, variant: type[GameBoard], card: Card | None
) -> tuple[str | None, str | None, bool]:
    """``(start FEN, opening moves, started after the opening)`` for replaying ``game``.

    Without a card: the record's own FEN tag, no opening to check. With one
    (docs/rules/tournaments.md §6.7: the players play the drawn card's opening):
    - a record without FEN tag starts from the card's start position and must begin with
      the card's moves; but when its first move cannot be played there and can be played
      from the variant's initial position, the record starts from the initial position:
      it did not start from the card (a start-position card played as a free game);
    - a record whose FEN tag is the card's start position must begin with its moves;
    - a record whose FEN tag is the card's final position skipped the moves: it followed
      the card (the third value is True);
    - any other FEN tag did not start from the card's position: the opening check fails.
    """
    tag = (game.tag("FEN") or "").strip()
    if card is None:
        return tag or None, None, False
    initial = variant().fen()
    if (
        not tag
        and card.start_fen
        and _opens_from(game, variant, initial)
        and not _opens_from(game, variant, _normal(variant, card.start_fen))
    ):
        return initial, None, False
    fen = _normal(variant, tag) if tag else _normal(variant, card.start_fen)
    if fen == _normal(variant, card.fen) and card.moves:
        return fen, None, True
    if fen == _normal(variant, card.start_fen):
        if not card.moves:
            # A card that draws a position with no opening moves (the FMJD Drawing Table
            # 64's): starting from it is following it, there is no move to check.
            return fen, None, True
        return fen, card.moves, False
    return fen, None, False


def game_timeline(game: PdnGame, variant: type[GameBoard], start_fen: str | None) -> Timeline:
    """Every position of ``game``'s main line that can be played, from ``start_fen``."""
    try:
        board = variant(start_fen)
    except ArbiterError:
        board = variant()
    counters = DrawCounters(board)
    steps = [Step(0, None, "", None, board.fen(), counters.snapshot())]
    number = 0
    for item, move in playable_moves(game, board, counters):
        number = item.number or max(1, number + (board.turn is variant.first_player))
        counters.push(move)
        steps.append(Step(counters.ply, number, item.text, move, board.fen(), counters.snapshot()))
    return Timeline(variant, tuple(steps))


def playable_moves(
    game: PdnGame, board: GameBoard, counters: DrawCounters
) -> Iterator[tuple[PdnMove, Any]]:
    """The moves of ``game``'s main line that can be played on ``board``, each with the move
    it reads as, up to the first that cannot (or an unknown move). A position set up in the
    record is set in ``counters``; the caller plays each move (``counters.push``) before it
    asks for the next."""
    for item in game.moves:
        if isinstance(item, PdnSetup):
            try:
                counters.set_position(item.fen)
            except ArbiterError:
                return
            continue
        if not isinstance(item, PdnMove) or item.unknown:
            return
        try:
            move = board.parse_move(item.text)
        except ArbiterError:
            return
        yield item, move


def _opens_from(game: PdnGame, variant: type[GameBoard], fen: str) -> bool:
    """Whether ``game``'s first move can be played from ``fen`` (True without a move)."""
    first = next((item for item in game.moves if isinstance(item, PdnMove)), None)
    if first is None or first.unknown:
        return True
    try:
        variant(fen).parse_move(first.text)
    except ArbiterError:
        return False
    return True


def _normal(variant: type[GameBoard], fen: str) -> str:
    """A FEN in the writer's form (or as given when it cannot be read)."""
    if not fen:
        return variant().fen()
    try:
        return variant(fen).fen()
    except ArbiterError:
        return fen
