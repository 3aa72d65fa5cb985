"""Reads of a team competition: its matches board by board and its standings, from the rows
into the pure values of tournaments.scoring.teams (queries: a fixed number per call)."""

from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from django.db.models import Q

from tournaments.models import Event, Game
from tournaments.scoring.standings import place_text
from tournaments.scoring.teams import (
    Adjustment,
    BoardGame,
    BoardResult,
    BoardScore,
    MatchPointsScheme,
    PrimaryScore,
    TeamMatchResult,
    TeamStandingRow,
    board_score,
    match_totals,
    team_crosstable,
    team_standings,
)
from tournaments.selectors.events import event_scoring
from tournaments.selectors.names import full_name
from tournaments.selectors.public import PUBLIC_STATUSES
from tournaments.teams.models import TeamAdjustment, TeamBoard, TeamCompetition, TeamMatch
from tournaments.values import ScoringSystem


@dataclass(frozen=True)
class BoardView:
    """One board of a team match, seen from team A: its players and their points (None
    while a game is pending); ``registration_a``/``registration_b`` are the players'
    registrations (None for an empty board), ``games`` the ids of the board's games in
    order (two in a two-game pairing; none for an empty board)."""

    number: int
    player_a: str
    player_b: str
    a_is_white: bool
    points_a: Decimal | None
    points_b: Decimal | None
    forfeit: bool
    registration_a: int | None = None
    registration_b: int | None = None
    games: tuple[int, ...] = ()

    @property
    def score(self) -> BoardScore:
        """The board's points as scoring.teams reads them."""
        return BoardScore(self.points_a, self.points_b, self.forfeit)


@dataclass(frozen=True)
class MatchView:
    round: int
    number: int
    team_a: str
    team_b: str | None
    board_points_a: Decimal
    board_points_b: Decimal
    finished: bool
    boards: tuple[BoardView, ...]
    #: The team that did not show up (its boards forfeited, §7.1), or None.
    no_show: str | None = None


def scheme_of(competition: TeamCompetition) -> MatchPointsScheme:
    return MatchPointsScheme(
        win=competition.match_win,
        draw=competition.match_draw,
        loss=competition.match_loss,
        bye=competition.bye_match_points,
        bye_board_points=competition.bye_board_points,
    )


def team_matches(event: Event) -> list[MatchView]:
    """Every team match of the event's published rounds, board by board, in round order."""
    return _match_views(event, Q(round__event=event, round__status__in=PUBLIC_STATUSES))


def match_boards(match: TeamMatch) -> tuple[BoardView, ...]:
    """The boards of one team match, seen from team A (the admin's match page)."""
    views = _match_views(match.round.event, Q(pk=match.pk))
    return views[0].boards if views else ()


_BOARD_FIELDS = (
    "match_id",
    "number",
    "a_is_white",
    "pairing_id",
    "pairing__white_id",
    "pairing__black_id",
    "pairing__white__player__last_name",
    "pairing__white__player__first_name",
    "pairing__black__player__last_name",
    "pairing__black__player__first_name",
)


def _match_views(event: Event, matches: Q) -> list[MatchView]:
    """The team matches selected by ``matches`` with their boards and points, in three
    queries of plain values (a league of 40 teams x 10 boards x 18 rounds reads 3600 boards:
    model instances would cost most of the time)."""
    scoring = event_scoring(event)
    games_per_board = event.games_per_pairing
    rows = list(
        TeamMatch.objects.filter(matches)
        .order_by("round__number", "number")
        .values("pk", "round__number", "number", "team_a__name", "team_b__name", "no_show__name")
    )
    ids = [row["pk"] for row in rows]
    boards: dict[int, list[dict]] = {}
    for board in (
        TeamBoard.objects.filter(match_id__in=ids).order_by("number").values(*_BOARD_FIELDS)
    ):
        boards.setdefault(board["match_id"], []).append(board)
    games: dict[int, list[tuple[int, str]]] = {}
    game_ids: dict[int, list[int]] = {}
    for game_id, pairing_id, white_id, result in (
        Game.objects.filter(pairing__team_board__match_id__in=ids)
        .order_by("index")
        .values_list("pk", "pairing_id", "white_id", "result")
    ):
        games.setdefault(pairing_id, []).append((white_id, result))
        game_ids.setdefault(pairing_id, []).append(game_id)
    views = []
    for row in rows:
        board_views = tuple(
            _board_view(
                b,
                games.get(b["pairing_id"], []),
                tuple(game_ids.get(b["pairing_id"], [])),
                scoring,
                games_per_board,
            )
            for b in boards.get(row["pk"], [])
        )
        totals = match_totals([b.score for b in board_views], bye=row["team_b__name"] is None)
        views.append(
            MatchView(
                round=row["round__number"],
                number=row["number"],
                team_a=row["team_a__name"],
                team_b=row["team_b__name"],
                board_points_a=totals.board_points_a,
                board_points_b=totals.board_points_b,
                finished=totals.finished,
                boards=board_views,
                no_show=row["no_show__name"],
            )
        )
    return views


def _board_view(
    board: dict,
    played: list[tuple[int, str]],
    game_ids: tuple[int, ...],
    scoring: ScoringSystem,
    games: int,
) -> BoardView:
    """A board's row and its games' (White's registration, result) as the values of
    scoring.teams, scored there (board_score), seen from team A."""
    a_is_white = board["a_is_white"]
    white_id, black_id = board["pairing__white_id"], board["pairing__black_id"]
    white = full_name(
        board["pairing__white__player__last_name"], board["pairing__white__player__first_name"]
    )
    # A board the other team left empty is a pairing without Black.
    black = (
        "—"
        if black_id is None
        else full_name(
            board["pairing__black__player__last_name"],
            board["pairing__black__player__first_name"],
        )
    )
    a_id, b_id = (white_id, black_id) if a_is_white else (black_id, white_id)
    score = board_score(
        [BoardGame(result, a_white=game_white == a_id) for game_white, result in played],
        scoring=scoring,
        games_per_board=games,
        empty=None if black_id is not None else "b" if a_is_white else "a",
    )
    return BoardView(
        board["number"],
        white if a_is_white else black,
        black if a_is_white else white,
        a_is_white,
        score.points_a,
        score.points_b,
        score.forfeit,
        registration_a=a_id,
        registration_b=b_id,
        games=game_ids,
    )


@dataclass(frozen=True)
class TeamStanding:
    row: TeamStandingRow
    name: str


def team_competition(event: Event) -> TeamCompetition | None:
    """The event's team settings; None when it is not a team competition."""
    return TeamCompetition.objects.filter(event=event).first()


def every_team_match(event: Event) -> list[MatchView]:
    """Every team match of the event, draft rounds included (the team Swiss pairs on them)."""
    return _match_views(event, Q(round__event=event))


def _board_result(board: BoardView) -> BoardResult:
    """A board of a finished match as a pure value: both players' points are known."""
    if board.points_a is None or board.points_b is None:
        raise ValueError(f"board {board.number} has no result yet")
    return BoardResult(board.number, board.points_a, board.points_b, forfeit=board.forfeit)


def match_results(event: Event, views: list[MatchView]) -> list[TeamMatchResult]:
    """The finished matches of ``views`` as pure values, teams by number (a match is
    finished once all its boards have a result; a team bye at once)."""
    by_name = dict(event.teams.values_list("name", "number"))
    return [
        TeamMatchResult(
            round=view.round,
            team_a=by_name[view.team_a],
            team_b=by_name[view.team_b] if view.team_b else None,
            boards=tuple(_board_result(b) for b in view.boards),
        )
        for view in views
        if view.finished
    ]


def team_standings_get(
    event: Event, *, matches: list[MatchView] | None = None
) -> list[TeamStanding]:
    """The team standings after the finished matches of the published rounds (a match counts
    once all its boards have a result; a team bye once its round is published). ``matches``
    are the event's team_matches when the caller has read them already."""
    competition = TeamCompetition.objects.get(event=event)
    teams = {team.number: team for team in event.teams.all()}
    results = match_results(event, team_matches(event) if matches is None else matches)
    adjustments = [
        Adjustment(a.team.number, a.reason, a.match_points, a.board_points)
        for a in TeamAdjustment.objects.filter(team__event=event).select_related("team")
    ]
    rows = team_standings(
        sorted(teams),
        results,
        scheme=scheme_of(competition),
        primary=PrimaryScore(competition.primary),
        tiebreaks=competition.tiebreaks or ["BP"],
        adjustments=adjustments,
    )
    return [TeamStanding(row, teams[row.team].name) for row in rows]


class TeamCrosstableRow(NamedTuple):
    """One team of the team crosstable, in standings order: its standing, its place as
    printed (place_text) and, against each team in standings order, its board points in
    their matches in round order (None while a match is unfinished; none when they have
    not met), None against itself."""

    standing: TeamStanding
    place: str
    cells: tuple[tuple[Decimal | None, ...] | None, ...]


def team_crosstable_get(
    event: Event,
    *,
    matches: list[MatchView] | None = None,
    standings: list[TeamStanding] | None = None,
) -> list[TeamCrosstableRow]:
    """The square team crosstable of the published rounds (scoring.teams.team_crosstable),
    the teams in standings order: what the team crosstable page and its spreadsheet show.
    ``matches`` (team_matches) and ``standings`` (team_standings_get of those matches) when
    the caller has read them already."""
    if matches is None:
        matches = team_matches(event)
    if standings is None:
        standings = team_standings_get(event, matches=matches)
    cells = team_crosstable(matches)
    order = [s.name for s in standings]
    return [
        TeamCrosstableRow(
            standing,
            place_text(standing.row.rank, standing.row.shared_rank),
            tuple(
                None if team == standing.name else cells.get((standing.name, team), ())
                for team in order
            ),
        )
        for standing in standings
    ]


@dataclass(frozen=True)
class TeamMatchRow:
    """One match of a team, seen from that team."""

    round: int
    opponent: str | None
    board_points: Decimal
    opponent_board_points: Decimal
    finished: bool
    #: Forfeited because of a team that did not show up: "own", "opponent" or "".
    no_show: str = ""


@dataclass(frozen=True)
class TeamPlayerRow:
    """A roster member and his board results, round by round (``(board, points)``, None
    where he did not play or the game is pending)."""

    order: int
    name: str
    rating: int
    reserve: bool
    results: tuple[tuple[int, Decimal] | None, ...]
    points: Decimal
    games: int


@dataclass(frozen=True)
class TeamPage:
    number: int
    name: str
    club: str
    federation: str
    captain: str
    rounds: tuple[int, ...]
    matches: tuple[TeamMatchRow, ...]
    players: tuple[TeamPlayerRow, ...]


def team_name(event: Event, number: int) -> str | None:
    """The name of the event's team ``number``; None when it has none."""
    return event.teams.filter(number=number).values_list("name", flat=True).first()


def team_page(event: Event, number: int) -> TeamPage | None:
    """A team of the event with its roster, its published matches and each member's board
    results (the team's crosstable); None when the event has no team ``number``."""
    team = event.teams.filter(number=number).select_related("captain").first()
    if team is None:
        return None
    views = [v for v in team_matches(event) if team.name in (v.team_a, v.team_b)]
    rounds = tuple(sorted({v.round for v in views}))
    results: dict[int, dict[int, tuple[int, Decimal]]] = {}
    matches = []
    for view in views:
        own_a = view.team_a == team.name
        matches.append(
            TeamMatchRow(
                round=view.round,
                opponent=view.team_b if own_a else view.team_a,
                board_points=view.board_points_a if own_a else view.board_points_b,
                opponent_board_points=view.board_points_b if own_a else view.board_points_a,
                finished=view.finished,
                no_show=(
                    ""
                    if view.no_show is None
                    else "own"
                    if view.no_show == team.name
                    else "opponent"
                ),
            )
        )
        for board in view.boards:
            registration, points = (
                (board.registration_a, board.points_a)
                if own_a
                else (board.registration_b, board.points_b)
            )
            if registration is not None and points is not None:
                results.setdefault(registration, {})[view.round] = (board.number, points)
    members = team.members.select_related("registration__player").order_by("reserve", "order")
    players = []
    for member in members:
        person = member.registration.player
        name = full_name(person.last_name, person.first_name)
        played = results.get(member.registration_id, {})
        players.append(
            TeamPlayerRow(
                order=member.order,
                name=name,
                rating=member.registration.rating,
                reserve=member.reserve,
                results=tuple(played.get(r) for r in rounds),
                points=sum((points for _board, points in played.values()), Decimal(0)),
                games=len(played),
            )
        )
    return TeamPage(
        number=team.number,
        name=team.name,
        club=team.club,
        federation=team.federation,
        captain=str(team.captain) if team.captain else "",
        rounds=rounds,
        matches=tuple(matches),
        players=tuple(players),
    )
