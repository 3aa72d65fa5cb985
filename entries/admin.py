"""The admin of the entries: each event's entry settings, and its entries, which the event's
organizers accept, refuse or put on the waiting list with one action of the list, and whose
amounts due and paid they record. Rows, filters and choices are limited to the organizer's
events (tournaments.admin.scoping); every write goes through entries.services."""

from collections.abc import Callable

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern, path
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from entries.models import Entry, EntrySettings
from entries.pdf import check_in_pdf, participants_pdf
from entries.selectors import possible_matches
from entries.services import (
    ENTRY_FIELDS,
    ORGANIZER_FIELDS,
    entry_accept,
    entry_change,
    entry_refuse,
    entry_settings_save,
    entry_waitlist,
)
from tournaments.access import may_manage
from tournaments.admin.history import AuditedAdmin
from tournaments.admin.pages import staff_user
from tournaments.admin.scoping import ScopedAdmin
from tournaments.models import Event
from tournaments.services.errors import TournamentError


@admin.register(EntrySettings)
class EntrySettingsAdmin(ScopedAdmin, AuditedAdmin):
    list_display = ("event", "opens_at", "closes_at", "max_players", "fee")
    fields = (
        "event",
        ("opens_at", "closes_at"),
        ("max_players", "waiting_list"),
        ("min_rating", "max_rating"),
        ("min_age", "max_age"),
        "fee",
    )

    def save_model(self, request: HttpRequest, obj: EntrySettings, form, change: bool) -> None:
        entry_settings_save(rules=obj, user=staff_user(request))


def _answer(modeladmin: "EntryAdmin", request: HttpRequest, queryset: QuerySet, write) -> None:
    """Apply `write` to each selected entry; each refusal is told, the others done."""
    done = 0
    for entry in queryset:
        try:
            write(entry=entry, user=staff_user(request))
        except (TournamentError, ValidationError) as exc:
            text = "; ".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)
            modeladmin.message_user(request, f"{entry}: {text}", messages.ERROR)
        else:
            done += 1
    if done:
        modeladmin.message_user(
            request,
            ngettext("%(count)s entry answered.", "%(count)s entries answered.", done)
            % {"count": done},
            messages.SUCCESS,
        )


@admin.action(description=gettext_lazy("Accept the selected entries"), permissions=["change"])
def accept(modeladmin: "EntryAdmin", request: HttpRequest, queryset: QuerySet) -> None:
    _answer(modeladmin, request, queryset, entry_accept)


@admin.action(description=gettext_lazy("Refuse the selected entries"), permissions=["change"])
def refuse(modeladmin: "EntryAdmin", request: HttpRequest, queryset: QuerySet) -> None:
    _answer(modeladmin, request, queryset, entry_refuse)


@admin.action(
    description=gettext_lazy("Put the selected entries on the waiting list"),
    permissions=["change"],
)
def waitlist(modeladmin: "EntryAdmin", request: HttpRequest, queryset: QuerySet) -> None:
    _answer(modeladmin, request, queryset, entry_waitlist)


@admin.register(Entry)
class EntryAdmin(ScopedAdmin, AuditedAdmin):
    list_display = (
        "last_name",
        "first_name",
        "event",
        "club",
        "rating",
        "status",
        "amount_due",
        "amount_paid",
        "entered_at",
    )
    list_display_links = ("last_name", "first_name")
    list_filter = (("event", admin.RelatedOnlyFieldListFilter), "status")
    search_fields = ("last_name", "first_name", "fmjd_id", "national_id", "club")
    actions = (accept, refuse, waitlist)
    autocomplete_fields = ("player",)
    readonly_fields = (
        "event",
        "status",
        *ENTRY_FIELDS,
        "registration",
        "entered_by",
        "entered_at",
        "name_matches",
    )
    fields = (*readonly_fields[:-1], "player", "name_matches", "amount_due", "amount_paid")

    @admin.display(description=gettext_lazy("players with this name"))
    def name_matches(self, entry: Entry) -> str:
        """The registry's players named alike: possible matches the organizer may choose as
        the entry's player; never applied by themselves."""
        found = possible_matches(entry)[:10]
        if not found:
            return "—"
        return format_html_join(
            ", ",
            "{} ({} {}, {})",
            ((p, p.federation, p.fmjd_id or p.national_id or "—", p.club or "—") for p in found),
        )

    def get_readonly_fields(self, request: HttpRequest, obj: Entry | None = None) -> tuple:
        """An accepted entry's player is registered: no longer chosen here."""
        if obj is not None and obj.registration_id is not None:
            return (*self.readonly_fields, "player")
        return self.readonly_fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Entries come from the entry page, the API or a secretary's list."""
        return False

    def get_urls(self) -> list[URLPattern]:
        def pdf(draw: Callable[[Event], bytes], stem: str):
            def view(request: HttpRequest, event_id: int) -> HttpResponse:
                return self.hall_list(request, event_id, draw, stem)

            return self.admin_site.admin_view(view)

        return [
            path(
                "event/<int:event_id>/participants.pdf",
                pdf(participants_pdf, "participants"),
                name="entries_entry_participants",
            ),
            path(
                "event/<int:event_id>/check-in.pdf",
                pdf(check_in_pdf, "check-in"),
                name="entries_entry_check_in",
            ),
            *super().get_urls(),
        ]

    def hall_list(
        self, request: HttpRequest, event_id: int, draw: Callable[[Event], bytes], stem: str
    ) -> HttpResponse:
        """A printed list of the hall (entries.pdf), for the event's organizers only: 404 to
        everyone else, so that the address tells nothing of another organizer's event."""
        event = Event.objects.filter(pk=event_id).first()
        if event is None or not may_manage(request.user, event, "entries.view_entry"):
            raise Http404(_("No event with id %(id)r.") % {"id": event_id})
        response = HttpResponse(draw(event), content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{event.slug}-{stem}.pdf"'
        return response

    def save_model(self, request: HttpRequest, obj: Entry, form, change: bool) -> None:
        changed = {
            name: form.cleaned_data[name] for name in ORGANIZER_FIELDS if name in form.cleaned_data
        }
        entry_change(entry=obj, fields=changed, user=staff_user(request))
