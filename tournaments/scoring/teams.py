"""Team competitions: board points, match points, team standings, lineups and colours.

A team match is played on a fixed number of boards; each board is an ordinary game scored
in game points (2/1/0 in draughts). A team's **board points** in a match are the sum of its
boards; the match itself gives **match points** (2/1/0 by default, as the KNDB national
competition and FIDE C.07 team events count them) to the team with more board points.
Either total can be the primary score. See ``docs/rules/tournaments.md §7``.

>>> scheme = MatchPointsScheme()
>>> match_points(Decimal(12), Decimal(4), scheme), match_points(Decimal(8), Decimal(8), scheme)
(Decimal('2'), Decimal('1'))
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Literal, Protocol, TypeVar

from tournaments.i18n import gettext_noop
from tournaments.scoring.results import GAME_CODES, PENDING, game_points
from tournaments.scoring.standings import _group_by, shared_places
from tournaments.values import FORFEIT_RESULTS, Colour, ScoringSystem

Member = TypeVar("Member")


class PrimaryScore(StrEnum):
    """What ranks the teams first: match points or board points."""

    MATCH_POINTS = "mp"
    BOARD_POINTS = "bp"


@dataclass(frozen=True)
class MatchPointsScheme:
    """Match points for a match won, drawn or lost on board points, and for a team bye.

    A bye scores ``bye`` match points and ``bye_board_points`` board points, as the event's
    regulations set them (FIDE C.04.6 leaves the bye's value to the regulations)."""

    win: Decimal = Decimal(2)
    draw: Decimal = Decimal(1)
    loss: Decimal = Decimal(0)
    bye: Decimal = Decimal(2)
    bye_board_points: Decimal = Decimal(0)


def match_points(own: Decimal, other: Decimal, scheme: MatchPointsScheme) -> Decimal:
    """The match points of a team that scored ``own`` board points against ``other``."""
    if own > other:
        return scheme.win
    return scheme.draw if own == other else scheme.loss


@dataclass(frozen=True)
class BoardGame:
    """A game of a team board: its result as stored (``1-0``, ``1/2``, ``+/-``, ``*``...) and
    whether team A's player had White in it (game 2 of a two-game board swaps the colours,
    docs/rules/tournaments.md §1.5)."""

    result: str
    a_white: bool


@dataclass(frozen=True)
class BoardScore:
    """A board's points seen from team A: each player's game points, None while a game is
    pending or none is entered; ``forfeit`` marks a board not played over the board."""

    points_a: Decimal | None
    points_b: Decimal | None
    forfeit: bool


def board_score(
    games: Sequence[BoardGame],
    *,
    scoring: ScoringSystem,
    games_per_board: int,
    empty: Literal["a", "b"] | None = None,
) -> BoardScore:
    """The points of a team board from its games, in the event's ``scoring``
    (docs/rules/tournaments.md §7.1: each board is an ordinary game scored in game points).

    - A board ``empty`` on one side (``"a"`` or ``"b"``: that team put nobody on it) is a
      forfeit: the present player scores the full-point bye of each of the board's
      ``games_per_board`` games, the empty side nothing (§7.1: forfeited boards count, the
      present player scoring the win).
    - Otherwise each player scores the sum of his games (§1.3: a double forfeit is a forfeit
      loss for both, an unplayed game a loss), or None while a game is pending or none is
      entered; the board is a forfeit when one of its games is (``FORFEIT_RESULTS``: a
      forfeited game is not a game played, FIDE C.04.1).

    >>> board_score([BoardGame("1-0", a_white=False)], scoring=ScoringSystem(), games_per_board=1)
    BoardScore(points_a=Decimal('0'), points_b=Decimal('2'), forfeit=False)
    >>> board_score([], scoring=ScoringSystem(), games_per_board=2, empty="b")
    BoardScore(points_a=Decimal('4'), points_b=Decimal('0'), forfeit=True)
    """
    if empty is not None:
        present = scoring.full_bye * games_per_board
        if empty == "b":
            return BoardScore(present, Decimal(0), forfeit=True)
        return BoardScore(Decimal(0), present, forfeit=True)
    forfeit = any(game.result in FORFEIT_RESULTS for game in games)
    if not games or any(game.result == PENDING for game in games):
        return BoardScore(None, None, forfeit)
    points_a = points_b = Decimal(0)
    for game in games:
        white, black = GAME_CODES[game.result]
        code_a, code_b = (white, black) if game.a_white else (black, white)
        points_a += game_points(game.result, code_a, scoring)
        points_b += game_points(game.result, code_b, scoring)
    return BoardScore(points_a, points_b, forfeit)


@dataclass(frozen=True)
class MatchTotals:
    """A team match's board points, team A's and team B's, and whether it is finished."""

    board_points_a: Decimal
    board_points_b: Decimal
    finished: bool


def match_totals(boards: Sequence[BoardScore], *, bye: bool) -> MatchTotals:
    """A team's board points in a match are the sum of its boards, forfeited boards included
    (docs/rules/tournaments.md §7.1), a board still pending counting nothing yet. The match is
    finished once every board has a result; a team ``bye`` at once, a match whose boards are
    not paired yet never.

    >>> D = Decimal
    >>> match_totals([BoardScore(D(2), D(0), False), BoardScore(None, None, False)], bye=False)
    MatchTotals(board_points_a=Decimal('2'), board_points_b=Decimal('0'), finished=False)
    """
    return MatchTotals(
        board_points_a=sum((b.points_a or Decimal(0) for b in boards), Decimal(0)),
        board_points_b=sum((b.points_b or Decimal(0) for b in boards), Decimal(0)),
        finished=all(b.points_a is not None for b in boards) and (bye or bool(boards)),
    )


@dataclass(frozen=True)
class BoardResult:
    """One board of a team match: the game points of team A's and team B's player.
    ``forfeit`` marks a board not played over the board (a player absent): its points count
    in the board points like any other result."""

    board: int
    points_a: Decimal
    points_b: Decimal
    forfeit: bool = False


@dataclass(frozen=True)
class TeamMatchResult:
    """A team match of round ``round``; ``team_b`` is None for a team bye."""

    round: int
    team_a: int
    team_b: int | None
    boards: tuple[BoardResult, ...] = ()

    @property
    def board_points_a(self) -> Decimal:
        return sum((b.points_a for b in self.boards), Decimal(0))

    @property
    def board_points_b(self) -> Decimal:
        return sum((b.points_b for b in self.boards), Decimal(0))


@dataclass(frozen=True)
class Adjustment:
    """A sanction or correction to a team's totals, with the reason shown in the standings
    (the KNDB deducts two match points for a sanctioned breach of its regulations)."""

    team: int
    reason: str
    match_points: Decimal = Decimal(0)
    board_points: Decimal = Decimal(0)


@dataclass(frozen=True)
class TeamScore:
    """What one team scored in one match, seen from that team."""

    round: int
    opponent: int | None
    board_points: Decimal
    opponent_board_points: Decimal
    match_points: Decimal


@dataclass(frozen=True)
class TeamStandingRow:
    """One line of the team standings; ``match_points`` and ``board_points`` include the
    adjustments, ``adjustment`` is their match-point sum and ``reasons`` their reasons."""

    position: int
    rank: int
    shared_rank: bool
    team: int
    match_points: Decimal
    board_points: Decimal
    adjustment: Decimal
    reasons: tuple[str, ...]
    tiebreaks: dict[str, Decimal] = field(default_factory=dict)
    played: int = 0


#: Team tie-breaks, by code, with the name a person reads.
TEAM_TIEBREAKS: dict[str, str] = {
    "BP": gettext_noop("Board points"),
    "MP": gettext_noop("Match points"),
    "DE": gettext_noop("Head-to-head"),
    "TSB": gettext_noop("Team Sonneborn-Berger"),
}


def team_scores(
    matches: Sequence[TeamMatchResult], scheme: MatchPointsScheme, *, after_round: int
) -> dict[int, list[TeamScore]]:
    """Each team's scores, match by match, up to ``after_round``."""
    scores: dict[int, list[TeamScore]] = {}
    for match in matches:
        if match.round > after_round:
            continue
        a, b = match.board_points_a, match.board_points_b
        if match.team_b is None:
            bye = TeamScore(match.round, None, scheme.bye_board_points, Decimal(0), scheme.bye)
            scores.setdefault(match.team_a, []).append(bye)
            continue
        scores.setdefault(match.team_a, []).append(
            TeamScore(match.round, match.team_b, a, b, match_points(a, b, scheme))
        )
        scores.setdefault(match.team_b, []).append(
            TeamScore(match.round, match.team_a, b, a, match_points(b, a, scheme))
        )
    return scores


def team_standings(
    teams: Sequence[int],
    matches: Sequence[TeamMatchResult],
    *,
    scheme: MatchPointsScheme,
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS,
    tiebreaks: Sequence[str] = ("BP",),
    adjustments: Sequence[Adjustment] = (),
    after_round: int | None = None,
) -> list[TeamStandingRow]:
    """Rank ``teams`` on the primary score, then each tie-break of ``tiebreaks`` in order
    (higher is better), then team number; teams level on all of them share the place
    (C.07 2.1: the regulations say whether tied participants share a place).

    Tie-breaks (``docs/rules/tournaments.md §7.3``):

    * ``BP``/``MP``: the other total (board points when ranking on match points);
    * ``DE``: head-to-head (C.07 6): the primary score in the matches between the tied teams,
      applied only when each pair of them has met, otherwise 0 for all;
    * ``TSB``: team Sonneborn-Berger (C.07 9.1 with teams as participants, as the FIDE
      Olympiad applies it): each opponent's match points times the board points scored
      against it.
    """
    unknown = [code for code in tiebreaks if code not in TEAM_TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown team tie-break {unknown[0]!r}; known: {sorted(TEAM_TIEBREAKS)}")
    last = after_round if after_round is not None else max((m.round for m in matches), default=0)
    scores = team_scores(matches, scheme, after_round=last)
    mp: dict[int, Decimal] = {}
    bp: dict[int, Decimal] = {}
    adjustment: dict[int, Decimal] = {}
    reasons: dict[int, tuple[str, ...]] = {}
    for team in teams:
        own = [a for a in adjustments if a.team == team]
        adjustment[team] = sum((a.match_points for a in own), Decimal(0))
        reasons[team] = tuple(a.reason for a in own)
        mp[team] = sum((s.match_points for s in scores.get(team, ())), adjustment[team])
        bp[team] = sum(
            (s.board_points for s in scores.get(team, ())),
            sum((a.board_points for a in own), Decimal(0)),
        )
    first = mp if primary is PrimaryScore.MATCH_POINTS else bp

    def value(code: str, team: int, tied: frozenset[int]) -> Decimal:
        if code == "BP":
            return bp[team]
        if code == "MP":
            return mp[team]
        if code == "TSB":
            return sum(
                (mp[s.opponent] * s.board_points for s in scores.get(team, ()) if s.opponent),
                Decimal(0),
            )
        return _head_to_head(team, tied, scores, primary)

    values: dict[int, dict[str, Decimal]] = {team: {} for team in teams}
    groups = _group_by(sorted(teams), lambda t: first[t])
    for code in tiebreaks:
        refined: list[list[int]] = []
        for group in groups:
            tied = frozenset(group)
            for team in group:
                values[team][code] = value(code, team, tied)
            by_value = {team: values[team][code] for team in group}
            refined.extend(_group_by(group, by_value.__getitem__))
        groups = refined
    ordered = [team for group in groups for team in group]
    places = shared_places(ordered, groups)
    shared = {team for group in groups if len(group) > 1 for team in group}
    return [
        TeamStandingRow(
            position=position,
            rank=places[team],
            shared_rank=team in shared,
            team=team,
            match_points=mp[team],
            board_points=bp[team],
            adjustment=adjustment[team],
            reasons=reasons[team],
            tiebreaks=values[team],
            played=sum(1 for s in scores.get(team, ()) if s.opponent is not None),
        )
        for position, team in enumerate(ordered, start=1)
    ]


def _head_to_head(
    team: int, tied: frozenset[int], scores: dict[int, list[TeamScore]], primary: PrimaryScore
) -> Decimal:
    """The primary score of ``team`` in its matches against the rest of ``tied``; 0 unless
    every pair of the group has met (C.07 6)."""
    if len(tied) < 2:
        return Decimal(0)
    met = {
        frozenset((t, s.opponent)) for t in tied for s in scores.get(t, ()) if s.opponent in tied
    }
    if len(met) < len(tied) * (len(tied) - 1) // 2:
        return Decimal(0)
    return sum(
        (
            s.match_points if primary is PrimaryScore.MATCH_POINTS else s.board_points
            for s in scores.get(team, ())
            if s.opponent in tied
        ),
        Decimal(0),
    )


def board_colours(
    boards: int, *, team_a_colour: Colour = Colour.WHITE, return_match: bool = False
) -> list[Colour]:
    """The colour of team A's player on each board: odd boards take team A's colour, even
    boards the other one, and the return match reverses every board (KNDB competition
    regulations; FIDE C.04.6 for team Swiss).

    >>> [c.value for c in board_colours(4)], [c.value for c in board_colours(4, return_match=True)]
    (['w', 'b', 'w', 'b'], ['b', 'w', 'b', 'w'])
    """
    first = team_a_colour.other if return_match else team_a_colour
    return [first if board % 2 else first.other for board in range(1, boards + 1)]


def default_lineup(
    roster: Sequence[Member], absent: Collection[Member], boards: int
) -> list[Member]:
    """The lineup when the captain names none: the roster in board order (regulars, then
    reserves) without the absentees, as many as there are boards.

    >>> default_lineup(["A", "B", "C", "D", "R1"], {"C"}, 4)
    ['A', 'B', 'D', 'R1']
    """
    return [member for member in roster if member not in absent][:boards]


@dataclass(frozen=True)
class LineupMember:
    """A player a captain puts on a board: who, and the rating the order rule reads."""

    player: int
    name: str
    rating: int


@dataclass(frozen=True)
class LineupProblem:
    """Why a lineup is refused: a text to translate, its values, and the board (1-based)
    it concerns, if one."""

    message: str
    params: dict[str, object]
    board: int | None = None


def lineup_problems(
    lineup: Sequence[LineupMember | None],
    *,
    boards: int,
    roster: Collection[int],
    elsewhere: Collection[int] = (),
    rating_tolerance: int | None = None,
    rating_cap: int | None = None,
) -> list[LineupProblem]:
    """The composition rules a lineup breaks (``docs/rules/tournaments.md §7.2``): more
    players than boards, a player not on the team's roster or fielded by another team, a
    player twice, a player rated more than ``rating_tolerance`` above one on a higher board,
    a player above the event's ``rating_cap``. None is a board left empty (a forfeit). An
    empty list means the lineup stands."""
    problems: list[LineupProblem] = []
    if len(lineup) > boards:
        problems.append(
            LineupProblem(
                gettext_noop("%(count)d players for %(boards)d boards."),
                {"count": len(lineup), "boards": boards},
            )
        )
    seen: set[int] = set()
    for board, member in enumerate(lineup, start=1):
        if member is None:
            continue
        params: dict[str, object] = {"name": member.name, "board": board}
        if member.player not in roster:
            problems.append(
                LineupProblem(
                    gettext_noop("Board %(board)d: %(name)s is not on the roster."), params, board
                )
            )
        if member.player in elsewhere:
            problems.append(
                LineupProblem(
                    gettext_noop("Board %(board)d: %(name)s already plays for another team."),
                    params,
                    board,
                )
            )
        if member.player in seen:
            problems.append(
                LineupProblem(
                    gettext_noop("Board %(board)d: %(name)s is already in the lineup."),
                    params,
                    board,
                )
            )
        seen.add(member.player)
        if rating_cap is not None and member.rating > rating_cap:
            problems.append(
                LineupProblem(
                    gettext_noop(
                        "Board %(board)d: %(name)s is rated %(rating)d, above the cap of %(cap)d."
                    ),
                    {**params, "rating": member.rating, "cap": rating_cap},
                    board,
                )
            )
        if rating_tolerance is not None:
            for higher, above in enumerate(lineup[: board - 1], start=1):
                if above is not None and member.rating > above.rating + rating_tolerance:
                    problems.append(
                        LineupProblem(
                            gettext_noop(
                                "Board %(board)d: %(name)s (%(rating)d) is rated more than "
                                "%(tolerance)d above %(above)s on board %(higher)d."
                            ),
                            {
                                **params,
                                "rating": member.rating,
                                "tolerance": rating_tolerance,
                                "above": above.name,
                                "higher": higher,
                            },
                            board,
                        )
                    )
                    break
    return problems


def best_members_score(scores: Sequence[Decimal], count: int) -> Decimal:
    """A team's score in an individual event: the sum of its ``count`` best members.

    >>> best_members_score([Decimal(n) for n in ("5", "4", "4", "3.5", "3", "0")], 4)
    Decimal('16.5')
    """
    return sum(sorted(scores, reverse=True)[:count], Decimal(0))


class MatchScore(Protocol):
    """What the team crosstable reads of a team match (a public page's or a PDF's row)."""

    @property
    def round(self) -> int: ...
    @property
    def team_a(self) -> str: ...
    @property
    def team_b(self) -> str | None: ...
    @property
    def board_points_a(self) -> Decimal: ...
    @property
    def board_points_b(self) -> Decimal: ...
    @property
    def finished(self) -> bool: ...


def team_crosstable(
    matches: Sequence[MatchScore],
) -> dict[tuple[str, str], tuple[Decimal | None, ...]]:
    """The team crosstable's cells: for each team and opponent, the team's board points in
    each of their matches in round order (two in a double round robin), None while a match
    is unfinished; a team bye meets nobody (docs/rules/tournaments.md §7.3).

    >>> from types import SimpleNamespace as M
    >>> cells = team_crosstable([M(round=1, team_a="A", team_b="B", board_points_a=Decimal(6),
    ...     board_points_b=Decimal(2), finished=True),
    ...     M(round=2, team_a="B", team_b="A", board_points_a=Decimal(4),
    ...     board_points_b=Decimal(4), finished=False)])
    >>> cells["A", "B"], cells["B", "A"]
    ((Decimal('6'), None), (Decimal('2'), None))
    """
    met: dict[tuple[str, str], list[Decimal | None]] = {}
    for match in sorted(matches, key=lambda m: m.round):
        if match.team_b is None:
            continue
        score_a = match.board_points_a if match.finished else None
        score_b = match.board_points_b if match.finished else None
        met.setdefault((match.team_a, match.team_b), []).append(score_a)
        met.setdefault((match.team_b, match.team_a), []).append(score_b)
    return {pair: tuple(scores) for pair, scores in met.items()}
