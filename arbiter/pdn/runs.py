"""Runs, the lexer's fast path: the patterns that match a stretch of move numbers, moves,
comments and variations in one go (a RUN token), blank-padded moves as words of a run, and
the cutting of a RUN token's last move that may be a result."""

from __future__ import annotations

import re

from arbiter.pdn.results import could_be_move
from arbiter.pdn.tokens import Kind, Token

_SPACES = re.compile(" *+")
# A run (the fast path): words that the word-by-word path reads as one NUMBER ("12.",
# "4...") or as one MOVE whose suffix, if any, is strength marks ("32-28!"), or as one NAG
# after a move (below), each ending where _WORD ends, separated by spaces.
# Moves: numeric ones ("32-28", "28x19", "27x18x9", "32:28", zero-padded "05-10") unless
# they are or may be a result (_word, docs/rules/pdn.md §6): not with a first number of
# zeros only, nor "a-a" or "a:a" with a number of zeros or twice the same number once their
# leading zeros are left out ("0-0", "1-0", "5-5", "05-5"), with or without a move number
# glued before them ("01.34-29": the word-by-word path reads a NUMBER and a MOVE, the
# reader cuts the word after its last '.'); alphanumeric ones ("c3-d4",
# "d4:b6:f8") and short ones ("ed4"). ASCII digits only; a move number of at most 18 digits
# (a longer one is a repair, _GameReader.read_number); every other form goes word by word.
# Between the words, comments closed on the line ("{...}", without braces inside) and whole
# variations on the line holding only these (nested at most RUN_DEPTH deep): what the
# word-by-word path reads as COMMENT, LPAREN and RPAREN tokens. A run holds most of the
# movetext of annotated and variation-rich records.
RUN_DEPTH = 3


# A move's strength marks ("32-28!", "19-23?!": docs/rules/pdn.md §5.2) are part of its
# word, as the word-by-word path reads them (_word's suffix, without the forced move's '*').
# The annotation glyphs written after a move ("32-28 $1 $18": NAGs, §1.2, of at most 18
# digits, a longer one is a repair, read_number) are items of a run where they annotate
# that move: one blank after the move or after a glyph of it (a word ending in a digit or a
# mark: no move number does). After a move number, a comment, a variation or more blanks,
# or first in a run, a glyph goes word by word.
#: The characters of a move's strength marks, and their pattern after a move of a run.
STRENGTH_MARKS = "!?"
MARKS = rf"[{STRENGTH_MARKS}]*+"
_WORD_END = r'(?![^\s{}()\[\];$"])'


def split_marks(word: str) -> tuple[str, str | None]:
    """A run's move ``word`` without its strength marks, and the marks (None without any):
    what the word-by-word path makes of "32-28!", "19-23?!" (arbiter.pdn.words)."""
    move = word.rstrip(STRENGTH_MARKS)
    return move, word[len(move) :] or None


def may_be_marked(text: str) -> bool:
    """Whether the text of a run may hold a move's strength marks or a glyph (only its
    comments may hold these characters otherwise)."""
    return "!" in text or "?" in text or "$" in text


def _glyph(blank: str) -> str:
    """A glyph of a run, ``blank`` the characters between a run's items."""
    return rf"\$(?<=[0-9!?][{blank}]\$)[0-9]{{1,18}}+{_WORD_END}"


def _run_word(name: str) -> str:
    """A word of a run (its one group named ``name``, for the backreference)."""
    return (
        rf"(?:(?:[0-9]++(?<![0-9]{{19}})\.++)?"
        rf"(?!0++(?![0-9])|0*+(?P<{name}>[1-9][0-9]*+)[-:]"
        rf"(?:0++(?![0-9])|0*+(?P={name})(?![0-9])))"
        rf"[0-9]++(?:[-x:][0-9]++)++{MARKS}"
        r"|(?!0++\.)[0-9]++(?<![0-9]{19})\.++"
        rf"|[A-Za-z][0-9]++(?:[-x:][A-Za-z][0-9]++)++{MARKS}|[a-h][a-h][0-9]{MARKS})"
        rf"{_WORD_END}"
    )


_RUN_COMMENT = r"\{[^{}]*+\}"
# A comment read as if it could hold '{' (_run_match): a class of one character is
# skipped by the regular expression engine far faster than a class of two.
_LOOSE_COMMENT = r"\{[^}]*+\}"


def _run_items(depth: int, comment: str = _RUN_COMMENT, blank: str = " ") -> str:
    """The items of a run, variations nested at most ``depth`` deep among them, ``blank``
    the characters between them (a class's contents)."""
    items = [_run_word(f"w{depth}"), comment, _glyph(blank)]
    if depth:
        inner = _run_items(depth - 1, comment, blank)
        items.append(rf"\([{blank}]*+(?:(?:{inner})[{blank}]*+)*+\)")
    return "|".join(items)


def _run_pattern(comment: str) -> re.Pattern[str]:
    return re.compile(rf"(?:(?:{_run_items(RUN_DEPTH, comment)}) *+)++")


_RUN = _run_pattern(_RUN_COMMENT)
_LOOSE_RUN = _run_pattern(_LOOSE_COMMENT)
#: A variation whose items are a run's, as a run holds it (line ends made blanks): what a
#: VARIATION token holds.
VARIATION_RUN = re.compile(rf"\( *+(?:(?:{_run_items(RUN_DEPTH - 1)}) *+)*+\)")
# The commonest items of a run, in a pattern the regular expression engine matches in half
# the time of _RUN's: move numbers and numeric moves without leading zeros, "a-b" with two
# different numbers (never a result), comments; each word followed by a blank, a brace, a
# parenthesis or the end of the line; variations of these, one deep. What it matches, _RUN
# matches (the items are _RUN's), though _RUN may go on further: a run found by it is
# followed by the rest of the run. A move number's digits are taken possessively: at a move,
# the digits before its '-' are not given back one by one to look for a '.'.
# A word's first digit is matched once, for a move and a move number alike (its alternatives
# start after it, the move's first, as most words are moves): one alternative fewer to try
# per word, where the run's words are many. The check that keeps "a-a" out fails at once
# for a move number (no '-' after its digits), so it may stand before both.


def _simple_word(name: str, blank: str = " ") -> str:
    return (
        rf"(?!(?P<{name}>[1-9][0-9]*+)-(?P={name})(?![0-9]))[1-9]"
        rf"(?:[0-9]*+[-x][1-9][0-9]*+(?:[-x][1-9][0-9]*+)*+|[0-9]{{0,17}}+\.++)"
        rf"(?![^{blank}{{}}()])|\{{[^{{}}]*+\}}|{_glyph(blank)}"
    )


_SIMPLE_VARIATION = re.compile(rf"\( *+(?:(?:{_simple_word('s')}) *+)*+\)")
_SIMPLE_RUN = re.compile(
    rf"(?:(?:{_simple_word('s')}|\( *+(?:(?:{_simple_word('v')}) *+)*+\)) *+)++"
)
#: The most lines a variation is looked for over (a VARIATION token), and its longest text.
MAX_JOINED_LINES = 16
MAX_JOINED = 4096

# A run over line ends (the lexer's blocks, see _Lexer._block): the items of _SIMPLE_RUN,
# then of _RUN (block_end), with line ends among the blanks between them, from the start of
# a text that may start with blanks.
_LINED = " \n"
_SIMPLE_BLOCK = re.compile(
    rf"[{_LINED}]*+(?:(?:{_simple_word('s', _LINED)}|\([{_LINED}]*+"
    rf"(?:(?:{_simple_word('v', _LINED)})[{_LINED}]*+)*+\))[{_LINED}]*+)*+"
)
_BLOCK = re.compile(
    rf"[{_LINED}]*+(?:(?:{_run_items(RUN_DEPTH, _RUN_COMMENT, _LINED)})[{_LINED}]*+)*+"
)
#: The longest text of a run over line ends that a block gathers (characters).
MAX_BLOCK = 16384


def block_end(text: str, end: int = 0, pads: list[tuple[int, int]] | None = None) -> int:
    """Where the run over line ends that continues at the start of ``text`` stops: after
    its last item, blanks and line ends after it left out (0 when no item starts it).
    ``end``: where an item of it starts, known to be reached (the end of a shorter text's
    run: the match goes on from there). With ``pads``, a blank-padded move where the run
    stops is a word of it, as on a line (_padded_on): the span of its blanks, which the
    run's text writes as PAD, is added to ``pads``."""
    while True:
        end = _SIMPLE_BLOCK.match(text, end).end()  # type: ignore[union-attr]
        if end == len(text):
            break
        char = text[end]
        if pads is not None and "1" <= char <= "9" and (padded := _PADDED.match(text, end)):
            pads.append(padded.span(2))
            end = padded.end()
            continue
        # the full pattern where the simple one stops at a move in letters ("c3-d4"), a
        # move number glued to its move or a variation holding variations, the commonest
        # of its other items; at other stops (a result, a brace) it is not tried
        if not (char.isalnum() or char == "("):
            break
        reached = _BLOCK.match(text, end).end()  # type: ignore[union-attr]
        if reached == end:
            break
        end = reached
    while end and text[end - 1] in _LINED:
        end -= 1
    return end


def padded_text(text: str, start: int, end: int, pads: list[tuple[int, int]]) -> str:
    """``text[start:end]`` with the blanks of its padded moves (``pads``, the spans of
    those blanks, see block_end) written as PAD: the same length, every place kept."""
    if not pads:
        return text[start:end]
    parts: list[str] = []
    for begin, stop in pads:
        parts += (text[start:begin], PAD * (stop - begin))
        start = stop
    parts.append(text[start:end])
    return "".join(parts)


_GROUPING = re.compile(r"[(){}]")
_COMMENTS = re.compile(r"(?:\{[^}]*+\} *+)++")


def _variation_end(text: str, pos: int) -> int | None:
    """The end of the variation opening at ``text[pos]`` (after its ')'), or None when it
    does not close in ``text`` (comments skipped: a '{' that does not close leaves it
    open)."""
    depth = 0
    while match := _GROUPING.search(text, pos):
        char, pos = match.group(), match.end()
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if not depth:
                return pos
        elif char == "{":
            pos = text.find("}", pos) + 1
            if not pos:
                return None
    return None


def _run_match(line: str, pos: int) -> re.Match[str] | None:
    """``_RUN.match(line, pos)``, found by the loose pattern first: where the run it
    matches holds as many '{' as '}', none of its comments holds a '{' (a word holds no
    brace), every item of it is an item of _RUN and _RUN stops where it stops (_RUN's items
    are the loose ones' without '{'): the same match. Else _RUN itself."""
    run = _LOOSE_RUN.match(line, pos)
    if run is None:
        return None
    end = run.end()
    if line.count("{", pos, end) != line.count("}", pos, end):
        return _RUN.match(line, pos)
    return run


# One item of a run, for the reader to walk it without tokens (the run is known to be
# well formed): a word (group 1) with the comment that follows it if one does (group 2, its
# text: most comments follow a move), a comment (group 3, its text), '(' or ')' (group 4).
# (A run's words hold no blank; PAD stands for one inside a padded move: part of its word.)
RUN_ITEM = re.compile(r"([^ \n{}()]++)(?: *+\{([^{}]*+)\})?|\{([^{}]*+)\}|([()])")


# A move padded with blanks after its separator ("9- 3", "18x 9"), as a word of a run: what
# the word-by-word path reads as one MOVE token (_join_tail, _split_move), "a-b" with two
# different numbers, and the blanks padding it. Its blanks are PAD in the run's text (see
# _padded_on).
_PADDED = re.compile(
    r"(?!([1-9][0-9]*+)-[ \t]++\1(?![0-9]))[1-9][0-9]*+[-x]([ \t]++)[1-9][0-9]*+"
    r'(?![^\s{}()\[\];$"])'
)
#: What stands for a blank inside a padded move in a run's text: a carriage return, which no
#: decoded line holds (arbiter.pdn.encoding cuts lines at it).
PAD = "\r"


def _padded_on(line: str, pos: int, end: int) -> tuple[str, int]:
    """The text of the run ``line[pos:end]`` (``end`` may be ``pos``) with the blank-padded
    moves that follow it (_PADDED) and the runs after them, and where that text ends. The
    blanks inside a padded move are PAD characters (padded_text): the text keeps the length
    of the line's, so that the places of the words after it are as written."""
    pads: list[tuple[int, int]] = []
    while padded := _PADDED.match(line, end):
        pads.append(padded.span(2))
        end = _SPACES.match(line, padded.end()).end()  # type: ignore[union-attr]
        if end < len(line) and (run := _run_from(line, end)) is not None:
            end = run.end()
    return padded_text(line, pos, end, pads), end


def _any_run(line: str, pos: int) -> re.Match[str] | None:
    """The run at ``pos``: the simple pattern's match (the commonest), else _RUN's."""
    return _SIMPLE_RUN.match(line, pos) or _run_match(line, pos)


def _movetext_run(line: str, pos: int) -> re.Match[str] | None:
    """The run at ``pos`` (a '{'), when it holds more than comments: comments alone are
    no movetext (a game's first comments may come before its tags)."""
    run = _any_run(line, pos)
    if run is None or _COMMENTS.fullmatch(line, pos, run.end()):
        return None
    return run


def _run_from(line: str, pos: int) -> re.Match[str] | None:
    """The run that starts ``line`` at ``pos`` (a character of it): one led by a comment
    only when it holds movetext (:func:`_movetext_run`)."""
    return _movetext_run(line, pos) if line[pos] == "{" else _any_run(line, pos)


def run_maybe_result(token: Token) -> bool:
    """Whether the last item of a RUN token is a move that may be a result ("4-6"): asked
    of the last run of a game only, not worked out for every run."""
    text = token.text
    last = text[-1]
    if last == "}" or last == ")":
        return False
    # the last move, without a move number glued to it nor its strength marks
    cut = max(text.rfind(" "), text.rfind(".")) + 1
    return could_be_move(split_marks(text[cut:])[0])


def split_run(token: Token) -> tuple[Token | None, Token]:
    """The RUN of the items of ``token`` but the last (None when there are none) and the
    MOVE token of its last move, its strength marks apart as _word makes it: a move that
    may be a result is read alone before the next game (the reader compares it with the
    Result tag). A move number glued to that move ends the RUN."""
    cut = max(token.text.rfind(" "), token.text.rfind(".")) + 1
    text, strength = split_marks(token.text[cut:])
    move = Token(
        Kind.MOVE,
        token.line,
        token.column + cut,
        text=text,
        strength=strength,
        maybe_result=run_maybe_result(token),
    )
    if not cut:
        return None, move
    return Token(Kind.RUN, token.line, token.column, text=token.text[:cut].rstrip(" ")), move
