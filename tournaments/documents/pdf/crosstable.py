"""The crosstable PDF: landscape, one line per player in final order, the header row repeated
on every page. A Swiss shows each round's opponent (by rank), colour and result; a round
robin shows the square table (results against each player, by rank)."""

from __future__ import annotations

import datetime
from xml.sax.saxutils import escape

from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.platypus import Paragraph

from tournaments.documents.pdf.pages import (
    EventHeader,
    PageFrame,
    Progress,
    header_flowables,
)
from tournaments.documents.pdf.pages import (
    styles as paragraph_styles,
)
from tournaments.documents.pdf.tables import Column, TableBody, table_document
from tournaments.results import points_number
from tournaments.scoring.crosstable import Cell, Crosstable, CrosstableRow


def render_crosstable(
    header: EventHeader,
    table: Crosstable,
    *,
    generated_at: datetime.datetime,
    progress: Progress | None = None,
) -> bytes:
    """The crosstable as PDF bytes. ``progress`` receives the fraction of pages laid out."""
    columns, rows, styles = _square(table) if table.square else _by_round(table)
    title = _("Crosstable")
    return table_document(
        header,
        PageFrame(title, complete_to(table), generated_at),
        header_flowables(header, title),
        TableBody(columns, rows, styles),
        withdrawal_lines(table),
        wide=True,
        progress=progress,
    )


def withdrawal_lines(table: Crosstable) -> list[Paragraph]:
    """One line per round-robin withdrawal, then the event's rule (as the pages say it)."""
    if not table.withdrawals:
        return []
    lines = [
        _("%(name)s withdrew from round %(round)s: games annulled for the standings.")
        if w.annulled
        else _("%(name)s withdrew from round %(round)s: results stand, later games forfeited.")
        for w in table.withdrawals
    ]
    texts = [
        line % {"name": w.name, "round": w.from_round}
        for line, w in zip(lines, table.withdrawals, strict=True)
    ]
    texts.append(_(table.withdrawals[0].rule))
    return [Paragraph(escape(text), paragraph_styles()["small"]) for text in texts]


def complete_to(table: Crosstable) -> str:
    """ "complete to round 5 of 9", "final: all 9 rounds complete" (or "before round 1")."""
    if table.after_round == 0:
        return _("before round 1")
    if table.after_round >= table.total_rounds:
        return _("final: all %(total)d rounds complete") % {"total": table.total_rounds}
    return _("complete to round %(round)d of %(total)d") % {
        "round": table.after_round,
        "total": table.total_rounds,
    }


def identity_columns() -> list[Column]:
    """The player's columns, rank to rating (the standings start with them too)."""
    return [
        Column(_("Rank")),
        Column(_("Name"), align="LEFT", stretch=True),
        Column(_("Title")),
        Column(_("Fed")),
        Column(_("Rating")),
    ]


def identity(row: CrosstableRow) -> list[str]:
    """Place, name (marked withdrawn and games annulled, as the standings page marks it),
    title, federation and rating."""
    name = row.name
    if row.withdrawn:
        name = "{} ({})".format(name, _("withdrawn"))
    return [
        row.place,
        _("%(name)s (games annulled)") % {"name": name} if row.annulled else name,
        row.title,
        row.federation,
        str(row.rating) if row.rating else "",
    ]


def totals_columns(table: Crosstable) -> list[Column]:
    """The points and tie-break columns that end the crosstable and the standings."""
    return [Column(_("Pts")), *(Column(column.code) for column in table.tiebreaks)]


def totals(row: CrosstableRow) -> list[str]:
    """Points and tie-breaks in the document's language (``1,5`` in French)."""
    return [points_number(row.score), *(points_number(value) for value in row.tiebreaks)]


def _by_round(table: Crosstable) -> tuple[list[Column], list[list[str]], list[tuple]]:
    columns = [
        *identity_columns(),
        *(Column(str(n)) for n in range(1, table.after_round + 1)),
        *totals_columns(table),
    ]
    rows = [
        [*identity(row), *(_round_text(cell) for cell in row.cells), *totals(row)]
        for row in table.rows
    ]
    return columns, rows, []


def _round_text(cell: Cell) -> str:
    """``12w2``; a two-game pairing adds its games on a second line (``w1 b=``)."""
    text = decimal_comma(cell.text)
    if not cell.games:
        return text
    return f"{text}\n{' '.join(game.text for game in cell.games)}"


def decimal_comma(text: str) -> str:
    """A cell's text (``3w1.5``) with the decimal separator of the document's language: the
    only full stop a cell holds is a number's."""
    return text.replace(".", formats.get_format("DECIMAL_SEPARATOR"))


def _square(table: Crosstable) -> tuple[list[Column], list[list[str]], list[tuple]]:
    first = len(identity_columns())
    columns = [
        *identity_columns(),
        *(Column(str(row.position)) for row in table.rows),
        *totals_columns(table),
    ]
    rows = [
        [
            *identity(row),
            *(
                "×" if i == j else " ".join(cell.mark for cell in cells)
                for j, cells in enumerate(row.against)
            ),
            *totals(row),
        ]
        for i, row in enumerate(table.rows)
    ]
    diagonal = [
        ("BACKGROUND", (first + i, i + 1), (first + i, i + 1), colors.HexColor("#9aa3ad"))
        for i in range(len(table.rows))
    ]
    return columns, rows, diagonal
