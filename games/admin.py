"""Games: listed and audited here; results are entered on the round's result sheet, records
typed or uploaded on the game's record page or a round's upload page, disputes ruled on the
dispute desk (games.views)."""

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Dispute, Game, RecordSource
from games.services.records import record_save, round_records_upload
from games.templatetags.verdicts import verdict_label
from tournaments.admin.history import AuditedAdmin
from tournaments.admin.pages import object_or_404, render_page, report_refusal
from tournaments.admin.scoping import ScopedAdmin, scope
from tournaments.models import Round, RoundStatus
from tournaments.services.errors import TournamentError


class RecordForm(forms.Form):
    """A record typed in, or a PDN file (the file wins when both are given)."""

    pdn = forms.CharField(
        label=gettext_lazy("PDN"), widget=forms.Textarea(attrs={"rows": 12}), required=False
    )
    file = forms.FileField(label=gettext_lazy("PDN file"), required=False)

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        data["text"] = upload.read() if upload else data.get("pdn", "")
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


@admin.register(Game)
class GameAdmin(ScopedAdmin, AuditedAdmin):
    event_path = "pairing__round__event"
    list_display = ("__str__", "board", "index", "result", "version", "verification", "links")
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
    fields = ("pairing", "index", "white", "black", "result", "version", "verification", "links")
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).select_related(*self.list_select_related)

    def get_urls(self):
        return [
            path(
                "<path:object_id>/record/",
                self.admin_site.admin_view(self.record_view),
                name="games_game_record",
            ),
            path(
                "upload-round/",
                self.admin_site.admin_view(self.upload_view),
                name="games_game_upload",
            ),
            *super().get_urls(),
        ]

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
                    flag["message"],
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
            reverse("admin:games_game_record", args=(game.pk,)),
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
                    user=request.user,
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
                    user=request.user,
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

    @admin.display(description=gettext_lazy("dispute desk"))
    def desk(self, dispute: Dispute) -> str:
        return format_html(
            '<a href="{}">{}</a>', reverse("desk:dispute", args=(dispute.pk,)), _("open")
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
