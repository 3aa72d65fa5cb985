"""Turning a PDN source into decoded lines, without loading it whole.

Decoding is decided per line: a line that is valid UTF-8 is read as UTF-8 (PDN 3.0 asks
for UTF-8), any other line as Windows-1252 (older files, REFERENCE.md 6.6). A multi-byte
UTF-8 character never contains a line-end byte, so the choice per line is safe, and a
file mixing both (a cp1252 name pasted into a UTF-8 file) still reads right. The five
bytes Windows-1252 leaves undefined are read as the Latin-1 characters of the same value,
so decoding never fails. A byte order mark at the start is dropped. Line ends may be
CRLF, LF or CR, mixed in one file.
"""

from __future__ import annotations

import codecs
import io
import os
import re
from collections.abc import Iterable, Iterator
from typing import IO

_CHUNK = 1 << 16
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
        return codecs.charmap_decode(raw, "strict", _CP1252)[0]


def _split_bytes(chunks: Iterable[bytes]) -> Iterator[bytes]:
    pending = b""
    for chunk in chunks:
        scan_from = max(len(pending) - 1, 0)  # a long line is not scanned twice
        pending += chunk
        start = 0
        for match in _LINE_END.finditer(pending, scan_from):
            if match.end() == len(pending) and match.group() == b"\r":
                break  # a CR at the end of the chunk may be the first half of CRLF
            yield pending[start : match.start()]
            start = match.end()
        pending = pending[start:]
    if pending:
        yield pending.removesuffix(b"\r")


def _split_text(text: str) -> Iterator[str]:
    start = 0
    for match in _TEXT_LINE_END.finditer(text):
        yield text[start : match.start()]
        start = match.end()
    if start < len(text):
        yield text[start:]


def _binary_chunks(stream: IO[bytes]) -> Iterator[bytes]:
    while chunk := stream.read(_CHUNK):
        yield chunk


def _text_lines(stream: IO[str]) -> Iterator[str]:
    for line in stream:
        yield from _split_text(line)


def _raw_lines(source: Source) -> Iterator[str]:
    if isinstance(source, str):
        yield from _split_text(source)
    elif isinstance(source, bytes | bytearray):
        for raw in _split_bytes([bytes(source)]):
            yield decode_line(raw)
    elif isinstance(source, os.PathLike):
        with open(source, "rb") as stream:
            for raw in _split_bytes(_binary_chunks(stream)):
                yield decode_line(raw)
    elif isinstance(source, io.TextIOBase):
        yield from _text_lines(source)
    elif hasattr(source, "read"):
        first = source.read(0)
        if isinstance(first, str):
            yield from _text_lines(source)  # type: ignore[arg-type]
        else:
            for raw in _split_bytes(_binary_chunks(source)):  # type: ignore[arg-type]
                yield decode_line(raw)
    else:
        raise TypeError(
            "a PDN source is PDN text (str or bytes), a path (os.PathLike) or a file object, "
            f"not {type(source).__name__}"
        )


def iter_lines(source: Source) -> Iterator[str]:
    """The decoded lines of ``source``, without line ends and without a leading BOM.

    ``source`` is PDN text (``str`` or ``bytes``), a path (``os.PathLike``: a ``str`` is
    always text, never a file name) or an open file, binary or text.

    >>> list(iter_lines(b"\\xef\\xbb\\xbf[A \\"1\\"]\\r\\n1. 32-28\\r2-0\\n"))
    ['[A "1"]', '1. 32-28', '2-0']
    """
    lines = _raw_lines(source)
    for first in lines:
        yield first.removeprefix(_BOM)
        break
    yield from lines
