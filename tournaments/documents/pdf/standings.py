"""The standings PDF: rank, player, points and tie-breaks, portrait, header row on every
page. It reads the same :class:`Crosstable` rows as the crosstable (one source of ranks)."""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _
from reportlab.platypus import Paragraph

from tournaments.documents.pdf.crosstable import (
    complete_to,
    identity,
    identity_columns,
    totals,
    totals_columns,
    withdrawal_lines,
)
from tournaments.documents.pdf.pages import (
    EventHeader,
    PageFrame,
    Progress,
    header_flowables,
    styles,
)
from tournaments.documents.pdf.tables import TableBody, table_document
from tournaments.scoring.crosstable import Crosstable


def render_standings(
    header: EventHeader,
    table: Crosstable,
    *,
    generated_at: datetime.datetime,
    progress: Progress | None = None,
) -> bytes:
    """The standings as PDF bytes, with a legend of the tie-break codes."""
    columns = [*identity_columns(), *totals_columns(table)]
    rows = [[*identity(row), *totals(row)] for row in table.rows]
    legend = [
        Paragraph(
            " · ".join(f"{column.code}: {_(column.label)}" for column in table.tiebreaks),
            styles()["small"],
        )
    ]
    title = _("Standings")
    return table_document(
        header,
        PageFrame(title, complete_to(table), generated_at),
        [*header_flowables(header, title), *legend],
        TableBody(columns, rows),
        withdrawal_lines(table),
        wide=False,
        progress=progress,
    )
