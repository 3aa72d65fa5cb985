"""A ballot card as it is dealt to a board: a plain value, without Django, so that the pure
modules that check a game record's opening (games/timeline.py, the relay's core) read it
as the pages and the printed sheets do. A card is replayed and drawn as a diagram in
``tournaments/ballots/cards.py``, drawn from its deck in ``draw.py``
(docs/rules/tournaments.md §6).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Card:
    """A ballot card as it is dealt to a board: ``code`` is the label players know
    (``"4"``, ``"1-I"``), ``moves`` the opening played from ``start_fen`` (empty: the
    variant's initial position), ``fen`` the position the players start from. Pairing lists,
    the printed sheets and the check of a game record's opening all read this one value.

    >>> Card("4", "Bristol", "11-16", "", "W:W21,...").text
    '4 Bristol: 11-16'
    """

    code: str
    name: str
    moves: str
    start_fen: str
    fen: str

    @property
    def text(self) -> str:
        """The card as a sheet prints it: code, name and moves. A start-position card is
        named only: its position is drawn (``cards.card_svg``), never written as FEN."""
        label = f"{self.code} {self.name}".strip()
        return f"{label}: {self.moves}" if self.moves else label
