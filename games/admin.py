"""Games: listed and audited here; results are entered on the round's result sheet, records
typed or uploaded on the game's record page or a round's upload page, disputes ruled on the
dispute desk (games.views); how an event takes its players' reports of their results."""

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.admin_archive import EventArchiveAdmin
from games.forms import ArbiterAppointForm, ArbiterCreateForm
from games.models import Dispute, RecordSource, ResultReporting
from games.relay import admin as relay_admin  # noqa: F401 (registers the relay admin)
from games.services.arbiters import arbiter_account_create, arbiter_appoint, arbiter_remove
from games.services.records import record_save, round_records_upload
from games.verdict_text import flag_text
from games.verdict_text import label as verdict_label
from tournaments.admin.history import AuditedAdmin
from tournaments.admin.pages import object_or_404, render_page, report_refusal, staff_user
from tournaments.admin.scoping import ScopedAdmin, organized_events, scope
from tournaments.models import Game, Round, RoundStatus
from tournaments.scoring.notation import result_score
from tournaments.services.errors import TournamentError
from tournaments.site.inputs import whole_number
from tournaments.site.upload_limits import check_text, check_upload


class RecordForm(forms.Form):
    """A record typed in, or a PDN file (the file wins when both are given)."""

    pdn = forms.CharField(
        label=gettext_lazy("PDN"), widget=forms.Textarea(attrs={"rows": 12}), required=False
    )
    file = forms.FileField(label=gettext_lazy("PDN file"), required=False)

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        check_upload(upload)
        data["text"] = upload.read() if upload else data.get("pdn", "")
        check_text(data["text"])
        data["source"] = RecordSource.UPLOAD if upload else RecordSource.TYPED
        if not data["text"]:
            raise forms.ValidationError(gettext_lazy("Type the PDN or choose a file."))
        return data


class RoundUploadForm(RecordForm):
    round = forms.ModelChoiceField(label=gettext_lazy("Round"), queryset=Round.objects.none())

    def __init__(self, *args, rounds: QuerySet[Round], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["round"].queryset = rounds
        self.order_fields(["round", "file", "pdn"])


def _account_name(user) -> str:
    """ "Marie Arbitre (marie)", or the user name alone."""
    full = user.get_full_name()
    return f"{full} ({user.get_username()})" if full else user.get_username()


def object_or_404_in(queryset: QuerySet, pk: str | None):
    """The row of ``queryset`` with primary key ``pk``, or 404."""
    found = queryset.filter(pk=pk).first() if pk and pk.isdigit() else None
    if found is None:
        raise Http404(_("No such row."))
    return found


@admin.register(ResultReporting)
class ResultReportingAdmin(ScopedAdmin, AuditedAdmin):
    """Whether the results an event's players agree on wait for the arbiter's confirmation:
    set by the event's organizers, for their own events only."""

    event_path = "event"
    list_display = ("event", "confirm")
    list_select_related = ("event",)
    fields = ("event", "confirm")

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        return ("event",) if obj else ()


@admin.register(Game)
class GameAdmin(EventArchiveAdmin, ScopedAdmin, AuditedAdmin):
    event_path = "pairing__round__event"
    change_list_template = "games/admin/game_change_list.html"
    list_display = ("__str__", "board", "index", "score", "version", "verification", "links")
    list_filter = (
        ("pairing__round__event", admin.RelatedOnlyFieldListFilter),
        "result",
        ("record__verification__flagged", admin.BooleanFieldListFilter),
    )
    list_select_related = (
        "pairing__round__event",
        "white__player",
        "black__player",
        "record__verification",
    )
    search_fields = ("white__player__last_name", "black__player__last_name")
    fields = ("pairing", "index", "white", "black", "score", "version", "verification", "links")
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).select_related(*self.list_select_related)

    def get_urls(self):
        return [
            path(
                "<path:object_id>/record/",
                self.admin_site.admin_view(self.record_view),
                name="tournaments_game_record",
            ),
            path(
                "upload-round/",
                self.admin_site.admin_view(self.upload_view),
                name="tournaments_game_upload",
            ),
            *self.archive_urls(),
            *super().get_urls(),
        ]

    @admin.display(description=gettext_lazy("result"), ordering="result")
    def score(self, game: Game) -> str:
        """The result as the event's variant writes it (2-0 for FMJD, 1-0 otherwise)."""
        shown = result_score(game.result, game.pairing.round.event.variant)
        return f"{shown} ({game.get_result_display()})"

    @admin.display(description=gettext_lazy("board"), ordering="pairing__board")
    def board(self, game: Game) -> int:
        return game.pairing.board

    @admin.display(description=gettext_lazy("verification"))
    def verification(self, game: Game) -> str:
        verification = getattr(getattr(game, "record", None), "verification", None)
        if verification is None:
            return "—"
        if not verification.flags:
            return verdict_label(verification.verdict) or verification.get_status_display()
        return format_html_join(
            "",
            "<div>{}{}: {}</div>",
            (
                (
                    verdict_label(flag["kind"]),
                    f" ({flag['ply']})" if flag["ply"] is not None else "",
                    flag_text(flag, verification.report),
                )
                for flag in verification.flags
            ),
        )

    @admin.display(description=gettext_lazy("links"))
    def links(self, game: Game) -> str:
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("admin:tournaments_round_results", args=(game.pairing.round_id,)),
            _("result sheet"),
            reverse("admin:tournaments_game_record", args=(game.pk,)),
            _("record"),
            reverse("desk:dispute_open", args=(game.pk,)),
            _("open a dispute"),
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Games are made with their pairing."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def record_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Type or upload one game's record; its verification runs in the background."""
        game = object_or_404(self, request, object_id, change=False)
        record = getattr(game, "record", None)
        form = RecordForm(
            request.POST or None, request.FILES or None, initial={"pdn": record and record.pdn}
        )
        if request.method == "POST" and form.is_valid():
            try:
                record_save(
                    game=game,
                    pdn=form.cleaned_data["text"],
                    source=form.cleaned_data["source"],
                    user=staff_user(request),
                )
            except TournamentError as error:
                report_refusal(request, error)
            else:
                messages.success(request, _("The record is saved; it is being verified."))
                return HttpResponseRedirect(request.path)
        return render_page(
            self,
            request,
            "games/admin/record.html",
            title=_("Record of board %(board)s, game %(index)s")
            % {"board": game.pairing.board, "index": game.index},
            obj=game,
            form=form,
            record=record,
            verification=getattr(record, "verification", None),
            variant=game.pairing.round.event.variant,
        )

    def upload_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a whole round's PDN file: each game matched to a game of the round; the
        match report lists what could not be matched."""
        rounds = scope(
            request, Round.objects.exclude(status=RoundStatus.DRAFT), "event"
        ).select_related("event")
        form = RoundUploadForm(request.POST or None, request.FILES or None, rounds=rounds)
        report = None
        if request.method == "POST" and form.is_valid():
            try:
                report = round_records_upload(
                    round=form.cleaned_data["round"],
                    pdn=form.cleaned_data["text"],
                    source=form.cleaned_data["source"],
                    user=staff_user(request),
                )
            except TournamentError as error:
                report_refusal(request, error)
        return render_page(
            self,
            request,
            "games/admin/upload.html",
            title=_("Upload a round's game records"),
            form=form,
            report=report,
        )


@admin.register(Dispute)
class DisputeAdmin(ScopedAdmin, AuditedAdmin):
    """Disputes are listed here; they are opened and ruled on the dispute desk."""

    event_path = "game__pairing__round__event"
    list_display = ("__str__", "claim", "status", "opened_by", "opened_at", "desk")
    list_filter = (("game__pairing__round__event", admin.RelatedOnlyFieldListFilter), "status")
    list_select_related = ("game__white__player", "game__black__player", "opened_by")
    fields = ("game", "claim", "ply", "statement", "status", "opened_by", "opened_at", "desk")
    readonly_fields = fields

    def get_urls(self):
        return [
            path(
                "arbiters/",
                self.admin_site.admin_view(self.arbiters_view),
                name="games_dispute_arbiters",
            ),
            *super().get_urls(),
        ]

    def arbiters_view(self, request: HttpRequest) -> HttpResponse:
        """The arbiters of the user's events: appoint an existing account, create one with
        a password to give the arbiter, or remove one (their rulings stay)."""
        events = organized_events(request).prefetch_related("arbiters")
        chosen = events.filter(pk=whole_number(request.GET.get("event")) or 0).first()
        initial = {"event": chosen}
        action = request.POST.get("action") if request.method == "POST" else None
        appoint = ArbiterAppointForm(
            request.POST if action == "appoint" else None, events=events, initial=initial
        )
        create = ArbiterCreateForm(
            request.POST if action == "create" else None, events=events, initial=initial
        )
        try:
            if action == "appoint" and appoint.is_valid():
                user = arbiter_appoint(
                    event=appoint.cleaned_data["event"],
                    username=appoint.cleaned_data["username"],
                    by=staff_user(request),
                )
                return self._arbiter_done(request, user, appoint.cleaned_data["event"])
            if action == "create" and create.is_valid():
                data = create.cleaned_data
                user = arbiter_account_create(
                    event=data["event"],
                    username=data["username"],
                    password=data["password1"],
                    first_name=data["first_name"],
                    last_name=data["last_name"],
                    email=data["email"],
                    by=staff_user(request),
                )
                return self._arbiter_done(request, user, data["event"])
            if action == "remove":
                event = object_or_404_in(events, request.POST.get("event"))
                user = object_or_404_in(event.arbiters.all(), request.POST.get("user"))
                arbiter_remove(event=event, user=user, by=staff_user(request))
                messages.success(
                    request,
                    _("%(user)s no longer arbitrates %(event)s.") % {"user": user, "event": event},
                )
                return HttpResponseRedirect(request.get_full_path())
        except TournamentError as error:
            reasons = getattr(error, "reasons", None) or (str(error),)
            (create if action == "create" else appoint).add_error(None, list(reasons))
        return render_page(
            self,
            request,
            "games/admin/arbiters.html",
            title=_("Arbiters of your events"),
            events=events,
            appoint=appoint,
            create=create,
        )

    def _arbiter_done(self, request: HttpRequest, user, event) -> HttpResponse:
        messages.success(
            request,
            _(
                "%(user)s arbitrates %(event)s: they log in at %(url)s with their user name "
                "and password."
            )
            % {
                "user": _account_name(user),
                "event": event,
                "url": request.build_absolute_uri(reverse("desk:home")),
            },
        )
        return HttpResponseRedirect(request.get_full_path())

    @admin.display(description=gettext_lazy("dispute desk"))
    def desk(self, dispute: Dispute) -> str:
        return format_html(
            '<a href="{}">{}</a>', reverse("desk:dispute", args=(dispute.pk,)), _("open")
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
