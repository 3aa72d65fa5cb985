"""Splitting decoded PDN lines into tokens (the reading grammar of PDN 3.0, with the
real-world deviations of docs/rules/pdn.md §6).

The lexer knows nothing of games: it turns text into tokens with their line and column,
and turns what it cannot read into ``BAD`` tokens that say what was expected. It never
raises.

Most movetext is move numbers and plain moves ("12. 32-28 19-23"), with comments closed
on their line and variations whole on their line between them. With ``runs`` such a
stretch is matched by one regular expression and given as a single ``RUN`` token that
holds its text: the NUMBER, MOVE, COMMENT, LPAREN and RPAREN tokens the word-by-word path
makes of it, without a token per word. A run that reaches the end of its line goes on in
the same RUN token when the next line starts with a run, and so does one that meets a
variation or a comment open at the end of its line when it closes as a run's item on a
later line, with the run that follows it: the token's text then holds those line ends.
Such a run is followed over the next lines in blocks (up to MAX_BLOCK characters): the
lines joined and matched at once, line ends among the blanks, rather than line by line. A
move padded with blanks after its separator ("9- 3") is a word of a run too, its blanks
marked (PAD); so is a move with its strength marks ("32-28!"), and a glyph after a move
("32-28 $1"). Anything else on the line (results, odd forms) still goes word by word.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Generator, Iterable, Iterator

from arbiter.pdn.encoding import Line
from arbiter.pdn.results import could_be_move
from arbiter.pdn.runs import (
    _PADDED,
    _SIMPLE_VARIATION,
    _SPACES,
    MAX_BLOCK,
    MAX_JOINED,
    MAX_JOINED_LINES,
    PAD,
    RUN_ITEM,
    VARIATION_RUN,
    _any_run,
    _movetext_run,
    _padded_on,
    _run_from,
    _variation_end,
    block_end,
    padded_text,
    split_marks,
)
from arbiter.pdn.tokens import Kind, Token
from arbiter.pdn.words import _MOVE_HEAD, _WORD, _join_tail, _split_move, _word

# PDN 3.0 grammar: IDENTIFIER "[A-Z][a-zA-Z0-9_]*", STRING with \" escapes; lower-case and
# padded names are accepted (docs/rules/pdn.md §6).
# Possessive repeats: a long value is matched without a backtracking entry per character.
_TAG = re.compile(r'\[\s*([A-Za-z_][A-Za-z0-9_]*)\s*"((?:[^"\\]++|\\.)*+)"\s*\]')
# A value written with a lone backslash before its closing quote (a Windows path).
_TAG_RAW = re.compile(r'\[\s*([A-Za-z_][A-Za-z0-9_]*)\s*"([^"]*)"\s*\]')
_QUOTED = re.compile(r'"(?:[^"\\]++|\\.)*+"')
_TAG_NAME = re.compile(r"\[\s*([A-Za-z_][A-Za-z0-9_]*)\s*")
_TAG_LINE = re.compile(r'\s*\[\s*[A-Za-z_][A-Za-z0-9_]*\s*"(?:[^"\\]++|\\.)*+"\s*\]\s*')
_UNESCAPE = re.compile(r"\\([\\\"])")
_NAG = re.compile(r"\$(\d+)")
_PAREN_STRENGTH = re.compile(r"\([!?]+\)")
_SETUP = re.compile(r'/\s*FEN\s*"([^"]*)"\s*/', re.IGNORECASE)
_BLANKS = re.compile(r"\s+")
_BLANKS_LINED = re.compile(r"[ \n]*+")


# A tag whose value lacks a quote: '[Round "11.3]', '[Round 17]', '[Event "x"' (no ']').
_TAG_BROKEN = re.compile(r'\[\s*([A-Za-z_][A-Za-z0-9_]*)\s*("?)([^"\]]*)("?)\s*(\]?)')
# A parenthesised group on one line, without parentheses or braces inside.
_GROUP = re.compile(r"\(([^(){}\[\]]*)\)")
# What the search for the end of a group holding groups stops at.
_PARENS = re.compile(r"[(){}\[\]]")
# The groups inside a group's body, innermost first (see _prose).
_INNER_GROUP = re.compile(r"\([^()]*\)")


_STRAY = re.compile(r'[}\]"]+')
#: The longest comment kept (characters): a longer one keeps its beginning, with a warning.
MAX_COMMENT = 1 << 16
#: The longest tag line read whole (characters): past it, a tag still open is read as broken.
MAX_TAG_LINE = 1 << 20
_TAG_START = re.compile(r"\s*\[")
# What may hold a tab that is kept as written: comments ('{', ';'), tags, strings, notes in
# parentheses (and variations), setups, stray characters quoted in a repair, and a move cut
# after its separator ("5x\t14", "5-\t5": its text keeps its blanks, see _split_move).
_KEEPS_TABS = re.compile(r'[{};\[\]"()/%]|[-x:] *+\t')


def _continues(line: str) -> bool:
    """Whether ``line`` may go on a block's run: it is neither a tag line nor an escape
    line (those end a block as they end a carried run)."""
    head = line[:1]
    if head == "%" or head == "[":
        return False
    return not (head.isspace() and _TAG_START.match(line))


def _open_to_the_end(text: str, end: int) -> bool:
    """Whether the run of a block that stops at ``end`` of ``text`` reaches its end, or stops
    at a comment or a variation still open there: the lines after it may take it further."""
    stop = _BLANKS_LINED.match(text, end).end()  # type: ignore[union-attr]
    if stop == len(text):
        return True
    char = text[stop]
    if char == "(":
        return text.find(")", stop) < 0
    return char == "{" and text.find("}", stop) < 0


def _opens_tag(line: str) -> bool:
    """Whether ``line`` starts with a tag that does not close on it."""
    start = _TAG_START.match(line)
    return start is not None and _TAG.match(line, start.end() - 1) is None


def _unescape(value: str) -> str:
    return _UNESCAPE.sub(r"\1", value)


def _tag_token(match: re.Match[str], number: int, column: int) -> Token:
    """The TAG token of a tag matched by _TAG (its value's escapes read) or _TAG_RAW."""
    value = match[2]
    if "\\" in value and match.re is _TAG:
        value = _unescape(value)
    return Token(Kind.TAG, number, column, text=match[1], value=value)


def _tag_error(line: str, pos: int) -> tuple[str, str]:
    """What a broken tag at ``pos`` lacks, and the text found there."""
    name = _TAG_NAME.match(line, pos)
    if name is None:
        return "a tag name after '['", line[pos : pos + 20]
    rest = name.end()
    if rest >= len(line) or line[rest] != '"':
        return "a tag value in double quotes", line[rest : rest + 20] or "the end of the line"
    close = _QUOTED.match(line, rest)
    if close is None:
        return "a closing '\"'", "the end of the line"
    return "a closing ']'", line[close.end() : close.end() + 20].strip() or "the end of the line"


def _broken_tag(line: str, number: int, pos: int, column: int) -> Token:
    """The tag a person reads in a broken tag line (a TAG with its repair), or the line
    skipped when it names no tag (a SKIPPED token)."""
    match = _TAG_BROKEN.match(line, pos)
    expected = _tag_error(line, pos)[0]
    if match is None:
        rest = line[pos:].rstrip()
        repair = (expected, repr(rest[:40]), "not a tag: the line is ignored")
        return Token(Kind.SKIPPED, number, column, text=rest, repair=repair)
    name, value = match[1], match[3].strip()
    closed = match.end() >= len(line.rstrip()) or not line[match.end() :].strip()
    if not closed:
        rest = line[pos:].rstrip()
        repair = (expected, repr(rest[:40]), "not a tag: the line is ignored")
        return Token(Kind.SKIPPED, number, column, text=rest, repair=repair)
    repair = (expected, repr(line[pos:].rstrip()[:40]), f"the tag [{name} {value!r}]")
    return Token(Kind.TAG, number, column, text=name, value=value, repair=repair)


def _prose(line: str, number: int, pos: int, column: int) -> Token | None:
    """A parenthesised note written in words ("(Roberto's first choice, the Wilderness
    1.)", "(a win with 11 pieces (outside the capability of even a 10 piece db!))") as a
    COMMENT with its repair; None when the group reads as movetext. A group holding
    groups is a note when its own words, outside the inner groups, do not read as
    movetext: a variation with sub-variations stays a variation."""
    group = _GROUP.match(line, pos)
    if group is not None:
        body = own = group[1]
    else:
        end = _group_end(line, pos)
        if end is None:
            return None
        body = own = line[pos + 1 : end - 1]
        removed = 1
        while removed:
            own, removed = _INNER_GROUP.subn(" ", own)
    if not any(token.kind is Kind.BAD for token in _Lexer(False)._line(number, own)):
        return None
    written = line[pos : pos + len(body) + 2]
    repair = ("a variation of moves in '(...)'", repr(written[:40]), "a comment")
    return Token(Kind.COMMENT, number, column, text=body, repair=repair)


def _group_end(line: str, pos: int) -> int | None:
    """The end of the parenthesised group that opens at ``pos`` and holds other groups
    (after its matching ')'), or None when it does not close on this line or holds a
    comment or a tag."""
    depth = 0
    for match in _PARENS.finditer(line, pos):
        char = match.group()
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if not depth:
                return match.end()
        else:
            return None
    return None


def _run_at(line: str, start: int) -> tuple[str, int]:
    """The run of movetext that starts ``line`` at ``start`` (a comment first, or moves and
    move numbers), blank-padded moves after it taken too: its text and where it ends (``start``
    itself when no run starts there)."""
    end = start
    if start < len(line) and (run := _run_from(line, start)) is not None:
        end = run.end()
    if end < len(line) and "1" <= line[end] <= "9" and _PADDED.match(line, end):
        return _padded_on(line, start, end)
    return line[start:end], end


class _Lexer:
    def __init__(
        self, runs: bool, joins: bool | None = None, carries: bool = True, pads: bool = True
    ) -> None:
        self.runs = runs
        # whether a variation open at the end of a line is looked for over the next lines
        # (a VARIATION token): with runs, unless told otherwise
        self.joins = runs if joins is None else joins
        # whether a run followed by a variation or a comment open at the end of its line
        # goes on over the line end (see _carries)
        self.carries = self.joins and carries
        # such a run, not given yet: (line, column) of its start and its text so far
        self.carry: tuple[tuple[int, int], str] | None = None
        # whether a blank-padded move ("9- 3") is a word of a run (see _PADDED)
        self.pads = runs and pads
        # a variation open at the end of a line: (line, column) of its '(', and its text,
        # the rest of that line then the lines that follow it (see _join)
        self.joined_at = (0, 0)
        self.joined: list[str] | None = None
        # open {...} comment spanning lines: its parts, line ends included
        self.comment: list[str] | None = None
        self.comment_at = (0, 0)
        self.comment_size = 0
        # how many lines the last block took (see _block)
        self.block_lines = 1

    def tokens(self, lines: Iterable[Line]) -> Iterator[Token]:
        number = 0
        # A line that opens a tag not closed on it, held with the pieces that follow it
        # until the tag closes: a tag value longer than a piece of a line is read whole.
        held: list[str] = []
        source = iter(lines)
        # the lines a block looked at and left (see _block), read before the source's
        ahead: deque[Line] = deque()
        while True:
            if ahead:
                line = ahead.popleft()
            elif (line := next(source, None)) is None:  # type: ignore[assignment]
                break
            if self.carry is not None and (
                passed := (yield from self._block(number, line, source, ahead))
            ):
                number += passed
                continue
            if self.carry is not None and self.joined is None and self.comment is None:
                # a run that reached the end of its line: it goes on if this line starts one
                if type(line) is str and (yield from self._run_on(number + 1, line)):
                    number += 1
                    continue
                yield self._given_carry()
            if self.joined is not None:
                if type(line) is str and not _TAG_START.match(line):
                    number += 1
                    yield from self._join(line, number)
                    continue
                yield from self._unjoined()
            if type(line) is str:
                if held:
                    yield from self._line(number, "".join(held))
                    held = []
                number += 1
                if (
                    self.comment is None
                    and line[:1] == "["
                    and (tag := _TAG.match(line)) is not None
                    and tag.end() == len(line)
                ):
                    # a line of one tag, the commonest line of a file: _line's TAG token
                    yield _tag_token(tag, number, 1)
                elif self.comment is None and _opens_tag(line):
                    held.append(line)
                else:
                    yield from self._line(number, line)
            elif held:  # a piece of the held line
                held.append(line.text)  # type: ignore[union-attr]
                joined = "".join(held)
                if not _opens_tag(joined) or len(joined) > MAX_TAG_LINE:
                    yield from self._line(number, joined)
                    held = []
            else:  # a piece of a long line
                yield from self._line(number, line.text, line.column + 1, False)  # type: ignore[union-attr]
        if self.joined is not None:
            yield from self._unjoined()
        elif self.carry is not None and self.comment is None:
            yield self._given_carry()
        if held:
            yield from self._line(number, "".join(held))
        if self.comment is not None:
            if self.carry is not None:
                yield self._given_carry()
            yield self._open_comment(closed=False)
        yield Token(Kind.EOF, number + 1, 1)

    def _block(
        self, number: int, line: Line, source: Iterator[Line], ahead: deque[Line]
    ) -> Generator[Token, None, int]:
        """The run carried over the end of line ``number`` (with the variation or the
        comment open at its end, if any) and the lines that follow it, from ``line``, read as
        one text: where the run goes on over them (``block_end``: its items, with line ends
        among the blanks), it takes them in one match rather than line by line (_run_on,
        _join and _carry_on), up to MAX_BLOCK characters. Gives the RUN token and the tokens
        of the rest of the line it stops in (or carries it on when it stops at a line's
        end), and returns how many lines it read; 0, with nothing read, when the run does
        not reach ``line``. The lines looked at and not read go back to ``ahead``."""
        assert self.carry is not None
        at, head = self.carry
        if self.joined is not None:
            if len(self.joined) != 1:
                return 0
            first = self.joined[0]  # the variation from its '('
        elif self.comment is not None:
            if len(self.comment) != 1:
                return 0
            first = "{" + self.comment[0]  # the comment from its '{'
        else:
            first = ""
            head = head.rstrip(" ")
        size = len(head) + len(first)
        if type(line) is not str or size >= MAX_BLOCK or not _continues(line):
            return 0
        lines = [line]
        size += len(line) + 1
        left: list[Line] = []  # looked at, not a line of the block
        # lines gathered: as many as the last block took (the blocks of a file are alike:
        # a game's movetext), then twice as many while the run reaches their end
        want = self.block_lines
        end = 0
        pads: list[tuple[int, int]] | None = [] if self.pads else None
        while True:
            while len(lines) < want and size < MAX_BLOCK:
                following = ahead.popleft() if ahead else next(source, None)
                if following is None:
                    break
                if type(following) is not str or not _continues(following):
                    left.append(following)
                    break
                lines.append(following)
                size += len(following) + 1
            text = first + "\n" + "\n".join(lines)
            end = block_end(text, end, pads)
            if left or size >= MAX_BLOCK or len(lines) < want:
                break  # no more lines to gather
            if not _open_to_the_end(text, end):
                break  # more lines would not take the run further
            want *= 2
        passed = text.count("\n", 0, end)
        self.block_lines = max(passed, 1)
        if not passed:
            ahead.extendleft(reversed([*lines[1:], *left]))
            return 0
        ahead.extendleft(reversed([*lines[passed:], *left]))
        self.carry = self.joined = self.comment = None
        last = lines[passed - 1]
        column = end - (text.rfind("\n", 0, end) + 1)  # where the run stops in ``last``
        run = head + padded_text(text, 0, end, pads or [])
        if column == len(last) and passed == len(lines):
            self.carry = (at, run)  # it may go on over the next line end
            return passed
        yield Token(Kind.RUN, at[0], at[1], text=run)
        if column < len(last):
            yield from self._line(number + passed, last[column:], column + 1)
        return passed

    def _open_comment(self, closed: bool) -> Token:
        """The COMMENT token of the comment open since ``comment_at``, which ends here."""
        at_line, at_column = self.comment_at
        text = "".join(self.comment or ())
        self.comment = None
        repair = None
        if self.comment_size > MAX_COMMENT:
            repair = (
                f"a comment of at most {MAX_COMMENT:,} characters",
                f"a comment of {self.comment_size:,} characters",
                f"its first {MAX_COMMENT:,} characters",
            )
        return Token(Kind.COMMENT, at_line, at_column, text=text, closed=closed, repair=repair)

    def _comment_part(self, text: str, new_line: bool) -> None:
        """Add ``text`` to the open comment, after a line end when it starts a line; past
        MAX_COMMENT characters the text is counted, not kept."""
        assert self.comment is not None
        self.comment_size += len(text) + new_line
        if self.comment_size <= MAX_COMMENT:
            if new_line:
                self.comment.append("\n")
            self.comment.append(text)

    def _join(self, line: str, number: int) -> Iterator[Token]:
        """Line ``number`` after a line that ended in an open variation: the VARIATION
        token when the variation closes on it and reads as a run, then the rest of the
        line; nothing while it stays open; else the lines read as they are."""
        joined = self.joined
        assert joined is not None
        joined.append(line)
        if ")" not in line:  # still open
            if len(joined) > MAX_JOINED_LINES or sum(map(len, joined)) > MAX_JOINED:
                yield from self._unjoined()
            return
        text = "\n".join(joined)
        end: int | None = text.find(")") + 1
        if text.find("(", 1, end) >= 0 or text.find("{", 0, end) >= 0:
            end = _variation_end(text, 0)  # nested, or a comment that may hold a ')'
        if end is None:
            if len(text) > MAX_JOINED or len(joined) > MAX_JOINED_LINES:
                yield from self._unjoined()
            return
        flat = text.replace("\n", " ")
        if not (_SIMPLE_VARIATION.fullmatch(flat, 0, end) or VARIATION_RUN.fullmatch(flat, 0, end)):
            yield from self._unjoined()
            return
        self.joined = None
        row, column = self.joined_at
        rest = end - (len(text) - len(line))  # where the rest starts on this line
        if self.carry is not None:
            at, head = self.carry
            self.carry = None
            yield from self._carry_on(number, line, rest, 1, head + text[:end], at)
            return
        yield Token(Kind.VARIATION, row, column, text=text[:end])
        yield from self._line(number, line[rest:], rest + 1)

    def _carries(
        self, number: int, line: str, pos: int, base: int, text: str, at: tuple[int, int]
    ) -> bool:
        """Whether the run ``text`` (starting at ``at``, ending at ``line[pos]``) goes on
        over the end of the line (at most MAX_JOINED characters of it): when it reaches
        the end (see _run_on), or when ``line[pos]`` opens a variation or a comment that
        does not close on the line, held as the next branches of :meth:`_line` hold it (a
        VARIATION token or a comment over lines may follow). When the group closes as it
        would make a VARIATION token or a COMMENT token on a later line, the run, the
        group and the run that follows it make one RUN token whose text holds the line
        ends (see unmerged_tokens); else the run is given as it is, before what follows."""
        if len(text) > MAX_JOINED:
            return False
        if pos == len(line):  # the run reached the end of its line
            self.carry = (at, text)
            return True
        char = line[pos]
        if char == "(" and line.find(")", pos) < 0:
            self.joined, self.joined_at = [line[pos:]], (number, pos + base)
        elif char == "{" and line.find("}", pos) < 0:
            rest = line[pos + 1 :]  # what the '{' branch of _line keeps of the comment
            self.comment_size = len(rest)
            self.comment = [rest] if len(rest) <= MAX_COMMENT else []
            self.comment_at = (number, pos + base)
        else:
            return False
        self.carry = (at, text)
        return True

    def _carry_on(
        self, number: int, line: str, pos: int, base: int, head: str, at: tuple[int, int]
    ) -> Iterator[Token]:
        """The rest of ``line`` from ``pos``, where a group held with the run carried over
        the line end closed (``head``: the run and the group, from ``at``): the run that
        follows at once, blanks between, goes on with them; what the lexer makes of the
        rest of the line then, as :meth:`_line` makes it."""
        start = _SPACES.match(line, pos).end()  # type: ignore[union-attr]
        if start < len(line):
            char = line[start]
            if (char == "(" or char == "{") and self._carries(
                number, line, start, base, head + line[pos:start], at
            ):
                return
        taken, end = _run_at(line, start)
        if end == start:
            yield Token(Kind.RUN, at[0], at[1], text=head)
            if start < len(line):
                yield from self._line(number, line[pos:], pos + base)
            return
        text = head + line[pos:start] + taken
        if self._carries(number, line, end, base, text, at):
            return
        yield Token(Kind.RUN, at[0], at[1], text=text.rstrip(" "))
        if end < len(line):
            yield from self._line(number, line[end:], end + base)

    def _run_on(self, number: int, line: str) -> Generator[Token, None, bool]:
        """Line ``number`` after a line whose run reached its end (carried, see _carries):
        when a run starts it (blanks before it), the two make one RUN token whose text holds
        the line end; False, with nothing made, when the line starts with anything else."""
        assert self.carry is not None
        at, head = self.carry
        start = _SPACES.match(line).end()  # type: ignore[union-attr]
        if start == len(line):
            return False
        char = line[start]
        text = head.rstrip(" ") + "\n" + line[:start]
        if (char == "(" or char == "{") and self._carries(number, line, start, 1, text, at):
            return True  # a group open to the end of this line too
        taken, end = _run_at(line, start)
        if end == start:
            return False
        self.carry = None
        text += taken
        if self._carries(number, line, end, 1, text, at):
            return True
        yield Token(Kind.RUN, at[0], at[1], text=text.rstrip(" "))
        if end < len(line):
            yield from self._line(number, line[end:], end + 1)
        return True

    def _given_carry(self) -> Token:
        """The RUN token of the run carried over the line end, given as it is."""
        assert self.carry is not None
        (row, column), text = self.carry
        self.carry = None
        return Token(Kind.RUN, row, column, text=text.rstrip(" "))

    def _unjoined(self) -> Iterator[Token]:
        """The tokens of the lines held for a variation that makes no VARIATION token, read
        as they are."""
        joined = self.joined
        assert joined is not None
        if self.carry is not None:
            yield self._given_carry()
        self.joined = None
        row, column = self.joined_at
        yield from self._line(row, joined[0], column, False)
        for offset, line in enumerate(joined[1:], 1):
            yield from self._line(row + offset, line, 1, False)

    def _line(self, number: int, line: str, base: int = 1, joins: bool = True) -> Iterator[Token]:
        """The tokens of ``line``, whose first character is at column ``base`` (a piece of
        a long line starts further on); with ``joins``, a variation open at its end is
        looked for over the next lines (see :meth:`_join`)."""
        pos = 0
        if self.comment is not None:
            end = line.find("}")
            if self.carry is not None:
                if end >= 0 and base == 1 and self.comment_size + end < MAX_COMMENT:
                    # the comment closes as it makes a COMMENT token below: with the run
                    at, head = self.carry
                    self.carry = None
                    head += "{" + "".join(self.comment) + "\n" + line[: end + 1]
                    self.comment = None
                    yield from self._carry_on(number, line, end + 1, base, head, at)
                    return
                yield self._given_carry()
            if end >= 0 and base == 1 and self.comment_size + end < MAX_COMMENT:
                # the commonest case, a comment whole once this line closes it: what the
                # last branch below, _comment_part and _open_comment make of it
                at_line, at_column = self.comment_at
                text = "".join(self.comment) + "\n" + line[:end]
                self.comment = None
                yield Token(Kind.COMMENT, at_line, at_column, text=text)
                pos = end + 1
            elif end < 0 and base == 1 and _TAG_LINE.fullmatch(line):
                # A tag line inside an unclosed comment: the comment was never closed, and
                # the next game starts here; do not let one '{' swallow the file.
                yield self._open_comment(closed=False)
            elif end < 0:
                self._comment_part(line, base == 1)
                return
            else:
                self._comment_part(line[:end], base == 1)
                yield self._open_comment(closed=True)
                pos = end + 1
        elif base == 1 and line.startswith("%"):
            return  # PDN 3.0 escape line
        if self.runs and "\t" in line and not _KEEPS_TABS.search(line, pos):
            # Tabs between the words of movetext are blanks, as the word-by-word path reads
            # them (char.isspace): written as spaces, the same columns, its runs are found
            # (a run's blanks are spaces). A line where a tab may be part of a text that is
            # kept as written (_KEEPS_TABS: a comment, a tag, a note in parentheses, a setup,
            # a move cut after its separator) keeps it.
            line = line[:pos] + line[pos:].replace("\t", " ")
        length = len(line)
        while pos < length:
            run: re.Match[str] | None = None  # a run starting with '{' or '(', found first
            char = line[pos]
            column = pos + base
            if char.isspace():
                pos = _BLANKS.match(line, pos).end()  # type: ignore[union-attr]
            elif char == "{" and not (self.runs and (run := _movetext_run(line, pos))):
                end = line.find("}", pos + 1)
                if end < 0:
                    rest = line[pos + 1 :]  # what _comment_part keeps of a comment's start
                    self.comment_size = len(rest)
                    self.comment = [rest] if len(rest) <= MAX_COMMENT else []
                    self.comment_at = (number, column)
                    return
                yield Token(Kind.COMMENT, number, column, text=line[pos + 1 : end])
                pos = end + 1
            elif char == ";":
                yield Token(Kind.COMMENT, number, column, text=line[pos + 1 :])
                return
            elif char == "[":
                match = _TAG.match(line, pos) or _TAG_RAW.match(line, pos)
                if match is None:
                    yield _broken_tag(line, number, pos, column)
                    return  # tags are one per line: the rest of this one is read with it
                yield _tag_token(match, number, column)
                pos = match.end()
            elif char == "(" and joins and self.joins and line.find(")", pos) < 0:
                # a variation open at the end of the line: the next lines may close it
                self.joined, self.joined_at = [line[pos:]], (number, column)
                return
            elif char == "(" and not (self.runs and (run := _any_run(line, pos))):
                match = _PAREN_STRENGTH.match(line, pos)
                if match:
                    yield Token(Kind.STRENGTH, number, column, text=match.group())
                    pos = match.end()
                elif prose := _prose(line, number, pos, column):
                    yield prose
                    pos += len(prose.text) + 2
                elif joins and self.joins and _variation_end(line, pos) is None:
                    # open at the end of the line, with a ')' on it (in a comment, or
                    # closing an inner variation): the same
                    self.joined, self.joined_at = [line[pos:]], (number, column)
                    return
                else:
                    yield Token(Kind.LPAREN, number, column)
                    pos += 1
            elif char == ")":
                yield Token(Kind.RPAREN, number, column)
                pos += 1
            elif char == "$":
                match = _NAG.match(line, pos)
                if match is None:
                    repair = ("a number after '$'", "'$'", "a stray character, ignored")
                    yield Token(Kind.SKIPPED, number, column, text="$", repair=repair)
                    pos += 1
                else:
                    yield Token(Kind.NAG, number, column, value=match[1])
                    pos = match.end()
            elif char == "/" and (setup := _SETUP.match(line, pos)):
                yield Token(Kind.SETUP, number, column, value=setup[1])
                pos = setup.end()
            elif char == "/":
                yield Token(
                    Kind.BAD,
                    number,
                    column,
                    text=line[pos : pos + 20],
                    expected='a setup command /FEN "..."/',
                    resync=True,
                )
                return
            elif char in '}]"':
                end = _STRAY.match(line, pos).end()  # type: ignore[union-attr]
                stray = line[pos:end]
                expected = "a move, a comment or a tag" if char != "}" else "no '}' here"
                found = repr(stray if len(stray) < 20 else stray[:20] + "...")
                repair = (
                    expected,
                    found,
                    "stray characters, ignored" if end > pos + 1 else "a stray character, ignored",
                )
                yield Token(Kind.SKIPPED, number, column, text=stray, repair=repair)
                pos = end
            elif self.runs and (
                run
                or (run := _any_run(line, pos))
                or (self.pads and "1" <= char <= "9" and _PADDED.match(line, pos))
            ):
                # a run, or one starting with a comment, a variation (found above) or a
                # blank-padded move
                end = run.end() if run is not None else pos
                if (
                    self.pads
                    and end < length
                    and "1" <= line[end] <= "9"
                    and _PADDED.match(line, end)
                ):
                    text, end = _padded_on(line, pos, end)
                else:
                    text = line[pos:end]
                if (
                    joins
                    and self.carries
                    and self._carries(number, line, end, base, text, (number, column))
                ):
                    return
                yield Token(Kind.RUN, number, column, text=text.rstrip(" "))
                pos = end
            else:
                match = _WORD.match(line, pos)
                assert match is not None  # every other character starts a word
                pos = match.end()
                word = match.group()
                if _MOVE_HEAD.fullmatch(word) and (tail := _join_tail(line, pos)):
                    yield from _split_move(number, column, word + line[pos : tail.end()])
                    pos = tail.end()
                else:
                    yield from _word(number, column, word)


def run_tokens(token: Token) -> Iterator[Token]:
    """The tokens the word-by-word path makes of the items of a RUN token: NUMBER, MOVE
    and NAG tokens for its words, COMMENT, LPAREN and RPAREN tokens for the rest.

    >>> [t.kind.name for t in run_tokens(next(tokenize(["1. 32-28 {c} (2... 1-7)"], True)))]
    ['NUMBER', 'MOVE', 'COMMENT', 'LPAREN', 'NUMBER', 'MOVE', 'RPAREN']
    """
    if "\n" in token.text or PAD in token.text:  # see unmerged_tokens
        for part in unmerged_tokens(token):
            if part.kind is Kind.RUN:
                yield from run_tokens(part)
            elif part.kind is Kind.VARIATION:
                for inner in variation_tokens(part):
                    yield from run_tokens(inner) if inner.kind is Kind.RUN else (inner,)
            else:
                yield part
        return
    row, base = token.line, token.column
    for item in RUN_ITEM.finditer(token.text):
        word, after, comment, paren = item.groups()
        column = base + item.start()
        if word is not None:
            if word[-1] != "." and "." in word:  # a move number glued to its move
                dot = word.rindex(".") + 1
                yield Token(Kind.NUMBER, row, column, value=word[:dot].rstrip("."))
                word, column = word[dot:], column + dot
            if word[-1] == ".":
                yield Token(Kind.NUMBER, row, column, value=word.rstrip("."))
            elif word[0] == "$":
                yield Token(Kind.NAG, row, column, value=word[1:])
            else:
                move, strength = split_marks(word)
                yield Token(
                    Kind.MOVE,
                    row,
                    column,
                    text=move,
                    strength=strength,
                    maybe_result=could_be_move(move),
                )
            if after is not None:
                yield Token(Kind.COMMENT, row, base + item.start(2) - 1, text=after)
        elif comment is not None:
            yield Token(Kind.COMMENT, row, column, text=comment)
        else:
            yield Token(Kind.LPAREN if paren == "(" else Kind.RPAREN, row, column)


def unmerged_tokens(token: Token) -> Iterator[Token]:
    """The tokens of a RUN token whose text holds line ends (a run carried over the ends of
    its lines, see _Lexer._carries) or padded moves (PAD) as the lexer makes them of those
    lines when it carries no run and pads no move: RUN, VARIATION, COMMENT, MOVE..."""
    lexer = _Lexer(True, carries=False, pads=False)
    pieces = token.text.replace(PAD, " ").split("\n")
    row = token.line
    yield from lexer._line(row, pieces[0], token.column)
    for piece in pieces[1:]:
        row += 1
        if lexer.joined is not None:
            yield from lexer._join(piece, row)
        else:
            yield from lexer._line(row, piece)


def variation_tokens(token: Token) -> Iterator[Token]:
    """The tokens of a VARIATION token, line by line (RUN, COMMENT, LPAREN, RPAREN...),
    as the lexer makes them of those lines without looking for variations over lines."""
    lexer = _Lexer(True, joins=False)
    for offset, line in enumerate(token.text.split("\n")):
        yield from lexer._line(token.line + offset, line, token.column if not offset else 1)
    if lexer.comment is not None:  # not in a VARIATION token (VARIATION_RUN)
        yield lexer._open_comment(closed=False)


def tokenize(lines: Iterable[Line], runs: bool = False) -> Iterator[Token]:
    """The tokens of decoded ``lines``, ending with one ``EOF`` token; with ``runs``, plain
    move numbers and moves come grouped in ``RUN`` tokens (the reader's fast path).

    >>> [(t.kind.name, t.text) for t in tokenize(["1. 32-28  19-23 2. 28x19 {!}"], runs=True)]
    [('RUN', '1. 32-28  19-23 2. 28x19 {!}'), ('EOF', '')]
    """
    return _Lexer(runs).tokens(lines)
