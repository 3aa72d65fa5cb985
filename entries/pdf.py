"""The printed lists of the hall, in the event's language, laid out as the other documents
(tournaments.documents.pdf: the event header, the paged tables, the page frame): the
participants by rating, and the check-in list for the door (players by name, the amounts due
and paid, a box to tick and room to sign).

They are drawn when asked, not by the document jobs: the jobs' kinds are the choices of a
column of tournaments (tournaments.documents.models.DocumentKind), which another app cannot
extend without a migration of tournaments; a list of a few hundred lines takes well under a
second."""

import datetime
from decimal import Decimal

from django.utils import timezone, translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from entries.selectors import HallRow, hall_rows
from tournaments.documents.data import event_header
from tournaments.documents.pdf.pages import PageFrame, header_flowables
from tournaments.documents.pdf.tables import Column, TableBody, table_document
from tournaments.models import Event

#: The empty box of the check-in list, ticked by hand at the door.
BOX = "☐"


def _money(amount: Decimal | None) -> str:
    """An amount as the active language writes it (25,00 in French)."""
    return "" if amount is None else number_format(amount, 2)


def _identity(row: HallRow) -> list[str]:
    return [str(row.number), row.name, row.federation, row.club, str(row.rating or "")]


def _identity_columns() -> list[Column]:
    return [
        Column(_("No.")),
        Column(_("Name"), align="LEFT", stretch=True),
        Column(_("Fed.")),
        Column(_("Club"), align="LEFT"),
        Column(_("Rating")),
    ]


def _document(
    event: Event, title: str, body: TableBody, *, generated_at: datetime.datetime
) -> bytes:
    header = event_header(event)
    count = len(body.rows)
    status = ngettext("%(count)s player", "%(count)s players", count) % {"count": count}
    return table_document(
        header,
        PageFrame(title, status, generated_at),
        header_flowables(header, title),
        body,
        wide=False,
        progress=None,
    )


def participants_pdf(event: Event, *, generated_at: datetime.datetime | None = None) -> bytes:
    """The event's players by rating, highest first."""
    with translation.override(event.language):
        rows = [_identity(row) for row in hall_rows(event, by_rating=True)]
        return _document(
            event,
            _("Participants by rating"),
            TableBody(_identity_columns(), rows),
            generated_at=generated_at or timezone.localtime(),
        )


def check_in_pdf(event: Event, *, generated_at: datetime.datetime | None = None) -> bytes:
    """The check-in list for the door: players by name, amounts due and paid, a box to tick
    and an empty column to sign."""
    with translation.override(event.language):
        rows = [
            [*_identity(row), _money(row.amount_due), _money(row.amount_paid), BOX, " " * 24]
            for row in hall_rows(event, by_rating=False)
        ]
        columns = [
            *_identity_columns(),
            Column(_("Due"), align="RIGHT"),
            Column(_("Paid"), align="RIGHT"),
            Column(_("Here")),
            Column(_("Signature"), stretch=True),
        ]
        return _document(
            event,
            _("Check-in list"),
            TableBody(columns, rows),
            generated_at=generated_at or timezone.localtime(),
        )
