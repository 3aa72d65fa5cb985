"""What entries adds to tournaments at start-up (EntriesConfig.ready calls `register`):
tournaments never imports entries, and reads these through tournaments.hooks.

- the event's public page shows when it takes entries, with links to enter and to the list;
- the API lists each event with `entries_open`;
- a change of an event's entry settings changes its public state (its ETag);
- the event's admin page links to its entries and to the printed lists of the hall;
- an organizer holds the permissions of the entries' models too (the demo's);
- the demo builds one event open for entries (entries.demo).
"""

from typing import Any

from django.db.models import OuterRef, QuerySet
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from entries.demo import OPEN_SLUG, open_event
from entries.models import EntrySettings
from entries.selectors import entries_open, entry_settings_get
from tournaments import hooks
from tournaments.hooks import Link
from tournaments.models import Event


class EntriesOpenField(serializers.BooleanField):
    """Whether the event takes entries online now (entries.selectors.entries_open)."""

    def __init__(self) -> None:
        super().__init__(
            source="*",
            read_only=True,
            help_text="Whether the event takes entries now: POST them to "
            "/api/events/{slug}/entries/.",
        )

    def to_representation(self, value: Any) -> bool:
        """`value` is the event itself (source "*")."""
        return entries_open(value)


def settings_history(event: OuterRef) -> QuerySet:
    return EntrySettings.history.filter(event_id=event)


def entries_panel(event: Event) -> str:
    rules = entry_settings_get(event)
    if rules is None:
        return ""
    return render_to_string("entries/_panel.html", {"event": event, "rules": rules})


def entries_admin_link(event: Event) -> Link:
    return Link(
        _("Entries"), f"{reverse('admin:entries_entry_changelist')}?event__id__exact={event.pk}"
    )


def participants_link(event: Event) -> Link:
    return Link(
        _("Participants by rating (PDF)"),
        reverse("admin:entries_entry_participants", args=[event.pk]),
    )


def check_in_link(event: Event) -> Link:
    return Link(_("Check-in list (PDF)"), reverse("admin:entries_entry_check_in", args=[event.pk]))


def register() -> None:
    hooks.add(hooks.EVENT_PANELS, entries_panel)
    hooks.EVENT_FIELDS["entries_open"] = EntriesOpenField
    hooks.add(hooks.FINGERPRINT_HISTORIES, settings_history)
    for link in (entries_admin_link, participants_link, check_in_link):
        hooks.add(hooks.EVENT_ADMIN_LINKS, link)
    hooks.add(hooks.ORGANIZER_APPS, "entries")
    hooks.add(hooks.DEMO_EVENTS, (OPEN_SLUG, open_event))
