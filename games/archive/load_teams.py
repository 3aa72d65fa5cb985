"""Importing a team competition's teams.json (from version 2 of the archive): its settings,
its teams with their rosters and adjustments, its team matches with their boards (the
pairings already loaded) and lineups. Each row is checked and saved by the import's loader
(games.archive.rows), which names the file and entry of any fault.
"""

from typing import Any

from django.utils.translation import gettext as _

from games import archive as fmt
from games.archive.rows import RowLoader
from games.archive.write import (
    TEAM_ADJUSTMENT_FIELDS,
    TEAM_BOARD_FIELDS,
    TEAM_COMPETITION_FIELDS,
    TEAM_FIELDS,
    TEAM_MATCH_FIELDS,
    TEAM_MEMBER_FIELDS,
)
from tournaments.models import (
    Event,
    LineupEntry,
    Pairing,
    Player,
    Registration,
    Round,
    Team,
    TeamAdjustment,
    TeamBoard,
    TeamCompetition,
    TeamMatch,
    TeamMember,
)

FILE = fmt.TEAMS


def teams_load(
    loader: RowLoader,
    event: Event,
    players: dict[int, Player],
    registrations: dict[int, Registration],
    rounds: dict[int, Round],
    pairings: dict[tuple[int, int], Pairing],
) -> None:
    """The team competition of teams.json, when the archive holds one."""
    if FILE not in loader.archive.json:
        return
    content = loader.archive.json[FILE]
    if not isinstance(content, dict) or not isinstance(content.get("competition"), dict):
        raise loader.error(_("expected an object with the competition"), FILE)
    _competition(loader, event, content["competition"])
    teams: dict[int, Team] = {}
    members: dict[int, TeamMember] = {}
    for position, row in enumerate(loader.rows(FILE, content.get("teams"), "teams")):
        where = f"teams[{position}]"
        team = _team(loader, event, players, row, where)
        teams[team.number] = team
        _members(loader, team, registrations, row, where, members)
        _adjustments(loader, team, row, where)
    for position, row in enumerate(loader.rows(FILE, content.get("matches") or [], "matches")):
        where = f"matches[{position}]"
        match = _match(loader, teams, rounds, row, where)
        _boards(loader, match, pairings, row, where)
        _lineup(loader, match, members, row, where)


def _competition(loader: RowLoader, event: Event, row: dict[str, Any]) -> None:
    competition = TeamCompetition(
        event=event,
        **loader.fields(TeamCompetition, row, TEAM_COMPETITION_FIELDS, FILE, "competition"),
    )
    loader.save(competition, FILE, "competition")
    loader.report.add(_("team competitions"))


def _team(
    loader: RowLoader, event: Event, players: dict[int, Player], row: dict[str, Any], where: str
) -> Team:
    """A team of ``teams``, its captain (when it has one) among the archive's players."""
    (captain,) = loader.key(row, ("captain",), FILE, where, optional=True)
    if captain is not None and captain not in players:
        raise loader.error(
            _("player %(id)s is not in %(players)s") % {"id": captain, "players": fmt.PLAYERS},
            FILE,
            f"{where}.captain",
        )
    team = Team(
        event=event,
        captain=players[captain] if captain is not None else None,
        **loader.fields(Team, row, TEAM_FIELDS, FILE, where),
    )
    loader.save(team, FILE, where)
    loader.report.add(_("teams"))
    return team


def _members(
    loader: RowLoader,
    team: Team,
    registrations: dict[int, Registration],
    row: dict[str, Any],
    where: str,
    members: dict[int, TeamMember],
) -> None:
    """The roster of ``team``, added to ``members`` by pairing number."""
    for position, member_row in enumerate(
        loader.rows(FILE, row.get("members") or [], f"{where}.members")
    ):
        spot = f"{where}.members[{position}]"
        registration = loader.registration(
            registrations, member_row.get("player"), FILE, f"{spot}.player"
        )
        member = TeamMember(
            team=team,
            registration=registration,
            **loader.fields(TeamMember, member_row, TEAM_MEMBER_FIELDS, FILE, spot),
        )
        loader.save(member, FILE, spot)
        loader.report.add(_("team members"))
        members[registration.pairing_number] = member


def _adjustments(loader: RowLoader, team: Team, row: dict[str, Any], where: str) -> None:
    for position, adjustment_row in enumerate(
        loader.rows(FILE, row.get("adjustments") or [], f"{where}.adjustments")
    ):
        spot = f"{where}.adjustments[{position}]"
        adjustment = TeamAdjustment(
            team=team,
            **loader.fields(TeamAdjustment, adjustment_row, TEAM_ADJUSTMENT_FIELDS, FILE, spot),
        )
        loader.save(adjustment, FILE, spot)
        loader.report.add(_("team adjustments"))


def _match(
    loader: RowLoader,
    teams: dict[int, Team],
    rounds: dict[int, Round],
    row: dict[str, Any],
    where: str,
) -> TeamMatch:
    """A team match of ``matches``: its round, its teams (team B none for a bye)."""
    round_ = loader.round(rounds, row, FILE, where)[1]
    team_b = row.get("team_b")
    match = TeamMatch(
        round=round_,
        team_a=_team_of(loader, teams, row.get("team_a"), f"{where}.team_a"),
        team_b=None if team_b is None else _team_of(loader, teams, team_b, f"{where}.team_b"),
        **loader.fields(TeamMatch, row, TEAM_MATCH_FIELDS, FILE, where),
    )
    loader.save(match, FILE, where)
    loader.report.add(_("team matches"))
    return match


def _boards(
    loader: RowLoader,
    match: TeamMatch,
    pairings: dict[tuple[int, int], Pairing],
    row: dict[str, Any],
    where: str,
) -> None:
    """The boards of ``match``, each a pairing of its round."""
    number = match.round.number
    for position, board_row in enumerate(
        loader.rows(FILE, row.get("boards") or [], f"{where}.boards")
    ):
        spot = f"{where}.boards[{position}]"
        (board,) = loader.key(board_row, ("pairing",), FILE, spot)
        pairing = pairings.get((number, board))
        if pairing is None:
            raise loader.error(
                _("no board %(board)s in round %(number)s of %(rounds)s")
                % {"board": board, "number": number, "rounds": fmt.ROUNDS},
                FILE,
                f"{spot}.pairing",
            )
        team_board = TeamBoard(
            match=match,
            pairing=pairing,
            **loader.fields(TeamBoard, board_row, TEAM_BOARD_FIELDS, FILE, spot),
        )
        loader.save(team_board, FILE, spot)
        loader.report.add(_("team boards"))


def _lineup(
    loader: RowLoader,
    match: TeamMatch,
    members: dict[int, TeamMember],
    row: dict[str, Any],
    where: str,
) -> None:
    """The lineup of ``match``: members of the rosters of the teams it opposes."""
    playing = {t.number: t for t in (match.team_a, match.team_b) if t is not None}
    for position, entry_row in enumerate(
        loader.rows(FILE, row.get("lineup") or [], f"{where}.lineup")
    ):
        spot = f"{where}.lineup[{position}]"
        (team_number, player) = loader.key(entry_row, ("team", "player"), FILE, spot)
        if team_number not in playing:
            raise loader.error(
                _("team %(team)s does not play this match") % {"team": team_number},
                FILE,
                f"{spot}.team",
            )
        on_roster = members.get(player)
        if on_roster is None or on_roster.team_id != playing[team_number].pk:
            raise loader.error(
                _("pairing number %(number)s is not on the roster of team %(team)s")
                % {"number": player, "team": team_number},
                FILE,
                f"{spot}.player",
            )
        entry = LineupEntry(
            match=match,
            team=playing[team_number],
            member=on_roster,
            **loader.fields(LineupEntry, entry_row, ("board",), FILE, spot),
        )
        loader.save(entry, FILE, spot)
        loader.report.add(_("lineup entries"))


def _team_of(loader: RowLoader, teams: dict[int, Team], number: object, where: str) -> Team:
    """The team of teams.json numbered ``number``."""
    if not isinstance(number, int) or isinstance(number, bool) or number not in teams:
        raise loader.error(
            _("team %(number)s is not in %(file)s") % {"number": number, "file": fmt.TEAMS},
            FILE,
            where,
        )
    return teams[number]
