"""Ballots: decks (published ones read-only), custom cards typed and replayed, the draw log
with the void page."""

from dataclasses import dataclass

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.access import changeable_decks, may_change_deck
from tournaments.admin.history import AuditedAdmin
from tournaments.admin.pages import object_or_404, render_page, report_refusal, staff_user
from tournaments.admin.scoping import ScopedAdmin, organized_events
from tournaments.ballots.cards import CardError, card_svg, replay_card
from tournaments.models import BallotCard, BallotDeck, BallotDraw, PairingNumberDraw
from tournaments.pairing.lot import draw_numbers
from tournaments.selectors.ballots import ballot_draw_check
from tournaments.services.ballots import (
    ballot_card_save,
    ballot_deck_create,
    ballot_draw_void,
)
from tournaments.services.errors import TournamentError


@admin.register(BallotDeck)
class BallotDeckAdmin(AuditedAdmin):
    """Every deck is read by every staff user; a custom deck is changed only by its owner and
    the organizers of the event it was made for (tournaments.access.changeable_decks), a
    published one by nobody."""

    list_display = ("__str__", "variant", "builtin", "owner", "event", "cards_link", "source")
    list_filter = ("variant", "builtin")
    fields = ("name", "slug", "variant", "source", "event")
    #: A deck the user may not change is shown with its name in the reader's language.
    shown_fields = ("deck_name", "slug", "variant", "source", "event")

    @admin.display(description=gettext_lazy("name"))
    def deck_name(self, deck: BallotDeck) -> str:
        return str(deck)

    @admin.display(description=gettext_lazy("cards"))
    def cards_link(self, deck: BallotDeck) -> str:
        url = reverse("admin:tournaments_ballotcard_changelist") + f"?deck__id__exact={deck.pk}"
        return format_html('<a href="{}">{}</a>', url, deck.cards.count())

    def _read_only(self, request: HttpRequest, obj: BallotDeck | None) -> bool:
        return obj is not None and not may_change_deck(request.user, obj)

    def get_fields(self, request: HttpRequest, obj=None):
        return self.shown_fields if self._read_only(request, obj) else self.fields

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        return self.shown_fields if self._read_only(request, obj) else ()

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs):
        if db_field.name == "event":
            kwargs["queryset"] = organized_events(request)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        if obj is not None and not may_change_deck(request.user, obj):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        if obj is not None and (not may_change_deck(request.user, obj) or obj.events.exists()):
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: BallotDeck, form, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        created = ballot_deck_create(
            name=obj.name,
            slug=obj.slug,
            variant=obj.variant,
            source=obj.source,
            event=obj.event,
            user=staff_user(request),
        )
        obj.pk = created.pk


class BallotCardForm(forms.ModelForm):
    """A custom card: replayed with arbiter as it is typed (the service replays it again)."""

    class Meta:
        model = BallotCard
        fields = ("deck", "code", "name", "moves", "start_fen", "barred")
        help_texts = {  # noqa: RUF012
            "moves": gettext_lazy("In the variant's notation, e.g. 32-28 18-23 (move numbers ok)."),
            "start_fen": gettext_lazy("Empty: the initial position. Else a PDN FEN."),
        }

    def clean(self):
        data = super().clean()
        deck = data.get("deck")
        if deck is not None and data.get("code"):
            try:
                replay_card(
                    variant=deck.variant,
                    code=data["code"],
                    moves=data.get("moves", ""),
                    start_fen=data.get("start_fen", ""),
                )
            except CardError as exc:
                raise forms.ValidationError(str(exc)) from exc
        return data


@dataclass(frozen=True)
class _DeckRights:
    changeable: bool
    #: The deck's cards already drawn: kept, as their draws' audit record points at them.
    drawn: frozenset[int]


def _deck_rights(request: HttpRequest, deck_id: int) -> _DeckRights:
    """What the request's user may do with a deck's cards, read once per request and deck:
    deleting a deck asks it of each of its cards (a published deck holds over a thousand)."""
    known: dict[int, _DeckRights] = request.__dict__.setdefault("_damier_deck_rights", {})
    if deck_id not in known:
        known[deck_id] = _DeckRights(
            changeable=changeable_decks(request.user).filter(pk=deck_id).exists(),
            drawn=frozenset(
                BallotDraw.objects.filter(card__deck_id=deck_id).values_list("card_id", flat=True)
            ),
        )
    return known[deck_id]


@admin.register(BallotCard)
class BallotCardAdmin(AuditedAdmin):
    form = BallotCardForm
    list_display = ("code", "name", "deck", "moves", "barred", "brazilian", "corrected")
    list_filter = ("deck", "barred", "brazilian")
    search_fields = ("code", "name", "moves", "notation")
    list_select_related = ("deck",)
    readonly_fields = ("number", "notation", "diagram", "brazilian", "group", "correction")

    @admin.display(description=gettext_lazy("position after the card"))
    def diagram(self, card: BallotCard) -> str:
        """The players' start position drawn, not written as FEN."""
        if not card.fen:
            return "—"
        return mark_safe(card_svg(variant=card.deck.variant, fen=card.fen, code=card.code))

    @admin.display(description=gettext_lazy("source corrected"), boolean=True)
    def corrected(self, card: BallotCard) -> bool:
        return bool(card.correction)

    def get_fields(self, request: HttpRequest, obj=None):
        """A published card is read only: its start position is the diagram, not a FEN."""
        fields = super().get_fields(request, obj)
        if obj is not None and obj.deck.builtin:
            return [field for field in fields if field != "start_fen"]
        return fields

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs):
        """A card goes into a deck the user may change (tournaments.access.changeable_decks)."""
        if db_field.name == "deck":
            kwargs["queryset"] = changeable_decks(request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        if obj is not None and not _deck_rights(request, obj.deck_id).changeable:
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        if obj is not None:
            rights = _deck_rights(request, obj.deck_id)
            if not rights.changeable or obj.pk in rights.drawn:
                return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: BallotCard, form, change: bool) -> None:
        data = form.cleaned_data
        saved = ballot_card_save(
            deck=data["deck"],
            card=BallotCard.objects.get(pk=obj.pk) if change else None,
            code=data["code"],
            name=data["name"],
            moves=data["moves"],
            start_fen=data["start_fen"],
            barred=data["barred"],
            user=staff_user(request),
        )
        obj.pk = saved.pk


class VoidDrawForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Kept with the draw; the board can then get a new card."),
    )


@admin.register(BallotDraw)
class BallotDrawAdmin(ScopedAdmin, AuditedAdmin):
    """The draw log of the organizer's events: every draw, voided ones included."""

    list_display = (
        "sequence",
        "event",
        "round",
        "board",
        "card",
        "seed",
        "drawn_by",
        "drawn_at",
        "voided_at",
        "void_reason",
        "reproduced",
    )
    list_filter = (("event", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("event", "round__event", "pairing", "card__deck", "drawn_by")

    @admin.display(description=gettext_lazy("board"))
    def board(self, draw: BallotDraw) -> str:
        return str(draw.pairing.board) if draw.pairing_id else _("all")

    @admin.display(description=gettext_lazy("seed reproduces the card"), boolean=True)
    def reproduced(self, draw: BallotDraw) -> bool:
        return ballot_draw_check(draw) == draw.card.number

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Cards are drawn by the round page's button (ballot_draw)."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        return [field.name for field in self.model._meta.fields]

    def get_urls(self):
        return [
            path(
                "<path:object_id>/void/",
                self.admin_site.admin_view(self.void_view),
                name="tournaments_ballotdraw_void",
            ),
            *super().get_urls(),
        ]

    def void_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Ask for the reason, then void the draw (ballot_draw_void) and go back to the round."""
        draw = object_or_404(self, request, object_id, change=True)
        form = VoidDrawForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                ballot_draw_void(
                    draw=draw, reason=form.cleaned_data["reason"], user=staff_user(request)
                )
            except TournamentError as exc:
                report_refusal(request, exc)
            else:
                messages.success(request, _("Draw %(number)d voided.") % {"number": draw.sequence})
            return HttpResponseRedirect(
                reverse("admin:tournaments_round_change", args=(draw.round_id,))
            )
        return render_page(
            self,
            request,
            "tournaments/admin/ballot_void.html",
            title=_("Void draw %(number)d") % {"number": draw.sequence},
            obj=draw,
            form=form,
        )


@admin.register(PairingNumberDraw)
class PairingNumberDrawAdmin(ScopedAdmin):
    """The log of the round robins' pairing-number draws of the organizer's events, as the
    ballot draws' (tournaments.services.pairing_numbers records them, never changed): each
    draw's seed, who drew and when, and whether the seed deals the numbers recorded
    (tournaments.pairing.lot.draw_numbers over the registrations drawn). Read only."""

    list_display = ("event", "drawn_at", "drawn_by", "seed", "reproduced")
    list_filter = (("event", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("event", "drawn_by")

    @admin.display(description=gettext_lazy("seed reproduces the numbers"), boolean=True)
    def reproduced(self, draw: PairingNumberDraw) -> bool | None:
        """None for numbers set by hand (no seed)."""
        if not draw.seed:
            return None
        dealt = draw_numbers(seed=draw.seed, entrants=draw.entrants)
        return {str(entrant): number for entrant, number in dealt.items()} == draw.numbers

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Numbers are drawn from the event's page (pairing_numbers_draw)."""
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
