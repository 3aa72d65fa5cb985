"""The mail that tells an event's organizers an entry has arrived, in the event's language."""

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from entries.models import Entry


def entry_notify(*, entry_id: int) -> int:
    """Mail the organizers of entry `entry_id`'s event who have an address; returns how many
    were written to."""
    entry = Entry.objects.select_related("event").get(pk=entry_id)
    event = entry.event
    recipients = sorted(
        event.organizers.filter(is_active=True).exclude(email="").values_list("email", flat=True)
    )
    if not recipients:
        return 0
    with translation.override(event.language):
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
            "url": reverse("admin:entries_entry_change", args=[entry.pk]),
        }
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, recipients)
    return len(recipients)
