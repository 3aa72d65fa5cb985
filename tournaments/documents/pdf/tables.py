"""Long tables laid out page by page: the rows are cut into page-sized tables, each with its
own copy of the header row, so a 1,000-row crosstable never goes through ReportLab's
repeated table splitting. Columns are sized from their widest text, and the whole table is
scaled down (font and widths) when it is wider than the page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Table, TableStyle

from tournaments.documents.pdf.fonts import register_fonts
from tournaments.documents.pdf.pages import (
    EventHeader,
    PageFrame,
    Progress,
    build_pdf,
    flowables_height,
    grid_style,
    usable_height,
    usable_width,
    zebra,
)

FONT_SIZE = 8.0
MIN_FONT_SIZE = 4.5
PADDING = 4.0  # left + right padding of a cell, points at FONT_SIZE


@dataclass(frozen=True)
class Column:
    """A column: its header text, alignment, and whether it takes the width left over."""

    title: str
    align: str = "CENTER"
    stretch: bool = False


def paged_tables_after(
    head: Sequence[Flowable],
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    *,
    wide: bool,
    extra_styles: Sequence[tuple] = (),
) -> tuple[list[Flowable], int]:
    """:func:`paged_tables` on the document's pages (``wide``: landscape), under ``head`` (the
    title and what stands above the table) on the first page."""
    width = usable_width(wide=wide)
    return paged_tables(
        columns,
        rows,
        width=width,
        first_page_height=usable_height(wide=wide) - flowables_height(head, width),
        page_height=usable_height(wide=wide),
        extra_styles=extra_styles,
    )


def paged_tables(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    *,
    width: float,
    first_page_height: float,
    page_height: float,
    extra_styles: Sequence[tuple] = (),
) -> tuple[list[Flowable], int]:
    """The flowables of one long table cut into pages, and the number of pages.

    A cell may hold several lines (``\\n``); a row is as tall as its tallest cell.
    ``extra_styles`` are TableStyle commands in whole-table coordinates (row 0 = header,
    row 1 = first body row); they are shifted onto each page's table.
    """
    regular, bold = register_fonts()
    widths = [
        max(
            [
                stringWidth(column.title, bold, FONT_SIZE),
                *(
                    stringWidth(text, regular, FONT_SIZE)
                    for row in rows
                    for text in row[i].split("\n")
                ),
            ]
        )
        + PADDING
        for i, column in enumerate(columns)
    ]
    scale = min(1.0, width / sum(widths))
    font_size = max(MIN_FONT_SIZE, FONT_SIZE * scale)
    widths = [w * scale for w in widths]
    spare = width - sum(widths)
    stretching = [i for i, column in enumerate(columns) if column.stretch]
    for i in stretching:
        widths[i] += spare / len(stretching)
    line = font_size * 1.2 + 2
    heights = [line * max(cell.count("\n") + 1 for cell in row) for row in rows]
    header = [column.title for column in columns]
    alignments = [("ALIGN", (i, 0), (i, -1), column.align) for i, column in enumerate(columns)]
    flowables: list[Flowable] = []
    start, pages, room = 0, 0, first_page_height
    while start < len(rows) or pages == 0:
        end, used = start, line
        while end < len(rows) and used + heights[end] <= room:
            used += heights[end]
            end += 1
        end = max(end, min(start + 1, len(rows)))
        table = Table(
            [header, *(list(row) for row in rows[start:end])],
            colWidths=widths,
            rowHeights=[line, *heights[start:end]],
            repeatRows=1,
        )
        table.setStyle(TableStyle([*grid_style(font_size=font_size), *alignments]))
        table.setStyle(zebra(end - start + 1))
        table.setStyle(TableStyle(_shifted(extra_styles, start, end)))
        if flowables:
            flowables.append(PageBreak())
        flowables.append(table)
        pages += 1
        start, room = end, page_height
    return flowables, pages


def _shifted(commands: Sequence[tuple], start: int, end: int) -> list[tuple]:
    """Whole-table commands on body rows ``start..end-1`` moved onto a page table whose first
    body row is row 1. Commands on the header row (row 0) are kept as they are."""
    moved = []
    for name, (c0, r0), (c1, r1), *args in commands:
        if r0 == 0 and r1 == 0:
            moved.append((name, (c0, 0), (c1, 0), *args))
            continue
        first, last = max(r0, start + 1), min(r1, end)
        if first <= last:
            moved.append((name, (c0, first - start), (c1, last - start), *args))
    return moved


@dataclass(frozen=True)
class TableBody:
    """A long table: its columns, its rows, and styles beyond the grid and zebra."""

    columns: Sequence[Column]
    rows: Sequence[Sequence[str]]
    extra_styles: Sequence[tuple] = ()


def table_document(
    header: EventHeader,
    frame: PageFrame,
    head: Sequence[Flowable],
    body: TableBody,
    tail: Sequence[Flowable] = (),
    *,
    wide: bool,
    progress: Progress | None,
) -> bytes:
    """A document of one long table: ``head`` (title, legend), the ``body`` paged under it,
    then ``tail`` (the notes below the table), each page framed by ``frame``."""
    flowables, pages = paged_tables_after(
        head, body.columns, body.rows, wide=wide, extra_styles=body.extra_styles
    )
    return build_pdf(
        [*head, *flowables, *tail],
        header=header,
        frame=frame,
        wide=wide,
        pages=pages,
        progress=progress,
    )
