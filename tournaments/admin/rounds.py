"""Rounds: the round page (boards, publish, delete draft, complete) and the result sheet."""

from django.contrib import admin, messages
from django.db import transaction
from django.db.models import Count, Prefetch
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils import formats, timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.models import Game
from tournaments.admin.history import AuditedAdmin
from tournaments.admin.pages import object_or_404, render_page, report_refusal
from tournaments.admin.scoping import ScopedAdmin
from tournaments.forms import RoundResultsForm, game_field_names
from tournaments.models import Round, RoundStatus
from tournaments.services.errors import StaleResultError, TournamentError
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete, round_delete_draft, round_publish

_PLAYERS = ("white__player", "black__player")


def _boards(round_: Round):
    """The round's boards with players and games, in two queries."""
    games = Prefetch("games", queryset=Game.objects.select_related(*_PLAYERS).order_by("index"))
    return round_.pairings.select_related(*_PLAYERS).prefetch_related(games).order_by("board")


@admin.register(Round)
class RoundAdmin(ScopedAdmin, AuditedAdmin):
    list_display = ("__str__", "number", "status", "published_at", "boards", "results_link")
    list_filter = (("event", admin.RelatedOnlyFieldListFilter), "status")
    list_select_related = ("event",)

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).annotate(boards_total=Count("pairings"))

    @admin.display(description=gettext_lazy("boards"), ordering="boards_total")
    def boards(self, round_: Round) -> int:
        return round_.boards_total

    @admin.display(description=gettext_lazy("results"))
    def results_link(self, round_: Round) -> str:
        if round_.status == RoundStatus.DRAFT:
            return "—"
        url = reverse("admin:tournaments_round_results", args=(round_.pk,))
        return format_html('<a href="{}">{}</a>', url, _("Enter results"))

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Rounds are created by "Pair next round" on the event page."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        """Only a draft is deleted, by the round page's button (round_delete_draft)."""
        return False

    def get_urls(self):
        view = self.admin_site.admin_view
        actions = [
            path(
                f"<path:object_id>/{name}/",
                view(require_POST(getattr(self, f"{name.replace('-', '_')}_view"))),
                name=f"tournaments_round_{name.replace('-', '_')}",
            )
            for name in ("publish", "delete-draft", "complete")
        ]
        return [
            path(
                "<path:object_id>/results/",
                view(self.results_view),
                name="tournaments_round_results",
            ),
            *actions,
            *super().get_urls(),
        ]

    def change_view(self, request: HttpRequest, object_id: str, form_url="", extra_context=None):
        """The round page: its boards (each editable while a draft) and its buttons."""
        round_ = object_or_404(self, request, object_id, change=False)
        can_change = self.has_change_permission(request, round_)
        return render_page(
            self,
            request,
            "tournaments/admin/round.html",
            title=str(round_),
            obj=round_,
            boards=list(_boards(round_)),
            is_draft=round_.status == RoundStatus.DRAFT,
            can_change=can_change,
            can_publish=can_change and round_.status == RoundStatus.DRAFT,
            can_complete=can_change and round_.status == RoundStatus.PUBLISHED,
            has_results=round_.status != RoundStatus.DRAFT,
        )

    def publish_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        return self._run(request, object_id, round_publish, _("%(round)s published."))

    def complete_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        return self._run(request, object_id, round_complete, _("%(round)s completed."))

    def delete_draft_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        round_ = object_or_404(self, request, object_id, change=True)
        try:
            round_delete_draft(round=round_, user=request.user)
        except TournamentError as exc:
            report_refusal(request, exc)
            return self._back_to(round_)
        messages.success(request, _("%(round)s deleted.") % {"round": round_})
        return HttpResponseRedirect(
            reverse("admin:tournaments_event_change", args=(round_.event_id,))
        )

    def _run(self, request: HttpRequest, object_id: str, service, success: str) -> HttpResponse:
        round_ = object_or_404(self, request, object_id, change=True)
        try:
            service(round=round_, user=request.user)
        except TournamentError as exc:
            report_refusal(request, exc)
        else:
            messages.success(request, success % {"round": round_})
        return self._back_to(round_)

    def _back_to(self, round_: Round) -> HttpResponse:
        return HttpResponseRedirect(reverse("admin:tournaments_round_change", args=(round_.pk,)))

    def results_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """One sheet for the whole round: a select per game, one Save. Every changed game goes
        through result_record in a single transaction; if any board is refused, nothing is
        saved and each refused board shows why."""
        round_ = object_or_404(self, request, object_id, change=request.method == "POST")
        boards = list(_boards(round_))
        games = [game for pairing in boards for game in pairing.games.all()]
        form = RoundResultsForm(request.POST or None, games=games)
        errors: dict[int, str] = {}
        if request.method == "POST" and form.is_valid():
            changes = form.changes()
            with transaction.atomic():
                for game, result, version in changes:
                    try:
                        result_record(
                            game=game, result=result, user=request.user, expected_version=version
                        )
                    except TournamentError as exc:
                        errors[game.pk] = _refusal_text(game, exc)
                if errors:
                    transaction.set_rollback(True)
            if not errors:
                messages.success(
                    request,
                    _("%(count)d result(s) saved for %(round)s.")
                    % {"count": len(changes), "round": round_},
                )
                return HttpResponseRedirect(request.path)
            messages.error(request, _("Nothing was saved: correct the boards marked below."))
        rows = [
            (
                pairing,
                [
                    (game, form[game_field_names(game.pk)[0]], errors.get(game.pk))
                    for game in pairing.games.all()
                ],
            )
            for pairing in boards
        ]
        hidden = [form[name] for game in games for name in game_field_names(game.pk)[1:]]
        return render_page(
            self,
            request,
            "tournaments/admin/round_results.html",
            title=_("Results of %(round)s") % {"round": round_},
            obj=round_,
            rows=rows,
            hidden_fields=hidden,
            can_save=self.has_change_permission(request, round_)
            and round_.status != RoundStatus.DRAFT,
        )


def _refusal_text(game: Game, error: TournamentError) -> str:
    """A refused result; for a concurrent change, who made it and when (from the history)."""
    if not isinstance(error, StaleResultError):
        return str(error)
    last = game.history.select_related("history_user").order_by("-history_date").first()
    when = formats.time_format(timezone.localtime(last.history_date), "H:i")
    return _("Changed by %(user)s at %(time)s: reload the sheet. (%(detail)s)") % {
        "user": last.history_user or _("someone"),
        "time": when,
        "detail": error,
    }
