"""Reading PDN games: lenient, streaming, one game at a time.

The model is python-chess's PGN reader: one damaged game never stops a file. Every
problem becomes a :class:`~arbiter.errors.PdnSyntaxError` in the game's ``errors`` and
the game keeps what could be read. After a word that is not PDN at all, the rest of the
game is skipped up to its result token or the next tag (the resynchronisation point);
smaller faults (a broken tag line, a stray ``)``, an annotation with no move) are noted and
reading goes on.

Game boundaries (docs/rules/pdn.md §1, §6): a result token or ``*`` ends a game; a tag after
movetext starts a new game even when the previous one had no result (corpus: 40Camp game
11). A game with moves but no result token is reported, at the place where the next game
or the end of the file interrupted it. A word such as ``4-6`` is a move unless it repeats
the game's ``Result`` tag and is followed by the next game or the end of the file (the
match score of ``fail/delfts.pdn``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from arbiter.errors import PdnSyntaxError
from arbiter.pdn.builder import _GameBuilder
from arbiter.pdn.encoding import Source, iter_lines
from arbiter.pdn.lexer import tokenize, unmerged_tokens, variation_tokens
from arbiter.pdn.model import (
    LazyVariation,
    PdnGame,
    PdnMove,
    PdnSetup,
    made_move,
)
from arbiter.pdn.movetree import (
    COMMENTED_MOVE,
    DIGITS,
    MARKED_COMMENTED_MOVE,
    MARKED_VARIED_MOVE,
    PLAIN_VARIATION,
    VARIED_MOVE,
    Node,
    add_nag,
    add_variation,
    frozen_line,
    is_setup,
    number_at_end,
    plain_variation,
    set_variations,
)
from arbiter.pdn.runs import (
    PAD,
    RUN_DEPTH,
    RUN_ITEM,
    STRENGTH_MARKS,
    may_be_marked,
    run_maybe_result,
    split_marks,
    split_run,
)
from arbiter.pdn.tokens import Kind, Token

_SPACES = re.compile(" *+")
_BLANKS = re.compile("[ \n]*+")
# A glyph of a run (after a move: arbiter.pdn.runs), the comment after it when there is one
# (group 2) and the blanks around them: what the fast loops of walked_run and commented_run
# take between their moves.
_GLYPH = re.compile(r"\$([0-9]++)(?:[ \n]*+\{([^{}]*+)\})?[ \n]*+")

# PDN 3.0 asks for $7 instead of a '*' glued to a move (docs/rules/pdn.md §5): a forced move.
FORCED_MOVE_NAG = 7

#: The deepest nesting of variations read. Deeper input is not a record anyone wrote (a
#: real file nests a handful of levels); refusing it keeps every recursive walk over the
#: moves (freezing, writing, displaying) far below Python's recursion limit.
MAX_VARIATION_DEPTH = 64

#: The most a game may hold: moves (variations included), comments (one more per 64
#: characters), annotations, tags, warnings. The longest real games hold a few hundred;
#: past this the rest of the game is skipped with an error, so that a game's memory is
#: bounded (about 10 MB) whatever the input. It is checked between tokens: a run of moves
#: (at most one piece of a line, see arbiter.pdn.encoding.MAX_PIECE) may go past it.
MAX_GAME_ITEMS = 50_000


class _GameReader(_GameBuilder):
    """Builds one game from tokens; ``feed`` returns False once the game has ended."""

    def feed(self, token: Token, following: Token) -> bool:
        kind = token.kind
        if (
            (kind is Kind.RUN or kind is Kind.VARIATION)
            and token.repair is None
            and not self.skipping
            # a run counts at most one item per character: no item of it is past the bound
            and self.size + len(token.text) <= MAX_GAME_ITEMS
            and following.kind is not Kind.TAG
            and following.kind is not Kind.EOF
        ):
            # most tokens: what the general path below and movetext_token do with them
            self.movetext, self.after_number = True, False
            if kind is Kind.RUN:
                self.run(token)
            else:
                self.variation(token)
            return True
        if kind is Kind.RUN and ("\n" in token.text or PAD in token.text):
            # a run carried over line ends or holding a padded move: its tokens, each
            # checked here
            going = True
            for item, after in _with_following(_unmerged(token), following):
                going = self.feed(item, after)
            return going
        if token.repair is not None and (kind is Kind.TAG or not self.skipping):
            self.repair(token, token.repair)
        if self.size > MAX_GAME_ITEMS and not self.skipping:
            self.error(
                token,
                f"a game of at most {MAX_GAME_ITEMS:,} moves, comments and annotations",
                "more: the rest of the game is skipped",
            )
            self.skipping = self.movetext = True
        if kind is Kind.RUN and following.kind in (Kind.TAG, Kind.EOF) and run_maybe_result(token):
            # Its last move ("4-6") may be the result (see above): read it as a MOVE token.
            run, move = split_run(token)
            if run is not None:
                self.feed(run, move)
            return self.feed(move, following)
        if kind is Kind.COMMENT:
            if not self.skipping:
                self.comment(token, following)
        elif kind is Kind.TAG:
            self.size += 1
            self.game.tags[token.text] = token.value
            self.game.tag_places[token.text] = (token.line, token.column)
        elif kind is Kind.EOF:
            self.finish(token)
            return False
        elif kind is Kind.RESULT or (
            token.maybe_result
            and following.kind in (Kind.TAG, Kind.EOF)
            and token.text == self.game.tag("Result")
        ):
            self.result(token)
            return False
        elif self.skipping or kind is Kind.SKIPPED:
            pass
        elif kind is Kind.BAD:
            self.error(token, token.expected, repr(token.text))
            self.skipping = token.resync
            self.movetext = self.movetext or token.resync
        else:
            self.movetext = True
            self.movetext_token(token)
        return True

    def movetext_token(self, token: Token) -> None:
        kind = token.kind
        after_number, self.after_number = self.after_number, False
        if kind is Kind.RUN:
            self.run(token)
        elif kind is Kind.VARIATION:
            self.variation(token)
        elif kind is Kind.NUMBER:
            self.number = self.read_number(token, token.value)
            self.after_number = True
        elif kind is Kind.ELLIPSIS and after_number:
            pass  # "1. ... 7-12": the first player's move is skipped (docs/rules/pdn.md §6)
        elif kind in (Kind.MOVE, Kind.UNKNOWN, Kind.ELLIPSIS):
            if kind is not Kind.MOVE and self.strict:
                self.error(token, "a move")
            self.add(
                PdnMove(
                    "-" if kind is Kind.ELLIPSIS else token.text,
                    token.line,
                    token.column,
                    number=self.number,
                    strength=token.strength,
                    nags=(FORCED_MOVE_NAG,) if token.forced else (),
                    unknown=kind is not Kind.MOVE,
                )
            )
            self.number = None
        elif kind is Kind.SETUP:
            self.add(PdnSetup(token.value, token.line, token.column))
        elif kind in (Kind.NAG, Kind.STRENGTH):
            self.annotate(token)
        elif kind is Kind.LPAREN:
            line = self.lines[-1]
            if len(self.lines) > MAX_VARIATION_DEPTH:
                self.error(token, f"variations nested at most {MAX_VARIATION_DEPTH} deep", "'('")
                self.skipping = True
                return
            if not line or is_setup(line[-1]):
                self.error(token, "a move before the variation")
            self.size += 1
            self.lines.append([])
            self.opened.append(token)
            self.pending_comments = []
        elif kind is Kind.RPAREN:
            self.close_variation(token)

    def run(self, token: Token) -> None:
        """The items of a RUN token (move numbers, moves, comments, variations): what their
        NUMBER, MOVE, COMMENT, LPAREN and RPAREN tokens would do one by one."""
        text = token.text
        if "(" in text:
            self.walked_run(token)
            return
        if "{" in text:
            self.commented_run(token)
            return
        # move numbers and moves only: the words between single spaces ("" between two),
        # line by line (a run carried over line ends)
        line = self.lines[-1]
        # Only the first move of a variation needs add (the comments before it).
        add = line.append if line or len(self.lines) == 1 else self.add
        row, column, number = token.line, token.column, self.number
        padded = PAD in text  # a blank-padded move ("9- 3"), its blanks made PAD
        # a move's strength marks or glyphs ("32-28!", "32-28 $1"): no comment here
        marked = may_be_marked(text)
        for piece in text.split("\n"):
            words = piece.split(" ")
            self.size += len(words)
            for word in words:
                if not word:
                    pass  # between two spaces
                elif word[-1] == ".":
                    digits = word.rstrip(".")
                    number = (
                        int(digits)
                        if len(digits) < 19
                        else self.read_number(Token(Kind.NUMBER, row, column), digits)
                    )
                elif "." in word:  # a move number glued to its move ("01.34-29")
                    dot = word.rindex(".") + 1
                    move, glued = word[dot:], int(word[:dot].rstrip("."))
                    strength = None
                    if marked and move[-1] in STRENGTH_MARKS:
                        move, strength = split_marks(move)
                    add(made_move(move, row, column + dot, glued, strength))
                    number = None
                elif not marked:
                    add(made_move(word.replace(PAD, "") if padded else word, row, column, number))
                    number = None
                elif word[0] == "$":  # a glyph: after a move (arbiter.pdn.runs)
                    add_nag(line, int(word[1:]))
                elif word[-1] in STRENGTH_MARKS:
                    move, strength = split_marks(word)
                    add(made_move(move, row, column, number, strength))
                    number = None
                else:
                    add(made_move(word.replace(PAD, "") if padded else word, row, column, number))
                    number = None
                column += len(word) + 1
            row, column = row + 1, 1
        self.number = number
        self.after_number = number is not None  # a run ends with a move or a number

    def variation(self, token: Token) -> None:
        """A variation written over lines (a VARIATION token): kept unread as a run keeps
        one when it reads without a word to report, else its tokens one by one."""
        lines = self.lines
        line = lines[-1]
        flat = token.text.replace("\n", " ")
        if (
            self.lazy
            and line
            and not is_setup(line[-1])
            and len(lines) + RUN_DEPTH <= MAX_VARIATION_DEPTH
            and PLAIN_VARIATION.fullmatch(flat)
        ):
            end = len(flat)
            pending = self.number
            self.size += flat.count(" ") + 1
            self.number = None if flat[end - 2] in DIGITS else number_at_end(flat, end)
            self.after_number = False
            self.pending_comments = []
            add_variation(
                line,
                LazyVariation(_read_joined, token.text, token.line, token.column, pending),
            )
            return
        tokens = list(variation_tokens(token))
        for item, following in zip(tokens, [*tokens[1:], tokens[-1]], strict=True):
            self.feed(item, following)

    def annotated_run(self, token: Token, begin: int = 0) -> None:
        """:meth:`run` for a run that holds comments or variations: its items one by one,
        from ``begin`` in its text (where an item starts)."""
        lines = self.lines
        line = lines[-1]
        # Only the first move of a variation needs add (the comments before it).
        append, direct = line.append, bool(line) or len(lines) == 1
        row, base, number, after = token.line, token.column, self.number, self.after_number
        size = 0
        text = token.text
        marked = may_be_marked(text)  # strength marks or glyphs ("32-28!", "32-28 $1")
        strength: str | None = None
        start: int | None = begin  # where the items are read from; None once all are read
        while start is not None:
            items, start = RUN_ITEM.finditer(text, start), None
            for item in items:
                word, comment = item.group(1, 2)
                if word is not None:
                    size += 1
                    at = base + item.start()
                    if word[-1] != "." and "." in word:  # a move number glued to its move
                        dot = word.rindex(".") + 1
                        number, word, at = int(word[:dot].rstrip(".")), word[dot:], at + dot
                    if marked:
                        if word[0] == "$":  # a glyph: after a move (arbiter.pdn.runs)
                            add_nag(lines[-1], int(word[1:]))
                            if comment is None:
                                continue
                            word = ""  # its comment: the token's own path, below
                        word, strength = split_marks(word)
                    if not word:
                        at = base + item.start(2) - 1
                    elif word[-1] == ".":
                        digits = word.rstrip(".")
                        if len(digits) < 19:
                            number = int(digits)
                        else:
                            number = self.read_number(
                                Token(Kind.NUMBER, row, base + item.start()), digits
                            )
                        after = True
                        if comment is None:
                            continue
                        at = base + item.start(2) - 1  # a comment after a number: the token's
                    elif not direct:  # the first move of a variation, then any comment
                        self.add(made_move(word, row, at, number, strength))
                        number, after, direct = None, False, True
                        if comment is None:
                            continue
                        at = base + item.start(2) - 1
                    elif comment is None:
                        append(made_move(word, row, at, number, strength))
                        number, after = None, False
                        continue
                    else:  # a move and its comment, made at once
                        size += 1 + (len(comment) >> 6)
                        append(made_move(word, row, at, number, strength, (), (comment,)))
                        number, after = None, False
                        continue
                else:
                    comment, at = item.group(3), base + item.start()
                    if (
                        comment is None
                        and self.lazy
                        and item.group(4) == "("
                        and direct
                        and line
                        and not is_setup(line[-1])
                        and len(lines) + RUN_DEPTH <= MAX_VARIATION_DEPTH
                        and (plain := plain_variation(text, item.start()))
                    ):
                        # a variation that reads without a word to report: kept unread
                        pending = number
                        start, count, number = plain
                        size += count
                        variation = LazyVariation(
                            _read_variation, text, item.start(), start, row, at, pending
                        )
                        add_variation(line, variation)
                        after, self.pending_comments = False, []
                        break  # the items after it
                # a comment or a variation: the token's own path
                self.size += size
                size = 0
                self.number, self.after_number = number, after
                if comment is not None:
                    self.comment(Token(Kind.COMMENT, row, at, text=comment), token)
                elif item.group(4) == "(":
                    self.movetext_token(Token(Kind.LPAREN, row, at))
                    if self.skipping:
                        return
                else:
                    self.movetext_token(Token(Kind.RPAREN, row, at))
                number, after = self.number, self.after_number
                line = lines[-1]
                append, direct = line.append, bool(line) or len(lines) == 1
        self.size += size
        self.number, self.after_number = number, after

    def walked_run(self, token: Token) -> None:
        """:meth:`annotated_run` for a run with comments or variations, walked from one
        brace or parenthesis to the next (``str.find``) with the words between them cut at
        their blanks (``str.split``) rather than matched item by item: the same moves,
        comments, move numbers, places and sizes (tests/arbiter/pdn/test_fast_read.py). A
        variation is kept unread as annotated_run keeps it; at a variation it must read,
        or a ')', annotated_run reads the rest of the run."""
        text = token.text
        lines = self.lines
        line = lines[-1]
        # Only the first move of a variation needs add (the comments before it).
        append, direct = line.append, bool(line) or len(lines) == 1
        row, base, number, after = token.line, token.column, self.number, self.after_number
        size = 0
        # variations open in a run stay open in it: whether one may be kept unread
        lazy = self.lazy and len(lines) + RUN_DEPTH <= MAX_VARIATION_DEPTH
        # a run carried over line ends: the next line end not yet passed (see _passed)
        ahead = text.find("\n") % (len(text) + 1)
        lined = ahead < len(text)
        marked = may_be_marked(text)  # strength marks or glyphs ("32-28!", "32-28 $1")
        if lazy and direct:
            # the commonest items first, one match each: a numeric move, the move number
            # before it and the variation kept unread after it when there are (what the loop
            # below makes of them); the rest of the run, from the first other item, by it
            pos, match = 0, (MARKED_VARIED_MOVE if marked else VARIED_MOVE).match
            limit, held_comments = len(text) + 1, self.pending_comments
            while True:
                item = match(text, pos)
                if item is None:
                    start = _BLANKS.match(text, pos).end()  # type: ignore[union-attr]
                    char = text[start : start + 1]
                    if (char == "$" and marked) or char == "{":
                        # a glyph, or a comment (an annotator's remark among an engine's
                        # lines): what the loop below does with them
                        if ahead < start:
                            row, base, ahead = _passed(text, start, row, base, ahead)
                        if char == "$":
                            pos = _glyph(self, token, text, start, row, base)
                            size += 1
                        else:
                            pos = text.index("}", start) + 1
                            said = text[start + 1 : pos - 1]
                            self.comment(Token(Kind.COMMENT, row, base + start, text=said), token)
                        continue
                    if not (
                        text.startswith("(", start)
                        and line
                        and (type(last := line[-1]) is PdnMove or not is_setup(last))
                        and (plain := PLAIN_VARIATION.match(text, start))
                    ):
                        break
                    # a variation first in the run or after another: kept unread as well
                    # (what the loop below does with it)
                    end, pending = plain.end(), number
                    size += text.count(" ", start, end) + 1
                    if ahead < start:
                        row, base, ahead = _passed(text, start, row, base, ahead)
                    column = base + start
                    if ahead < end:  # over lines: what a VARIATION token makes of it
                        size += text.count("\n", start, end)
                        variation = LazyVariation(
                            _read_joined_span, text, start, end, row, column, pending
                        )
                        row, base, ahead = _passed(text, end, row, base, ahead)
                    else:
                        variation = LazyVariation(
                            _read_variation, text, start, end, row, column, pending
                        )
                    if type(last) is PdnMove:
                        set_variations(last, (*last.variations, variation))
                    else:
                        add_variation(line, variation)
                    number = None if text[end - 2] in DIGITS else number_at_end(text, end)
                    if held_comments:
                        self.pending_comments = held_comments = []
                    pos = end
                    continue
                digits, word, varied = item.groups()
                if digits is not None:
                    number = int(digits)
                    size += 1
                at = item.start(2)
                if ahead < at:
                    row, base, ahead = _passed(text, at, row, base, ahead)
                if marked and word[-1] in STRENGTH_MARKS:
                    word, strength = split_marks(word)
                else:
                    strength = None
                if varied is None:
                    size += 1
                    append(made_move(word, row, base + at, number, strength))
                    number = None
                else:
                    start, end = item.span(3)
                    move_row, move_column = row, base + at
                    if ahead < start:
                        row, base, ahead = _passed(text, start, row, base, ahead)
                    # the move, and the variation counted in its own text (str.count with
                    # no bounds to parse)
                    if ahead < end:  # over lines: what a VARIATION token makes of it
                        size += varied.count(" ") + varied.count("\n") + 2
                        variation = LazyVariation(
                            _read_joined_span, text, start, end, row, base + start, None
                        )
                        # the line ends inside it (_passed, inlined: most engine lines
                        # are cut by one)
                        while ahead < end:
                            row, base = row + 1, -ahead
                            ahead = text.find("\n", ahead + 1) % limit
                    else:
                        size += varied.count(" ") + 2
                        variation = LazyVariation(
                            _read_variation, text, start, end, row, base + start, None
                        )
                    append(
                        made_move(
                            word, move_row, move_column, number, strength, (), (), (variation,)
                        )
                    )
                    # after a move (its last digit before the ')'), no move number is pending
                    number = None if text[end - 2] in DIGITS else number_at_end(text, end)
                    if held_comments:
                        self.pending_comments = held_comments = []
                pos = item.end()
            if pos:
                after = False
                if pos == len(text):
                    self.size += size
                    self.number, self.after_number = number, after
                    return
                if ahead < pos:
                    row, base, ahead = _passed(text, pos, row, base, ahead)
                base += pos
                text = text[pos:]
                token = Token(Kind.RUN, row, base, text=text)
        if (lined and "\n" in text) or PAD in text:
            self.size += size
            self.number, self.after_number = number, after
            self.unmerged(token)
            return
        if marked:  # the rest item by item, where the words may hold marks or be glyphs
            self.size += size
            self.number, self.after_number = number, after
            self.annotated_run(token)
            return
        length = len(text)
        pos = 0  # where the words to read next start
        brace, paren = text.find("{"), text.find("(")
        while True:
            if brace < 0 and paren < 0:
                stop = length
            elif brace < 0 or 0 <= paren < brace:
                stop = paren
            else:
                stop = brace
            outside = text[pos:stop]
            if ")" in outside:
                break  # a variation opened before the run ends in it: annotated_run
            comment = None
            if stop == brace:
                close = text.index("}", stop)
                comment = text[stop + 1 : close]
            words = outside.split(" ")
            paired = -1
            if comment is not None:
                # the last word, when there is one, takes the comment (RUN_ITEM's group 2)
                paired = len(words) - 1
                while paired >= 0 and not words[paired]:
                    paired -= 1
            column = base + pos
            for i, word in enumerate(words):
                if not word:
                    column += 1
                    continue
                size += 1
                if word[-1] == ".":
                    digits = word.rstrip(".")
                    number = (
                        int(digits)
                        if len(digits) < 19
                        else self.read_number(Token(Kind.NUMBER, row, column), digits)
                    )
                    after = True
                    column += len(word) + 1
                    continue
                if "." in word:  # a move number glued to its move ("01.34-29")
                    dot = word.rindex(".") + 1
                    number, word, column = int(word[:dot].rstrip(".")), word[dot:], column + dot
                if not direct:  # the first move of a variation, then any comment
                    self.add(made_move(word, row, column, number))
                    number, after, direct = None, False, True
                elif i != paired:
                    append(made_move(word, row, column, number))
                    number, after = None, False
                else:  # a move and its comment, made at once
                    assert comment is not None  # paired is -1 without one
                    size += 1 + (len(comment) >> 6)
                    append(made_move(word, row, column, number, None, (), (comment,)))
                    number, after = None, False
                    comment = None
                column += len(word) + 1
            if stop == length:
                self.size += size
                self.number, self.after_number = number, after
                return
            if stop == brace:
                if comment is not None:  # alone, or after a move number: the token's own path
                    self.size += size
                    size = 0
                    self.number, self.after_number = number, after
                    self.comment(Token(Kind.COMMENT, row, base + stop, text=comment), token)
                    number, after = self.number, self.after_number
                    line = lines[-1]
                    append, direct = line.append, bool(line) or len(lines) == 1
                pos = close + 1
            elif (
                lazy
                and direct
                and line
                and (type(last := line[-1]) is PdnMove or not is_setup(last))
                and (plain := PLAIN_VARIATION.match(text, stop))
            ):
                # a variation that reads without a word to report: kept unread (what
                # plain_variation and add_variation do, inline: most variations are these)
                pending = number
                pos = plain.end()
                size += text.count(" ", stop, pos) + 1
                # after a move (its last digit before the ')'), no move number is pending
                number = None if text[pos - 2] in DIGITS else number_at_end(text, pos)
                variation = LazyVariation(
                    _read_variation, text, stop, pos, row, base + stop, pending
                )
                if type(last) is PdnMove:
                    set_variations(last, (*last.variations, variation))
                else:
                    add_variation(line, variation)
                after = False
                if self.pending_comments:
                    self.pending_comments = []
            else:
                pos = stop
                break  # a variation to read now: annotated_run
            if 0 <= brace < pos:
                brace = text.find("{", pos)
            if 0 <= paren < pos:
                paren = text.find("(", pos)
                if paren < 0 and brace >= 0:  # comments left only: commented_run
                    self.size += size
                    self.number, self.after_number = number, after
                    self.commented_run(Token(Kind.RUN, row, base + pos, text=text[pos:]))
                    return
        # the rest of the run, item by item, from ``pos``
        self.size += size
        self.number, self.after_number = number, after
        self.annotated_run(token, pos)

    def commented_run(self, token: Token) -> None:
        """:meth:`annotated_run` for a run with comments and no variation (an engine's
        record: a comment after every move), or the rest of a run after its last variation:
        the text cut at its braces and blanks (``str.split``) instead of matched item by
        item, the same moves, comments, move numbers, places and sizes
        (tests/arbiter/pdn/test_fast_read.py)."""
        lines = self.lines
        line = lines[-1]
        # Only the first move of a variation needs add (the comments before it).
        append, direct = line.append, bool(line) or len(lines) == 1
        row, base, number, after = token.line, token.column, self.number, self.after_number
        size = 0
        text = token.text
        # a run carried over line ends: the next line end not yet passed (see _passed)
        ahead = text.find("\n") % (len(text) + 1)
        lined = ahead < len(text)
        marked = may_be_marked(text)  # strength marks or glyphs ("32-28!", "32-28 $1")
        if direct:
            # the commonest items first, one match each: a numeric move, the move number
            # before it and the comment after it when there are (what the loop below makes
            # of them); the rest of the run, from the first other item, by the loop
            pos, match = 0, (MARKED_COMMENTED_MOVE if marked else COMMENTED_MOVE).match
            if text[0] == "{":  # a comment alone first (a line's): the token's own path
                pos = text.index("}") + 1
                self.comment(Token(Kind.COMMENT, row, base, text=text[1 : pos - 1]), token)
            while True:
                item = match(text, pos)
                if item is None:
                    if not (marked and text.startswith("$", pos)):
                        break
                    if ahead < pos:
                        row, base, ahead = _passed(text, pos, row, base, ahead)
                    pos = _glyph(self, token, text, pos, row, base)
                    size += 1
                    continue
                digits, word, said = item.groups()
                if digits is not None:
                    number = int(digits)
                    size += 1
                at = item.start(2)
                if ahead < at:
                    row, base, ahead = _passed(text, at, row, base, ahead)
                if marked and word[-1] in STRENGTH_MARKS:
                    word, strength = split_marks(word)
                else:
                    strength = None
                if said is None:
                    append(made_move(word, row, base + at, number, strength))
                    size += 1
                else:
                    append(made_move(word, row, base + at, number, strength, (), (said,)))
                    size += 2 + (len(said) >> 6)
                number, after, pos = None, False, item.end()
            if pos:
                if pos == len(text):
                    self.size += size
                    self.number, self.after_number = number, after
                    return
                if ahead < pos:
                    row, base, ahead = _passed(text, pos, row, base, ahead)
                base += pos
                text = text[pos:]
        if (lined and "\n" in text) or PAD in text:
            self.size += size
            self.number, self.after_number = number, after
            self.unmerged(Token(Kind.RUN, row, base, text=text))
            return
        if marked:  # the rest item by item, where the words may hold marks or be glyphs
            self.size += size
            self.number, self.after_number = number, after
            self.annotated_run(Token(Kind.RUN, row, base, text=text))
            return
        pieces = text.split("{")
        outside, last = pieces[0], len(pieces) - 1
        column = base  # where ``outside`` starts
        comment: str | None
        following: str | None
        for index in range(last + 1):
            # ``outside``, then the comment that follows it (None after the last piece)
            if index < last:
                comment, _, following = pieces[index + 1].partition("}")
            else:
                comment = following = None
            brace = column + len(outside)  # the column of the comment's '{'
            after_brace = brace + 2 + (len(comment) if comment is not None else 0)
            words = outside.split(" ")
            # the last word, when there is one, takes the comment (RUN_ITEM's group 2)
            paired = len(words) - 1
            while paired >= 0 and not words[paired]:
                paired -= 1
            for i, word in enumerate(words):
                if not word:
                    column += 1
                    continue
                said = comment if i == paired else None
                size += 1
                if word[-1] == ".":
                    digits = word.rstrip(".")
                    number = (
                        int(digits)
                        if len(digits) < 19
                        else self.read_number(Token(Kind.NUMBER, row, column), digits)
                    )
                    after = True
                    column += len(word) + 1
                    continue
                if "." in word:  # a move number glued to its move ("01.34-29")
                    dot = word.rindex(".") + 1
                    number, word, column = int(word[:dot].rstrip(".")), word[dot:], column + dot
                if not direct:  # the first move of a variation, then any comment
                    self.add(made_move(word, row, column, number))
                    number, after, direct = None, False, True
                elif said is None:
                    append(made_move(word, row, column, number))
                    number, after = None, False
                else:  # a move and its comment, made at once
                    size += 1 + (len(said) >> 6)
                    append(made_move(word, row, column, number, None, (), (said,)))
                    number, after = None, False
                    comment = None
                column += len(word) + 1
            if comment is not None:  # alone, or after a move number: the token's own path
                self.size += size
                size = 0
                self.number, self.after_number = number, after
                self.comment(Token(Kind.COMMENT, row, brace, text=comment), token)
                number, after = self.number, self.after_number
                line = lines[-1]
                append, direct = line.append, bool(line) or len(lines) == 1
            if following is not None:
                outside = following
                column = after_brace
        self.size += size
        self.number, self.after_number = number, after

    def unmerged(self, token: Token) -> None:
        """The rest of a run carried over line ends or holding a padded move (``token``,
        from an item of it), read from its tokens (see _unmerged)."""
        for item, following in _with_following(_unmerged(token), token):
            self.feed(item, following)


def _glyph(reader: _GameReader, token: Token, text: str, pos: int, row: int, base: int) -> int:
    """Add the glyph at ``pos`` of the run ``text`` (of ``token``; ``pos`` at ``row``, column
    ``base + pos``) to the last move of ``reader``, and the comment after it when there is
    one, as the COMMENT token's own path does (the token placed at the glyph: a comment's
    place is not kept, and a closed one reports nothing); where they end, with the blanks
    after them. The caller counts the glyph's size."""
    glyph = _GLYPH.match(text, pos)
    assert glyph is not None  # a run's '$' starts a glyph (arbiter.pdn.runs)
    add_nag(reader.lines[-1], int(glyph[1]))
    if glyph[2] is not None:
        reader.comment(Token(Kind.COMMENT, row, base + pos, text=glyph[2]), token)
    return glyph.end()


def _read_variation(
    text: str, start: int, end: int, row: int, column: int, number: int | None
) -> tuple[PdnMove | PdnSetup, ...]:
    """The variation ``text[start:end]`` (from its '(' to its ')', at ``row``, ``column``)
    read as the reader would have read it where it stands, ``number`` pending before it."""
    reader = _GameReader(0, Token(Kind.RUN, row, column))
    parent = made_move("", row, column, None)
    reader.lines = [[parent]]
    reader.number, reader.movetext, reader.lazy = number, True, False
    reader.annotated_run(Token(Kind.RUN, row, column, text=text[start:end]))
    node = reader.lines[0][0]
    assert isinstance(node, Node) and not reader.game.errors and not reader.game.warnings
    (variation,) = node.variations
    return tuple(frozen_line(variation))


def _read_joined(
    text: str, row: int, column: int, number: int | None
) -> tuple[PdnMove | PdnSetup, ...]:
    """The variation of a VARIATION token (``text``, at ``row``, ``column``) read as the
    reader would have read it where it stands, ``number`` pending before it."""
    reader = _GameReader(0, Token(Kind.RUN, row, column))
    reader.lines = [[made_move("", row, column, None)]]
    reader.number, reader.movetext, reader.lazy = number, True, False
    reader.variation(Token(Kind.VARIATION, row, column, text=text))
    node = reader.lines[0][0]
    assert isinstance(node, Node) and not reader.game.errors and not reader.game.warnings
    (variation,) = node.variations
    return tuple(frozen_line(variation))


def _passed(text: str, pos: int, row: int, base: int, ahead: int) -> tuple[int, int, int]:
    """The line (``row``) and the column of ``text[0]`` (``base``, so that ``base + i`` is
    the column of ``text[i]``) at ``pos`` of a run carried over line ends, the line ends
    before ``pos`` passed from ``ahead`` (the first not passed yet), and the next one
    (``len(text)`` when there is none)."""
    while ahead < pos:
        row, base = row + 1, -ahead
        ahead = text.find("\n", ahead + 1) % (len(text) + 1)
    return row, base, ahead


def _unmerged(token: Token) -> list[Token]:
    """The tokens of a RUN token (or of the rest of one) that a run's fast loops leave:
    carried over line ends or holding a padded move (unmerged_tokens)."""
    return list(unmerged_tokens(token))


def _with_following(tokens: list[Token], last: Token) -> Iterator[tuple[Token, Token]]:
    """Each of ``tokens`` with the token that follows it, ``last`` after the last."""
    return zip(tokens, [*tokens[1:], last], strict=False)


def _read_joined_span(
    text: str, start: int, end: int, row: int, column: int, number: int | None
) -> tuple[PdnMove | PdnSetup, ...]:
    """:func:`_read_joined` of the variation ``text[start:end]``, written over lines."""
    return _read_joined(text[start:end], row, column, number)


def _read(tokens: Iterator[Token], strict: bool = False) -> Iterator[PdnGame]:
    index = 1
    token = next(tokens)
    reader = _GameReader(index, token, strict)
    while True:
        following = next(tokens, token)  # the EOF token is its own follower
        if reader.starts_new_game(token):
            reader.finish(token)
            yield reader.game
            index += 1
            reader = _GameReader(index, token, strict)
        if not reader.feed(token, following):
            if not reader.is_empty:
                yield reader.game
                index += 1
            if token.kind is Kind.EOF:
                return
            reader = _GameReader(index, following, strict)
        token = following


def read_games(source: Source, *, strict: bool = False) -> Iterator[PdnGame]:
    """The games of a PDN source, one at a time, in constant memory.

    ``source`` is PDN text (``str`` or ``bytes``), a path (``os.PathLike``; a plain ``str``
    is read as PDN text, never as a file name: pass ``pathlib.Path(name)``) or an open file,
    binary or text. Lines are decoded one by one (UTF-8, else Windows-1252; see
    :mod:`arbiter.pdn.encoding`). Never raises for bad PDN: problems are in each game's
    ``errors``; what was read anyway (a tag missing its closing quote, a note written in
    parentheses...) is in its ``warnings``, or in its ``errors`` with ``strict``.

    >>> [g.result for g in read_games('[Round "1"]\\n1. 32-28 19-23 2-0\\n1. 31-27 *')]
    ['2-0', '*']
    """
    return _read(tokenize(iter_lines(source), runs=True), strict)


def read_game(text: str, *, strict: bool = False) -> PdnGame:
    """The one game written in ``text``.

    Faults inside the game are returned in its ``errors`` like :func:`read_games` does; a
    :class:`PdnSyntaxError` is raised only when ``text`` holds no game or more than one.

    >>> read_game("1. 32-28 {good} 18-23 *").moves[0].comments
    ('good',)
    """
    games = read_games(text, strict=strict)
    game = next(games, None)
    if game is None:
        raise PdnSyntaxError(
            game=1, line=1, column=1, expected="a PDN game", found="no tags and no moves"
        )
    second = next(games, None)
    if second is not None:
        raise PdnSyntaxError(
            game=2,
            line=second.line,
            column=1,
            expected="a single game (use read_games for a file)",
            found="a second game",
        )
    return game
