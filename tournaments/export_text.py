"""Text written into exported files (TRF, PDN, CSV) as data, never as structure.

The formats are line based: a line break in a player's name or an event field would end the
record and start another one, and other control characters are refused by readers (the TRF
player record is read by columns, PDN tags by their quotes). Every free-text value an export
writes goes through :func:`one_line` first; a CSV cell goes through :func:`csv_cell`, which also
keeps a spreadsheet from reading it as a formula. Pure Python: the pairing package uses it.
"""

import unicodedata
from decimal import Decimal, InvalidOperation

#: A cell starting with one of these is a formula to a spreadsheet (OWASP, CSV injection).
FORMULA_STARTS = frozenset("=+-@")


def one_line(text: str) -> str:
    """``text`` on one line: each run of line breaks, tabs and other control characters
    (Unicode category C: Cc, Cf, Cs, Co, Cn, and the line and paragraph separators) becomes
    one space; leading and trailing spaces are dropped.

    >>> one_line("Boomstra\\n001    9  Fake")
    'Boomstra 001    9  Fake'
    >>> one_line("Sijbrands\\u2028Ton\\x00")
    'Sijbrands Ton'
    """
    cleaned: list[str] = []
    for character in text:
        if unicodedata.category(character)[0] in "CZ" and character != " ":
            if cleaned and cleaned[-1] != " ":
                cleaned.append(" ")
        else:
            cleaned.append(character)
    return "".join(cleaned).strip()


def csv_cell(text: str) -> str:
    """``text`` as a CSV cell: on one line, and prefixed with ``'`` when a spreadsheet would
    read it as a formula (it starts with ``=``, ``+``, ``-`` or ``@`` and is not a number).

    >>> csv_cell("=SUM(A1:A9)")
    "'=SUM(A1:A9)"
    >>> csv_cell("-12.5")
    '-12.5'
    """
    text = one_line(text)
    if text[:1] in FORMULA_STARTS:
        try:
            Decimal(text)
        except InvalidOperation:
            return "'" + text
    return text
