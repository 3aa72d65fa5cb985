"""Tie-breaks as small pure functions, each returning its value *and* how it was obtained.

Definitions follow the FIDE Tie-Break Regulations (Handbook C.07, in force from 2023; the
article numbers below are theirs) and, for truncated Solkoff, FMJD practice. Every function
takes a :class:`TieBreakContext` (scores precomputed once for the whole event) and a pairing
number, and returns a :class:`TieBreakDetail`: the value, the rounds that count, the rounds
that were cut and a note — the public site shows it as is.

Unplayed rounds in Swiss events (C.07 article 16):

* 16.1-16.2: a *voluntary unplayed round* (VUR) is a requested bye (``H``, ``Z``; every
  round after a withdrawal is a ``Z``) or a forfeit loss (``-``). A requested bye followed
  only by VURs, or in the last round counted, is category 16.2.5.
* 16.3: for its *opponents'* tie-breaks a player's score is *adjusted*: category 16.2.5 rounds
  count as draws, every other round with the points actually awarded.
* 16.4: for the player's *own* tie-break, each unplayed round (bye, forfeit won or lost) is
  a game against a dummy, with the result matching the points awarded; its score is the
  player's own score (C.07 as applied from 2023) or, under the text approved on 2 February 2026
  (events from 1 March 2026, ``TieBreakRules``), that score capped by the opponent's (16.4.1)
  or by a draw in every round counted (16.4.2): ``_dummy_score``.
* 16.5: when a modifier cuts the least significant value of a player with VURs, the lowest
  contribution coming from a VUR is cut first.

Round-robin rests are not unplayed rounds. Article 16 is written for Swiss tournaments (its
dummy stands in for the opponent the pairing could have given). In a round robin with an odd
number of players every player rests once, against the Berger table's dummy number (C.05
Annex 1, "the highest number counts as a bye"), and the definitions count the games against
the other players: Sonneborn-Berger (C.07 9.1) sums the scores of the opponents beaten plus
half those drawn, Solkoff/Buchholz (8.1) the scores of the opponents met. So a rest
(``RoundResult.rest``) adds nothing to the player's own tie-breaks and is no VUR (16.1), so
nobody's score is adjusted for it (16.3). FMJD: no FMJD text available to this project gives
the rest round its own rule; FMJD round robins are ranked the same way here (rule of this
application, to check against the FMJD tournament regulations). Progressive score (7.5)
still counts the round: the running score after it, unchanged.

A game in progress (``TournamentState.pending``) leaves its round out for both players, as if
not yet played: docs/rules/tournaments.md §4.11.

Scores are the event's points (:class:`ScoringSystem`, 2/1/0 by default).

Notes are fixed English texts marked with ``gettext_noop``: the values stay plain strings (the
API shows them as they are) and the public pages translate them (``{% translate note %}``).
Labels are marked the same way and translated by the page or document that shows them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import NamedTuple, Protocol, TypeVar

from tournaments.i18n import gettext_noop
from tournaments.scoring.results import format_points
from tournaments.scoring.withdrawals import annul_games
from tournaments.values import (
    PLAYED_CODES,
    PLAYED_WIN_CODES,
    Competitor,
    RoundResult,
    ScoringSystem,
    TieBreakRules,
    TournamentState,
)

#: Requested byes (C.07 16.1.1) and voluntary unplayed rounds (16.1.2).
REQUESTED_BYE_CODES = frozenset("HZ")
VUR_CODES = REQUESTED_BYE_CODES | {"-"}


@dataclass(frozen=True)
class Contribution:
    """What one round adds to a tie-break.

    ``opponent`` is the opponent's pairing number (the scheduled one for a forfeit, ``None``
    for a bye); ``dummy`` says the round was valued against a dummy (C.07 16.4) rather than
    the opponent; ``value`` is what the round contributes; ``factor`` what the opponent's
    score was multiplied by (Sonneborn-Berger), ``None`` elsewhere.
    """

    round: int
    opponent: int | None
    code: str
    value: Decimal
    dummy: bool = False
    note: str = ""
    factor: Decimal | None = None


@dataclass(frozen=True)
class TieBreakDetail:
    """A tie-break value for one player with the data it was computed from."""

    code: str
    number: int
    value: Decimal
    counted: tuple[Contribution, ...] = ()
    cut: tuple[Contribution, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class TieBreakContext:
    """Everything the tie-breaks need, computed once per event and round.

    ``rows`` holds one result per round ``1..after_round`` for every player (a missing round
    is a zero-point bye), ``score`` the points, ``adjusted`` the scores adjusted for the
    opponents' tie-breaks (C.07 16.3), ``vur_rounds`` the rounds that are VURs,
    ``scheduled`` the rounds that count in the opponent-based tie-breaks (every round but a
    round-robin rest, see the module's docstring). ``opponent_scores`` keeps each player's
    opponent contributions once computed (Buchholz and Sonneborn-Berger share them), and
    ``opponent_values`` their values alone (what the standings rank on, see ``TieBreak.value``).
    """

    state: TournamentState
    after_round: int
    competitors: dict[int, Competitor]
    rows: dict[int, tuple[RoundResult, ...]]
    score: dict[int, Decimal]
    adjusted: dict[int, Decimal]
    vur_rounds: dict[int, frozenset[int]]
    scheduled: dict[int, tuple[RoundResult, ...]] = field(default_factory=dict)
    opponent_scores: dict[int, tuple[Contribution, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    opponent_values: dict[int, tuple[_OpponentValue, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def build(cls, state: TournamentState, *, after_round: int) -> TieBreakContext:
        scoring = state.scoring
        competitors = {c.number: c for c in state.competitors}
        # Annulled games (a round-robin withdrawal) are ranked as rests: annul_games.
        counted = {c.number: c for c in annul_games(state).competitors}
        # A game in progress leaves its round out for both players (§4.11): not played, not
        # unplayed, no points, no opponent, no dummy.
        pending = state.pending
        rows = {
            n: tuple(
                r for r in c.results_through(after_round, scoring) if (n, r.round) not in pending
            )
            for n, c in counted.items()
        }
        score: dict[int, Decimal] = {}
        adjusted: dict[int, Decimal] = {}
        vur_rounds: dict[int, frozenset[int]] = {}
        scheduled: dict[int, tuple[RoundResult, ...]] = {}
        for number, row in rows.items():
            scheduled[number] = tuple(r for r in row if not r.rest)
            score[number] = sum((r.points for r in row), Decimal(0))
            late_byes = _trailing_requested_byes(row)
            adjusted[number] = sum(
                (scoring.draw if r.round in late_byes else r.points for r in row), Decimal(0)
            )
            vur_rounds[number] = frozenset(r.round for r in row if _is_vur(r))
        return cls(state, after_round, competitors, rows, score, adjusted, vur_rounds, scheduled)

    @property
    def scoring(self) -> ScoringSystem:
        return self.state.scoring


def _is_vur(result: RoundResult) -> bool:
    """A voluntary unplayed round (C.07 16.1); a round-robin rest is not one."""
    return result.code in VUR_CODES and not result.rest


def _trailing_requested_byes(row: tuple[RoundResult, ...]) -> frozenset[int]:
    """Rounds of category C.07 16.2.5: requested byes followed only by VURs (or last)."""
    rounds: set[int] = set()
    for result in reversed(row):
        if not _is_vur(result):
            break
        if result.code in REQUESTED_BYE_CODES:
            rounds.add(result.round)
    return frozenset(rounds)


def _scheduled(context: TieBreakContext, number: int) -> tuple[RoundResult, ...]:
    """The player's rounds that count in their opponent-based tie-breaks: every round but a
    round-robin rest (see the module's docstring)."""
    return context.scheduled[number]


def _opponent_scores(context: TieBreakContext, number: int) -> tuple[Contribution, ...]:
    """Per round: the opponent's adjusted score for a game played, the player's own score
    (dummy, C.07 16.4) for an unplayed round; nothing for a round-robin rest. Computed once
    per player and context."""
    found = context.opponent_scores.get(number)
    if found is None:
        found = context.opponent_scores[number] = _compute_opponent_scores(context, number)
    return found


def _compute_opponent_scores(context: TieBreakContext, number: int) -> tuple[Contribution, ...]:
    contributions = []
    for result in _scheduled(context, number):
        value, note = _round_opponent_score(context, number, result)
        contributions.append(
            Contribution(
                result.round,
                result.opponent,
                result.code,
                value,
                dummy=note is not None,
                note=note or "",
            )
        )
    return tuple(contributions)


class _OpponentValue(NamedTuple):
    """One round's value of :func:`_opponent_scores`, without its explanation: what a
    tie-break's value needs."""

    value: Decimal
    round: int


def _opponent_values(context: TieBreakContext, number: int) -> tuple[_OpponentValue, ...]:
    """The values of :func:`_opponent_scores` (see :class:`_OpponentValue`). Computed once
    per player and context."""
    found = context.opponent_values.get(number)
    if found is None:
        found = context.opponent_values[number] = tuple(
            _OpponentValue(_round_opponent_score(context, number, result)[0], result.round)
            for result in _scheduled(context, number)
        )
    return found


def _round_opponent_score(
    context: TieBreakContext, number: int, result: RoundResult
) -> tuple[Decimal, str | None]:
    """One round of :func:`_opponent_scores`: the opponent's adjusted score and no note for a
    game played; for an unplayed round, the dummy's score and the note that says why."""
    if result.code in PLAYED_CODES:
        assert result.opponent is not None  # a game played has one
        return context.adjusted[result.opponent], None
    return _dummy_score(context, number, result)


def _dummy_score(context: TieBreakContext, number: int, result: RoundResult) -> tuple[Decimal, str]:
    """The score of the dummy opponent of an unplayed round, and the note that says why.

    C.07 (2023) 16.4: the player's own score. C.07 as approved on 2 February 2026 (events from
    1 March 2026) keeps the own score as a ceiling: 16.4.1, a round with a scheduled opponent
    (a forfeit won or lost), takes the lower of the player's score and the opponent's
    (adjusted, 16.3); 16.4.2, a round without one (a bye, a round not paired), the lower of the
    player's score and a draw in every round counted (docs/rules/tournaments.md §4.8)."""
    own = context.score[number]
    if context.state.tiebreak_rules is not TieBreakRules.FIDE_2026:
        return own, gettext_noop("unplayed: dummy opponent with the player's own score (C.07 16.4)")
    if result.opponent is not None:
        opponent = context.adjusted[result.opponent]
        if opponent < own:
            return opponent, gettext_noop(
                "unplayed: dummy opponent with the opponent's score, lower than the player's "
                "own (C.07 16.4.1)"
            )
        return own, gettext_noop(
            "unplayed: dummy opponent with the player's own score, not above the opponent's "
            "(C.07 16.4.1)"
        )
    # "The number of rounds": the rounds counted for the player (a round whose game is in
    # progress is not yet one of them, §4.11).
    ceiling = context.scoring.draw * len(context.rows[number])
    if ceiling < own:
        return ceiling, gettext_noop(
            "unplayed: dummy opponent with a draw in every round, lower than the player's own "
            "score (C.07 16.4.2)"
        )
    return own, gettext_noop(
        "unplayed: dummy opponent with the player's own score, not above a draw in every round "
        "(C.07 16.4.2)"
    )


class _Valued(Protocol):
    """What a tie-break's modifiers cut: a round's value (a :class:`Contribution`, or an
    :class:`_OpponentValue` where no explanation is asked for)."""

    @property
    def value(self) -> Decimal: ...

    @property
    def round(self) -> int: ...


_V = TypeVar("_V", bound=_Valued)


def _cut(
    contributions: Sequence[_V], vur_rounds: frozenset[int], *, low: int, high: int
) -> tuple[tuple[_V, ...], tuple[_V, ...]]:
    """Apply C.07 modifiers: cut ``low`` least then ``high`` most significant values
    (14.1-14.4), the lowest VUR contribution going first among the low cuts (16.5)."""
    remaining = list(contributions)
    cut: list[_V] = []

    def lowest(candidates: list[_V]) -> _V:
        return min(candidates, key=lambda c: (c.value, c.round))

    for _ in range(min(low, len(remaining))):
        from_vurs = [c for c in remaining if c.round in vur_rounds]
        chosen = lowest(from_vurs or remaining)
        remaining.remove(chosen)
        cut.append(chosen)
    for _ in range(min(high, len(remaining))):
        chosen = max(remaining, key=lambda c: (c.value, -c.round))
        remaining.remove(chosen)
        cut.append(chosen)
    return tuple(remaining), tuple(cut)


def _buchholz_value(*, low: int, high: int) -> Callable[[TieBreakContext, int], Decimal]:
    def value(context: TieBreakContext, number: int) -> Decimal:
        values = _opponent_values(context, number)
        if low or high:
            values = _cut(values, context.vur_rounds[number], low=low, high=high)[0]
        return sum((v.value for v in values), Decimal(0))

    return value


def _buchholz(
    code: str, *, low: int, high: int
) -> Callable[[TieBreakContext, int], TieBreakDetail]:
    def compute(context: TieBreakContext, number: int) -> TieBreakDetail:
        counted, cut = _cut(
            _opponent_scores(context, number), context.vur_rounds[number], low=low, high=high
        )
        value = sum((c.value for c in counted), Decimal(0))
        return TieBreakDetail(code, number, value, counted, cut)

    return compute


buchholz = _buchholz("BH", low=0, high=0)
buchholz.__doc__ = """Buchholz / Solkoff (C.07 8.1): the sum of the opponents' scores."""
buchholz_cut1 = _buchholz("BH-C1", low=1, high=0)
buchholz_cut1.__doc__ = """Buchholz Cut-1 (C.07 14.1): Buchholz without the lowest score."""
buchholz_cut2 = _buchholz("BH-C2", low=2, high=0)
buchholz_cut2.__doc__ = """Buchholz Cut-2 (C.07 14.2): without the two lowest scores."""
buchholz_median1 = _buchholz("BH-M1", low=1, high=1)
buchholz_median1.__doc__ = """Median Buchholz (C.07 14.3): without the lowest, then the highest."""
buchholz_median2 = _buchholz("BH-M2", low=2, high=2)
buchholz_median2.__doc__ = """Median-2 Buchholz (C.07 14.4): without the two lowest and highest."""
_truncated = _buchholz("TSOL", low=1, high=0)


def truncated_solkoff(context: TieBreakContext, number: int) -> TieBreakDetail:
    """Truncated Solkoff (FMJD): Solkoff (sum of the opponents' scores) minus the lowest
    opponent score. Numerically Buchholz Cut-1 (C.07 14.1), unplayed rounds per article 16."""
    return _truncated(context, number)


def _dummy_share(result: RoundResult, scoring: ScoringSystem) -> Decimal:
    """The result an unplayed round stands for against the dummy: "the result corresponding
    to the points awarded" (C.07 16.4): 1 for a win's points, 1/2 for a draw's, 0 for a
    loss's; a match's own share when it says one."""
    if result.share is not None:
        return result.share
    points = result.points
    if points >= scoring.win:
        return Decimal(1)
    if points == scoring.draw:
        return Decimal("0.5")
    if points <= scoring.loss:
        return Decimal(0)
    return points / scoring.win


@functools.lru_cache(maxsize=256)
def factor_text(value: Decimal) -> str:
    """A factor as a person reads it: ``1``, ``1/2``, ``3/4``, ``0`` (kept once made: a
    table of 200 players asks for the same few factors thousands of times).

    >>> factor_text(Decimal("0.75")), factor_text(Decimal(1))
    ('3/4', '1')
    """
    return str(Fraction(value).limit_denominator(100))


def sonneborn_berger(context: TieBreakContext, number: int) -> TieBreakDetail:
    """Sonneborn-Berger (C.07 9.1): the sum, over the rounds, of the opponent's score times
    the result against them, as the share of the round's points the player scored: win 1,
    draw 1/2, loss 0 for one game; for a two-game match the share of its game points (3 of
    4 is 3/4) or of its match points, as the event ranks (``docs/rules/tournaments.md``
    §4.3). Unplayed rounds against the dummy (16.4), opponents' scores adjusted (16.3), a
    round-robin rest left out. Each contribution keeps its ``factor``."""
    scoring = context.scoring
    counted = []
    for c, result in zip(
        _opponent_scores(context, number), _scheduled(context, number), strict=True
    ):
        factor = _dummy_share(result, scoring) if c.dummy else result.result_share
        # The note is the calculation only: ``dummy`` says the opponent is the C.07 16.4 dummy.
        counted.append(
            Contribution(
                c.round,
                c.opponent,
                c.code,
                c.value * factor,
                c.dummy,
                f"{format_points(c.value)} x {factor_text(factor)}",
                factor=factor,
            )
        )
    return TieBreakDetail("SB", number, sum((c.value for c in counted), Decimal(0)), tuple(counted))


def _sonneborn_berger_value(context: TieBreakContext, number: int) -> Decimal:
    """The value of :func:`sonneborn_berger`, without its explanation."""
    scoring = context.scoring
    return sum(
        (
            v.value
            * (
                result.result_share
                if result.code in PLAYED_CODES
                else _dummy_share(result, scoring)
            )
            for v, result in zip(
                _opponent_values(context, number), _scheduled(context, number), strict=True
            )
        ),
        Decimal(0),
    )


def _games_won_value(context: TieBreakContext, number: int) -> Decimal:
    """The value of :func:`games_won`, without its explanation."""
    return sum(
        (Decimal(r.games_won_over_board) for r in context.rows[number] if r.games_won_over_board),
        Decimal(0),
    )


def _matches_won_value(context: TieBreakContext, number: int) -> Decimal:
    """The value of :func:`matches_won`, without its explanation."""
    return Decimal(sum(1 for r in context.rows[number] if r.code in PLAYED_WIN_CODES))


def _progressive_score_value(context: TieBreakContext, number: int) -> Decimal:
    """The value of :func:`progressive_score`, without its explanation."""
    running = Decimal(0)
    steps = []
    for result in context.rows[number]:
        running += result.points
        steps.append(running)
    return sum(steps, Decimal(0))


def games_won(context: TieBreakContext, number: int) -> TieBreakDetail:
    """Number of games won over the board (C.07 7.3 "WON"): a game's codes ``1`` and ``W``,
    every game of a two-game match counted. Forfeit wins, byes and every other unplayed
    round do not count."""
    counted = tuple(
        Contribution(r.round, r.opponent, r.code, Decimal(r.games_won_over_board))
        for r in context.rows[number]
        if r.games_won_over_board
    )
    return TieBreakDetail(
        "WON",
        number,
        sum((c.value for c in counted), Decimal(0)),
        counted,
        note=gettext_noop("forfeit wins and byes not counted"),
    )


def matches_won(context: TieBreakContext, number: int) -> TieBreakDetail:
    """Number of pairings won over the board (``docs/rules/tournaments.md`` §4.4): a
    pairing's code ``1`` or ``W``; in two-game events the matches won, where WON counts the
    games. Forfeit wins and byes do not count."""
    counted = tuple(
        Contribution(r.round, r.opponent, r.code, Decimal(1))
        for r in context.rows[number]
        if r.code in PLAYED_WIN_CODES
    )
    return TieBreakDetail(
        "MW",
        number,
        Decimal(len(counted)),
        counted,
        note=gettext_noop("forfeit wins and byes not counted"),
    )


def progressive_score(context: TieBreakContext, number: int) -> TieBreakDetail:
    """Progressive (cumulative) score (C.07 7.5): the sum of the player's running scores
    after each round; unplayed rounds (a round-robin rest included) count with the points
    awarded."""
    running = Decimal(0)
    counted = []
    for result in context.rows[number]:
        running += result.points
        counted.append(
            Contribution(
                result.round,
                result.opponent,
                result.code,
                running,
                note=gettext_noop("running score"),
            )
        )
    return TieBreakDetail("PS", number, sum((c.value for c in counted), Decimal(0)), tuple(counted))


def _average_rating(code: str, *, low: int) -> Callable[[TieBreakContext, int], TieBreakDetail]:
    def compute(context: TieBreakContext, number: int) -> TieBreakDetail:
        rated = [
            Contribution(
                r.round, r.opponent, r.code, Decimal(context.competitors[r.opponent].rating)
            )
            for r in context.rows[number]
            if r.code in PLAYED_CODES
            and r.opponent is not None
            and context.competitors[r.opponent].rating > 0
        ]
        counted, cut = _cut(rated, frozenset(), low=low, high=0)
        total = sum((c.value for c in counted), Decimal(0))
        value = (
            (total / len(counted)).quantize(Decimal(1), ROUND_HALF_UP) if counted else Decimal(0)
        )
        return TieBreakDetail(
            code,
            number,
            value,
            counted,
            cut,
            note=gettext_noop(
                "games played over the board against rated opponents; rounded half up"
            ),
        )

    return compute


def _average_rating_value(*, low: int) -> Callable[[TieBreakContext, int], Decimal]:
    def value(context: TieBreakContext, number: int) -> Decimal:
        competitors = context.competitors
        rated = [
            _OpponentValue(Decimal(competitors[r.opponent].rating), r.round)
            for r in context.rows[number]
            if r.code in PLAYED_CODES
            and r.opponent is not None
            and competitors[r.opponent].rating > 0
        ]
        counted = [v.value for v in _cut(rated, frozenset(), low=low, high=0)[0]]
        total = sum(counted, Decimal(0))
        return (total / len(counted)).quantize(Decimal(1), ROUND_HALF_UP) if counted else Decimal(0)

    return value


average_rating_of_opponents = _average_rating("ARO", low=0)
average_rating_of_opponents.__doc__ = """Average rating of opponents (C.07 10.1): opponents met
over the board (forfeits and byes excluded, C.07 15.2), unrated opponents left out, rounded to
the nearest whole number."""
average_rating_cut1 = _average_rating("ARO-C1", low=1)
average_rating_cut1.__doc__ = """ARO Cut-1 (C.07 14.1.1): ARO without the lowest rating."""


def direct_encounter(context: TieBreakContext, number: int, tied: frozenset[int]) -> TieBreakDetail:
    """Direct encounter (C.07 6): the points scored against the other players of the
    tied group (``tied``: same points and same earlier tie-breaks), games and forfeits alike.
    Applied only when every pair of the group has met; otherwise 0 for all, with a note."""
    others = tied - {number}
    if not others:
        return TieBreakDetail("DE", number, Decimal(0), note=gettext_noop("not tied"))
    met = {(n, r.opponent) for n in tied for r in context.rows[n] if r.opponent in tied}
    complete = all((a, b) in met for a in tied for b in tied if a != b)
    counted = tuple(
        Contribution(r.round, r.opponent, r.code, r.points)
        for r in context.rows[number]
        if r.opponent in others
    )
    if not complete:
        return TieBreakDetail(
            "DE",
            number,
            Decimal(0),
            note=gettext_noop("not applied: the tied participants have not all met"),
        )
    return TieBreakDetail("DE", number, sum((c.value for c in counted), Decimal(0)), counted)


@dataclass(frozen=True)
class TieBreak:
    """A registered tie-break: a stable ``code`` an event stores, a ``label`` to show
    (marked for translation, translated where it is shown), the function.
    ``uses_tied_group`` functions also receive the group of tied players."""

    code: str
    label: str
    function: Callable[..., TieBreakDetail] = field(repr=False)
    uses_tied_group: bool = False
    #: The value alone, where it is quicker than the detail's (the standings rank on
    #: thousands of values and explain none); None: the detail's.
    value_function: Callable[[TieBreakContext, int], Decimal] | None = field(
        default=None, repr=False
    )

    def detail(
        self, context: TieBreakContext, number: int, tied: frozenset[int] = frozenset()
    ) -> TieBreakDetail:
        if self.uses_tied_group:
            return self.function(context, number, tied)
        return self.function(context, number)

    def value(
        self, context: TieBreakContext, number: int, tied: frozenset[int] = frozenset()
    ) -> Decimal:
        """``detail(context, number, tied).value``, without building the explanation when
        the tie-break has a ``value_function``."""
        if self.value_function is not None:
            return self.value_function(context, number)
        return self.detail(context, number, tied).value


TIEBREAKS: dict[str, TieBreak] = {
    t.code: t
    for t in (
        TieBreak(
            "TSOL",
            gettext_noop("Truncated Solkoff (FMJD)"),
            truncated_solkoff,
            value_function=_buchholz_value(low=1, high=0),
        ),
        TieBreak(
            "BH",
            gettext_noop("Solkoff / Buchholz"),
            buchholz,
            value_function=_buchholz_value(low=0, high=0),
        ),
        TieBreak(
            "BH-C1",
            gettext_noop("Buchholz Cut-1"),
            buchholz_cut1,
            value_function=_buchholz_value(low=1, high=0),
        ),
        TieBreak(
            "BH-C2",
            gettext_noop("Buchholz Cut-2"),
            buchholz_cut2,
            value_function=_buchholz_value(low=2, high=0),
        ),
        TieBreak(
            "BH-M1",
            gettext_noop("Median Buchholz"),
            buchholz_median1,
            value_function=_buchholz_value(low=1, high=1),
        ),
        TieBreak(
            "BH-M2",
            gettext_noop("Median-2 Buchholz"),
            buchholz_median2,
            value_function=_buchholz_value(low=2, high=2),
        ),
        TieBreak(
            "SB",
            gettext_noop("Sonneborn-Berger"),
            sonneborn_berger,
            value_function=_sonneborn_berger_value,
        ),
        TieBreak("WON", gettext_noop("Games won"), games_won, value_function=_games_won_value),
        TieBreak("MW", gettext_noop("Matches won"), matches_won, value_function=_matches_won_value),
        TieBreak("DE", gettext_noop("Direct encounter"), direct_encounter, uses_tied_group=True),
        TieBreak(
            "PS",
            gettext_noop("Progressive score"),
            progressive_score,
            value_function=_progressive_score_value,
        ),
        TieBreak(
            "ARO",
            gettext_noop("Average rating of opponents"),
            average_rating_of_opponents,
            value_function=_average_rating_value(low=0),
        ),
        TieBreak(
            "ARO-C1",
            gettext_noop("Average rating of opponents Cut-1"),
            average_rating_cut1,
            value_function=_average_rating_value(low=1),
        ),
    )
}


def find_tiebreak(code: str) -> TieBreak:
    """The registered tie-break ``code``; ``KeyError`` lists the known codes."""
    try:
        return TIEBREAKS[code]
    except KeyError:
        raise KeyError(f"unknown tie-break {code!r}: known codes are {sorted(TIEBREAKS)}") from None
