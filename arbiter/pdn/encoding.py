"""Turning a PDN source into decoded lines, without loading it whole.

Decoding is decided per line: a line that is valid UTF-8 is read as UTF-8 (PDN 3.0 asks
for UTF-8), any other line as Windows-1252 (older files, docs/rules/pdn.md §6). A multi-byte
UTF-8 character never contains a line-end byte, so the choice per line is safe, and a
file mixing both (a cp1252 name pasted into a UTF-8 file) still reads right. The five
bytes Windows-1252 leaves undefined are read as the Latin-1 characters of the same value,
so decoding never fails. A byte order mark at the start is dropped. Line ends may be
CRLF, LF or CR, mixed in one file.

Memory does not grow with the length of a line: a line longer than :data:`MAX_PIECE`
characters is handed on in pieces, cut after a blank where there is one, each piece after
the first as a :class:`Piece` that says where in its line it starts.
"""

from __future__ import annotations

import codecs
import io
import os
import re
from collections.abc import Iterable, Iterator
from typing import IO, NamedTuple

_CHUNK = 1 << 16
#: The longest piece of a line read at once (characters, or bytes before decoding).
MAX_PIECE = 1 << 16
#: The longest source held in memory that is split at once (characters or bytes; see
#: _lines_at_once).
AT_ONCE = 1 << 24
_LINE_END = re.compile(rb"\r\n|\r|\n")
_TEXT_LINE_END = re.compile(r"\r\n|\r|\n")
_BOM = "\ufeff"


def _cp1252_table() -> str:
    chars = []
    for byte in range(256):
        try:
            chars.append(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:
            chars.append(chr(byte))
    return "".join(chars)


_CP1252 = _cp1252_table()

Source = str | bytes | os.PathLike[str] | IO[bytes] | IO[str]


def decode_line(raw: bytes) -> str:
    """UTF-8 if the bytes are UTF-8, else Windows-1252 (never fails).

    >>> decode_line("Bertè".encode()), decode_line("Bertè".encode("cp1252"))
    ('Bertè', 'Bertè')
    """
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        # a decoding table of 256 characters, as the codecs docs allow (typeshed lists
        # only the encoding maps)
        return codecs.charmap_decode(raw, "strict", _CP1252)[0]  # type: ignore[arg-type]


class Piece(NamedTuple):
    """A piece of a long line after its first: ``text`` starts at ``column`` (0-based,
    in characters) of the line before it."""

    text: str
    column: int


Line = str | Piece


def _cut(pending: bytes | str) -> int:
    """Where to cut a piece off a line longer than MAX_PIECE: after its last blank in
    reach (so that no move or word is cut), else at MAX_PIECE."""
    if isinstance(pending, bytes):
        blank = pending.rfind(b" ", 0, MAX_PIECE)
    else:
        blank = pending.rfind(" ", 0, MAX_PIECE)
    blank = max(blank, 0)
    return blank + 1 if blank else MAX_PIECE


def _split(
    chunks: Iterable[bytes], line_end: re.Pattern[bytes], cr: bytes
) -> Iterator[tuple[bytes, bool]]:
    """The lines of ``chunks`` as (piece, continues the line before), without line ends.
    Works on bytes and on str (the same code, the types given by the caller)."""
    pending = cr[:0]
    more = False  # the next piece continues a line
    for chunk in chunks:
        scan_from = max(len(pending) - 1, 0)  # a long line is not scanned twice
        pending += chunk
        start = 0
        for match in line_end.finditer(pending, scan_from):
            if match.end() == len(pending) and match.group() == cr:
                break  # a CR at the end of the chunk may be the first half of CRLF
            yield pending[start : match.start()], more
            more = False
            start = match.end()
        pending = pending[start:]
        while len(pending) > MAX_PIECE:
            cut = _cut(pending)
            yield pending[:cut], more
            more = True
            pending = pending[cut:]
    if pending:
        yield pending.removesuffix(cr), more


def _split_whole(
    data: bytes, line_end: re.Pattern[bytes], cr: bytes, lf: bytes
) -> Iterator[tuple[bytes, bool]]:
    """``_split`` for a source already in memory (bytes or str, ``cr`` and ``lf`` its line
    end characters): lines are slices of it, long ones cut into pieces."""
    if cr not in data:  # LF the only line end: cut by split, not searched character by character
        lines = data.split(lf)
        if not lines[-1]:
            lines.pop()
        for line in lines:
            if len(line) > MAX_PIECE:
                yield from _pieces(line, 0, len(line))
            else:
                yield line, False
        return
    start = 0
    for match in line_end.finditer(data):
        end = match.start()
        if end - start > MAX_PIECE:
            yield from _pieces(data, start, end)
        else:
            yield data[start:end], False
        start = match.end()
    if start < len(data):
        yield from _pieces(data, start, len(data))


def _pieces(data: bytes, start: int, end: int) -> Iterator[tuple[bytes, bool]]:
    more = False
    while end - start > MAX_PIECE:
        cut = _cut(data[start : start + MAX_PIECE + 1])
        yield data[start : start + cut], more
        more = True
        start += cut
    yield data[start:end], more


def _decoded(pieces: Iterable[tuple[bytes, bool]]) -> Iterator[Line]:
    return _text((decode_line(raw), more) for raw, more in pieces)


def _text(pieces: Iterable[tuple[str, bool]]) -> Iterator[Line]:
    column = 0
    for text, more in pieces:
        if more:
            yield Piece(text, column)
            column += len(text)
        else:
            yield text
            column = len(text)


def _chunks(stream: IO[bytes] | IO[str]) -> Iterator[bytes] | Iterator[str]:
    while chunk := stream.read(_CHUNK):
        yield chunk


def _split_bytes(chunks: Iterable[bytes]) -> Iterator[Line]:
    return _decoded(_split(chunks, _LINE_END, b"\r"))


def _split_text(chunks: Iterable[str]) -> Iterator[Line]:
    return _text(_split(chunks, _TEXT_LINE_END, "\r"))  # type: ignore[arg-type]


def _raw_lines(source: Source) -> Iterator[Line]:
    if isinstance(source, str):
        yield from _text(_split_whole(source, _TEXT_LINE_END, "\r", "\n"))  # type: ignore[arg-type]
    elif isinstance(source, bytes | bytearray):
        yield from _decoded(_split_whole(bytes(source), _LINE_END, b"\r", b"\n"))
    elif isinstance(source, os.PathLike):
        with open(source, "rb") as stream:
            yield from _split_bytes(_chunks(stream))  # type: ignore[arg-type]
    elif isinstance(source, io.TextIOBase):
        yield from _split_text(_chunks(source))  # type: ignore[arg-type]
    elif hasattr(source, "read"):
        first = source.read(0)
        if isinstance(first, str):
            yield from _split_text(_chunks(source))  # type: ignore[arg-type]
        else:
            yield from _split_bytes(_chunks(source))  # type: ignore[arg-type]
    else:
        raise TypeError(
            "a PDN source is PDN text (str or bytes), a path (os.PathLike) or a file object, "
            f"not {type(source).__name__}"
        )


def _lines_at_once(source: str | bytes | bytearray) -> list[str] | None:
    """The lines of a source held in memory, split at once (``str.split``, one decoding)
    where that gives what the line-by-line path gives: LF or CRLF line ends only, no line
    longer than MAX_PIECE (characters, or bytes before decoding) and, for bytes, valid
    UTF-8 throughout (then every line is). None otherwise. A generator per line costs more
    than the split, for a record of short lines. A source longer than AT_ONCE goes line by
    line: the split holds a few copies of it at once."""
    if len(source) > AT_ONCE:
        return None
    if isinstance(source, str):
        text = source.replace("\r\n", "\n") if "\r" in source else source
        if "\r" in text:
            return None
        lines = text.split("\n")
        if max(map(len, lines)) > MAX_PIECE:
            return None
    else:
        data = bytes(source).replace(b"\r\n", b"\n") if b"\r" in source else bytes(source)
        if b"\r" in data or max(map(len, data.split(b"\n"))) > MAX_PIECE:
            return None
        try:
            lines = data.decode("utf-8").split("\n")
        except UnicodeDecodeError:
            return None
    if not lines[-1]:
        lines.pop()
    if lines:
        lines[0] = lines[0].removeprefix(_BOM)
    return lines


def iter_lines(source: Source) -> Iterator[Line]:
    """The decoded lines of ``source``, without line ends and without a leading BOM; a
    line longer than MAX_PIECE comes in pieces (see :class:`Piece`).

    ``source`` is PDN text (``str`` or ``bytes``), a path (``os.PathLike``: a ``str`` is
    always text, never a file name) or an open file, binary or text.

    >>> list(iter_lines(b"\\xef\\xbb\\xbf[A \\"1\\"]\\r\\n1. 32-28\\r2-0\\n"))
    ['[A "1"]', '1. 32-28', '2-0']
    """
    if isinstance(source, str | bytes | bytearray):
        lines = _lines_at_once(source)
        if lines is not None:
            return iter(lines)
    return _lines(source)


def _lines(source: Source) -> Iterator[Line]:
    """:func:`iter_lines` line by line."""
    lines = _raw_lines(source)
    for first in lines:
        yield first.removeprefix(_BOM) if isinstance(first, str) else first
        break
    yield from lines
