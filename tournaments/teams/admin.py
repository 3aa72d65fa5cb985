"""The admin of team competitions: the competition's settings (and scheduling its rounds),
teams with their rosters and adjustments, team matches with their lineups and boards. Rows
are limited to the organizer's events (tournaments.admin.scoping)."""

import base64
from functools import partial

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.admin.pages import object_or_404, render_page, report_refusal, staff_user
from tournaments.admin.scoping import ScopedAdmin, organized_events
from tournaments.forms import PlayersCsvImportForm, PlayersImportConfirmForm
from tournaments.models import Event, Player, Registration
from tournaments.scoring.teams import TEAM_TIEBREAKS
from tournaments.services.errors import ImportFormatError, TournamentError
from tournaments.services.players_import import ImportChangedError
from tournaments.teams.forms import LineupForm, TeamTiebreaksField
from tournaments.teams.imports import (
    REFUSED,
    TEAM_COLUMNS,
    TeamImportPlan,
    team_import_apply,
    team_import_plan,
    team_import_summary,
)
from tournaments.teams.models import Team, TeamAdjustment, TeamCompetition, TeamMatch, TeamMember
from tournaments.teams.round_page import team_round_view
from tournaments.teams.selectors import match_boards
from tournaments.teams.services import (
    StaleLineupError,
    lineup_set,
    team_round_pair,
    team_round_schedule,
)


class TeamCompetitionForm(forms.ModelForm):
    """The competition's settings; its tie-breaks chosen by name, in their order."""

    tiebreaks = TeamTiebreaksField(
        tiebreaks=TEAM_TIEBREAKS,
        label=gettext_lazy("team tie-breaks"),
        help_text=gettext_lazy(
            "In their order of application, after the primary score "
            "(docs/rules/tournaments.md §7.3)."
        ),
    )

    class Meta:
        model = TeamCompetition
        fields = "__all__"


@admin.register(TeamCompetition)
class TeamCompetitionAdmin(ScopedAdmin):
    form = TeamCompetitionForm
    list_display = (
        "event",
        "boards",
        "primary",
        "match_win",
        "match_draw",
        "match_loss",
        "round_page",
    )
    actions = ("schedule_next_round",)

    @admin.display(description=gettext_lazy("team round"))
    def round_page(self, competition: TeamCompetition) -> str:
        url = reverse("admin:tournaments_teamcompetition_round", args=(competition.pk,))
        return format_html('<a href="{}">{}</a>', url, _("Run the rounds"))

    def get_urls(self):
        return [
            path(
                "<path:object_id>/round/",
                self.admin_site.admin_view(partial(team_round_view, self)),
                name="tournaments_teamcompetition_round",
            ),
            *super().get_urls(),
        ]

    @admin.action(description=gettext_lazy("Schedule the next round of team matches"))
    def schedule_next_round(self, request: HttpRequest, queryset) -> None:
        for competition in queryset.select_related("event"):
            try:
                round_ = team_round_schedule(event=competition.event, user=staff_user(request))
            except TournamentError as exc:
                report_refusal(request, exc)
            else:
                messages.success(
                    request,
                    _("%(round)s scheduled: enter the lineups, then pair its boards.")
                    % {"round": round_},
                )


class TeamMemberFormSet(forms.BaseInlineFormSet):
    def clean(self) -> None:
        super().clean()
        for form in self.forms:
            registration = form.cleaned_data.get("registration")
            if registration is not None and registration.event_id != self.instance.event_id:
                raise ValidationError(
                    _("%(player)s is not registered in %(event)s.")
                    % {"player": registration.player, "event": self.instance.event}
                )


class TeamMemberInline(admin.TabularInline):
    """The roster in board order; reserves after the regulars."""

    model = TeamMember
    formset = TeamMemberFormSet
    fields = ("order", "registration", "reserve")
    extra = 0

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs):
        if db_field.related_model is Registration:
            resolved = request.resolver_match
            team_id = resolved.kwargs.get("object_id") if resolved else None
            team = Team.objects.filter(pk=team_id).first() if team_id else None
            rows = Registration.objects.select_related("player")
            kwargs["queryset"] = rows.filter(event=team.event_id) if team else rows.none()
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class TeamAdjustmentInline(admin.TabularInline):
    """Sanctions and corrections, each with its reason (shown in the standings)."""

    model = TeamAdjustment
    fields = ("match_points", "board_points", "reason")
    extra = 0


@admin.register(Team)
class TeamAdmin(ScopedAdmin):
    list_display = ("number", "name", "club", "federation", "captain", "event")
    list_display_links = ("number", "name")
    list_filter = (("event", admin.RelatedOnlyFieldListFilter),)
    search_fields = ("name", "club")
    fields = ("event", "number", "name", "club", "federation", "captain")
    inlines = (TeamMemberInline, TeamAdjustmentInline)

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        return ("event",) if obj else ()

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs):
        """The captain is one of the team's players: the roster saved, in board order (a
        new team chooses him once its roster is saved)."""
        if db_field.name == "captain":
            resolved = request.resolver_match
            team_id = resolved.kwargs.get("object_id") if resolved else None
            players = Player.objects.none()
            if team_id and str(team_id).isdigit():
                players = Player.objects.filter(
                    registrations__team_member__team_id=int(team_id)
                ).order_by(
                    "registrations__team_member__reserve", "registrations__team_member__order"
                )
            kwargs["queryset"] = players
            kwargs.setdefault(
                "help_text",
                _("One of the team's players; a new team chooses him once its roster is saved."),
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_urls(self):
        return [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="tournaments_team_import",
            ),
            *super().get_urls(),
        ]

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a CSV file of teams and rosters for one of the organizer's team
        competitions and see, per line, the team and place each player would get or why the
        line is refused; the teams are written only when the organizer confirms."""
        if not (self.has_add_permission(request) and self.has_change_permission(request)):
            raise PermissionDenied
        events = organized_events(request).filter(team_competition__isnull=False)
        plan = None
        event = None
        upload = TeamsCsvImportForm(events=events)
        confirm: TeamsImportConfirmForm | None
        if request.method == "POST" and "confirm" in request.POST:
            confirm = TeamsImportConfirmForm(request.POST, events=events)
            if confirm.is_valid():
                data, event = confirm.cleaned_data["content"], confirm.cleaned_data["event"]
                try:
                    done = team_import_apply(
                        event, data, digest=confirm.cleaned_data["digest"], user=staff_user(request)
                    )
                except ImportChangedError as exc:
                    messages.error(request, str(exc))
                    plan = self._plan_or_error(event, data, upload)
                else:
                    messages.success(request, team_import_summary(done))
                    changelist = reverse("admin:tournaments_team_changelist")
                    return HttpResponseRedirect(f"{changelist}?event__id__exact={event.pk}")
        elif request.method == "POST":
            upload = TeamsCsvImportForm(request.POST, request.FILES, events=events)
            if upload.is_valid():
                event = upload.cleaned_data["event"]
                plan = self._plan_or_error(event, upload.cleaned_data["file"], upload)
        confirm = None
        if plan is not None:
            confirm = TeamsImportConfirmForm(
                initial={
                    "content": base64.b64encode(plan.data).decode("ascii"),
                    "digest": plan.digest,
                    "event": event.pk,
                },
                events=events,
            )
        return render_page(
            self,
            request,
            "tournaments/admin/team_import.html",
            title=_("Import teams from a CSV file"),
            form=upload,
            plan=plan,
            event=event,
            confirm=confirm,
            columns=TEAM_COLUMNS,
            plan_refused=plan.count(REFUSED) if plan else 0,
        )

    @staticmethod
    def _plan_or_error(event: Event, data: bytes, form: forms.Form) -> TeamImportPlan | None:
        try:
            return team_import_plan(event, data)
        except (ImportFormatError, TournamentError) as exc:
            form.add_error(None, str(exc))
            return None


class TeamsCsvImportForm(PlayersCsvImportForm):
    """A teams CSV file (tournaments.teams.imports.TEAM_COLUMNS) for one team competition."""

    event = forms.ModelChoiceField(queryset=Event.objects.none(), label=gettext_lazy("event"))
    field_order = ("event", "file")

    def __init__(self, *args, events, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = events


class TeamsImportConfirmForm(PlayersImportConfirmForm):
    """The previewed file, the fingerprint of the preview and its event."""

    event = forms.ModelChoiceField(queryset=Event.objects.none(), widget=forms.HiddenInput)

    def __init__(self, *args, events, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = events


@admin.register(TeamMatch)
class TeamMatchAdmin(ScopedAdmin):
    event_path = "round__event"
    list_display = ("__str__", "round", "number", "return_match", "paired")
    list_filter = (("round__event", admin.RelatedOnlyFieldListFilter), "round__number")
    list_select_related = ("round__event", "team_a", "team_b")
    actions = ("pair_boards",)

    @admin.display(description=gettext_lazy("paired"), boolean=True)
    def paired(self, match: TeamMatch) -> bool:
        return match.boards.exists()

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Matches come from scheduling a round (the competition's action)."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    @admin.action(description=gettext_lazy("Pair the boards of these matches' rounds"))
    def pair_boards(self, request: HttpRequest, queryset) -> None:
        for round_ in {match.round for match in queryset.select_related("round")}:
            try:
                team_round_pair(round=round_, user=staff_user(request))
            except TournamentError as exc:
                report_refusal(request, exc)
            else:
                messages.success(request, _("%(round)s paired.") % {"round": round_})

    def change_view(self, request: HttpRequest, object_id: str, form_url="", extra_context=None):
        """The lineups of both teams, each saved through lineup_set (frozen once paired)."""
        match: TeamMatch = object_or_404(self, request, object_id, change=request.method == "POST")
        boards = match.round.event.team_competition.boards
        teams = [t for t in (match.team_a, match.team_b) if t is not None]
        posted = request.POST.get("team") if request.method == "POST" else None
        forms_ = []
        for team in teams:
            data = request.POST if posted == str(team.pk) else None
            form = LineupForm(data, match=match, team=team, boards=boards, prefix=f"team{team.pk}")
            if data is not None and form.is_valid():
                try:
                    lineup_set(
                        match=match,
                        team=team,
                        members=form.lineup(),
                        user=staff_user(request),
                        expected_version=form.expected_version(),
                    )
                except StaleLineupError as exc:
                    report_refusal(request, exc)
                    form = LineupForm(
                        match=match, team=team, boards=boards, prefix=f"team{team.pk}"
                    )
                except TournamentError as exc:
                    report_refusal(request, exc)
                else:
                    messages.success(request, _("Lineup of %(team)s saved.") % {"team": team})
                    return HttpResponseRedirect(
                        reverse("admin:tournaments_teammatch_change", args=(match.pk,))
                    )
            forms_.append(form)
        editable = self.has_change_permission(request, match) and not match.boards.exists()
        return render_page(
            self,
            request,
            "tournaments/admin/team_lineup.html",
            title=str(match),
            obj=match,
            forms=forms_,
            editable=editable,
            boards=match_boards(match),
        )
