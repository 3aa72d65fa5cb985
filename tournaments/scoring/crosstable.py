"""The crosstable as plain data: one row per player in final order, one cell per round.

Pure: :func:`build_crosstable` takes the :class:`TournamentState` the standings were computed
from and the :class:`StandingRow` list of
:func:`tournaments.scoring.standings.compute_standings`, and returns a :class:`Crosstable` that
the PDF layout (tournaments.documents.pdf) and the HTML page both draw. Opponents are named by
their line in the final order (the usual crosstable convention; the line, not the place, since
tied players share a place), colours by ``w``/``b``, results by the points the player scored in
that round, forfeits by their TRF codes ``+``/``-`` and byes by theirs (``U H Z F``).

Two games per pairing: the state holds one entry per round (the pairing's points and code);
the games themselves come in ``games``, keyed by ``(pairing number, round)``, each
:class:`GameMark` seen from that player's side.

Round robins (``square=True``): each row also has ``against``, the cells of its encounters
with every other row in rank order (two per pair in a double round robin), which is the
square table.

>>> from decimal import Decimal
>>> from tournaments.values import Colour, Competitor, RoundResult, TournamentState
>>> from tournaments.scoring.standings import compute_standings
>>> state = TournamentState(
...     competitors=(
...         Competitor(1, "Ada", 2300, results=(RoundResult(1, 2, Colour.WHITE, "0", Decimal(0)),)),
...         Competitor(2, "Bo", 2200, results=(RoundResult(1, 1, Colour.BLACK, "1", Decimal(2)),)),
...     ),
...     total_rounds=1,
... )
>>> table = build_crosstable(
...     state, compute_standings(state, tiebreaks=[], after_round=1), after_round=1
... )
>>> [(row.rank, row.name, row.cells[0].text, format_points(row.score)) for row in table.rows]
[(1, 'Bo', '2b2', '2'), (2, 'Ada', '1w0', '0')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from tournaments.scoring.results import format_points
from tournaments.scoring.standings import StandingRow, place_text
from tournaments.scoring.tiebreaks import find_tiebreak
from tournaments.values import Colour, RoundResult, TournamentState


@dataclass(frozen=True)
class GameMark:
    """One game of a two-game pairing from one player's side: the colour that player had and
    the TRF code of their result in that game (``1 = 0`` played, ``+ -`` forfeit)."""

    colour: Colour
    code: str

    @property
    def text(self) -> str:
        """``w1``, ``b=``, ``w+`` ..."""
        return f"{self.colour.value}{self.code}"


@dataclass(frozen=True)
class Cell:
    """One round of one row.

    ``opponent_rank`` and ``opponent_number`` are ``None`` for a bye or a round without a
    pairing (then ``colour`` is ``None`` too); ``code`` is the TRF result code (for a two-game
    pairing, the match's); ``points`` what the player scored; ``games`` the games of a
    two-game pairing (empty otherwise).
    """

    round: int
    opponent_rank: int | None
    opponent_number: int | None
    colour: Colour | None
    code: str
    points: Decimal
    games: tuple[GameMark, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.opponent_rank is None

    @property
    def forfeit(self) -> bool:
        return self.code in "+-"

    @property
    def mark(self) -> str:
        """The result as printed: the points, or the TRF code ``+``/``-`` for a forfeit (a
        forfeit is not a game played, so it is not shown as a score)."""
        return self.code if self.forfeit else format_points(self.points)

    @property
    def text(self) -> str:
        """The whole cell: opponent rank, colour and mark (``12w2``, ``3b+``), or for a bye
        its TRF code and points (``U2``, ``H1``, ``Z0``)."""
        if self.opponent_rank is None:
            return f"{self.code}{format_points(self.points)}"
        # a Colour is the str of its letter (StrEnum): no lookup of its value
        return f"{self.opponent_rank}{self.colour or ''}{self.mark}"


@dataclass(frozen=True)
class WithdrawalNote:
    """A round-robin withdrawal as the tables name it: who, from which round, whether the
    player's games are annulled for the standings, and the event's ``rule`` (English, marked
    for translation; :class:`tournaments.scoring.withdrawals.WithdrawalRule`)."""

    number: int
    name: str
    from_round: int
    annulled: bool
    rule: str


@dataclass(frozen=True)
class CrosstableRow:
    """One player: final ``rank`` (``shared_rank`` when only the pairing number separates
    them from a neighbour), identity, one :class:`Cell` per round ``1..after_round``, total
    ``score`` and one tie-break value per column of :attr:`Crosstable.tiebreaks`.

    ``against`` is only filled for the square table: for each row of the crosstable, in rank
    order, the cells of this player's encounters with that player (empty on the diagonal
    and for pairs that have not met yet). ``annulled``: his games are annulled (a round-robin
    withdrawal); ``withdrawn``: he plays no round after ``after_round`` (he withdrew).
    """

    position: int
    rank: int
    shared_rank: bool
    number: int
    name: str
    title: str
    federation: str
    rating: int
    cells: tuple[Cell, ...]
    score: Decimal
    tiebreaks: tuple[Decimal, ...]
    against: tuple[tuple[Cell, ...], ...] = ()
    annulled: bool = False
    withdrawn: bool = False

    @property
    def place(self) -> str:
        return place_text(self.rank, self.shared_rank)


@dataclass(frozen=True)
class TiebreakColumn:
    """A tie-break column: the registry ``code`` and its ``label``, the English text marked
    with ``gettext_noop``; the page or document that shows it translates it."""

    code: str
    label: str


@dataclass(frozen=True)
class Crosstable:
    """The whole table: complete to round ``after_round`` of ``total_rounds``; the
    round-robin ``withdrawals`` in force, which the table names under it."""

    after_round: int
    total_rounds: int
    tiebreaks: tuple[TiebreakColumn, ...]
    rows: tuple[CrosstableRow, ...]
    square: bool = False
    withdrawals: tuple[WithdrawalNote, ...] = ()

    @property
    def two_games(self) -> bool:
        """Some pairing carries two games (the layout shows them under the match)."""
        return any(cell.games for row in self.rows for cell in row.cells)

    def row_by_number(self, number: int) -> CrosstableRow:
        """The row of pairing number ``number``; ``KeyError`` names it if absent."""
        for row in self.rows:
            if row.number == number:
                return row
        raise KeyError(f"no crosstable row for pairing number {number}")


def build_crosstable(
    state: TournamentState,
    standings: Sequence[StandingRow],
    *,
    after_round: int,
    tiebreaks: Sequence[str] = (),
    games: Mapping[tuple[int, int], tuple[GameMark, ...]] | None = None,
    square: bool = False,
    withdrawals: Sequence[WithdrawalNote] = (),
) -> Crosstable:
    """The crosstable after ``after_round`` rounds.

    ``standings`` must be :func:`compute_standings` of the same ``state`` and round, with
    the tie-breaks ``tiebreaks`` (their values are copied, in that order). Rounds without an
    entry in a competitor's results are zero-point byes (TRF-2026 player section: a blank
    result "is equivalent to Z"). Raises ``ValueError`` when ``standings`` does not rank
    exactly the state's competitors.
    """
    competitors = {c.number: c for c in state.competitors}
    ranked = [row.number for row in standings]
    if sorted(ranked) != sorted(competitors):
        missing = sorted(set(competitors) - set(ranked))
        extra = sorted(set(ranked) - set(competitors))
        raise ValueError(
            f"standings do not rank the event's players: missing {missing}, unknown {extra}"
        )
    for code in tiebreaks:
        find_tiebreak(code)
    # Cells name the opponent by his line in the table (distinct even where places are shared).
    rank_of = {row.number: row.position for row in standings}
    games = games or {}
    rows = []
    for standing in standings:
        competitor = competitors[standing.number]
        cells = tuple(
            _cell(result, rank_of, games.get((competitor.number, result.round), ()))
            for result in competitor.results_through(after_round, state.scoring)
        )
        rows.append(
            CrosstableRow(
                position=standing.position,
                rank=standing.rank,
                shared_rank=standing.shared_rank,
                number=competitor.number,
                name=competitor.name,
                title=competitor.title,
                federation=competitor.federation,
                rating=competitor.rating,
                cells=cells,
                score=standing.points,
                tiebreaks=tuple(standing.tiebreaks.get(code, Decimal(0)) for code in tiebreaks),
                against=_against(cells, ranked) if square else (),
                annulled=standing.annulled,
                withdrawn=standing.withdrawn,
            )
        )
    return Crosstable(
        after_round=after_round,
        total_rounds=state.total_rounds,
        tiebreaks=tuple(TiebreakColumn(code, find_tiebreak(code).label) for code in tiebreaks),
        rows=tuple(rows),
        square=square,
        withdrawals=tuple(withdrawals),
    )


def _cell(result: RoundResult, rank_of: Mapping[int, int], marks: tuple[GameMark, ...]) -> Cell:
    return Cell(
        round=result.round,
        opponent_rank=None if result.opponent is None else rank_of[result.opponent],
        opponent_number=result.opponent,
        colour=result.colour,
        code=result.code,
        points=result.points,
        games=marks,
    )


def _against(cells: tuple[Cell, ...], ranked: Sequence[int]) -> tuple[tuple[Cell, ...], ...]:
    by_opponent: dict[int, list[Cell]] = {}
    for cell in cells:
        if cell.opponent_number is not None:
            by_opponent.setdefault(cell.opponent_number, []).append(cell)
    return tuple(tuple(by_opponent.get(number, ())) for number in ranked)


__all__ = [
    "Cell",
    "Crosstable",
    "CrosstableRow",
    "GameMark",
    "TiebreakColumn",
    "WithdrawalNote",
    "build_crosstable",
    "format_points",
]
