"""The mails of the entries: the event's organizers are told, in the event's language, that
an entry has arrived or was withdrawn; the person entered (when he gave an e-mail) gets a
receipt, in the language he entered in, with the link that withdraws the entry
(entries.links)."""

from collections.abc import Callable

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from entries.links import withdraw_token
from entries.models import Entry, EntryStatus
from tournaments.models import Event


def _organizers(event: Event) -> list[str]:
    """The addresses of the event's active organizers who have one."""
    return sorted(
        event.organizers.filter(is_active=True).exclude(email="").values_list("email", flat=True)
    )


def _organizers_mail(entry_id: int, write: Callable[[Entry], tuple[str, str]]) -> int:
    """Mail the organizers of entry `entry_id`'s event who have an address the subject and
    body `write` gives, in the event's language; returns how many were written to."""
    entry = Entry.objects.select_related("event").get(pk=entry_id)
    recipients = _organizers(entry.event)
    if not recipients:
        return 0
    with translation.override(entry.event.language):
        subject, body = write(entry)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, recipients)
    return len(recipients)


def _admin_url(entry: Entry) -> str:
    """The entry's admin page as a whole address: the organizer reads it in his mail."""
    return settings.SITE_URL + reverse("admin:entries_entry_change", args=[entry.pk])


def _new_entry(entry: Entry) -> tuple[str, str]:
    event = entry.event
    subject = _("New entry to %(event)s: %(entry)s") % {"event": event, "entry": entry}
    body = _(
        "%(entry)s (%(club)s, rating %(rating)s) has entered %(event)s: %(status)s.\n"
        "Accept, refuse or put on the waiting list in the admin: %(url)s"
    ) % {
        "entry": entry,
        "club": entry.club or "—",
        "rating": entry.rating,
        "event": event,
        "status": entry.get_status_display(),
        "url": _admin_url(entry),
    }
    return subject, body


def _withdrawn_entry(entry: Entry) -> tuple[str, str]:
    event = entry.event
    subject = _("Entry withdrawn from %(event)s: %(entry)s") % {"event": event, "entry": entry}
    body = _(
        "%(entry)s (%(club)s) has withdrawn the entry to %(event)s; it holds no place any "
        "more.\nThe entry in the admin: %(url)s"
    ) % {"entry": entry, "club": entry.club or "—", "event": event, "url": _admin_url(entry)}
    return subject, body


def entry_notify(*, entry_id: int) -> int:
    """Mail the organizers of entry `entry_id`'s event who have an address; returns how many
    were written to."""
    return _organizers_mail(entry_id, _new_entry)


def entry_withdrawn_notify(*, entry_id: int) -> int:
    """Tell the organizers of entry `entry_id`'s event that its entrant withdrew it; returns
    how many were written to."""
    return _organizers_mail(entry_id, _withdrawn_entry)


def entry_receipt(*, entry_id: int, language: str) -> int:
    """Mail the person of entry `entry_id` that it arrived, with the link that withdraws it,
    in `language`; the number of mails sent (0: no e-mail, or the entry was answered or
    deleted meanwhile)."""
    entry = (
        Entry.objects.select_related("event")
        .filter(pk=entry_id, status__in=(EntryStatus.PENDING, EntryStatus.WAITLISTED))
        .exclude(email="")
        .first()
    )
    if entry is None:
        return 0
    link = settings.SITE_URL + reverse(
        "entries:withdraw", args=[entry.event.slug, withdraw_token(entry)]
    )
    with translation.override(language):
        subject = _("Your entry to %(event)s") % {"event": entry.event}
        body = render_to_string(
            "entries/mail/receipt.txt",
            {
                "entry": entry,
                "event": entry.event,
                "status": entry.get_status_display(),
                "link": link,
                "list": settings.SITE_URL + reverse("entries:list", args=[entry.event.slug]),
            },
        )
    return send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [entry.email])
