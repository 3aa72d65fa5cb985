"""Reads of a team competition: its matches board by board and its standings, from the rows
into the pure values of tournaments.scoring.teams (queries: a fixed number per call)."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Prefetch

from tournaments.models import Event, Game, Pairing
from tournaments.scoring.results import GAME_CODES, PENDING, game_points
from tournaments.scoring.teams import (
    Adjustment,
    BoardResult,
    MatchPointsScheme,
    PrimaryScore,
    TeamMatchResult,
    TeamStandingRow,
    team_standings,
)
from tournaments.selectors import event_scoring, player_name
from tournaments.selectors_public import PUBLIC_STATUSES
from tournaments.teams.models import TeamAdjustment, TeamBoard, TeamCompetition, TeamMatch


@dataclass(frozen=True)
class BoardView:
    """One board of a team match, seen from team A: its players and their points (None
    while a game is pending)."""

    number: int
    player_a: str
    player_b: str
    a_is_white: bool
    points_a: Decimal | None
    points_b: Decimal | None
    forfeit: bool


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
    scoring = event_scoring(event)
    games = event.games_per_pairing
    boards = TeamBoard.objects.select_related(
        "pairing__white__player", "pairing__black__player"
    ).prefetch_related(Prefetch("pairing__games", queryset=Game.objects.order_by("index")))
    matches = (
        TeamMatch.objects.filter(round__event=event, round__status__in=PUBLIC_STATUSES)
        .select_related("round", "team_a", "team_b")
        .prefetch_related(Prefetch("boards", queryset=boards.order_by("number")))
        .order_by("round__number", "number")
    )
    views = []
    for match in matches:
        board_views = tuple(_board_view(b, scoring, games) for b in match.boards.all())
        finished = all(b.points_a is not None for b in board_views) and (
            match.team_b_id is None or bool(board_views)
        )
        views.append(
            MatchView(
                round=match.round.number,
                number=match.number,
                team_a=match.team_a.name,
                team_b=match.team_b.name if match.team_b else None,
                board_points_a=sum((b.points_a or 0 for b in board_views), Decimal(0)),
                board_points_b=sum((b.points_b or 0 for b in board_views), Decimal(0)),
                finished=finished,
                boards=board_views,
            )
        )
    return views


def match_boards(match: TeamMatch) -> list[BoardView]:
    """The boards of one team match, seen from team A (the admin's match page)."""
    event = match.round.event
    boards = match.boards.select_related(
        "pairing__white__player", "pairing__black__player"
    ).prefetch_related(Prefetch("pairing__games", queryset=Game.objects.order_by("index")))
    return [_board_view(b, event_scoring(event), event.games_per_pairing) for b in boards]


def _board_view(board: TeamBoard, scoring, games: int) -> BoardView:
    pairing: Pairing = board.pairing
    white = player_name(pairing.white)
    if pairing.black_id is None:
        # A board the other team left empty: the present player's full-point bye.
        present = scoring.full_bye * games
        a, b = (present, Decimal(0)) if board.a_is_white else (Decimal(0), present)
        names = (white, "—") if board.a_is_white else ("—", white)
        return BoardView(board.number, *names, board.a_is_white, a, b, forfeit=True)
    black = player_name(pairing.black)
    played = list(pairing.games.all())
    if not played or any(g.result == PENDING for g in played):
        points_white = points_black = None
    else:
        points_white = sum((_points(g, pairing.white_id, scoring) for g in played), Decimal(0))
        points_black = sum((_points(g, pairing.black_id, scoring) for g in played), Decimal(0))
    forfeit = any(g.result in FORFEITS for g in played)
    if board.a_is_white:
        return BoardView(board.number, white, black, True, points_white, points_black, forfeit)
    return BoardView(board.number, black, white, False, points_black, points_white, forfeit)


#: Results of a game not played over the board through a player's fault.
FORFEITS = frozenset({"+/-", "-/+", "-/-"})


def _points(game: Game, registration_id: int, scoring) -> Decimal:
    """What the player ``registration_id`` scored in ``game`` (colours swap in game 2)."""
    white_code, black_code = GAME_CODES[game.result]
    code = white_code if game.white_id == registration_id else black_code
    return game_points(game.result, code, scoring)


@dataclass(frozen=True)
class TeamStanding:
    row: TeamStandingRow
    name: str


def team_competition(event: Event) -> TeamCompetition | None:
    """The event's team settings; None when it is not a team competition."""
    return TeamCompetition.objects.filter(event=event).first()


def team_standings_get(event: Event) -> list[TeamStanding]:
    """The team standings after the finished matches of the published rounds (a match counts
    once all its boards have a result; a team bye once its round is published)."""
    competition = TeamCompetition.objects.get(event=event)
    teams = {team.number: team for team in event.teams.all()}
    by_name = {team.name: team.number for team in teams.values()}
    results = [
        TeamMatchResult(
            round=view.round,
            team_a=by_name[view.team_a],
            team_b=by_name[view.team_b] if view.team_b else None,
            boards=tuple(
                BoardResult(b.number, b.points_a, b.points_b, forfeit=b.forfeit)
                for b in view.boards
            ),
        )
        for view in team_matches(event)
        if view.finished
    ]
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
