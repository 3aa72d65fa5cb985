"""tournaments.spreadsheets: CSV in the language's separators with a BOM, XLSX with numbers
as numbers."""

import csv
import io
from decimal import Decimal

from openpyxl import load_workbook

from tournaments.spreadsheets import Sheet, csv_bytes, number_text, xlsx_bytes

SHEET = Sheet(
    "Standings: [after] round 2/5 of a long event name",
    ("Rank", "Name", "Points", "SB"),
    (
        ("1", "Lefèvre, Luc", Decimal("4.50"), Decimal("12.25")),
        ("2-3", "Волков, Иван", Decimal("3.0"), None),
        ("2-3", 'Kok, "Pim"', Decimal("3"), Decimal("0")),
    ),
)


def test_a_decimal_comma_wants_semicolons():
    text = csv_bytes(SHEET, decimal=",").decode("utf-8")
    assert text.startswith("\ufeffRank;Name;Points;SB\r\n")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    assert rows[1:] == [
        ["1", "Lefèvre, Luc", "4,5", "12,25"],
        ["2-3", "Волков, Иван", "3", ""],
        ["2-3", 'Kok, "Pim"', "3", "0"],
    ]


def test_a_decimal_point_wants_commas_and_quotes():
    text = csv_bytes(SHEET, decimal=".").decode("utf-8-sig")
    assert text.splitlines()[1] == '1,"Lefèvre, Luc",4.5,12.25'
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[3] == ["2-3", 'Kok, "Pim"', "3", "0"]


def test_number_text_drops_trailing_zeros_only():
    assert [number_text(Decimal(v), ",") for v in ("10", "10.0", "0.5", "100.50")] == [
        "10",
        "10",
        "0,5",
        "100,5",
    ]


def test_the_workbook_keeps_numbers_and_a_valid_sheet_name():
    book = load_workbook(io.BytesIO(xlsx_bytes(SHEET)))
    sheet = book.active
    assert sheet.title == "Standings   after  round 2 5 of"
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert rows[0] == ["Rank", "Name", "Points", "SB"]
    assert rows[1] == ["1", "Lefèvre, Luc", 4.5, 12.25]
    assert rows[2] == ["2-3", "Волков, Иван", 3, None]
    assert sheet.freeze_panes == "A2" and sheet["A1"].font.bold
