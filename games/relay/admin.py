"""The relay in the admin: an organizer sets each round's source (a polled PDN address, or
pushes with the token shown here) and assigns the relayed games the matching left out. The
writes go through games.relay.services."""

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy

from games.models import RelayBoard, RelaySource
from games.relay.services import relay_board_assign, relay_source_check, relay_source_set
from games.services.errors import RelayError
from tournaments.admin.pages import staff_user
from tournaments.admin.scoping import ScopedAdmin
from tournaments.models import Game


class RelaySourceForm(forms.ModelForm):
    url = forms.URLField(
        label=gettext_lazy("PDN address"),
        max_length=500,
        required=False,
        assume_scheme="https",
        help_text=gettext_lazy("The address of the round's PDN file (for a polled source)."),
    )

    class Meta:
        model = RelaySource
        fields = ("round", "kind", "url", "interval")

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            relay_source_check(
                round=data["round"],
                kind=data["kind"],
                url=data.get("url") or "",
                interval=data["interval"],
            )
        except RelayError as exc:
            raise ValidationError(str(exc)) from exc
        return data


class RelayBoardInline(admin.TabularInline):
    model = RelayBoard
    fields = ("key", "game", "status", "plies_count", "flag", "result", "unmatched_reason")
    readonly_fields = ("key", "status", "plies_count", "flag", "result", "unmatched_reason")
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def get_formset(self, request: HttpRequest, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        games = Game.objects.filter(pairing__round=obj.round)
        formset.form.base_fields["game"].queryset = games.select_related(
            "pairing", "white__player", "black__player"
        )
        return formset

    @admin.display(description=gettext_lazy("plies"))
    def plies_count(self, board: RelayBoard) -> int:
        return len(board.plies)


@admin.register(RelaySource)
class RelaySourceAdmin(ScopedAdmin):
    event_path = "round__event"
    form = RelaySourceForm
    inlines = (RelayBoardInline,)
    list_display = ("__str__", "kind", "active", "failures", "last_move_at")
    list_filter = (("round__event", admin.RelatedOnlyFieldListFilter), "kind", "active")
    list_select_related = ("round__event",)
    readonly_fields = (
        "push_address",
        "token",
        "active",
        "failures",
        "last_error",
        "next_poll_at",
        "last_move_at",
    )

    def get_inlines(self, request: HttpRequest, obj=None):
        """The boards once the source exists (they arrive with its games)."""
        return self.inlines if obj else ()

    def get_fields(self, request: HttpRequest, obj=None):
        fields = ["round", "kind", "url", "interval"]
        return fields + list(self.readonly_fields) if obj else fields

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        return self.readonly_fields if obj else ()

    @admin.display(description=gettext_lazy("push address"))
    def push_address(self, source: RelaySource) -> str:
        url = reverse(
            "api:relay", kwargs={"slug": source.round.event.slug, "number": source.round.number}
        )
        return format_html("<code>POST {}</code>", url)

    def save_model(self, request: HttpRequest, obj: RelaySource, form, change: bool) -> None:
        data = form.cleaned_data
        saved = relay_source_set(
            round=data["round"],
            kind=data["kind"],
            url=data.get("url") or "",
            interval=data["interval"],
            user=staff_user(request),
        )
        obj.pk = saved.pk
        obj.refresh_from_db()

    def save_formset(self, request: HttpRequest, form, formset, change: bool) -> None:
        """Only the game of a board changes here, through the service; the admin's change
        message reads the formset's lists."""
        formset.new_objects, formset.deleted_objects, formset.changed_objects = [], [], []
        for board_form in formset.forms:
            if "game" in board_form.changed_data:
                relay_board_assign(
                    board=board_form.instance,
                    game=board_form.cleaned_data.get("game"),
                    user=staff_user(request),
                )
                formset.changed_objects.append((board_form.instance, ["game"]))
