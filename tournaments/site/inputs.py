"""Numbers sent by people and programs (query parameters, form fields, PDN tags), read one way
everywhere: ASCII digits only, within a bound.

`str.isdigit()` accepts "²" and other Unicode digits that `int()` refuses, and some that it
reads as another number ("٣" is 3); a number of thousands of digits costs time to convert and
overflows the database's integers. A text that is not such a number is None: the caller
answers with its own clear error (a 400 in the API, a 404 or the default on a page, a line of
the import report).
"""

#: The largest number any parameter of the site takes (rounds, boards, plies, pairing numbers).
MAX_NUMBER = 1_000_000


def whole_number(text: str | None, *, maximum: int = MAX_NUMBER) -> int | None:
    """The whole number 0..`maximum` that `text` spells in ASCII digits (spaces around it
    allowed), else None: empty, signed, Unicode digits, a fraction or too large."""
    if text is None:
        return None
    text = text.strip()
    if not text or len(text) > len(str(maximum)) or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value <= maximum else None


def search_text(text: str | None) -> str:
    """What a person typed into a search box, as a query can hold it: without the control
    characters no name has (PostgreSQL refuses a NUL in any text), blanks at its ends gone."""
    return "".join(char for char in text or "" if char >= " " and char != "\x7f").strip()
