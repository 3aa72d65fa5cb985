"""One PDN game as the reader builds it: what the game holds so far (its lines of moves,
the variations open, the comments waiting for a move), the steps that add to it (moves,
annotations, comments, a variation closed, the result) and the errors and warnings it
reports. The reading of tokens is in :mod:`arbiter.pdn.reader`."""

from __future__ import annotations

from dataclasses import replace

from arbiter.errors import PdnSyntaxError
from arbiter.numerals import read_number
from arbiter.pdn.model import PdnGame, PdnMove, PdnSetup, PdnWarning, made_move
from arbiter.pdn.movetree import Entry, frozen_line, is_setup, last_node, set_comments
from arbiter.pdn.results import GAME_RESULTS, normalize_result
from arbiter.pdn.tokens import Kind, Token, describe


class _GameBuilder:
    """One game being built: its state and the steps that add to it."""

    def __init__(self, index: int, first: Token, strict: bool = False) -> None:
        self.game = PdnGame(index=index, line=first.line)
        self.strict = strict
        self.size = 0  # what the game holds, counted as MAX_GAME_ITEMS counts it
        self.lines: list[list[Entry]] = [[]]  # the main line, then open variations
        self.opened: list[Token] = []  # the '(' of each open variation
        self.pending_comments: list[str] = []
        self.number: int | None = None
        self.after_number = False
        self.movetext = False
        self.skipping = False
        # whether a variation that reads without a word to report is kept unread (see
        # LazyVariation); a reader that reads one of them reads its inner ones at once
        self.lazy = True

    def error(self, token: Token, expected: str, found: str | None = None) -> None:
        self.size += 1
        self.game.errors.append(
            PdnSyntaxError(
                game=self.game.index,
                line=token.line,
                column=token.column,
                expected=expected,
                found=describe(token) if found is None else found,
            )
        )

    def repair(self, token: Token, repair: tuple[str, str, str]) -> None:
        """A deviation read anyway: a warning, or an error in strict mode."""
        expected, found, assumed = repair
        self.size += 1
        if self.strict:
            self.error(token, expected, found)
        else:
            self.game.warnings.append(
                PdnWarning(token.line, token.column, expected, found, assumed)
            )

    @property
    def is_empty(self) -> bool:
        game = self.game
        return not (
            game.tags or self.movetext or game.errors or game.warnings or game.result is not None
        )

    def starts_new_game(self, token: Token) -> bool:
        return token.kind is Kind.TAG and (self.movetext or self.skipping)

    def add(self, entry: PdnMove | PdnSetup) -> None:
        """Append to the current line; the first entry of a variation takes the comments
        written before it."""
        line = self.lines[-1]
        self.size += 1
        if not line and len(self.lines) > 1:
            comments, self.pending_comments = self.pending_comments, []
            if comments and isinstance(entry, PdnMove):
                entry = made_move(
                    entry.text,
                    entry.line,
                    entry.column,
                    entry.number,
                    entry.strength,
                    entry.nags,
                    entry.comments,
                    entry.variations,
                    entry.unknown,
                    tuple(comments),
                )
            elif comments:
                entry = replace(entry, comments_before=tuple(comments))
        line.append(entry)

    def annotate(self, token: Token) -> None:
        self.size += 1
        line = self.lines[-1]
        if not line or is_setup(line[-1]):
            self.error(token, "a move before the annotation")
        elif token.kind is Kind.NAG:
            nag = read_number(token.value)
            if nag is None:
                self.repair(token, ("a NAG of digits 0-9", f"${token.value}", "no NAG"))
            else:
                last_node(line).nags.append(nag)
        elif (node := last_node(line)).strength is None:
            node.strength = token.text
        else:
            self.error(token, "one move strength per move")

    def comment(self, token: Token, following: Token) -> None:
        self.size += 1 + (len(token.text) >> 6)
        if not token.closed:
            # Reported where the comment was cut: at the tag line or the end of the file.
            self.error(
                following,
                f"'}}' to close the comment opened at line {token.line}, column {token.column}",
                "the end of the file" if following.kind is Kind.EOF else "a tag line",
            )
        line = self.lines[-1]
        if line and type(last := line[-1]) is PdnMove:
            # a move as read (see add_variation): its comments are set in place
            set_comments(last, (*last.comments, token.text))
        elif line:
            last_node(line).comments.append(token.text)
        elif len(self.lines) > 1:
            self.pending_comments.append(token.text)
        else:
            self.game.comments.append(token.text)

    def read_number(self, token: Token, digits: str) -> int | None:
        number = read_number(digits)
        if number is None:
            found = repr(digits if len(digits) < 20 else digits[:20] + "...")
            self.repair(token, ("a move number of 1 to 18 digits 0-9", found, "no move number"))
        return number

    def close_variation(self, token: Token) -> None:
        if len(self.lines) == 1:
            self.repair(
                token,
                (
                    "a move, a move number or a result",
                    "')' with no '(' open",
                    "a stray character, ignored",
                ),
            )
            return
        opened = self.opened.pop()
        variation = self.lines.pop()
        comments, self.pending_comments = self.pending_comments, []
        parent = self.lines[-1]
        if not parent or is_setup(parent[-1]):
            return  # reported at its '(' already
        if variation:
            last_node(parent).variations.append(variation)
        elif comments:
            last_node(parent).comments.extend(comments)  # "( {comment} )": a valid body, kept
        else:
            self.repair(opened, ("a move inside the variation", "'()'", "no variation"))

    def close_variations(self, token: Token) -> None:
        for opened in reversed(self.opened):
            self.repair(
                token,
                (
                    f"')' to close the variation opened at line {opened.line}, "
                    f"column {opened.column}",
                    describe(token),
                    "the variation closed there",
                ),
            )
        while len(self.lines) > 1:
            self.close_variation(token)

    def result(self, token: Token) -> None:
        """End the game at its result token."""
        text = token.text
        if text not in GAME_RESULTS and not self.skipping:
            canonical = normalize_result(text)
            assumed = (
                f"the result {canonical}"
                if canonical in GAME_RESULTS
                else f"the end of the game (the Result tag says {self.game.tag('Result')!r})"
            )
            expected = "a game result: 2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, 0-0 or *"
            self.repair(token, (expected, repr(text), assumed))
        self.close_variations(token)
        self.game.result = text
        self.finish(token)

    def finish(self, token: Token) -> None:
        """End the game at ``token``: the result, the next game's tag, or the end."""
        if self.after_number and not self.skipping:
            expected = f"a move after the move number {self.number}"
            self.repair(token, (expected, describe(token), "no move there"))
        if self.game.result is None:
            self.close_variations(token)
            if self.movetext and not self.skipping and token.kind is not Kind.EOF:
                # PDN 3.0 ends a game with a result only when another one follows it
                tag = self.game.tag("Result")
                assumed = (
                    f"the end of the game, with the Result tag's {tag!r}"
                    if tag
                    else "the end of the game, with no result"
                )
                self.repair(token, ("a result or '*' to end the game", describe(token), assumed))
        self.game.moves = frozen_line(self.lines[0])
