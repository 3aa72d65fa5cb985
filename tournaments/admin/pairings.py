"""Pairings: the list of boards, and the hand edit of a draft board with its warnings."""

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.admin.history import AuditedAdmin
from tournaments.admin.pages import object_or_404, render_page, report_refusal
from tournaments.admin.scoping import ScopedAdmin
from tournaments.forms import PairingEditForm
from tournaments.models import Pairing, RoundStatus
from tournaments.services.errors import TournamentError
from tournaments.services.rounds import pairing_update


@admin.register(Pairing)
class PairingAdmin(ScopedAdmin, AuditedAdmin):
    event_path = "round__event"
    list_display = ("board", "white", "black", "bye_kind", "manual", "round")
    list_display_links = ("board",)
    list_filter = (("round__event", admin.RelatedOnlyFieldListFilter), "round__status", "manual")
    list_select_related = ("round__event", "white__player", "black__player")
    search_fields = ("white__player__last_name", "black__player__last_name")

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Boards are made by pairing the round (and changed by hand edits)."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def change_view(self, request: HttpRequest, object_id: str, form_url="", extra_context=None):
        """Hand edit through pairing_update: the board is saved, then its warnings (rematch,
        prohibited pair, colour imbalance, second bye) are shown on the round page."""
        pairing = object_or_404(self, request, object_id, change=request.method == "POST")
        round_ = pairing.round
        editable = round_.status == RoundStatus.DRAFT and self.has_change_permission(
            request, pairing
        )
        form = PairingEditForm(request.POST or None, pairing=pairing)
        if request.method == "POST" and form.is_valid():
            try:
                warnings = pairing_update(
                    pairing=pairing,
                    white=form.cleaned_data["white"],
                    black=form.cleaned_data["black"],
                    user=request.user,
                )
            except TournamentError as exc:
                report_refusal(request, exc)
            else:
                messages.success(request, _("Board %(board)d changed.") % {"board": pairing.board})
                for warning in warnings:
                    messages.warning(request, warning.message)
                return HttpResponseRedirect(
                    reverse("admin:tournaments_round_change", args=(round_.pk,))
                )
        return render_page(
            self,
            request,
            "tournaments/admin/pairing_edit.html",
            title=_("Board %(board)d of %(round)s") % {"board": pairing.board, "round": round_},
            obj=pairing,
            form=form,
            editable=editable,
        )
