"""The rating report PDF the chief arbiter sends to the federation (FMJD Annex 9, 1.3): one
row per player with the columns of tournaments.scoring.rating_report.REPORT_FIELDS and the
ratings of his opponents in the games that count."""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _
from reportlab.platypus import Paragraph

from tournaments.documents.pdf.data import RatingReportSheet
from tournaments.documents.pdf.pages import (
    EventHeader,
    PageFrame,
    Progress,
    build_pdf,
    header_flowables,
    styles,
    usable_height,
    usable_width,
)
from tournaments.documents.pdf.tables import Column, paged_tables
from tournaments.scoring.rating_report import report_cells


def render_rating_report(
    header: EventHeader,
    report: RatingReportSheet,
    *,
    generated_at: datetime.datetime,
    progress: Progress | None = None,
) -> bytes:
    """The rating report as PDF bytes, with a line saying how the change is counted."""
    k = report.k
    columns = [
        Column(_("FMJD id")),
        Column(_("No.")),
        Column(_("Name"), align="LEFT", stretch=True),
        Column(_("Rating")),
        Column(_("Games")),
        Column(_("Score")),
        Column(_("Expected")),
        Column("K"),
        Column(_("Change")),
        Column(_("Performance")),
        Column(_("Average of opponents")),
        Column(_("Opponents' ratings"), align="LEFT"),
    ]
    if k is None:
        note = _("K is not set: the change is W - We, in units of K.")
    else:
        note = _("Change = K x (W - We) with K = %(k)d.") % {"k": k}
    legend = [Paragraph(note, styles()["small"])]
    flowables, pages = paged_tables(
        columns,
        [[*report_cells(row), ", ".join(map(str, row.opponents))] for row in report.rows],
        width=usable_width(wide=True),
        first_page_height=usable_height(wide=True) - 60,
        page_height=usable_height(wide=True),
    )
    title = _("Rating report")
    return build_pdf(
        [*header_flowables(header, title), *legend, *flowables],
        header=header,
        frame=PageFrame(title, "", generated_at),
        wide=True,
        pages=pages,
        progress=progress,
    )
