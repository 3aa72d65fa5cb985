"""Numbers written in the input: squares, move numbers, NAGs, GameType numbers.

``str.isdigit`` is true for characters ``int`` cannot read (``"²"``), ``int`` reads the
other Unicode decimal digits (``"٣"``), and Python refuses to convert more than 4,300
digits (``sys.get_int_max_str_digits``). Input is read through :func:`read_number`, which
answers ``None`` for all of that instead of raising.
"""

from __future__ import annotations

#: The most digits a number of a record may have: more than any square, move number or
#: NAG needs, far below Python's conversion limit.
MAX_DIGITS = 18


def read_number(text: str) -> int | None:
    """The value of ``text`` written in ASCII digits (leading zeros allowed), else None.

    >>> read_number("05"), read_number("²"), read_number("٣"), read_number("9" * 5000)
    (5, None, None, None)
    """
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    return None
