"""The fonts the PDFs embed: DejaVu Sans and DejaVu Sans Bold (Bitstream Vera licence, see
fonts/LICENSE), shipped with the code because a fresh machine may have no font with the
accented Latin (Lefèvre, Ozoliņš) and Cyrillic (Кузнецов) letters players' names use; the
PDF base-14 fonts only cover Latin-1."""

from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"


@cache
def register_fonts() -> tuple[str, str]:
    """Register the embedded fonts with ReportLab once per process; returns their names
    (regular, bold)."""
    for name in (REGULAR, BOLD):
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / f"{name}.ttf")))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)
    return REGULAR, BOLD
