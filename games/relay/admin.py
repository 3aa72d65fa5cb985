"""The relay in the admin: an organizer sets each round's source (a polled PDN address for
the round, one address per board, or pushes with the event's token shown here) and assigns
the relayed games the matching left out. The writes go through games.relay.services."""

from typing import ClassVar

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import RelayBoard, RelayFeed, RelayKind, RelaySource, RelayToken
from games.relay.services import (
    RESULT_CODES,
    relay_board_assign,
    relay_feed_remove,
    relay_feed_set,
    relay_source_check,
    relay_source_set,
)
from games.selectors import game_label
from games.services.errors import RelayError
from games.templatetags.relay import relay_rule
from tournaments.admin.pages import staff_user
from tournaments.admin.scoping import ScopedAdmin
from tournaments.models import Game
from tournaments.scoring.notation import result_score

#: A polled file is read over the web: an address of another scheme (ftp) is refused on the
#: form, not when the first poll fails.
WEB_ADDRESS = URLValidator(
    schemes=["http", "https"],
    code="scheme",
    message=gettext_lazy(
        "Enter an http:// or https:// address: the relay reads the file over the web."
    ),
)


class RelaySourceForm(forms.ModelForm):
    url = forms.URLField(
        label=gettext_lazy("PDN address"),
        max_length=500,
        required=False,
        assume_scheme="https",
        validators=[WEB_ADDRESS],
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


class GameChoiceField(forms.ModelChoiceField):
    """A round's game named as the desk names it (board, game, players), not by its stored
    result code ("1-0" in an international event, "+/-")."""

    def label_from_instance(self, obj: Game) -> str:
        return game_label(obj)


class RelayBoardInline(admin.TabularInline):
    """The relayed boards: each one's flag said in words (why the arbiter is needed, at
    which ply) and the record's result on the event's scale (2-0 in international draughts),
    as the round page and the desk say them."""

    model = RelayBoard
    fields = ("key", "game", "status", "plies_count", "flag_text", "record_result", "unmatched")
    readonly_fields = ("key", "status", "plies_count", "flag_text", "record_result", "unmatched")
    extra = 0
    can_delete = False

    @admin.display(description=gettext_lazy("flag"))
    def flag_text(self, board: RelayBoard) -> str:
        flag = board.flag or {}
        if not flag:
            return "–"
        reason = relay_rule(str(flag.get("rule", "")))
        if flag.get("ply"):
            return _("Ply %(ply)s (%(move)s): %(reason)s") % {
                "ply": flag["ply"],
                "move": flag.get("move") or "?",
                "reason": reason,
            }
        return reason

    @admin.display(description=gettext_lazy("result in the record"))
    def record_result(self, board: RelayBoard) -> str:
        if not board.result:
            return "–"
        code = RESULT_CODES.get(board.result)
        if code is None:
            return board.result
        return result_score(code, board.source.round.event.variant)

    @admin.display(description=gettext_lazy("why it is not matched"))
    def unmatched(self, board: RelayBoard) -> str:
        return board.unmatched_reason or "–"

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def get_formset(self, request: HttpRequest, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        games = Game.objects.filter(pairing__round=obj.round)
        field = formset.form.base_fields["game"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = games.select_related("pairing", "white__player", "black__player")
        return formset

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "game":
            kwargs["form_class"] = GameChoiceField
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    @admin.display(description=gettext_lazy("plies"))
    def plies_count(self, board: RelayBoard) -> int:
        return len(board.plies)


class RelayFeedForm(forms.ModelForm):
    url = forms.URLField(
        label=gettext_lazy("PDN address"),
        max_length=500,
        assume_scheme="https",
        validators=[WEB_ADDRESS],
        help_text=gettext_lazy("The address of this board's PDN file."),
    )

    class Meta:
        model = RelayFeed
        fields = ("game", "url")


class RelayFeedInline(admin.TabularInline):
    """One PDN address per board, for a round relayed one file per board."""

    model = RelayFeed
    form = RelayFeedForm
    fields = ("game", "url")
    extra = 1

    def get_formset(self, request: HttpRequest, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        games = Game.objects.filter(pairing__round=obj.round, pairing__black__isnull=False)
        field = formset.form.base_fields["game"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = games.select_related("pairing", "white__player", "black__player").order_by(
            "pairing__board", "index"
        )
        return formset

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "game":
            kwargs["form_class"] = GameChoiceField
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(RelaySource)
class RelaySourceAdmin(ScopedAdmin):
    event_path = "round__event"

    class Media:
        css: ClassVar[dict[str, tuple[str, ...]]] = {"all": ("css/admin-tools.css",)}

    form = RelaySourceForm
    inlines = (RelayBoardInline,)
    list_display = ("__str__", "kind", "active", "failures", "last_move_at")
    list_filter = (("round__event", admin.RelatedOnlyFieldListFilter), "kind", "active")
    list_select_related = ("round__event",)
    readonly_fields = (
        "push_address",
        "push_token",
        "active",
        "failures",
        "last_error",
        "next_poll_at",
        "last_move_at",
    )

    def get_inlines(self, request: HttpRequest, obj=None):
        """The boards once the source exists (they arrive with its games); the boards'
        addresses for a round relayed one file per board."""
        if obj is None:
            return ()
        return (RelayFeedInline, *self.inlines) if obj.kind == RelayKind.BOARDS else self.inlines

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

    @admin.display(description=gettext_lazy("push token (for every round of the event)"))
    def push_token(self, source: RelaySource) -> str:
        """The token is a password: hidden until the organizer opens it, its first
        characters shown to tell it apart."""
        held = RelayToken.objects.filter(event_id=source.round.event_id).first()
        if held is None:
            return "–"
        return format_html(
            '<details class="relay-token"><summary>{}… {}</summary><code>{}</code></details>',
            held.token[:4],
            _("show the token"),
            held.token,
        )

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
        if formset.model is RelayFeed:
            self._save_feeds(request, form.instance, formset)
            return
        for board_form in formset.forms:
            if "game" in board_form.changed_data:
                relay_board_assign(
                    board=board_form.instance,
                    game=board_form.cleaned_data.get("game"),
                    user=staff_user(request),
                )
                formset.changed_objects.append((board_form.instance, ["game"]))

    def _save_feeds(self, request: HttpRequest, source: RelaySource, formset) -> None:
        user = staff_user(request)
        for feed_form in formset.forms:
            data = getattr(feed_form, "cleaned_data", None) or {}
            if feed_form.instance.pk and data.get("DELETE"):
                relay_feed_remove(feed=feed_form.instance, user=user)
                formset.deleted_objects.append(feed_form.instance)
            elif feed_form.has_changed() and data.get("game") and data.get("url"):
                feed = relay_feed_set(source=source, game=data["game"], url=data["url"], user=user)
                formset.changed_objects.append((feed, ["url"]))
