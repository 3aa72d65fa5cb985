"""Public pages of a team competition: the team standings, the team crosstable, the team
matches board by board and each team's page (roster, matches, each player's board
results), followed live like the individual pages (tournaments.views.events.followed_page) and,
like them, computed once per event state: the tables are cached {% cache %} fragments named
by the page's key (its state, language and address), rendered once per state, and their data
is read only when the fragment is missing (selectors.public.cached); and,
behind the site login, a team's lineups round by round for its captain and the event's
organizers (tournaments.access.may_captain), each set until its match is paired."""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from tournaments.access import may_captain, visible_events
from tournaments.models import Event, RoundStatus, Team
from tournaments.scoring.standings import place_text
from tournaments.scoring.teams import TEAM_TIEBREAKS
from tournaments.selectors.public import cached
from tournaments.services.errors import TournamentError
from tournaments.teams.forms import LineupForm
from tournaments.teams.models import TeamCompetition, TeamMatch, TeamMember
from tournaments.teams.selectors import (
    MatchView,
    TeamCrosstableRow,
    TeamPage,
    TeamStanding,
    match_boards,
    team_competition,
    team_crosstable_get,
    team_matches,
    team_name,
    team_page,
    team_standings_get,
)
from tournaments.teams.services import (
    StaleLineupError,
    lineup_frozen,
    lineup_of,
    lineup_set,
    roster,
)
from tournaments.views.events import followed_page, page_key, request_event, request_state


def _competition(event: Event) -> TeamCompetition:
    competition = team_competition(event)
    if competition is None:
        raise Http404(_("%(event)s is not a team competition.") % {"event": event})
    return competition


def _public_competition(request: HttpRequest, event: Event) -> TeamCompetition:
    """The event's team settings, read once per event state; 404 for an individual event.
    Kept on the event too, so that the page's menu (event.team_competition) reads no more."""
    competition = cached(
        request_state(request, event), "team-competition", lambda: _competition(event)
    )
    event.team_competition = competition
    return competition


def _standings(
    request: HttpRequest, event: Event, matches: list[MatchView] | None = None
) -> list[TeamStanding]:
    """The team standings of the event's current state, computed once per state (from
    `matches`, the event's team matches, when the caller has read them already)."""
    return cached(
        request_state(request, event),
        "team-standings",
        lambda: team_standings_get(event, matches=matches),
    )


@followed_page(fragment="public_team_standings")
def team_standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = request_event(request, slug)
    competition = _public_competition(request, event)
    # Board and match points have their own columns; the other tie-breaks follow them.
    extra = [code for code in competition.tiebreaks if code not in ("BP", "MP")]

    def table() -> dict[str, list]:
        """Read only when the page's cached fragment is missing (the template calls it)."""
        rows = [
            (
                standing,
                place_text(standing.row.rank, standing.row.shared_rank),
                [standing.row.tiebreaks[code] for code in extra],
            )
            for standing in _standings(request, event)
        ]
        return {"rows": rows, "adjusted": [s for s, _place, _values in rows if s.row.reasons]}

    return render(
        request,
        "public/team_standings.html",
        {
            "event": event,
            "competition": competition,
            "table": table,
            "page_key": page_key(request, event),
            "tiebreaks": [(code, _(TEAM_TIEBREAKS[code])) for code in extra],
            "section": "teams",
        },
    )


@followed_page(fragment="public_team_crosstable")
def team_crosstable_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The square team crosstable: the teams in standings order, each cell the row team's
    board points against the column's team (scoring.teams.team_crosstable)."""
    event = request_event(request, slug)
    _public_competition(request, event)

    def rows() -> list[TeamCrosstableRow]:
        """Read only when the page's cached fragment is missing (the template calls it)."""
        # Not cached on their own: pickling every board of the league costs about what
        # reading them does, and the page keeps its rendered table.
        matches = team_matches(event)
        return team_crosstable_get(
            event, matches=matches, standings=_standings(request, event, matches)
        )

    return render(
        request,
        "public/team_crosstable.html",
        {
            "event": event,
            "rows": rows,
            "page_key": page_key(request, event),
            "section": "team_crosstable",
        },
    )


@followed_page(fragment="public_team_matches")
def team_match_list(request: HttpRequest, slug: str) -> HttpResponse:
    event = request_event(request, slug)
    _public_competition(request, event)

    def rounds() -> list[tuple[int, list[MatchView]]]:
        """Read only when the page's cached fragment is missing (the template calls it)."""
        by_round: dict[int, list[MatchView]] = {}
        for match in team_matches(event):
            by_round.setdefault(match.round, []).append(match)
        return sorted(by_round.items())

    return render(
        request,
        "public/team_matches.html",
        {
            "event": event,
            "rounds": rounds,
            "page_key": page_key(request, event),
            "section": "team_matches",
        },
    )


@followed_page(fragment="public_team_detail")
def team_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = request_event(request, slug)
    _public_competition(request, event)
    name = cached(
        request_state(request, event), f"team-name:{number}", lambda: team_name(event, number)
    )
    if name is None:
        raise Http404(_("%(event)s has no team %(number)d.") % {"event": event, "number": number})

    def page() -> TeamPage | None:
        """Read only when the page's cached fragment is missing (the template calls it)."""
        return team_page(event, number)

    return render(
        request,
        "public/team_detail.html",
        {
            "event": event,
            "team": page,
            "team_name": name,
            "page_key": page_key(request, event),
            "section": "teams",
        },
    )


@dataclass
class LineupRow:
    """One match of the captain's team: its opponent (None: a bye), its lineup board by board,
    and the form while it may still change (None once frozen)."""

    match: TeamMatch
    opponent: Team | None
    lineup: list[TeamMember | None]
    frozen: bool
    published: bool
    form: LineupForm | None
    no_show: Team | None = None


def _lineup_shown(
    match: TeamMatch,
    team: Team,
    boards: int,
    members: dict[int, TeamMember],
    form: LineupForm | None,
) -> list[TeamMember | None]:
    """``team``'s players in ``match`` board by board: once paired, as its boards were paired
    (read from the team's side only, ``members`` its roster by registration); before, the
    lineup entered or the default one (the one ``form`` starts from, when there is one)."""
    paired = match_boards(match)
    if not paired:
        if form is not None:
            return form.initial_lineup
        return lineup_of(match, team, members=list(members.values()))
    own_a = match.team_a_id == team.pk
    lineup: list[TeamMember | None] = [None] * boards
    for board in paired:
        registration = board.registration_a if own_a else board.registration_b
        if registration is not None and board.number <= boards:
            lineup[board.number - 1] = members.get(registration)
    return lineup


def _captained_team(request: HttpRequest, slug: str, number: int) -> Team:
    """Team ``number`` of event ``slug`` if the user may captain it; 403 for a user who may
    read the event but not the team's lineups, 404 for one who may not read the event."""
    team = (
        Team.objects.filter(event__slug=slug, number=number)
        .select_related("event", "captain")
        .first()
    )
    if team is not None and may_captain(request.user, team):
        return team
    if team is None or not visible_events(request.user).filter(slug=slug).exists():
        raise Http404(_("%(event)s has no team %(number)d.") % {"event": slug, "number": number})
    raise PermissionDenied(
        _("The lineups of %(team)s are for its captain and the event's organizers only.")
        % {"team": team}
    )


@never_cache
@login_required
def team_lineups(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The team's lineup for each of its matches, drafts included, for its captain and the
    event's organizers; a match not yet paired has a form (tournaments.teams.services
    .lineup_set checks the composition rules and names the board it refuses). Nothing of
    the other team's lineup is shown."""
    team = _captained_team(request, slug, number)
    author = request.user if isinstance(request.user, AbstractBaseUser) else None  # logged in
    event = team.event
    competition = _competition(event)
    posted = request.POST.get("match") if request.method == "POST" else None
    status = 200
    rows = []
    team_roster = roster(team)
    members = {m.registration_id: m for m in team_roster}
    matches = (
        TeamMatch.objects.filter(Q(team_a=team) | Q(team_b=team), round__event=event)
        .select_related("round", "team_a", "team_b", "no_show")
        .order_by("round__number", "number")
    )
    for match in matches:
        opponent = match.team_b if match.team_a_id == team.pk else match.team_a
        frozen = lineup_frozen(match)
        form = None
        if opponent is not None and not frozen and match.no_show_id is None:
            data = request.POST if posted == str(match.pk) else None
            form = LineupForm(
                data,
                match=match,
                team=team,
                boards=competition.boards,
                members=team_roster,
                prefix=f"match{match.pk}",
            )
            if data is not None and not form.is_valid():
                status = 400
            elif data is not None:
                try:
                    lineup_set(
                        match=match,
                        team=team,
                        members=form.lineup(),
                        user=author,
                        expected_version=form.expected_version(),
                    )
                except StaleLineupError as exc:
                    # Drawn again from the lineup as it now stands, with its new version.
                    form = LineupForm(
                        match=match,
                        team=team,
                        boards=competition.boards,
                        members=team_roster,
                        prefix=f"match{match.pk}",
                    )
                    form.add_error(None, str(exc))
                    status = 409
                except TournamentError as exc:
                    form.add_error(None, str(exc))
                    status = 409
                else:
                    messages.success(
                        request,
                        _("Lineup of %(team)s for round %(round)d saved.")
                        % {"team": team, "round": match.round.number},
                    )
                    url = reverse("public:team_lineups", args=(event.slug, team.number))
                    return HttpResponseRedirect(f"{url}#round-{match.round.number}")
        rows.append(
            LineupRow(
                match=match,
                opponent=opponent,
                lineup=(
                    _lineup_shown(match, team, competition.boards, members, form)
                    if opponent
                    else []
                ),
                frozen=frozen,
                published=match.round.status != RoundStatus.DRAFT,
                form=form,
                no_show=match.no_show,
            )
        )
    if (
        posted is not None
        and status == 200
        and not any(str(row.match.pk) == posted and row.form is not None for row in rows)
    ):
        # A lineup posted for a match that is paired (or not this team's): nothing changes.
        messages.error(request, _("This match is paired: its lineups are frozen."))
        status = 409
    return render(
        request,
        "public/team_lineups.html",
        {"event": event, "team": team, "rows": rows, "section": "teams"},
        status=status,
    )
