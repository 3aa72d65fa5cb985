"""The tournament values the pure cores share: pairing, TRF, tie-breaks and standings take
and return them (colours, byes, result codes, the scoring system, the tournament state, a
pairing's boards), and import them from here, so that neither core imports the other for them.

Plain frozen dataclasses: the Django app converts its rows into these, the algorithms never
see the ORM. Result codes are those of the FIDE Tournament Report File (TRF16 section
"Player section", columns 92-99 of each round): ``1 = 0`` played game, ``W D L`` played game
not rated, ``+ -`` forfeit, ``H F U Z`` byes (half-point, full-point, pairing-allocated,
zero-point). A colour is the arbiter's :class:`arbiter.geometry.Colour`, shared here.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

# The colour of a pairing is the side of the arbiter's board: one Colour for both.
from arbiter.geometry import Colour as Colour


class DutchRules(StrEnum):
    """The text of the FIDE Dutch system (C.04.3) an event is paired by.

    FIDE approved a new text on 28 October 2025, applied from 1 February 2026; an event that
    started under the earlier text keeps it to its last round.
    """

    FIDE_2026 = "2026"
    PRE_2026 = "pre-2026"


class TieBreakRules(StrEnum):
    """The text of the FIDE Tie-Break Regulations (C.07) an event's tie-breaks follow, told
    apart where they differ: the dummy opponent of an unplayed round (article 16.4,
    docs/rules/tournaments.md §4.8). The text approved by the FIDE Council on 2 February 2026
    applies to events starting from 1 March 2026 (:func:`tiebreak_rules_for`)."""

    FIDE_2026 = "2026"
    FIDE_2023 = "2023"


#: The first start date of an event whose tie-breaks follow C.07 as approved in 2026.
TIEBREAK_RULES_2026_FROM = datetime.date(2026, 3, 1)


def tiebreak_rules_for(start_date: datetime.date | None) -> TieBreakRules:
    """The C.07 text in force for an event starting on ``start_date`` (none given: the text in
    force now, 2026)."""
    if start_date is not None and start_date < TIEBREAK_RULES_2026_FROM:
        return TieBreakRules.FIDE_2023
    return TieBreakRules.FIDE_2026


class ByeKind(StrEnum):
    """Kinds of round without an opponent (FIDE C.04.1 and TRF16 codes ``U H Z F``)."""

    PAIRING_ALLOCATED = "pab"
    HALF_POINT = "half"
    ZERO_POINT = "zero"
    FULL_POINT = "full"

    @property
    def code(self) -> str:
        """The TRF result code of this bye."""
        return _BYE_CODES[self]


_BYE_CODES = {
    ByeKind.PAIRING_ALLOCATED: "U",
    ByeKind.HALF_POINT: "H",
    ByeKind.ZERO_POINT: "Z",
    ByeKind.FULL_POINT: "F",
}

#: Codes of games played over the board (rated ``1 = 0`` or unrated ``W D L``).
PLAYED_CODES = frozenset("1=0WDL")
#: Codes of games decided by forfeit (an opponent was paired but did not play).
FORFEIT_CODES = frozenset("+-")
#: A game's final results decided by forfeit, as stored and written, each with the codes
#: (White's, Black's) it gives: won by White ``+/-``, by Black ``-/+``, lost by both ``-/-``
#: (docs/rules/tournaments.md §1.3; a forfeited game is not a game played, FIDE C.04.1).
FORFEIT_RESULTS: Mapping[str, tuple[str, str]] = {
    "+/-": ("+", "-"),
    "-/+": ("-", "+"),
    "-/-": ("-", "-"),
}
#: Codes of rounds without an opponent.
BYE_CODES = frozenset("HFUZ")
#: Every result code this package reads and writes.
RESULT_CODES = PLAYED_CODES | FORFEIT_CODES | BYE_CODES
#: Codes that count as a win / draw / loss for the player who holds them.
WIN_CODES = frozenset("1W+FU")
DRAW_CODES = frozenset("=DH")
#: Codes of a game won over the board (rated or not).
PLAYED_WIN_CODES = frozenset("1W")
LOSS_CODES = frozenset("0L-Z")


def code_share(code: str) -> Decimal:
    """The share of a round's points a result code stands for: win 1, draw 1/2, loss 0
    (C.07 9.1, "the result against them").

    >>> code_share("="), code_share("+")
    (Decimal('0.5'), Decimal('1'))
    """
    if code in WIN_CODES:
        return Decimal(1)
    if code in DRAW_CODES:
        return Decimal("0.5")
    return Decimal(0)


@dataclass(frozen=True)
class ScoringSystem:
    """Points per pairing, as Decimal (draughts default: 2 for a win, 1 for a draw).

    With two games per pairing, the event's points for the pairing are the games' points
    summed, or match points; either way one pairing yields one of these values.
    """

    win: Decimal = Decimal(2)
    draw: Decimal = Decimal(1)
    loss: Decimal = Decimal(0)
    forfeit_win: Decimal = Decimal(2)
    forfeit_loss: Decimal = Decimal(0)
    pairing_bye: Decimal = Decimal(2)
    half_bye: Decimal = Decimal(1)
    zero_bye: Decimal = Decimal(0)
    full_bye: Decimal = Decimal(2)

    def points_for(self, code: str) -> Decimal:
        """Points this system gives for a TRF result code.

        >>> ScoringSystem().points_for("=")
        Decimal('1')
        """
        try:
            attribute = _CODE_POINTS[code]
        except KeyError:
            raise ValueError(
                f"unknown result code {code!r}: expected one of {''.join(sorted(RESULT_CODES))}"
            ) from None
        points: Decimal = getattr(self, attribute)
        return points


_CODE_POINTS = {
    "1": "win",
    "W": "win",
    "=": "draw",
    "D": "draw",
    "0": "loss",
    "L": "loss",
    "+": "forfeit_win",
    "-": "forfeit_loss",
    "U": "pairing_bye",
    "H": "half_bye",
    "Z": "zero_bye",
    "F": "full_bye",
}


@dataclass(frozen=True)
class RoundResult:
    """One player's line for one round, as in a TRF player record.

    ``opponent`` is the opponent's pairing number, ``None`` for a bye or a round not paired
    (then ``colour`` is ``None`` too). ``points`` is what the player scored this round in the
    event's scoring. A forfeit keeps its opponent (``+``/``-`` with a number); a player absent
    from a round without being paired holds a bye code (usually ``Z``).

    ``rest`` marks a round-robin rest: with an odd number of players, whoever meets the
    Berger table's dummy number has no game that round (FIDE C.05 Annex 1). It is nobody's
    choice and nobody's fault, so it scores nothing and the tie-breaks leave it out (no
    dummy opponent, see :mod:`tournaments.scoring.tiebreaks`). TRF has no code for it: it is
    held and written as ``Z`` with no points (TRF-2026: a blank result "is equivalent to Z").

    A pairing of several games (a two-game match) also says what its one code cannot:
    ``share``, the share of the round's points the player scored (3 of 4 game points is 3/4;
    the factor of Sonneborn-Berger), and ``games_won``, the games he won over the board.
    ``None`` (one game a pairing) means: as the code says (:attr:`result_share`,
    :attr:`games_won_over_board`).

    >>> RoundResult(3, None, None, "Z", Decimal(0), rest=True).bye
    True
    """

    round: int
    opponent: int | None
    colour: Colour | None
    code: str
    points: Decimal
    rest: bool = False
    share: Decimal | None = None
    games_won: int | None = None

    def __post_init__(self) -> None:
        if self.share is not None and not 0 <= self.share <= 1:
            raise ValueError(f"round {self.round}: share {self.share} is not between 0 and 1")
        if self.code not in RESULT_CODES:
            raise ValueError(
                f"round {self.round}: unknown result code {self.code!r}, expected one of "
                f"{''.join(sorted(RESULT_CODES))}"
            )
        if self.rest and (self.code != "Z" or self.opponent is not None or self.points):
            raise ValueError(
                f"round {self.round}: a round-robin rest is code 'Z' with no opponent and no "
                f"points, got code {self.code!r}, opponent {self.opponent}, {self.points} points"
            )
        if (self.opponent is None) != (self.code in BYE_CODES):
            raise ValueError(
                f"round {self.round}: result code {self.code!r} "
                + (
                    "needs an opponent"
                    if self.opponent is None
                    else f"is a bye but names opponent {self.opponent}"
                )
            )

    @property
    def played(self) -> bool:
        """The game was played over the board (rated or not)."""
        return self.code in PLAYED_CODES

    @property
    def forfeit(self) -> bool:
        """The pairing was made but decided by forfeit (``+`` or ``-``)."""
        return self.code in FORFEIT_CODES

    @property
    def bye(self) -> bool:
        """No opponent this round (any kind of bye, or absent)."""
        return self.code in BYE_CODES

    @property
    def bye_kind(self) -> ByeKind | None:
        """The kind of bye, ``None`` when there was an opponent."""
        return _BYE_KINDS.get(self.code)

    @property
    def result_share(self) -> Decimal:
        """The share of the round's points the player scored: ``share`` when the pairing
        says it, else from the code: win 1, draw 1/2, loss 0 (C.07 9.1)."""
        return self.share if self.share is not None else code_share(self.code)

    @property
    def games_won_over_board(self) -> int:
        """Games won over the board this round: ``games_won`` when the pairing says it, else
        1 for a played win (``1``, ``W``) and 0 for anything else."""
        if self.games_won is not None:
            return self.games_won
        return 1 if self.code in PLAYED_WIN_CODES else 0

    @property
    def won(self) -> bool:
        return self.code in WIN_CODES

    @property
    def drawn(self) -> bool:
        return self.code in DRAW_CODES

    @property
    def lost(self) -> bool:
        return self.code in LOSS_CODES


_BYE_KINDS = {code: kind for kind, code in _BYE_CODES.items()}


@dataclass(frozen=True)
class Competitor:
    """A player (or team) with pairing number ``number`` (starting rank, 1..n).

    ``results`` holds one entry per round played so far, in round order, entries for missed
    rounds included (a late entry holds ``Z`` byes for the rounds before arrival).
    ``fmjd_id`` is the player's FMJD identification number ("" when unknown);
    ``withdrawn_from_round`` the first round he no longer plays after withdrawing.
    """

    number: int
    name: str
    rating: int
    federation: str = ""
    title: str = ""
    club: str = ""
    results: tuple[RoundResult, ...] = ()
    fmjd_id: str = ""
    withdrawn_from_round: int | None = None

    def score(self, after_round: int | None = None) -> Decimal:
        """Points after ``after_round`` rounds (all rounds when ``None``)."""
        return sum(
            (r.points for r in self.results if after_round is None or r.round <= after_round),
            Decimal(0),
        )

    def results_through(self, last_round: int, scoring: ScoringSystem) -> tuple[RoundResult, ...]:
        """One entry per round ``1..last_round``, in order; a round without an entry is a
        zero-point bye (TRF-2026 player section: a blank result "is equivalent to Z"), so a
        late entry's missed rounds and a withdrawn player's later rounds are explicit."""
        by_round = {r.round: r for r in self.results}
        return tuple(
            by_round.get(n) or RoundResult(n, None, None, "Z", scoring.zero_bye)
            for n in range(1, last_round + 1)
        )

    def withdrawn_by(self, after_round: int) -> bool:
        """Whether he withdrew and plays no round after ``after_round``: what the standings
        and the crosstable after that round mark "withdrawn" (a player withdrawn from a later
        round still plays the next)."""
        return (
            self.withdrawn_from_round is not None and self.withdrawn_from_round <= after_round + 1
        )

    def result_in(self, round_number: int) -> RoundResult | None:
        """The entry for round ``round_number``, ``None`` if there is none."""
        for result in self.results:
            if result.round == round_number:
                return result
        return None


@dataclass(frozen=True)
class ForbiddenPairing:
    """Players who must not be paired together from ``first_round`` to ``last_round``
    (TRF-2026 record 260; C.04.3 C.1 as applied from 1 February 2026 allows a range)."""

    players: frozenset[int]
    first_round: int
    last_round: int

    def __post_init__(self) -> None:
        if len(self.players) < 2 or self.first_round < 1 or self.last_round < self.first_round:
            raise ValueError(
                f"a forbidden pairing needs two players and rounds first <= last, got "
                f"{sorted(self.players)} in rounds {self.first_round}-{self.last_round}"
            )

    def pairs(self) -> frozenset[frozenset[int]]:
        """Every two players of the record."""
        ordered = sorted(self.players)
        return frozenset(frozenset((a, b)) for i, a in enumerate(ordered) for b in ordered[i + 1 :])


def team_mate_pairs(teams: Mapping[int, str]) -> frozenset[frozenset[int]]:
    """Every two competitors (pairing numbers) with the same team label, the pairs an
    event that never pairs team mates forbids (docs/rules/tournaments.md §7.5); an empty
    label is no team.

    >>> sorted(sorted(p) for p in team_mate_pairs({1: "NED", 2: "FRA", 3: "NED", 4: ""}))
    [[1, 3]]
    """
    members: dict[str, list[int]] = {}
    for number, label in teams.items():
        if label:
            members.setdefault(label, []).append(number)
    return frozenset(
        frozenset((a, b))
        for numbers in members.values()
        for i, a in enumerate(numbers)
        for b in numbers[i + 1 :]
    )


@dataclass(frozen=True)
class Acceleration:
    """Fictitious points added to the pairing score of players ``first_player`` to
    ``last_player`` (pairing numbers) in rounds ``first_round`` to ``last_round``
    (TRF-2026 record 250; an accelerated Swiss such as the Baku method, C.04.5)."""

    points: Decimal
    first_round: int
    last_round: int
    first_player: int
    last_player: int

    def __post_init__(self) -> None:
        if self.points <= 0 or not 1 <= self.first_round <= self.last_round:
            raise ValueError(
                f"an acceleration needs points above 0 and rounds 1 <= first <= last, got "
                f"{self.points} in rounds {self.first_round}-{self.last_round}"
            )
        if not 1 <= self.first_player <= self.last_player:
            raise ValueError(
                f"an acceleration needs players 1 <= first <= last, got "
                f"{self.first_player}-{self.last_player}"
            )

    def covers(self, round_number: int) -> bool:
        """Whether the fictitious points count in ``round_number``."""
        return self.first_round <= round_number <= self.last_round


@dataclass(frozen=True)
class TournamentState:
    """Everything the pure algorithms need to know about an event.

    ``annulled`` names the players whose games are annulled for the standings (a round-robin
    withdrawal, :mod:`tournaments.scoring.withdrawals`): their results stay in the record,
    but the standings and tie-breaks count neither their points nor the points scored
    against them.
    """

    competitors: tuple[Competitor, ...]
    total_rounds: int
    scoring: ScoringSystem = field(default_factory=ScoringSystem)
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    first_colour: Colour = Colour.WHITE
    annulled: frozenset[int] = frozenset()
    #: Forbidden pairings that hold for some rounds only; ``forbidden_pairs`` hold in all.
    forbidden_ranges: tuple[ForbiddenPairing, ...] = ()
    #: The text of C.04.3 the event is paired by (``None``: not stated, the 2026 text).
    rules: DutchRules | None = None
    #: Fictitious points for pairing (TRF-2026 record 250), in the order they were given.
    accelerations: tuple[Acceleration, ...] = ()
    #: The text of C.07 the tie-breaks follow (it changes the dummy opponent, article 16.4).
    tiebreak_rules: TieBreakRules = TieBreakRules.FIDE_2023
    #: (pairing number, round) of each game still in progress: its result is not in yet, so
    #: that round is, for both players, as if not yet played (docs/rules/tournaments.md
    #: §4.11); a round listed here holds no result for the player.
    pending: frozenset[tuple[int, int]] = frozenset()

    def forbidden_in(self, round_number: int) -> frozenset[frozenset[int]]:
        """The pairs that must not meet in ``round_number``."""
        ranged = (
            f.pairs()
            for f in self.forbidden_ranges
            if f.first_round <= round_number <= f.last_round
        )
        return self.forbidden_pairs.union(*ranged)

    def competitor(self, number: int) -> Competitor:
        """The competitor with pairing number ``number``; ``KeyError`` names it if absent."""
        for competitor in self.competitors:
            if competitor.number == number:
                return competitor
        raise KeyError(f"no competitor with pairing number {number}")

    @property
    def rounds_played(self) -> int:
        """The highest round for which any competitor holds a result (0 before round 1)."""
        return max((r.round for c in self.competitors for r in c.results), default=0)


@dataclass(frozen=True)
class Pair:
    """One board: ``white`` against ``black``; ``black`` is ``None`` for the pairing-allocated
    bye (``white`` is then the player who receives it)."""

    white: int
    black: int | None

    @property
    def is_bye(self) -> bool:
        return self.black is None
