"""Games: listed and audited here; results are entered on the round's result sheet."""

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.models import Game
from tournaments.admin.history import AuditedAdmin
from tournaments.admin.scoping import ScopedAdmin


@admin.register(Game)
class GameAdmin(ScopedAdmin, AuditedAdmin):
    event_path = "pairing__round__event"
    list_display = ("__str__", "board", "index", "result", "version", "result_sheet")
    list_filter = (("pairing__round__event", admin.RelatedOnlyFieldListFilter), "result")
    list_select_related = ("pairing__round__event", "white__player", "black__player")
    search_fields = ("white__player__last_name", "black__player__last_name")
    fields = ("pairing", "index", "white", "black", "result", "version", "result_sheet")
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).select_related(*self.list_select_related)

    @admin.display(description=_("board"), ordering="pairing__board")
    def board(self, game: Game) -> int:
        return game.pairing.board

    @admin.display(description=_("result sheet"))
    def result_sheet(self, game: Game) -> str:
        url = reverse("admin:tournaments_round_results", args=(game.pairing.round_id,))
        return format_html('<a href="{}">{}</a>', url, game.pairing.round)

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Games are made with their pairing."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
