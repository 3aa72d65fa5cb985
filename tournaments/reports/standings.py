"""The standings PDF: rank, player, points and tie-breaks, portrait, header row on every
page. It reads the same :class:`Crosstable` rows as the crosstable (one source of ranks)."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django.utils.translation import gettext as _
from reportlab.platypus import Paragraph

from tournaments.crosstable import Crosstable, format_points
from tournaments.reports.crosstable import HEADER_HEIGHT, complete_to
from tournaments.reports.pages import (
    EventHeader,
    PageFrame,
    build_pdf,
    header_flowables,
    styles,
    usable_height,
    usable_width,
)
from tournaments.reports.tables import Column, paged_tables


def render_standings(
    header: EventHeader,
    table: Crosstable,
    *,
    generated_at: datetime.datetime,
    progress: Callable[[float], None] | None = None,
) -> bytes:
    """The standings as PDF bytes, with a legend of the tie-break codes."""
    columns = [
        Column(_("Rank")),
        Column(_("Name"), align="LEFT", stretch=True),
        Column(_("Title")),
        Column(_("Fed")),
        Column(_("Rating")),
        Column(_("Pts")),
        *(Column(column.code) for column in table.tiebreaks),
    ]
    rows = [
        [
            f"{row.rank}=" if row.shared_rank else str(row.rank),
            row.name,
            row.title,
            row.federation,
            str(row.rating) if row.rating else "",
            format_points(row.score),
            *(format_points(value) for value in row.tiebreaks),
        ]
        for row in table.rows
    ]
    legend = [
        Paragraph(
            " · ".join(f"{column.code}: {column.label}" for column in table.tiebreaks),
            styles()["small"],
        )
    ]
    flowables, pages = paged_tables(
        columns,
        rows,
        width=usable_width(wide=False),
        first_page_height=usable_height(wide=False) - HEADER_HEIGHT - 12,
        page_height=usable_height(wide=False),
    )
    title = _("Standings")
    return build_pdf(
        [*header_flowables(header, title), *legend, *flowables],
        header=header,
        frame=PageFrame(title, complete_to(table), generated_at),
        wide=False,
        progress=None if progress is None else lambda page: progress(min(1.0, page / pages)),
    )
