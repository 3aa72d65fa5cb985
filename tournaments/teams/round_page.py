"""The team round page of the admin: one screen to run a round of a team competition.
Schedule it, set both teams' lineups of each match, mark a team that does not show up (after
a confirmation; undone from the same page), pair the boards, then go to the round's page to
publish it and to its result sheet; the boards and board points of each match are shown as
they stand. Every write goes through tournaments.teams.services."""

from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.admin import ModelAdmin
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.admin.pages import (
    attempt,
    object_or_404,
    render_page,
    report_refusal,
    staff_user,
)
from tournaments.models import Round, RoundStatus
from tournaments.services.errors import TournamentError
from tournaments.teams.forms import LineupForm
from tournaments.teams.models import Team, TeamCompetition, TeamMatch
from tournaments.teams.selectors import BoardView, match_boards
from tournaments.teams.services import (
    StaleLineupError,
    lineup_frozen,
    lineup_set,
    no_show_undoable,
    team_no_show,
    team_no_show_undo,
    team_round_pair,
    team_round_schedule,
)


@dataclass
class MatchPanel:
    """One match of the round as the page shows it: its lineup forms while they may change,
    its boards once paired."""

    match: TeamMatch
    forms: list[LineupForm] = field(default_factory=list)
    boards: tuple[BoardView, ...] = ()
    frozen: bool = False
    undoable: bool = False

    @property
    def points(self) -> tuple[object, object] | None:
        """Both teams' board points once every board has its result."""
        if not self.boards or any(b.points_a is None for b in self.boards):
            return None
        return (
            sum(b.points_a or 0 for b in self.boards),
            sum(b.points_b or 0 for b in self.boards),
        )


def _round_shown(competition: TeamCompetition, request: HttpRequest) -> Round | None:
    rounds = competition.event.rounds.order_by("number")
    asked = request.GET.get("round") or request.POST.get("round")
    if asked and asked.isdigit():
        chosen = rounds.filter(number=int(asked)).first()
        if chosen is not None:
            return chosen
    return rounds.last()


def team_round_view(model_admin: ModelAdmin, request: HttpRequest, object_id: str) -> HttpResponse:
    """GET: the round (?round=N, the latest by default) with its matches; POST ``action``:
    ``schedule``, ``pair``, ``lineup`` (``match``, ``team``), ``no_show`` (``match``,
    ``team``; a confirmation page first), ``no_show_undo`` (``match``)."""
    competition: TeamCompetition = object_or_404(
        model_admin, request, object_id, change=request.method == "POST"
    )
    event = competition.event
    round_ = _round_shown(competition, request)
    here = reverse("admin:tournaments_teamcompetition_round", args=(competition.pk,))
    action = request.POST.get("action") if request.method == "POST" else None
    user = staff_user(request)

    def back(round_number: int | None) -> HttpResponse:
        return HttpResponseRedirect(f"{here}?round={round_number}" if round_number else here)

    if action == "schedule":
        try:
            scheduled = team_round_schedule(event=event, user=user)
        except TournamentError as exc:
            report_refusal(request, exc)
            return back(round_.number if round_ else None)
        messages.success(
            request,
            _("%(round)s scheduled: set the lineups, then pair its boards.") % {"round": scheduled},
        )
        return back(scheduled.number)
    if action == "pair" and round_ is not None:
        attempt(
            request,
            lambda: team_round_pair(round=round_, user=user),
            _("%(round)s paired: review its boards, then publish it.") % {"round": round_},
        )
        return back(round_.number)
    match = None
    if action in ("lineup", "no_show", "no_show_undo") and round_ is not None:
        match_id = request.POST.get("match", "")
        matches = round_.team_matches.select_related("team_a", "team_b", "no_show", "round")
        match = matches.filter(pk=int(match_id)).first() if match_id.isdigit() else None
        if match is None:
            messages.error(request, _("No such match in %(round)s.") % {"round": round_})
            return back(round_.number)
    team = None
    if match is not None and action in ("lineup", "no_show"):
        wanted = request.POST.get("team", "")
        team = next(
            (t for t in (match.team_a, match.team_b) if t is not None and str(t.pk) == wanted),
            None,
        )
        if team is None:
            messages.error(request, _("No such team in %(match)s.") % {"match": match})
            return back(round_.number if round_ else None)
    if action == "no_show" and match is not None and team is not None:
        if request.POST.get("confirmed") != "1":
            return _no_show_question(model_admin, request, competition, match, team, here)
        attempt(
            request,
            lambda: team_no_show(match=match, team=team, user=user),
            _(
                "%(team)s did not show up: %(match)s is forfeited, every board a forfeit "
                "loss for %(team)s (docs/rules/tournaments.md §7.1)."
            )
            % {"team": team, "match": match},
        )
        return back(match.round.number)
    if action == "no_show_undo" and match is not None:
        attempt(
            request,
            lambda: team_no_show_undo(match=match, user=user),
            _("%(match)s: both teams are expected again.") % {"match": match},
        )
        return back(match.round.number)
    panels = []
    status = 200
    if round_ is not None:
        for each in round_.team_matches.select_related(
            "team_a", "team_b", "no_show", "round__event"
        ).order_by("number"):
            panel = MatchPanel(each, frozen=lineup_frozen(each), undoable=no_show_undoable(each))
            panel.boards = match_boards(each)
            if not panel.frozen and each.team_b_id is not None:
                for side in (each.team_a, each.team_b):
                    if side is None or side.pk == each.no_show_id:
                        continue
                    posted = action == "lineup" and match == each and team == side
                    form = LineupForm(
                        request.POST if posted else None,
                        match=each,
                        team=side,
                        boards=competition.boards,
                        prefix=f"m{each.pk}t{side.pk}",
                    )
                    if posted:
                        saved, status = _save_lineup(request, form, each, side)
                        if saved:
                            return back(round_.number)
                        if status == 409 and form.errors.get("__all__") is None:
                            form = LineupForm(
                                match=each,
                                team=side,
                                boards=competition.boards,
                                prefix=f"m{each.pk}t{side.pk}",
                            )
                    panel.forms.append(form)
            panels.append(panel)
    total = event.rounds.count()
    response = render_page(
        model_admin,
        request,
        "tournaments/admin/team_round.html",
        title=(
            _("Team round %(number)d") % {"number": round_.number} if round_ else _("Team rounds")
        ),
        obj=competition,
        competition=competition,
        event=event,
        round=round_,
        panels=panels,
        rounds=list(event.rounds.order_by("number").values_list("number", flat=True)),
        can_schedule=round_ is None or round_.status != RoundStatus.DRAFT,
        can_pair=round_ is not None
        and round_.status == RoundStatus.DRAFT
        and not round_.pairings.exists(),
        paired=round_ is not None and round_.pairings.exists(),
        draft=round_ is not None and round_.status == RoundStatus.DRAFT,
        scheduled=total,
        here=here,
    )
    response.status_code = status
    return response


def _save_lineup(
    request: HttpRequest, form: LineupForm, match: TeamMatch, team: Team
) -> tuple[bool, int]:
    """Save a posted lineup: (saved, the page's status otherwise)."""
    if not form.is_valid():
        return False, 400
    try:
        lineup_set(
            match=match,
            team=team,
            members=form.lineup(),
            user=staff_user(request),
            expected_version=form.expected_version(),
        )
    except StaleLineupError as exc:
        messages.error(request, str(exc))
        return False, 409
    except TournamentError as exc:
        form.add_error(None, str(exc))
        return False, 409
    messages.success(request, _("Lineup of %(team)s saved.") % {"team": team})
    return True, 200


def _no_show_question(
    model_admin: ModelAdmin,
    request: HttpRequest,
    competition: TeamCompetition,
    match: TeamMatch,
    team: Team,
    here: str,
) -> HttpResponse:
    """Ask before forfeiting a match: say what the step changes and how it is undone."""
    paired = match.boards.exists()
    items = [
        _(
            "Every board of %(match)s becomes a forfeit loss for %(team)s and a forfeit win "
            "for the other team (docs/rules/tournaments.md §7.1)."
        )
        % {"match": match, "team": team},
        _("The results are entered on every board now; the standings and documents follow.")
        if paired
        else _("Its lineup is cleared; when the round is paired, it fields nobody."),
        _("You can undo it from this page until the round is completed."),
    ]
    return render_page(
        model_admin,
        request,
        "tournaments/admin/round_confirm.html",
        title=_("%(team)s did not show up?") % {"team": team},
        obj=competition,
        question=_("Forfeit %(match)s because %(team)s did not show up?")
        % {"match": match, "team": team},
        items=items,
        action=_("Forfeit the match"),
        target=here,
        hidden=[
            ("action", "no_show"),
            ("match", match.pk),
            ("team", team.pk),
            ("round", match.round.number),
        ],
        cancel_url=f"{here}?round={match.round.number}",
    )
