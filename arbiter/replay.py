"""Replay a recorded game move by move and judge it: :func:`replay` returns a Verdict.

The replay checks every move of the main line against the rules of the game's variant,
stops at the first move that is illegal, ambiguous or unknown, watches the variant's draw
rules after every ply, and notices when the game ended on the board (the game's own
ending, :meth:`arbiter.game.GameBoard.ending`: in draughts the side to move has no legal
move and has lost, docs/rules/international.md §5.1, russian.md §3, english.md §2.5, or
won in a giveaway variant, antidraughts.md §2; or an automatic draw, international.md §6,
russian.md §4). Any game that follows :class:`arbiter.game.GameBoard` is
replayed the same way.
Plies recorded after such an end are counted, not verified. The record's result is then
compared with what the board decided.

    >>> from arbiter.pdn import read_games
    >>> game = next(read_games('[GameType "20"] 1. 32-28 19-23 2. 28x19 14x23 *'))
    >>> verdict = replay(game)
    >>> verdict.verdict, verdict.plies, verdict.final_fen[:9]
    ('legal', 4, 'W:W31,33,')
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from arbiter.draws import NOTE_7_2_9, DrawRule, rules_for
from arbiter.errors import (
    AmbiguousMoveError,
    ArbiterError,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
    UnknownVariantError,
)
from arbiter.game import Ending, GameBoard
from arbiter.geometry import Colour
from arbiter.pdn import PdnMove, PdnSetup, normalize_result, read_games
from arbiter.variants import find_variant
from arbiter.verdict import (
    DrawEvent,
    MoveError,
    OpeningCheck,
    Outcome,
    Reading,
    ResultCheck,
    Settled,
    Termination,
    Verdict,
    VerdictKind,
)
from arbiter.written import alternatives

if TYPE_CHECKING:
    from arbiter.pdn import PdnGame

#: What a result says, for both result formats (docs/rules/pdn.md §3). The first score is the
#: first player's: White's in international and Russian draughts, Black's in English
#: draughts, where Black moves first. The PDN standard does not say so for English; the
#: corpus does: in english/tinsley.pdn the 1-0 games end with Black ahead on material
#: 29 times out of 34 where one side is ahead, the 0-1 games with White ahead 66 of 83.
_RESULT_SAYS: dict[str, str | None] = {
    "1-0": "first",
    "2-0": "first",
    "0-1": "second",
    "0-2": "second",
    "1/2-1/2": None,
    "1-1": None,
}
_RESULT_TEXT: dict[str, dict[str | None, str]] = {
    "international": {"first": "2-0", "second": "0-2", None: "1-1"},
    "default": {"first": "1-0", "second": "0-1", None: "1/2-1/2"},
}


#: The most replays of the rest of a record made to settle the moves that fit several
#: legal moves, over the whole game (each reading of each such move costs one, nested ones
#: included). A record with more readings than this is ``ambiguous`` with a note saying
#: so: the cost of a replay stays below MAX_READINGS + 1 plain replays.
MAX_READINGS = 32

#: No draw rule met at a ply (shared, never changed: a ply that meets one makes a new list).
_NONE_MET: list[DrawRule] = []

#: The errors of a move the board refused to read that stop the replay with a verdict.
_MOVE_ERRORS = (AmbiguousMoveError, IllegalMoveError, InvalidMoveError)


def replay(
    game: PdnGame,
    *,
    variant: str | type[GameBoard] | None = None,
    opening: str | None = None,
    file: str | None = None,
) -> Verdict:
    """Replay ``game`` under its variant and return the verdict.

    The variant is the game's ``GameType`` tag if it has one (else its ``Variant`` tag,
    for the games PDN gives no number), else ``variant`` (a name, an alias or a board
    class); with none, the game is ``unreadable``. ``opening`` is
    movetext (``"32-28 18-23"``, move numbers allowed) the game should start with.
    An empty ``opening`` has no moves: every game follows it. ``file`` is only copied
    into the verdict.

    The reader's warnings (what it repaired) are copied into the verdict. A move text that
    fits several legal moves is settled by the rest of the record: each reading is played
    on to the end; see :class:`arbiter.verdict.Reading` and :data:`MAX_READINGS`.
    """
    return _Replay(game, file).run(variant, opening)


@dataclass
class _Replay:
    """The state of one replay; :meth:`run` fills it in and builds the verdict."""

    game: PdnGame
    file: str | None
    board_type: type[GameBoard] | None = None
    board: GameBoard | None = None
    plies: int = 0
    move_number: int = 0
    last_mover: Colour | None = None
    error: MoveError | None = None
    verdict: VerdictKind = "legal"
    outcome: Outcome | None = None
    draw: DrawEvent | None = None
    claims: list[DrawEvent] = field(default_factory=list)
    moves_after_end: int = 0
    notes: list[str] = field(default_factory=list)
    rules: list[DrawRule] = field(default_factory=list)
    variant: str | type[GameBoard] | None = None
    settled: Verdict | None = None  # the verdict of the reading chosen at an ambiguous move
    readings: list[Reading] = field(default_factory=list)
    # the replays left to settle ambiguous moves, shared by every reading of the game
    budget: list[int] = field(default_factory=lambda: [MAX_READINGS])

    # -- the steps ------------------------------------------------------------------

    def run(self, variant: str | type[GameBoard] | None, opening: str | None) -> Verdict:
        self.variant = variant
        if self.game.errors:
            self._syntax_errors(variant)
        elif self._start(variant):
            self._play()
        if self.settled is not None:
            checked = self._opening(opening) if opening is not None else None
            return replace(self.settled, opening=checked)
        return self._verdict(opening)

    def _syntax_errors(self, variant: str | type[GameBoard] | None) -> None:
        """Report the game's syntax errors; the variant is still named if it is known."""
        named = self._declared() or variant
        if named is not None:
            with contextlib.suppress(UnknownVariantError):
                self.board_type = _board_type(named)
        first, *others = self.game.errors
        self._stop("unreadable", None, "pdn-syntax", str(first), place=(first.line, first.column))
        self.notes.extend(f"also: {error}" for error in others)

    def _declared(self) -> str | None:
        """The variant the record names: its GameType tag, else its Variant tag."""
        return self.game.tag("GameType") or self.game.tag("Variant")

    def _start(self, variant: str | type[GameBoard] | None) -> bool:
        """Find the variant and the starting position; False (and an error) if impossible."""
        game_type = self._declared()
        named = game_type or variant
        if named is None:
            message = "the game has no GameType or Variant tag and no variant was given"
            self._stop("unreadable", None, "no-variant", message)
            return False
        try:
            self.board_type = _board_type(named)
        except UnknownVariantError as exc:
            tag = "GameType" if self.game.tag("GameType") else "Variant"
            place = self.game.tag_place(tag) if game_type else None
            self._stop("unreadable", None, "unknown-variant", str(exc), place=place)
            return False
        if game_type and variant is not None and _variant_name(variant) != self.board_type.name:
            tag = "GameType" if self.game.tag("GameType") else "Variant"
            self.notes.append(
                f"{tag} {game_type!r} ({self.board_type.name}) takes precedence over "
                f"the variant given ({_variant_name(variant)})"
            )
        fen = (self.game.tag("FEN") or "").strip()
        if fen.startswith("?"):
            fen = self._side_to_move(fen)
        try:
            self.board = self.board_type(fen or None)
        except FenError as exc:
            line, column = self.game.tag_place("FEN") or (None, None)
            where = f" at line {line}, column {column}" if line else ""
            message = f"FEN tag{where} {fen!r}: {exc}"
            self.verdict = "unreadable"
            self.error = MoveError(None, None, None, None, "invalid-fen", message, (), line, column)
            return False
        self._start_rules()
        return True

    def _side_to_move(self, fen: str) -> str:
        """The FEN with its open side to move (``?``, allowed by PDN 3.0) settled by the
        first move of the record: the side that can play it, else the first player."""
        assert self.board_type is not None
        first = next((item for item in self.game.moves if isinstance(item, PdnMove)), None)
        sides = ("W", "B") if self.board_type.first_player is Colour.WHITE else ("B", "W")
        for side in sides:
            try:
                board = self.board_type(side + fen[1:])
                if first is not None and not first.unknown:
                    board.parse_move(first.text)
            except ArbiterError:
                continue
            if first is not None:
                self.notes.append(
                    f"the FEN leaves the side to move open ('?'); the first move, "
                    f"{first.text!r}, is {'White' if side == 'W' else 'Black'}'s"
                )
                return side + fen[1:]
        side = sides[0]
        self.notes.append(
            "the FEN leaves the side to move open ('?'); "
            f"taken as {'White' if side == 'W' else 'Black'}, the first player"
        )
        return side + fen[1:]

    def _start_rules(self) -> None:
        """Fresh draw rules, counting from the current position (the start or a setup)."""
        assert self.board is not None and self.board_type is not None
        self.rules = rules_for(self.board_type.draw_rules)
        facts = self.board.start_facts(self.plies)
        for rule in self.rules:
            rule.observe(facts)
        ending = self.board.ending()
        if ending is not None:
            self._ended(ending)

    def _play(self) -> None:
        """Verify the main line ply by ply (the hot loop of the arbiter: what every ply
        needs is done here; what only some need is in the methods it calls)."""
        board, rules = self.board, self.rules
        assert board is not None and self.board_type is not None
        first = self.board_type.first_player
        # the draw rules skipped on quiet plies after one they observed (see
        # DrawRule.rests_after_quiet_ply): whether they all allow it, and whether they rest
        rests, resting = all(rule.rests_after_quiet_ply for rule in rules), False
        # A game that ends on the board only when the side to move has no legal move
        # (GameBoard.ends_without_moves_only) has not ended where its next move is read:
        # whether it ended is asked only where no move is read (a move refused, a setup, a
        # move not recorded, the end of the record) or where a draw rule is met.
        defer = self.board_type.ends_without_moves_only
        unasked = False  # whether the position after the last ply is still to be asked
        # the quiet plies of the opening and the middle game, played in runs by the board
        # while every rule rests (Board.play_quiet): what this loop would do, ply for ply
        runs = defer and rests and getattr(board, "quiet_runs", False)
        quiet = getattr(board, "play_quiet", None) if runs else None
        items = self.game.moves
        at, count = 0, len(items)
        while at < count:
            if self.verdict != "legal":
                return
            if resting and quiet is not None and self.outcome is None:
                at, self.move_number, self.last_mover, played = quiet(
                    items, at, PdnMove, first, self.move_number, self.last_mover
                )
                if played:
                    self.plies += played
                    unasked = True
                    if at == count:
                        break
            item = items[at]
            at += 1
            if self.outcome is not None:
                self.moves_after_end += isinstance(item, PdnMove)
                continue
            move: object = None
            refused: ArbiterError | None = None
            if isinstance(item, PdnMove) and not item.unknown:
                try:
                    move = board.parse_move(item.text)
                except ArbiterError as exc:
                    refused = exc
            if unasked and move is None:
                unasked = False
                if self._ask_ending():
                    self.moves_after_end += isinstance(item, PdnMove)
                    continue
            if isinstance(item, PdnSetup):
                self._setup(item)
                rules, resting = self.rules, False
                continue
            mover = board.turn
            # the number the ply should carry: a new turn of the first player opens a new
            # number (docs/rules/pdn.md §5.1), as does the first ply recorded
            number = last_number = self.move_number
            if not number or (mover is first and self.last_mover is not first):
                number += 1
            written = item.number
            if written is not None and written != number:
                if last_number:
                    self._misnumbered(item, number)
                number = written
            self.move_number = number
            if item.unknown:
                self._unknown(item)
                return
            if move is None:
                assert refused is not None
                if not isinstance(refused, _MOVE_ERRORS):
                    raise refused
                self._refused(item, refused)
                return
            self.plies = plies = self.plies + 1
            self.last_mover = mover
            met: list[DrawRule] = _NONE_MET
            if resting:
                # every rule rests: the facts matter only if this ply is not quiet too
                facts = board.push_facts_unless_quiet(move, plies)
            else:
                facts = board.push_facts(move, plies)
            if facts is not None:
                for rule in rules:  # a loop, not a list comprehension: no frame per ply
                    if rule.observe(facts):
                        met = [*met, rule]
                resting = rests and facts.quiet
            if defer and not met:
                unasked = True
            # the end on the board at the last counted ply takes precedence over a draw
            # rule (docs/rules/international.md §6)
            elif not self._ask_ending() and met:
                self._draw_rules_met(met)
        if unasked:
            self._ask_ending()

    def _ask_ending(self) -> bool:
        """Whether the game is over on the board in the current position (and if so, the
        outcome set)."""
        assert self.board is not None
        ending = self.board.ending()
        if ending is None:
            return False
        self._ended(ending)
        return True

    def _setup(self, item: PdnSetup) -> None:
        assert self.board is not None
        try:
            self.board.set_fen(item.fen)
        except FenError as exc:
            self._stop(
                "unreadable",
                item,
                "invalid-fen",
                f"setup command at line {item.line}, column {item.column}: {exc}",
            )
            return
        self.move_number = 0
        self.last_mover = None
        self.notes.append(
            f"position set up after ply {self.plies} (line {item.line}): {item.fen}; "
            "the draw counts start again there"
        )
        self._start_rules()

    def _misnumbered(self, item: PdnMove, expected: int) -> None:
        self.notes.append(
            f"ply {self.plies + 1} ({item.text!r}, line {item.line}) is numbered "
            f"{item.number}, expected {expected}: the move numbers are out of order"
        )

    def _unknown(self, item: PdnMove) -> None:
        assert self.board is not None
        mover = self.board.turn.name.lower()
        self._stop(
            "unreadable",
            item,
            "unknown-move",
            f"move {self.move_number} of {mover} is not recorded "
            f"({item.text!r} at line {item.line}, column {item.column}, where a move is "
            "expected): the game cannot be verified from here",
        )

    def _refused(
        self, item: PdnMove, exc: AmbiguousMoveError | IllegalMoveError | InvalidMoveError
    ) -> None:
        """Stop at a move the board refused to read."""
        if isinstance(exc, AmbiguousMoveError):
            self._settle(item, exc)
        elif isinstance(exc, IllegalMoveError):
            self._stop("illegal", item, exc.code, str(exc), exc.legal)
        else:
            self._stop("unreadable", item, "invalid-move", str(exc))

    def _settle(self, item: PdnMove, exc: AmbiguousMoveError) -> None:
        """Settle a move that fits several legal moves by replaying the rest of the record
        with each reading (see :class:`arbiter.verdict.Reading`)."""
        ply, texts = self.plies + 1, exc.legal
        if self.budget[0] < len(texts):
            self.readings.append(Reading(ply, item.text, texts, (), "too-many-readings", None))
            message = (
                f"{exc}; the record has more readings than the {MAX_READINGS} replays "
                "allowed to settle its ambiguous moves"
            )
            self._stop("ambiguous", item, exc.code, message, texts)
            return
        self.budget[0] -= len(texts)
        index = next(i for i, entry in enumerate(self.game.moves) if entry is item)
        verdicts = []
        for text in texts:
            moves = list(self.game.moves)
            moves[index] = replace(item, text=text)
            other = _Replay(replace(self.game, moves=moves), self.file, budget=self.budget)
            verdicts.append(other.run(self.variant, None))
        leads_to = tuple(_leads_to(verdict) for verdict in verdicts)
        settled, chosen = settle(verdicts)
        fits = (
            f"ply {ply} ({item.text!r}, line {item.line}, column {item.column}) fits "
            f"{alternatives(texts)}"
        )
        if chosen is None:
            each = "; ".join(
                f"read as {text}: {lead}" for text, lead in zip(texts, leads_to, strict=True)
            )
            message = (
                f"ambiguous move {item.text!r}: the rest of the record does not settle it ({each})"
            )
            if any(r.settled == "too-many-readings" for v in verdicts for r in v.readings):
                # a reading was left unsettled for want of replays: the bound, not the
                # record, leaves the move open
                settled = "too-many-readings"
                message += (
                    f"; the record has more readings than the {MAX_READINGS} replays allowed "
                    "to settle its ambiguous moves"
                )
            self.readings.append(Reading(ply, item.text, texts, leads_to, settled, None))
            self._stop("ambiguous", item, exc.code, message, texts)
            return
        if settled == "continuation":
            others = "; ".join(
                f"{text} leads to {lead}"
                for i, (text, lead) in enumerate(zip(texts, leads_to, strict=True))
                if i != chosen
            )
            note = f"{fits}; only {texts[chosen]} lets the rest of the record be played ({others})"
        elif settled == "all-illegal":
            note = (
                f"{fits}; every reading makes a later move illegal, {texts[chosen]} the "
                f"latest: {leads_to[chosen]}"
            )
        else:
            note = f"{fits}; every reading leads to the same verdict: {leads_to[chosen]}"
        verdict = verdicts[chosen]
        reading = Reading(ply, item.text, texts, leads_to, settled, texts[chosen])
        self.settled = replace(
            verdict, notes=(*verdict.notes, note), readings=(reading, *verdict.readings)
        )

    def _draw_rules_met(self, met: list[DrawRule]) -> None:
        for rule in met:
            event = DrawEvent(rule.code, rule.name, self.plies, rule.kind, rule.source)
            if rule.kind == "claimable":
                if all(claim.rule != rule.code for claim in self.claims):
                    self.claims.append(event)
                    self.draw = self.draw or event
            elif self.outcome is None:
                self.draw = event
                self.outcome = Outcome(
                    Termination.DRAW_RULE, self.plies, None, self._result_text(None), rule.name
                )
            else:
                self.notes.append(f"the {rule.name} was met at the same ply ({rule.code})")

    def _ended(self, ending: Ending) -> None:
        name: Literal["white", "black"] | None = None
        if ending.winner is not None:
            name = "white" if ending.winner is Colour.WHITE else "black"
        result = self._result_text(name)
        self.outcome = Outcome(ending.termination, self.plies, name, result, ending.reason)

    def _stop(
        self,
        verdict: VerdictKind,
        item: PdnMove | PdnSetup | None,
        code: str,
        message: str,
        legal: tuple[str, ...] = (),
        place: tuple[int, int] | None = None,
    ) -> None:
        """Stop the replay at ``item``, or before the first move with the ``place`` (line,
        column) of what stopped it when something written is to blame."""
        self.verdict = verdict
        if item is None:
            line, column = place or (None, None)
            self.error = MoveError(None, None, None, None, code, message, (), line, column)
            return
        assert self.board is not None
        self.error = MoveError(
            ply=self.plies + 1,
            move_number=self.move_number if isinstance(item, PdnMove) else None,
            move=item.text if isinstance(item, PdnMove) else None,
            fen=self.board.fen(),
            code=code,
            message=message,
            legal=tuple(legal),
            line=item.line,
            column=item.column,
        )

    # -- the verdict -----------------------------------------------------------------

    def _verdict(self, opening: str | None) -> Verdict:
        recorded = self._recorded_result()
        check, message = self._check_result(recorded)
        if self.draw is not None and self.draw.rule.startswith("d64-"):
            self.notes.append(NOTE_7_2_9)
        if self.moves_after_end:
            assert self.outcome is not None
            count = self.moves_after_end
            self.notes.append(
                f"{count} {'ply was' if count == 1 else 'plies were'} recorded after the game "
                f"ended at ply {self.outcome.ply}; not verified"
            )
        return Verdict(
            game=self.game.index,
            file=self.file,
            white=self.game.tag("White"),
            black=self.game.tag("Black"),
            variant=self.board_type.name if self.board_type else None,
            verdict=self.verdict,
            plies=self.plies,
            error=self.error,
            draw=self.draw,
            recorded_result=recorded,
            result_check=check,
            result_message=message,
            final_fen=self.board.fen() if self.board else None,
            outcome=self.outcome,
            claims=tuple(self.claims),
            opening=self._opening(opening) if opening is not None else None,
            moves_after_end=self.moves_after_end,
            notes=tuple(self.notes),
            warnings=tuple(self.game.warnings),
            readings=tuple(self.readings),
        )

    def _recorded_result(self) -> str | None:
        """The result token that ends the movetext, else the Result tag."""
        token, tag = self.game.result, self.game.tag("Result")
        if token and tag and normalize_result(token) != normalize_result(tag):
            self.notes.append(f"the movetext ends with {token!r} but the Result tag is {tag!r}")
        return token or tag

    def _check_result(self, recorded: str | None) -> tuple[ResultCheck, str]:
        if self.error is not None:
            where = f"at ply {self.error.ply}" if self.error.ply else "before the first move"
            return "not-checkable", f"the replay stopped {where}"
        meaning = normalize_result(recorded) if recorded else None
        if meaning == "0-0":
            return "not-checkable", (
                f"{recorded} says both players lose (docs/rules/pdn.md §3.1): a ruling, "
                "not an ending the board decides"
            )
        if meaning not in _RESULT_SAYS:
            if meaning in (None, "*"):
                return "not-checkable", "no result is recorded"
            return "not-checkable", f"{recorded!r} is not the result of a game"
        said = self._winner_name(_RESULT_SAYS[meaning])
        if self.outcome is None:
            claims = "".join(
                f"; a draw could be claimed at ply {claim.ply} ({claim.name})"
                for claim in self.claims
            )
            return "not-checkable", f"the game did not end on the board{claims}"
        if said == self.outcome.winner:
            return "agrees", f"{recorded} agrees with the board ({self._ending()})"
        return "contradicts", f"the record gives {recorded}, but {self._ending()}"

    def _ending(self) -> str:
        outcome = self.outcome
        assert outcome is not None
        if outcome.termination is Termination.DRAW_RULE:
            return f"the position was drawn at ply {outcome.ply} ({outcome.reason})"
        if outcome.winner is None:
            return f"the game was drawn on the board at ply {outcome.ply}: {outcome.reason}"
        return (
            f"{outcome.winner} won on the board at ply {outcome.ply}: "
            f"{outcome.reason} ({outcome.result})"
        )

    def _result_text(self, winner: str | None) -> str:
        """The result of a win by ``winner`` (or a draw), in the variant's format."""
        assert self.board_type is not None
        first = self.board_type.first_player.name.lower()
        side = None if winner is None else "first" if winner == first else "second"
        return _RESULT_TEXT[self.board_type.result_format][side]

    def _winner_name(self, side: str | None) -> str | None:
        """``white``/``black`` for the ``first``/``second`` player of the variant."""
        assert self.board_type is not None
        first = self.board_type.first_player
        if side is None:
            return None
        return (first if side == "first" else first.other).name.lower()

    def _opening(self, opening: str) -> OpeningCheck:
        """Whether the game began with the moves of ``opening`` (compared as moves, so
        ``32x23`` and ``32-28x23`` forms do not matter)."""
        if self.board_type is None:
            return OpeningCheck(False, None)
        if self.board is None:
            return OpeningCheck(False, None)
        fen = (self.game.tag("FEN") or "").strip() or None
        if fen is not None and fen.startswith("?"):
            fen = self._side_to_move(fen)
        board = self.board_type(fen)
        written = next(read_games(opening), None)  # empty: an opening of no moves
        wanted = (
            [] if written is None else [m.text for m in written.moves if isinstance(m, PdnMove)]
        )
        played = [item for item in self.game.moves if isinstance(item, (PdnMove, PdnSetup))]
        for ply, text in enumerate(wanted, 1):
            item = played[ply - 1] if ply <= len(played) else None
            if not isinstance(item, PdnMove) or item.unknown:
                return OpeningCheck(False, ply)
            try:
                expected, actual = board.parse_move(text), board.parse_move(item.text)
            except ArbiterError as exc:
                self.notes.append(f"opening check stopped at ply {ply}: {exc}")
                return OpeningCheck(False, ply)
            if expected != actual:
                return OpeningCheck(False, ply)
            board.push(actual)
        return OpeningCheck(True, None)


def settle(verdicts: Sequence[Verdict]) -> tuple[Settled, int | None]:
    """How the verdicts of the readings of one move settle it, and the reading chosen
    (None: ``ambiguous``). A reading is alive unless the rest of the record is illegal
    after it.

    >>> from arbiter.verdict import MoveError
    >>> def made(kind: str) -> Verdict:
    ...     error = MoveError(9, 5, "x", None, "c", "m") if kind != "legal" else None
    ...     return Verdict(1, None, None, None, None, kind, 8, error, None, None,
    ...                    "not-checkable", "", None)
    >>> settle([made("illegal"), made("legal")]), settle([made("legal"), made("legal")])
    (('continuation', 1), ('same-outcome', 0))
    >>> settle([made("legal"), made("ambiguous")])
    ('different-outcomes', None)
    """
    alive = [i for i, verdict in enumerate(verdicts) if verdict.verdict != "illegal"]
    if len(alive) == 1:
        return "continuation", alive[0]
    if not alive:
        return "all-illegal", max(range(len(verdicts)), key=lambda i: verdicts[i].plies)
    if len({_outcome_key(verdicts[i]) for i in alive}) == 1:
        return "same-outcome", alive[0]
    return "different-outcomes", None


def _leads_to(verdict: Verdict) -> str:
    """What one reading of the record leads to, in a few words."""
    text = f"{verdict.verdict} ({verdict.plies} {'ply' if verdict.plies == 1 else 'plies'}"
    if verdict.error is not None and verdict.error.ply is not None:
        text += f", stops at ply {verdict.error.ply}: {verdict.error.code} {verdict.error.move!r}"
    if verdict.outcome is not None:
        text += f", {verdict.outcome.result} on the board"
    return text + f", result {verdict.result_check})"


def _outcome_key(verdict: Verdict) -> tuple[object, ...]:
    """What two readings must share to lead to the same verdict."""
    error = verdict.error
    outcome = verdict.outcome
    return (
        verdict.verdict,
        verdict.result_check,
        outcome.result if outcome else None,
        (error.ply, error.code) if error else None,
    )


def _variant_name(variant: str | type[GameBoard]) -> str:
    """The name of the variant meant, or the text as given when no variant answers."""
    try:
        return _board_type(variant).name
    except UnknownVariantError:
        return str(variant)


def _board_type(variant: str | type[GameBoard]) -> type[GameBoard]:
    return find_variant(variant) if isinstance(variant, str) else variant
