"""The plain values the round documents (pairing sheet, score sheets) and the rating report
are drawn from. The crosstable and standings take
:class:`tournaments.scoring.crosstable.Crosstable`."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from tournaments.ballots.dealt import Card
from tournaments.scoring.rating_report import RatingReportRow


@dataclass(frozen=True)
class SheetPlayer:
    """A player as the round documents print them; ``score`` is the points before the round."""

    number: int
    name: str
    rating: int = 0
    title: str = ""
    federation: str = ""
    score: Decimal = Decimal(0)


@dataclass(frozen=True)
class Board:
    """One board of a round. ``black`` is ``None`` for a bye (``bye`` then says which);
    ``results`` the recorded result of each game (empty while pending); ``card`` the ballot
    card of this pairing, when the event draws one."""

    board: int
    white: SheetPlayer
    black: SheetPlayer | None
    bye: str = ""
    results: tuple[str, ...] = ()
    card: Card | None = None


@dataclass(frozen=True)
class RoundSheet:
    """A round's boards in board order, ``games`` per pairing (1 or 2; game 2 swaps the
    colours), for the pairing sheet and the score sheets. ``black_first`` says the variant
    starts with Black (English draughts, docs/rules/english.md §2), so score sheets put Black's
    column first. ``variant`` (the arbiter's name) draws the cards' diagrams."""

    round: int
    total_rounds: int
    boards: tuple[Board, ...]
    games: int = 1
    black_first: bool = False
    variant: str = "international"
    #: The round is not published yet: its sheet is marked DRAFT (it may still change).
    draft: bool = False

    @property
    def card(self) -> Card | None:
        """The round's card when every board plays the same one (one card per round)."""
        cards = {board.card for board in self.boards if board.black is not None}
        return cards.pop() if len(cards) == 1 else None


@dataclass(frozen=True)
class RatingReportSheet:
    """The rating report of an event: its rows in pairing-number order and the event's K
    (``None``: not set, the change is then in units of K)."""

    rows: tuple[RatingReportRow, ...]
    k: int | None
