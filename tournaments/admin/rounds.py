"""Rounds: the round page (boards, publish, delete draft, complete) and the result sheet."""

from django.contrib import admin, messages
from django.db import transaction
from django.db.models import Count, Prefetch
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils import formats, timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from tournaments.admin.history import AuditedAdmin
from tournaments.admin.pages import object_or_404, render_page, report_refusal
from tournaments.admin.scoping import ScopedAdmin
from tournaments.forms import RoundResultsForm, game_field_names
from tournaments.models import Game, Round, RoundStatus, System
from tournaments.pairing.dutch import COLOUR_RULE_TEXTS, Explanation
from tournaments.selectors.ballots import round_draws
from tournaments.selectors.round_warnings import round_warnings
from tournaments.selectors.state import round_explanations
from tournaments.services.ballots import ballot_draw
from tournaments.services.errors import StaleResultError, TournamentError
from tournaments.services.results import result_record
from tournaments.services.rounds import (
    pairings_generate,
    round_complete,
    round_delete_draft,
    round_publish,
    round_unpublish,
    rounds_paired_after,
)

_PLAYERS = ("white__player", "black__player")


def _explanation_lines(explanation: Explanation | None) -> list[str]:
    """One board's explanation in the page's language (C.04.3, as the engine tells it)."""
    if explanation is None:
        return []
    lines = [_(COLOUR_RULE_TEXTS[explanation.colour_rule])]
    for float_ in explanation.floats:
        if float_.bracket is None:
            lines.append(
                _("No. %(player)s gets the pairing-allocated bye on %(points)s points.")
                % {"player": float_.player, "points": float_.points}
            )
        else:
            lines.append(
                _("No. %(player)s floats down from %(points)s to %(bracket)s points.")
                % {"player": float_.player, "points": float_.points, "bracket": float_.bracket}
            )
    if explanation.criteria:
        criteria = ", ".join(f"{name} ({count})" for name, count in explanation.criteria)
        lines.append(
            _("Criteria its score bracket does not fully meet: %(criteria)s.")
            % {"criteria": criteria}
        )
    return lines


def _numbers(pairing) -> tuple[int, int | None]:
    black = pairing.black.pairing_number if pairing.black_id else None
    return (pairing.white.pairing_number, black)


def _boards(round_: Round):
    """The round's boards with players and games, in two queries; a team round's board
    with its team board (a board a team left empty is a forfeit, not a bye)."""
    games = Prefetch("games", queryset=Game.objects.select_related(*_PLAYERS).order_by("index"))
    boards = round_.pairings.select_related(*_PLAYERS, "team_board")
    return boards.prefetch_related(games).order_by("board")


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
            for name in (
                "publish",
                "delete-draft",
                "complete",
                "draw-cards",
                "unpublish",
                "pair-again",
            )
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
        """The round page: its boards (each editable while a draft, with its warnings) and its
        buttons."""
        round_ = object_or_404(self, request, object_id, change=False)
        can_change = self.has_change_permission(request, round_)
        is_draft = round_.status == RoundStatus.DRAFT
        warnings = round_warnings(round_) if is_draft else {}
        can_explain = is_draft and round_.event.system == System.SWISS
        explained = can_explain and "explain" in request.GET
        explanations = round_explanations(round_) if explained else {}
        boards = list(_boards(round_))
        return render_page(
            self,
            request,
            "tournaments/admin/round.html",
            title=str(round_),
            obj=round_,
            boards=[
                (
                    pairing,
                    warnings.get(pairing.pk, []),
                    _explanation_lines(explanations.get(_numbers(pairing))),
                )
                for pairing in boards
            ],
            can_explain=can_explain,
            explained=explained,
            is_draft=is_draft,
            can_change=can_change,
            can_publish=can_change and round_.status == RoundStatus.DRAFT,
            is_last=not round_.event.rounds.filter(number__gt=round_.number).exists(),
            can_complete=can_change and round_.status == RoundStatus.PUBLISHED,
            can_unpublish=can_change
            and round_.status == RoundStatus.PUBLISHED
            and not round_.event.rounds.filter(number__gt=round_.number).exists(),
            has_results=round_.status != RoundStatus.DRAFT,
            has_deck=round_.event.ballot_deck_id is not None,
            can_draw=can_change
            and round_.status == RoundStatus.PUBLISHED
            and round_.event.ballot_deck_id is not None,
            draws=round_draws(round_),
        )

    def publish_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Publish; over warnings (a rematch, a colour rule) only once the organizer confirms,
        on a page that lists them."""
        round_ = object_or_404(self, request, object_id, change=True)
        if "confirmed" not in request.POST and round_.status == RoundStatus.DRAFT:
            warnings = [
                _("Board %(board)s: %(warning)s")
                % {"board": pairing.board, "warning": warning.message}
                for pairing in round_.pairings.order_by("board")
                for warning in round_warnings(round_).get(pairing.pk, [])
            ]
            if warnings:
                return self._confirm(
                    request,
                    round_,
                    question=_("Publish %(round)s despite these warnings?") % {"round": round_},
                    items=warnings,
                    action=_("Publish anyway"),
                )
        return self._run(request, object_id, round_publish, _("%(round)s published."))

    def draw_cards_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Draw the ballot cards the round's boards still lack (tournaments.services.ballots)."""
        return self._run(request, object_id, ballot_draw, _("Cards drawn for %(round)s."))

    def complete_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        round_ = object_or_404(self, request, object_id, change=True)
        if "confirmed" not in request.POST:
            return self._confirm(
                request,
                round_,
                question=_(
                    "Complete %(round)s? Its results become final: a result can still be "
                    "corrected, but no longer reset to pending."
                )
                % {"round": round_},
                items=[],
                action=_("Complete the round"),
            )
        return self._run(request, object_id, round_complete, _("%(round)s completed."))

    def unpublish_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Back to draft while no result is entered (tournaments.services.rounds)."""
        return self._run(
            request,
            object_id,
            round_unpublish,
            _("%(round)s is a draft again: edit it, pair it again or publish it."),
        )

    def pair_again_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Replace the draft's pairings by a new pairing (the old ones stay in the history)."""
        return self._run(
            request,
            object_id,
            pairings_generate,
            _("%(round)s paired again; the previous pairings are kept in the history."),
        )

    def delete_draft_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        round_ = object_or_404(self, request, object_id, change=True)
        if "confirmed" not in request.POST:
            return self._confirm(
                request,
                round_,
                question=_("Delete the draft %(round)s and its pairings?") % {"round": round_},
                items=[],
                action=_("Delete the draft"),
            )
        try:
            round_delete_draft(round=round_, user=request.user)
        except TournamentError as exc:
            report_refusal(request, exc)
            return self._back_to(round_)
        messages.success(request, _("%(round)s deleted.") % {"round": round_})
        return HttpResponseRedirect(
            reverse("admin:tournaments_event_change", args=(round_.event_id,))
        )

    def _confirm(
        self, request: HttpRequest, round_: Round, *, question: str, items: list[str], action: str
    ) -> HttpResponse:
        return render_page(
            self,
            request,
            "tournaments/admin/round_confirm.html",
            title=question,
            obj=round_,
            question=question,
            items=items,
            action=action,
            target=request.path,
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
                        errors[game.pk] = _refusal_text(exc)
                if errors:
                    transaction.set_rollback(True)
            if not errors:
                messages.success(
                    request,
                    ngettext(
                        "%(count)d result saved for %(round)s.",
                        "%(count)d results saved for %(round)s.",
                        len(changes),
                    )
                    % {"count": len(changes), "round": round_},
                )
                later = rounds_paired_after(round_) if changes else []
                if later:
                    messages.warning(
                        request,
                        ngettext(
                            "Round %(rounds)s was already paired on the previous results of "
                            "round %(round)d: its pairings stay as they are.",
                            "Rounds %(rounds)s were already paired on the previous results of "
                            "round %(round)d: their pairings stay as they are.",
                            len(later),
                        )
                        % {"rounds": ", ".join(str(n) for n in later), "round": round_.number},
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
            has_deck=round_.event.ballot_deck_id is not None,
            draws=round_draws(round_),
        )


def _refusal_text(error: TournamentError) -> str:
    """A refused result; for a concurrent change, who made it and when (StaleResultError)."""
    if not isinstance(error, StaleResultError):
        return str(error)
    when = timezone.localtime(error.changed_at) if error.changed_at else None
    return _("Changed by %(user)s at %(time)s: reload the sheet. (%(detail)s)") % {
        "user": error.changed_by or _("someone"),
        "time": formats.time_format(when, "H:i") if when else "?",
        "detail": error,
    }
