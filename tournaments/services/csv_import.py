"""What the CSV imports share (the players', the teams', the rating lists'): the uploaded file
decoded, its lines numbered, the header row read with its separator, and each line's cells.

Each physical line is read on its own, so a broken line (an unclosed quotation mark) is refused
with its own number and never takes the following lines with it.
"""

import codecs
import csv
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.names import fold
from tournaments.services.errors import ImportFormatError

#: Separators recognised in the header row, the most frequent one wins (comma when none).
SEPARATORS = (",", ";", "\t")


def decode_upload(data: bytes) -> tuple[str, str]:
    """An uploaded text file's text and encoding name: UTF-16 or UTF-32 when it starts with
    their byte-order mark, or UTF-16 without one when every other byte of its start is NUL (a
    spreadsheet's "Unicode text"); else UTF-8 (with or without a byte-order mark), else
    Windows-1252, else Latin-1. Raises ImportFormatError when a file marked UTF-16 or UTF-32
    is not that throughout, naming the byte."""
    wide = _wide_encoding(data)
    if wide is not None:
        codec, label = wide
        try:
            return data.decode(codec), label
        except UnicodeDecodeError as exc:
            raise ImportFormatError(
                _("The file is marked as %(encoding)s but byte %(at)d is not %(encoding)s.")
                % {"encoding": label, "at": exc.start}
            ) from None
    try:
        return data.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "Latin-1"


def _wide_encoding(data: bytes) -> tuple[str, str] | None:
    """The codec and name of a file written in UTF-32 or UTF-16, found by its byte-order mark
    or, for UTF-16 without one, by the NUL byte beside each ASCII character of its start."""
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "utf-32", "UTF-32"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16", "UTF-16"
    start = data[: min(len(data), 1024) // 2 * 2]
    if len(start) >= 8:
        even, odd = start[0::2], start[1::2]
        if odd.count(0) == len(odd) and 0 not in even:
            return "utf-16-le", "UTF-16"
        if even.count(0) == len(even) and 0 not in odd:
            return "utf-16-be", "UTF-16"
    return None


def header_key(name: str) -> str:
    """A header cell compared without case, accents, underscores or hyphens."""
    return " ".join(fold(name).replace("_", " ").replace("-", " ").split())


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The lines of `text` that hold something, with their number in the file (from 1)."""
    return [
        (number, line)
        for number, line in enumerate(re.split(r"\r\n|\r|\n", text), 1)
        if line.strip()
    ]


@dataclass(frozen=True)
class Header:
    """The header row: its line number, the separator it uses and the column each cell names."""

    line: int
    separator: str
    columns: list[str]


def header_read(lines: list[tuple[int, str]], *, column: Callable[[str], str]) -> Header:
    """The header row of a file's `lines` (numbered_lines), each cell named by `column`.
    Raises ImportFormatError when the file is empty or the row's quotation marks do not
    match."""
    if not lines:
        raise ImportFormatError(_("The file is empty: it needs a header row naming the columns."))
    number, line = lines[0]
    separator = max(SEPARATORS, key=line.count)
    if not any(mark in line for mark in SEPARATORS):
        separator = ","
    try:
        columns = [column(cell) for cell in cells_of(line, separator)]
    except csv.Error:
        raise ImportFormatError(
            _("Line %(line)d (the header): its quotation marks do not match.") % {"line": number}
        ) from None
    return Header(number, separator, columns)


def header_require(header: Header, missing: Collection[str], *, known: Collection[str]) -> None:
    """Raise ImportFormatError naming the `missing` columns of the header (and the `known`
    ones), if any."""
    if missing:
        raise ImportFormatError(
            _(
                "The header row (line %(line)d) lacks the column(s) %(missing)s. "
                "Known columns: %(known)s."
            )
            % {"line": header.line, "missing": ", ".join(missing), "known": ", ".join(known)}
        )


def cells_of(line: str, separator: str) -> list[str]:
    """The cells of one line (csv.Error when its quotation marks do not match)."""
    return next(csv.reader([line], delimiter=separator, strict=True), [])


def line_values(line: str, header: Header) -> dict[str, str] | str:
    """The line's cells by column, stripped; or, when the line cannot be read against the
    header, why (its quotation marks do not match, or it has another number of cells)."""
    try:
        cells = cells_of(line, header.separator)
    except csv.Error:
        return _(
            "Its quotation marks do not match: a quoted value must be closed by a "
            "quotation mark followed by the separator."
        )
    if len(cells) != len(header.columns):
        return _("It has %(cells)d values where the header names %(columns)d columns.") % {
            "cells": len(cells),
            "columns": len(header.columns),
        }
    values = {name: cell.strip() for name, cell in zip(header.columns, cells, strict=True)}
    return control_fault(values) or values


#: Control characters no cell of a person's file holds (a NUL byte, a form feed...): a sign
#: of a binary or damaged file, and PostgreSQL refuses NUL in a text.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def control_fault(values: dict[str, str]) -> str:
    """Why the cells `values` (by column) cannot be read: the first column holding a control
    character, named with the character's code; empty when none does."""
    for name, value in values.items():
        found = CONTROL_CHARACTERS.search(value)
        if found is not None:
            return _("%(field)s: it holds the control character U+%(code)04X.") % {
                "field": name,
                "code": ord(found.group()),
            }
    return ""
