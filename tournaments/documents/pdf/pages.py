"""What every printed document shares: the event header, the paragraph styles, and the page
frame (running title on top; page "x of y", generation date and the round the data is
complete to at the bottom), and the build into PDF bytes."""

from __future__ import annotations

import datetime
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph
from reportlab.platypus.tables import TableStyle

from tournaments.documents.pdf.fonts import register_fonts

MARGIN = 12 * mm
#: Receives the fraction of the expected pages laid out so far (0 to 1).
Progress = Callable[[float], None]


@dataclass(frozen=True)
class EventHeader:
    """The event as every document names it. ``system`` and ``variant`` are display labels
    in ``language``, the language the document is written in."""

    name: str
    variant: str
    system: str
    #: The text of the FIDE Dutch system a Swiss is paired by ("" for a round robin).
    pairing_rules: str = ""
    venue: str = ""
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    chief_arbiter: str = ""
    language: str = ""

    @property
    def dates(self) -> str:
        """The event's dates as the document's language writes a date (9 juli 2026)."""
        if self.start_date is None:
            return ""
        start = date_format(self.start_date, "DATE_FORMAT")
        if self.end_date is None or self.end_date == self.start_date:
            return start
        return f"{start} – {date_format(self.end_date, 'DATE_FORMAT')}"


@dataclass(frozen=True)
class PageFrame:
    """The running lines of a document: ``title`` (e.g. "Crosstable"), ``status`` (e.g.
    "complete to round 5 of 9") and when it was generated."""

    title: str
    status: str
    generated_at: datetime.datetime


def styles() -> dict[str, ParagraphStyle]:
    """The paragraph styles, in the embedded fonts."""
    regular, bold = register_fonts()
    return {
        "title": ParagraphStyle("title", fontName=bold, fontSize=14, leading=17, spaceAfter=2),
        "meta": ParagraphStyle("meta", fontName=regular, fontSize=8.5, leading=11),
        "heading": ParagraphStyle(
            "heading", fontName=bold, fontSize=11, leading=14, spaceBefore=6, spaceAfter=4
        ),
        "body": ParagraphStyle("body", fontName=regular, fontSize=9, leading=11.5),
        "small": ParagraphStyle("small", fontName=regular, fontSize=7.5, leading=9.5),
    }


def header_flowables(header: EventHeader, title: str) -> list[Flowable]:
    """The event header at the top of a document's first page."""
    style = styles()
    details = [
        (_("Variant"), header.variant),
        (_("System"), header.system),
        (_("Pairing rules"), header.pairing_rules),
        (_("Venue"), header.venue),
        (_("Dates"), header.dates),
        (_("Chief arbiter"), header.chief_arbiter),
    ]
    colon = pgettext("typography: the colon after a label", ":")
    line = " · ".join(f"{label}{colon} {escape(value)}" for label, value in details if value)
    return [
        Paragraph(f"{escape(header.name)} — {escape(title)}", style["title"]),
        Paragraph(line, style["meta"]),
    ]


def flowables_height(flowables: Sequence[Flowable], width: float) -> float:
    """The height `flowables` take at the top of a frame `width` wide, spaces included: what
    is left below them for the first page's table, whatever the header's lines wrap to."""
    total = 0.0
    for flowable in flowables:
        _width, height = flowable.wrap(width, usable_height(wide=True) * 10)
        total += height + flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return total


def escape(text: str) -> str:
    """Text safe inside a ReportLab Paragraph (which reads a small XML markup)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def grid_style(*, font_size: float, header_rows: int = 1) -> list[tuple]:
    """Table commands shared by the tables: thin grid, bold shaded header rows, zebra rows."""
    regular, bold = register_fonts()
    commands = [
        ("FONTNAME", (0, 0), (-1, -1), regular),
        ("FONTSIZE", (0, 0), (-1, -1), font_size),
        ("LEADING", (0, 0), (-1, -1), font_size * 1.2),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#8a949e")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]
    if header_rows:
        commands += [
            ("FONTNAME", (0, 0), (-1, header_rows - 1), bold),
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor("#dde3ea")),
        ]
    return commands


def zebra(rows: int, *, first: int = 1) -> TableStyle:
    """Light shading on every other body row, for reading long lines across."""
    return TableStyle(
        [
            ("BACKGROUND", (0, row), (-1, row), colors.HexColor("#f3f5f7"))
            for row in range(first + 1, rows, 2)
        ]
    )


def page_size(*, wide: bool) -> tuple[float, float]:
    return landscape(A4) if wide else A4


def usable_width(*, wide: bool) -> float:
    return page_size(wide=wide)[0] - 2 * MARGIN


def usable_height(*, wide: bool) -> float:
    """Height of the frame the flowables fill (between the running title and footer)."""
    return page_size(wide=wide)[1] - 2 * MARGIN - 8 * mm


def build_pdf(
    flowables: list[Flowable],
    *,
    header: EventHeader,
    frame: PageFrame,
    wide: bool,
    pages: int = 1,
    progress: Progress | None = None,
) -> bytes:
    """Lay ``flowables`` out on A4 pages (landscape when ``wide``) with the running title and
    the numbered footer; returns the PDF bytes. ``progress`` is called after each page with
    the fraction of the ``pages`` expected (at most 1). The list is consumed as the pages are
    laid out, so that a page's tables are freed once it is drawn (a document of thousands of
    pages holds one page's flowables at a time, not all of them)."""
    regular, _bold = register_fonts()
    size = page_size(wide=wide)
    buffer = io.BytesIO()
    document = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN + 5 * mm,
        bottomMargin=MARGIN + 3 * mm,
        title=f"{header.name} — {frame.title}",
        author=header.chief_arbiter or header.name,
        creator="Damier",
    )
    body = Frame(
        document.leftMargin,
        document.bottomMargin,
        document.width,
        document.height,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )

    def running_title(canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(regular, 7.5)
        canvas.setFillColor(colors.HexColor("#4a5560"))
        canvas.drawString(MARGIN, size[1] - MARGIN, f"{header.name} — {frame.title}")
        canvas.drawRightString(size[0] - MARGIN, size[1] - MARGIN, frame.status)
        canvas.restoreState()
        if progress is not None:
            progress(min(1.0, doc.page / pages))

    document.addPageTemplates([PageTemplate("page", [body], onPage=running_title)])
    generated = _("generated %(when)s") % {
        "when": (
            f"{date_format(frame.generated_at, 'DATE_FORMAT')} "
            f"{frame.generated_at.strftime('%H:%M %Z')}"
        ).strip()
    }
    footer = f"{frame.status} · {generated}" if frame.status else generated

    def numbered(*args, **kwargs) -> Canvas:
        return _NumberedCanvas(*args, footer=footer, font=regular, **kwargs)

    document.build(flowables, canvasmaker=numbered)
    return buffer.getvalue()


class _NumberedCanvas(Canvas):
    """Defers each page until the end so its footer can say "page x of y"."""

    def __init__(self, *args, footer: str, font: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []
        self._footer = footer
        self._font = font

    def showPage(self) -> None:
        # A page's drawing is kept as one string, not its thousands of operators: the PDF
        # joins them with line ends all the same.
        drawn: list[str] = self.__dict__["_code"]
        self._code = ["\n".join(drawn)]
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._draw_footer(total)
            super().showPage()
        super().save()

    def _draw_footer(self, total: int) -> None:
        width = self._pagesize[0]
        self.saveState()
        self.setFont(self._font, 7.5)
        self.setFillColor(colors.HexColor("#4a5560"))
        self.drawString(MARGIN, MARGIN - 2 * mm, self._footer)
        self.drawRightString(
            width - MARGIN,
            MARGIN - 2 * mm,
            _("page %(page)d of %(total)d") % {"page": self._pageNumber, "total": total},
        )
        self.restoreState()
