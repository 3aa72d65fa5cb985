"""The words of PDN movetext read one by one (the lexer's general path): the patterns of
moves and move numbers, :func:`_word` that classifies a word, and the reading of a move cut
by blanks ("5x 14")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from arbiter.pdn.results import could_be_move, is_score
from arbiter.pdn.tokens import Kind, Token

_WORD = re.compile(r'[^\s{}()\[\];$"]+')
_NUMBER = re.compile(r"(\d+)(\.+)")
_SUFFIX = re.compile(r"[!?*]+$")
_SQUARE = r"(?:\d+|[A-Za-z]\d+)"
# Moves (docs/rules/pdn.md §5, §6): 32-28, 32x28, 32:28, 27x18x9, 05-09, c3-d4, e3:c5:e7,
# a3b4, 3228 (no separator), ed4 (short algebraic).
# Chess SAN for the chess-like games (Dragonfly; PGN standard 8.2.3, drops as crazyhouse
# records write them): Nf3, Bxc5, Nef3, R1e1, e3, exd4, e7=N, N@d4, O-O, O-O-O, each with
# an optional check or mate sign. Every draughts form above is read as before.
_SAN = r"(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=?[QRBN])?"
_SAN += r"|[KQRBNP]@[a-h][1-8]|O-O(?:-O)?)[+#]?"
_MOVE = re.compile(
    rf"\d+(?:[-x:]\d+)+|\d{{4}}|[A-Za-z]\d+(?:[-x:]?[A-Za-z]\d+)+|[a-h][a-h]\d|{_SAN}",
)
# A move cut by a blank: "5x 14", "1- 7" (corpus: OCA game 1, schildpad.pdn), also with its
# move number glued to it: "48.18x 9", "50.10- 4" (one engine's records).
_MOVE_HEAD = re.compile(rf"(?:\d+\.+)?{_SQUARE}(?:[-x:]{_SQUARE})*[-x:]")
_MOVE_TAIL = re.compile(rf"{_SQUARE}(?:[-x:]{_SQUARE})*[!?*]*")
_UNKNOWN = frozenset({"-", "--"})
# Typesetting in texts that went through a word processor or an old program: dashes for
# '-', a capital 'X' for 'x' ("32–28", "28X19", "1–0").
_TYPESET = str.maketrans({"–": "-", "—": "-", "‒": "-", "−": "-", "X": "x"})
_ELLIPSIS = frozenset({"...", "..", "…"})
_WORD_EXPECTED = "a move, a move number or a result"
# The common words, classified without the general path: "12." and "32-28" / "32x28".
_PLAIN_NUMBER = re.compile(r"(\d+)\.")
_PLAIN_MOVE = re.compile(r"(\d+)([-x])(\d+)")
# A numeric move with a remark glued to it: "8-11Redoversteppedthetimecontrol." (corpus:
# english/tinsley.pdn games 623 and 693).
_GLUED = re.compile(r"(\d+(?:[-x:]\d+)+)([A-Za-z]{3}.*)")


def _join_tail(line: str, pos: int) -> re.Match[str] | None:
    """The rest of a move cut by blanks, on the same line ("5x 14")."""
    start = pos
    while start < len(line) and line[start] in " \t":
        start += 1
    match = _MOVE_TAIL.match(line, start)
    if match is None or (match.end() < len(line) and _WORD.match(line, match.end())):
        return None
    return match


def _split_move(number: int, column: int, written: str) -> Iterator[Token]:
    """The tokens of a move padded with a blank (``written`` as it stands: "1- 7", "5x 14",
    "48.18x 9"), read without the blank. Padding after a spaced move number is the layout
    of the PDN standard's own test files (fmjd-testset: DUTCH96H, candidate95, schildpad)
    and is read silently; glued to its move number it is one engine's, and is a repair
    (PDN 3.0 has no blank inside a move, docs/rules/pdn.md §5.3)."""
    compact = "".join(written.split())
    plain = _PLAIN_MOVE.fullmatch(compact)
    if plain is not None and (plain[2] == "x" or could_be_move(compact)):
        # a plain move once the blank is out ("9- 3"): the MOVE _word makes of it either way
        yield Token(Kind.MOVE, number, column, text=compact, maybe_result=plain[2] == "-")
        return
    tokens = list(_word(number, column, written))
    first, last = tokens[0], tokens[-1]
    if first.kind is Kind.NUMBER and last.kind is Kind.MOVE:
        repair = (
            "a blank after the move number and none inside the move",
            repr(written),
            f"the move number {first.value} and the move {last.text!r}",
        )
        tokens[0] = first._replace(repair=repair)
    yield from tokens


def _word(number: int, column: int, word: str) -> Iterator[Token]:
    """Classify one word: a result, move numbers, a move with its suffix, or junk."""
    if plain := _PLAIN_NUMBER.fullmatch(word):
        yield Token(Kind.NUMBER, number, column, value=plain[1])
        return
    if plain := _PLAIN_MOVE.fullmatch(word):
        separator = plain[2]
        maybe_result = separator == "-" and could_be_move(word)
        if maybe_result or separator == "x":
            yield Token(Kind.MOVE, number, column, text=word, maybe_result=maybe_result)
            return
    if word == "*":
        yield Token(Kind.RESULT, number, column, text=word)
        return
    if is_score(word) and not could_be_move(word):
        yield Token(Kind.RESULT, number, column, text=word)  # never a move: 1-0, 1/2-1/2
        return
    while match := _NUMBER.match(word):
        yield Token(Kind.NUMBER, number, column, value=match[1])
        column += match.end()
        word = word[match.end() :]
    if not word:
        return
    if word in _ELLIPSIS:
        yield Token(Kind.ELLIPSIS, number, column, text=word)
        return
    if word in _UNKNOWN:
        yield Token(Kind.UNKNOWN, number, column, text=word)
        return
    suffix = _SUFFIX.search(word)
    core = word[: suffix.start()] if suffix else word
    core = "".join(core.split())
    if _MOVE.fullmatch(core):
        marks = suffix.group() if suffix else ""
        strength = marks.replace("*", "") or None
        yield Token(
            Kind.MOVE,
            number,
            column,
            text=core,
            strength=strength,
            forced="*" in marks,
            maybe_result=could_be_move(core),
        )
        return
    if not word.strip(".,"):
        repair = (_WORD_EXPECTED, repr(word), "stray punctuation, ignored")
        yield Token(Kind.SKIPPED, number, column, text=word, repair=repair)
        return
    if glued := _GLUED.fullmatch(word):
        move, remark = glued[1], glued[2]
        repair = (
            "a blank between a move and a remark",
            repr(word),
            f"the move {move!r} and the comment {remark!r}",
        )
        yield Token(
            Kind.MOVE, number, column, text=move, maybe_result=could_be_move(move), repair=repair
        )
        yield Token(Kind.COMMENT, number, column + len(move), text=remark)
        return
    typed = word.translate(_TYPESET)
    if typed != word:
        tokens = list(_word(number, column, typed))
        if all(token.kind is not Kind.BAD for token in tokens):
            expected = "'-' and 'x' in moves and results"
            tokens[0] = tokens[0]._replace(repair=(expected, repr(word), repr(typed)))
            yield from tokens
            return
    yield Token(Kind.BAD, number, column, text=word, expected=_WORD_EXPECTED, resync=True)
