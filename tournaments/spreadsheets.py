"""Tables written as spreadsheets: CSV and XLSX. Pure: no Django (the sheets are built, with
their headings translated, by tournaments.selectors.sheets).

CSV is UTF-8 with a byte-order mark, so that Excel reads the accents and the Cyrillic in
every locale, with the language's own separators: a decimal comma wants ``;`` between the
fields (as Excel in French, Dutch or Russian writes them), a decimal point ``,``. XLSX
(openpyxl) holds numbers as numbers, the header row bold and frozen. A text is never a formula
(a name starting with ``=``, ``+``, ``-`` or ``@``: tournaments.export_text.csv_cell in the CSV,
a text cell in the XLSX), nor, in the CSV, more than one line.

>>> sheet = Sheet("Standings", ("Rank", "Name", "Points"), (("1", "Lefèvre, Luc", Decimal("4.5")),))
>>> csv_bytes(sheet, decimal=",").decode("utf-8-sig").splitlines()
['Rank;Name;Points', '1;Lefèvre, Luc;4,5']
>>> csv_bytes(sheet, decimal=".").decode("utf-8-sig").splitlines()[1]
'1,"Lefèvre, Luc",4.5'
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from tournaments.export_text import csv_cell

#: A cell's value: text, a whole number, points (Decimal) or nothing.
Value = str | int | Decimal | None


@dataclass(frozen=True)
class Sheet:
    """A table: its title (the XLSX sheet's name), its header row and its rows."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Value, ...], ...]


def number_text(value: Decimal, decimal: str) -> str:
    """Points as the pages print them, without trailing zeros (``4.50`` -> ``4.5``, ``3.0``
    -> ``3``), with the language's decimal separator.

    >>> number_text(Decimal("4.50"), ","), number_text(Decimal("3.0"), ".")
    ('4,5', '3')
    """
    if value == value.to_integral_value():
        text = str(value.quantize(Decimal(1)))
    else:
        text = format(value.normalize(), "f")
    return text.replace(".", decimal)


def _csv_text(value: Value, decimal: str) -> str:
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return number_text(value, decimal)
    if isinstance(value, str):
        # A name is data: on one line, and never a formula to the spreadsheet opening it.
        return csv_cell(value)
    return str(value)


def csv_bytes(sheet: Sheet, *, decimal: str) -> bytes:
    """``sheet`` as CSV: UTF-8 with a BOM, ``;`` between fields when the decimal separator
    is a comma, else ``,``; lines end with CRLF (RFC 4180)."""
    delimiter = ";" if decimal == "," else ","
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(sheet.header)
    for row in sheet.rows:
        writer.writerow([_csv_text(value, decimal) for value in row])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


#: Characters an XLSX sheet's name may not hold; it holds at most 31 characters.
_NOT_IN_TITLE = re.compile(r"[\[\]:*?/\\]")


def xlsx_bytes(sheet: Sheet) -> bytes:
    """``sheet`` as an XLSX workbook of one sheet: numbers as numbers, the header bold and
    frozen, each column as wide as its longest text."""
    workbook = Workbook()
    worksheet = workbook.active
    worksheet.title = _NOT_IN_TITLE.sub(" ", sheet.title)[:31] or "Sheet"
    worksheet.append(list(sheet.header))
    for cell in worksheet[1]:
        cell.font = Font(bold=True)
    for row in sheet.rows:
        worksheet.append(list(row))
        for cell in worksheet[worksheet.max_row]:
            # openpyxl stores a text starting with "=" as a formula: a name is text.
            if cell.data_type == "f":
                cell.data_type = "s"
    worksheet.freeze_panes = "A2"
    for index, width in enumerate(_widths(sheet), start=1):
        worksheet.column_dimensions[get_column_letter(index)].width = width
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _widths(sheet: Sheet) -> Sequence[int]:
    columns = (
        zip(sheet.header, *sheet.rows, strict=True) if sheet.rows else [(h,) for h in sheet.header]
    )
    return [min(60, 2 + max(len(_csv_text(v, ".")) for v in column)) for column in columns]
