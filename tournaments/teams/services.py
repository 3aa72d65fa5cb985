"""Writes of a team competition: the schedule of a round, lineups, the boards of a round,
adjustments. Each refusal raises a TeamError naming the team, the board or the rule, and
leaves the database as it was."""

import hashlib
from collections.abc import Sequence
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import (
    Event,
    Game,
    GameResult,
    Pairing,
    Registration,
    Round,
    RoundStatus,
    System,
)
from tournaments.pairing.berger import berger_rounds, berger_table, double_round_robin
from tournaments.pairing.dutch_input import PairingError
from tournaments.pairing.team_swiss import ColourModel, TeamSwissState, pair_team_swiss
from tournaments.scoring.teams import (
    LineupMember,
    PrimaryScore,
    board_colours,
    default_lineup,
    lineup_problems,
)
from tournaments.selectors.events import event_scoring
from tournaments.services.errors import TournamentError
from tournaments.services.history import recorded_by
from tournaments.services.results import result_record
from tournaments.services.rounds import pairings_save, round_create
from tournaments.teams.models import (
    LineupEntry,
    Team,
    TeamAdjustment,
    TeamBoard,
    TeamCompetition,
    TeamMatch,
    TeamMember,
)
from tournaments.teams.selectors import every_team_match, match_results, scheme_of
from tournaments.values import ByeKind, Colour


class TeamError(TournamentError):
    """A team competition write refused by one of its rules."""

    default_code = "team_error"


class StaleLineupError(TeamError):
    """A lineup written against a version of it that has changed since the writer read it."""

    default_code = "stale_lineup"


def competition_of(event: Event) -> TeamCompetition:
    competition = TeamCompetition.objects.filter(event=event).first()
    if competition is None:
        raise TeamError(_("%(event)s is not a team competition.") % {"event": event})
    return competition


@transaction.atomic
def team_round_schedule(*, event: Event, user: AbstractBaseUser | None) -> Round:
    """Open the next round as a draft holding its team matches, without boards: the
    captains' lineups are entered next, then team_round_pair. A round robin takes them from
    the Berger table of the teams (C.05 Annex 1; the second cycle of a double round robin is
    the return matches), a Swiss from FIDE C.04.6 (team_swiss_schedule)."""
    competition = competition_of(event)
    teams = {team.number: team for team in event.teams.all()}
    if len(teams) < 2:
        raise TeamError(_("%(event)s needs at least two teams.") % {"event": event})
    if sorted(teams) != list(range(1, len(teams) + 1)):
        raise TeamError(_("The teams must be numbered 1 to %(count)d.") % {"count": len(teams)})
    if event.system == System.SWISS:
        return _team_swiss_schedule(event, competition, teams, user=user)
    double = event.system == System.DOUBLE_ROUND_ROBIN
    done = event.rounds.count()
    if done >= berger_rounds(len(teams), double=double):
        raise TeamError(
            _("%(event)s has %(total)d rounds of teams: all are scheduled.")
            % {"event": event, "total": berger_rounds(len(teams), double=double)}
        )
    round_ = round_create(event=event, user=user)
    table = double_round_robin(len(teams)) if double else berger_table(len(teams))
    cycle = len(table) // 2 if double else len(table)
    TeamMatch.objects.bulk_create(
        TeamMatch(
            round=round_,
            number=number,
            team_a=teams[pair.white],
            team_b=teams.get(pair.black) if pair.black is not None else None,
            return_match=round_.number > cycle,
        )
        for number, pair in enumerate(table[round_.number - 1], start=1)
    )
    return round_


def _team_swiss_schedule(
    event: Event,
    competition: TeamCompetition,
    teams: dict[int, Team],
    *,
    user: AbstractBaseUser | None,
) -> Round:
    """The next round of a team Swiss by FIDE C.04.6 (gacrux, through
    tournaments.pairing.team_swiss), on the results of every earlier round: the team numbers
    are the team pairing numbers (art. 1.1.1), team A of each match has White on board 1."""
    total = event.number_of_rounds or 0
    if event.rounds.count() >= total:
        raise TeamError(
            _("%(event)s has %(total)d rounds of teams: all are scheduled.")
            % {"event": event, "total": total}
        )
    views = every_team_match(event)
    for view in views:
        if not view.finished:
            raise TeamError(
                _(
                    "Round %(round)d, match %(number)d (%(team_a)s - %(team_b)s) is not "
                    "finished: the team Swiss pairs the next round on every result."
                )
                % {
                    "round": view.round,
                    "number": view.number,
                    "team_a": view.team_a,
                    "team_b": view.team_b,
                }
            )
    scoring = event_scoring(event)
    state = TeamSwissState(
        teams=tuple((number, team.name) for number, team in sorted(teams.items())),
        boards=competition.boards,
        total_rounds=total,
        matches=tuple(match_results(event, views)),
        colour_model=ColourModel(competition.colour_model),
        primary=PrimaryScore(competition.primary),
        scheme=scheme_of(competition),
        initial_colour=Colour(event.first_colour) if event.first_colour else Colour.WHITE,
        game_points=(scoring.win, scoring.draw, scoring.loss),
    )
    round_ = round_create(event=event, user=user)
    try:
        pairs = pair_team_swiss(state, round_number=round_.number)
    except PairingError as error:
        raise TeamError(
            _("Round %(number)d of %(event)s cannot be paired: %(error)s")
            % {"number": round_.number, "event": event, "error": error}
        ) from error
    TeamMatch.objects.bulk_create(
        TeamMatch(
            round=round_,
            number=number,
            team_a=teams[pair.white],
            team_b=teams[pair.black] if pair.black is not None else None,
        )
        for number, pair in enumerate(pairs, start=1)
    )
    return round_


def lineup_frozen(match: TeamMatch) -> bool:
    """Whether ``match``'s lineups can no longer change: its boards are paired, or its
    round is out of draft (§7.2)."""
    return match.round.status != RoundStatus.DRAFT or match.boards.exists()


def _require_unpaired(match: TeamMatch) -> None:
    if lineup_frozen(match):
        raise TeamError(_("%(match)s is paired: its lineups are frozen.") % {"match": match})


def roster(team: Team) -> list[TeamMember]:
    """The team's players in board order: regulars, then reserves."""
    return list(team.members.select_related("registration__player").order_by("reserve", "order"))


def lineup_version(match: TeamMatch, team: Team) -> str:
    """A short fingerprint of ``team``'s lineup for ``match`` as stored (its boards and
    players, and whether the team is marked as not showing up): a form or an API call sends
    back the version it read, and lineup_set refuses it once the lineup has changed."""
    entries = LineupEntry.objects.filter(match=match, team=team).order_by("board")
    rows = [f"{board}:{member}" for board, member in entries.values_list("board", "member_id")]
    absent = TeamMatch.objects.filter(pk=match.pk, no_show=team).exists()
    text = ";".join(rows) + ("|absent" if absent else "")
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@transaction.atomic
def lineup_set(
    *,
    match: TeamMatch,
    team: Team,
    members: Sequence[TeamMember | None],
    user: AbstractBaseUser | None,
    expected_version: str | None = None,
) -> list[LineupEntry]:
    """Set ``team``'s lineup for ``match``: ``members[i]`` plays board ``i + 1`` (None leaves
    the board empty, a forfeit). Refused once the match is paired, when it breaks a
    composition rule (docs/rules/tournaments.md §7.2): the refusal names the board; when it
    leaves every board empty (a team that does not show up is marked so, team_no_show, and
    its match forfeited as §7.1 says); and, with ``expected_version`` (lineup_version as the
    writer read it), when someone else changed the lineup meanwhile (StaleLineupError):
    nothing is written then."""
    match = TeamMatch.objects.select_for_update().select_related("round__event").get(pk=match.pk)
    _require_unpaired(match)
    if team.pk not in (match.team_a_id, match.team_b_id):
        raise TeamError(_("%(team)s does not play %(match)s.") % {"team": team, "match": match})
    if expected_version is not None and expected_version != lineup_version(match, team):
        raise StaleLineupError(
            _(
                "The lineup of %(team)s for %(match)s was changed by someone else since you "
                "opened it: nothing was saved. Reload it, check it, and save again."
            )
            % {"team": team, "match": match}
        )
    if match.no_show_id == team.pk:
        raise TeamError(
            _(
                "%(team)s is marked as not showing up for %(match)s: undo that first to set "
                "its lineup."
            )
            % {"team": team, "match": match}
        )
    competition = competition_of(match.round.event)
    fielded = [m for m in members if m is not None]
    if not fielded:
        raise TeamError(
            _(
                "The lineup of %(team)s leaves every board empty: nothing was saved. If the "
                "team does not show up, the organizer marks it so on the team round page, "
                "and the match is forfeited (docs/rules/tournaments.md §7.1)."
            )
            % {"team": team}
        )
    elsewhere = set(
        TeamMember.objects.filter(pk__in=[m.pk for m in fielded])
        .exclude(team=team)
        .values_list("pk", flat=True)
    )
    problems = lineup_problems(
        [
            None
            if m is None
            else LineupMember(m.pk, str(m.registration.player), m.registration.rating)
            for m in members
        ],
        boards=competition.boards,
        roster={m.pk for m in roster(team)},
        elsewhere=elsewhere,
        rating_tolerance=competition.rating_tolerance,
        rating_cap=competition.rating_cap,
    )
    if problems:
        raise TeamError(" ".join(_(p.message) % p.params for p in problems))
    LineupEntry.objects.filter(match=match, team=team).delete()
    return LineupEntry.objects.bulk_create(
        LineupEntry(match=match, team=team, board=board, member=member)
        for board, member in enumerate(members, start=1)
        if member is not None
    )


def lineup_of(
    match: TeamMatch, team: Team, *, members: list[TeamMember] | None = None
) -> list[TeamMember | None]:
    """The lineup ``team`` plays in ``match``, board by board: nobody when the team is marked
    as not showing up (team_no_show), the one entered, otherwise the roster (``members``,
    when the caller has read it) minus the players withdrawn by this round (the default
    lineup, §7.2)."""
    boards = competition_of(match.round.event).boards
    if TeamMatch.objects.filter(pk=match.pk, no_show=team).exists():
        return [None] * boards
    entered = {
        e.board: e.member
        for e in LineupEntry.objects.filter(match=match, team=team).select_related(
            "member__registration__player"
        )
    }
    if entered:
        return [entered.get(board) for board in range(1, boards + 1)]
    if members is None:
        members = roster(team)
    absent = {
        m
        for m in members
        if m.registration.withdrawn_from_round is not None
        and m.registration.withdrawn_from_round <= match.round.number
    }
    lineup: list[TeamMember | None] = list(default_lineup(members, absent, boards))
    return lineup + [None] * (boards - len(lineup))


@transaction.atomic
def team_round_pair(*, round: Round, user: AbstractBaseUser | None) -> Round:
    """Expand each team match of the draft ``round`` into its boards (ordinary pairings and
    games): team A's players take team A's colour on odd boards, the other on even boards,
    reversed in a return match (§7.2). A board one team leaves empty is the present player's
    full-point bye (a forfeit win). The lineups are frozen from then on."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round.pk)
    if round_.status != RoundStatus.DRAFT:
        raise TeamError(_("%(round)s is not a draft: its boards are fixed.") % {"round": round_})
    if round_.pairings.exists():
        raise TeamError(_("%(round)s is already paired.") % {"round": round_})
    first = Colour(round_.event.first_colour) if round_.event.first_colour else Colour.WHITE
    if round_.event.system == System.SWISS:
        first = Colour.WHITE  # C.04.6 art. 1.6: team A was given White on board 1
    rows: list[tuple[Registration, Registration | None, str]] = []
    places: list[tuple[TeamMatch, int, bool]] = []
    for match in round_.team_matches.select_related("team_a", "team_b").order_by("number"):
        if match.team_b is None:
            continue
        side_a, side_b = lineup_of(match, match.team_a), lineup_of(match, match.team_b)
        colours = board_colours(len(side_a), team_a_colour=first, return_match=match.return_match)
        for board, (a, b, colour) in enumerate(zip(side_a, side_b, colours, strict=True), start=1):
            if a is None and b is None:
                continue
            if a is None or b is None:
                present = next(member for member in (a, b) if member is not None)
                rows.append((present.registration, None, ByeKind.FULL_POINT.value))
                places.append((match, board, a is not None))
                continue
            white, black = (a, b) if colour is Colour.WHITE else (b, a)
            rows.append((white.registration, black.registration, ""))
            places.append((match, board, colour is Colour.WHITE))
    pairings_save(round_, rows, user=user)
    pairings = list(Pairing.objects.filter(round=round_).order_by("board"))
    TeamBoard.objects.bulk_create(
        TeamBoard(match=match, number=board, pairing=pairing, a_is_white=a_is_white)
        for (match, board, a_is_white), pairing in zip(places, pairings, strict=True)
    )
    return round_


def _match_for_no_show(match: TeamMatch, team: Team) -> TeamMatch:
    # `of`: the match row alone is locked (its team B, null for a bye, is an outer join).
    locked = (
        TeamMatch.objects.select_for_update(of=("self",))
        .select_related("round__event", "team_a", "team_b")
        .get(pk=match.pk)
    )
    if locked.team_b_id is None:
        raise TeamError(_("%(match)s is a team bye: nobody is expected.") % {"match": locked})
    if team.pk not in (locked.team_a_id, locked.team_b_id):
        raise TeamError(_("%(team)s does not play %(match)s.") % {"team": team, "match": locked})
    return locked


def _absent_side_games(match: TeamMatch, team: Team) -> list[tuple[Game, str]]:
    """Each game of ``match``'s boards with the result that forfeits it against ``team``:
    the absent team's player loses by forfeit, the other wins (§7.1). A board whose other
    player is missing is left as paired."""
    absent_a = team.pk == match.team_a_id
    games = []
    for board in match.boards.select_related("pairing").order_by("number"):
        pairing = board.pairing
        if pairing.black_id is None:
            continue
        white_is_a = board.a_is_white
        absent_white = white_is_a == absent_a
        absent_registration = pairing.white_id if absent_white else pairing.black_id
        for game in pairing.games.order_by("index"):
            absent_has_white = game.white_id == absent_registration
            result = (
                GameResult.BLACK_FORFEIT_WIN if absent_has_white else GameResult.WHITE_FORFEIT_WIN
            )
            games.append((game, result.value))
    return games


@transaction.atomic
def team_no_show(*, match: TeamMatch, team: Team, user: AbstractBaseUser | None) -> TeamMatch:
    """Mark ``team`` as not showing up for ``match``: the match is forfeited as the
    competition's rules say (docs/rules/tournaments.md §7.1), every board a forfeit loss for
    ``team`` and a forfeit win for the other team. Before the boards are paired, the team
    fields nobody (its lineup is cleared; pairing gives each of the other team's players
    the win of an empty board); once the round is published, each board's games get their
    forfeit result through result_record. Refused while the round's boards are a draft
    (publish it first), and for a team already marked (team_no_show_undo first)."""
    locked = _match_for_no_show(match, team)
    if locked.no_show_id is not None:
        raise TeamError(
            _("%(team)s is already marked as not showing up for %(match)s.")
            % {"team": locked.no_show, "match": locked}
        )
    paired = locked.boards.exists()
    if paired and locked.round.status == RoundStatus.DRAFT:
        raise TeamError(
            _(
                "The boards of %(match)s are paired in a draft round: publish the round, then "
                "mark %(team)s as not showing up."
            )
            % {"match": locked, "team": team}
        )
    if not paired and locked.round.status != RoundStatus.DRAFT:
        raise TeamError(
            _("%(match)s has no boards in a published round: nothing to forfeit.")
            % {"match": locked}
        )
    locked.no_show = team
    recorded_by(locked, user).save(update_fields=["no_show"])
    LineupEntry.objects.filter(match=locked, team=team).delete()
    for game, result in _absent_side_games(locked, team) if paired else []:
        result_record(game=game, result=result, user=user)
    return locked


def no_show_undoable(match: TeamMatch) -> bool:
    """Whether team_no_show_undo can take back ``match``'s no-show: its round is not
    completed, and its boards are not paired or were paired with the absent team's players
    (a team marked before pairing fields nobody: its boards cannot be given back)."""
    if match.no_show_id is None or match.round.status == RoundStatus.COMPLETED:
        return False
    boards = list(match.boards.select_related("pairing"))
    return not boards or any(board.pairing.black_id is not None for board in boards)


@transaction.atomic
def team_no_show_undo(*, match: TeamMatch, user: AbstractBaseUser | None) -> TeamMatch:
    """Take back team_no_show: the team is expected again. Before pairing, its lineup is the
    default one again; once paired, the forfeits it wrote go back to pending (the results
    are then entered as played). Refused in a completed round, whose results are final:
    they are corrected on the round's result sheet."""
    locked = (
        TeamMatch.objects.select_for_update(of=("self",))
        .select_related("round__event", "no_show", "team_a", "team_b")
        .get(pk=match.pk)
    )
    if locked.no_show is None:
        raise TeamError(_("No team is marked as not showing up for %(match)s.") % {"match": locked})
    if locked.round.status == RoundStatus.COMPLETED:
        raise TeamError(
            _(
                "%(round)s is completed: its results are final. Correct the boards of "
                "%(match)s on the round's result sheet."
            )
            % {"round": locked.round, "match": locked}
        )
    absent = locked.no_show
    if not no_show_undoable(locked):
        raise TeamError(
            _(
                "The boards of %(match)s were paired without %(team)s: they cannot be given "
                "back. If the match was played after all, record its result as an adjustment "
                "of both teams' totals."
            )
            % {"match": locked, "team": absent}
        )
    if locked.boards.exists():
        for game, result in _absent_side_games(locked, absent):
            if game.result == result:
                result_record(game=game, result=GameResult.PENDING.value, user=user)
    locked.no_show = None
    recorded_by(locked, user).save(update_fields=["no_show"])
    return locked


def adjustment_add(
    *,
    team: Team,
    match_points: Decimal | int,
    board_points: Decimal | int = 0,
    reason: str,
    user: AbstractBaseUser | None,
) -> TeamAdjustment:
    """Record a sanction or correction of ``team``'s totals, in its history as made by
    ``user``; the reason is required (it is shown in the standings)."""
    if not reason.strip():
        raise TeamError(_("An adjustment needs its reason."))
    adjustment = TeamAdjustment(
        team=team,
        match_points=Decimal(match_points),
        board_points=Decimal(board_points),
        reason=reason.strip(),
    )
    recorded_by(adjustment, user).save()
    return adjustment
