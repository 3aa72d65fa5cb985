"""Dragonfly moves written in Standard Algebraic Notation (FIDE Laws of Chess, Appendix C;
PGN standard 8.2.3), with drops written as in crazyhouse records (``N@d4``).

Forms read: piece moves ``Nf3``, ``Bxc5``, with a file, a rank or both to tell two pieces
apart (``Nef3``, ``R1e1``, ``Ne1f3``); pawn moves ``e3``, ``exd4``; promotion ``e7=N``
(``e7N`` too); drops ``N@d4``; castling ``O-O`` (king d1-f1, rook g1-e1) and ``O-O-O``
(king d1-b1, rook a1-c1). The piece letters are K R B N (and P in a drop); there is no
queen in Dragonfly.

What is checked and what is not:

- the capture sign ``x`` is neither required nor checked: as in the draughts reader
  (docs/rules/pdn.md §6) the squares alone name the move;
- a missing check sign is accepted (many scoresheets leave them out), but a sign that is
  written must be true: ``+`` on a move that does not give check or ``#`` on a move that
  does not mate is reported (``wrong-check-mark``) because it is a claim about the
  position that the record gets wrong, often the trace of a miscopied move; ``+`` on a
  mating move is accepted;
- over-disambiguation (``Nef3`` where only one knight can go to f3) is accepted, as the
  PGN standard's import format allows.

Writing follows the PGN export format: the shortest disambiguation (file, else rank,
else both), ``x`` on captures, ``=`` before the promoted piece, ``+`` and ``#``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbiter.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from arbiter.games.dragonfly.movegen import (
    castling_obstacle,
    has_legal_move,
    legal_moves,
    pseudo_moves,
)
from arbiter.games.dragonfly.position import (
    CASTLINGS,
    HAND_KINDS,
    KIND_NAMES,
    KING_FILE,
    SIZE,
    Castling,
    DragonflyMove,
    Position,
    back_rank,
    last_rank,
    parse_square,
    square_name,
)
from arbiter.geometry import FILES, Colour

_CASTLE = re.compile(r"(O-O(?:-O)?)([+#])?")
_DROP = re.compile(r"([A-Z])@([a-z]\d+)([+#])?")
_PIECE = re.compile(r"([A-Z])([a-wyz])?(\d+)?x?([a-z]\d+)([+#])?")
_PAWN = re.compile(r"(?:([a-z])x?)?([a-z]\d+)(?:=?([A-Z]))?([+#])?")
#: How many legal moves an error message lists before "and N more".
_LISTED = 12


@dataclass(frozen=True, slots=True)
class _Written:
    """What a move text says."""

    kind: str  # "castle", "drop", "piece", "pawn"
    piece: str
    target: int = -1
    origin_file: int | None = None
    origin_rank: int | None = None
    promotion: str | None = None
    castling: Castling | None = None
    mark: str | None = None


def move_text(position: Position, move: DragonflyMove, legal: list[DragonflyMove]) -> str:
    """``move`` (legal in ``position``) in SAN, with its check or mate sign; ``legal`` is
    the list of the legal moves of ``position``."""
    return _bare_text(position, move, legal) + _mark_after(position, move)


def parse_move(position: Position, text: str, fen: str) -> DragonflyMove:
    """The legal move of ``position`` written ``text`` (``fen`` is the position's FEN,
    quoted in errors)."""
    written = _read(text)
    legal = legal_moves(position)
    matches = [move for move in legal if _fits(written, move)]
    if len(matches) > 1:
        texts = tuple(move_text(position, move, legal) for move in matches)
        raise AmbiguousMoveError(
            f"ambiguous move {text!r} in {fen}: it matches {', '.join(texts)}; "
            "name the file or the rank of the piece that moves",
            move=text,
            fen=fen,
            code="ambiguous",
            legal=texts,
        )
    if matches:
        move = matches[0]
        _check_mark(position, written, move, text, fen, legal)
        return move
    code, reason = _explain(position, written, legal)
    raise _illegal(position, text, fen, code, reason, legal)


def _illegal(
    position: Position,
    text: str,
    fen: str,
    code: str,
    reason: str,
    legal: list[DragonflyMove],
) -> IllegalMoveError:
    texts = tuple(move_text(position, move, legal) for move in legal)
    listed = ", ".join(texts[:_LISTED])
    if len(texts) > _LISTED:
        listed += f" and {len(texts) - _LISTED} more"
    return IllegalMoveError(
        f"illegal move {text!r} in {fen}: {reason}; legal moves: {listed or 'none'}",
        move=text,
        fen=fen,
        code=code,
        legal=texts,
    )


# -- writing --------------------------------------------------------------------------


def _bare_text(position: Position, move: DragonflyMove, legal: list[DragonflyMove]) -> str:
    target = square_name(move.target)
    if move.origin is None:
        return f"{move.piece}@{target}"
    castling = move.castling
    if castling is not None:
        return castling.text
    capture = position.squares[move.target] is not None
    if move.piece == "P":
        text = f"{FILES[move.origin % SIZE]}x{target}" if capture else target
        return text + (f"={move.promotion}" if move.promotion else "")
    return f"{move.piece}{_disambiguation(move, legal)}{'x' if capture else ''}{target}"


def _disambiguation(move: DragonflyMove, legal: list[DragonflyMove]) -> str:
    """The origin's file, else its rank, else both, when another piece of the same kind
    can go to the same square (PGN standard 8.2.3.4)."""
    assert move.origin is not None
    rivals = [
        other.origin
        for other in legal
        if other.piece == move.piece
        and other.target == move.target
        and other.origin not in (None, move.origin)
        and other.castling is None
    ]
    if not rivals:
        return ""
    file, rank = move.origin % SIZE, move.origin // SIZE
    if all(origin % SIZE != file for origin in rivals if origin is not None):
        return FILES[file]
    if all(origin // SIZE != rank for origin in rivals if origin is not None):
        return str(rank + 1)
    return square_name(move.origin)


def _mark_after(position: Position, move: DragonflyMove) -> str:
    """``+`` if ``move`` gives check, ``#`` if it mates, else nothing."""
    position.play(move)
    try:
        if not position.in_check(position.turn):
            return ""
        return "+" if has_legal_move(position) else "#"
    finally:
        position.undo()


# -- reading --------------------------------------------------------------------------


def _read(text: str) -> _Written:
    compact = "".join(text.split())
    if match := _CASTLE.fullmatch(compact):
        castling = next(c for c in CASTLINGS if c.text == match[1])
        return _Written("castle", "K", castling=castling, mark=match[2])
    if match := _DROP.fullmatch(compact):
        return _Written("drop", match[1], _square(text, match[2]), mark=match[3])
    if match := _PIECE.fullmatch(compact):
        rank = int(match[3]) - 1 if match[3] else None
        file = _file(text, match[2]) if match[2] else None
        return _Written("piece", match[1], _square(text, match[4]), file, rank, mark=match[5])
    if match := _PAWN.fullmatch(compact):
        file = _file(text, match[1]) if match[1] else None
        target = _square(text, match[2])
        return _Written("pawn", "P", target, file, promotion=match[3], mark=match[4])
    raise InvalidMoveError(
        f"move {text!r}: not a Dragonfly move (expected e.g. e3, exd4, Nf3, Nef3, N@d4, "
        "e7=N, O-O or O-O-O)"
    )


def _square(text: str, name: str) -> int:
    square = parse_square(name)
    if square is None:
        raise InvalidMoveError(f"move {text!r}: {name!r} is not a square of the 7x7 board (a1-g7)")
    return square


def _file(text: str, letter: str) -> int:
    if letter not in FILES[:SIZE]:
        raise InvalidMoveError(f"move {text!r}: {letter!r} is not a file of the board (a-g)")
    return FILES.index(letter)


def _fits(written: _Written, move: DragonflyMove) -> bool:
    if written.kind == "castle":
        return move.castling is written.castling
    if written.kind == "drop":
        return move.is_drop and move.piece == written.piece and move.target == written.target
    if move.is_drop or move.castling is not None or move.piece != written.piece:
        return False
    return (
        move.target == written.target
        and move.promotion == written.promotion
        and _from_written(written, move.origin)
    )


def _from_written(written: _Written, origin: int | None) -> bool:
    """Whether ``origin`` is on the file and rank the text names, if it names them."""
    assert origin is not None
    file_ok = written.origin_file is None or origin % SIZE == written.origin_file
    return file_ok and (written.origin_rank is None or origin // SIZE == written.origin_rank)


def _check_mark(
    position: Position,
    written: _Written,
    move: DragonflyMove,
    text: str,
    fen: str,
    legal: list[DragonflyMove],
) -> None:
    if written.mark is None:
        return
    actual = _mark_after(position, move)
    if written.mark == "+" and actual:
        return
    if written.mark == actual:
        return
    right = move_text(position, move, legal)
    says = "check" if written.mark == "+" else "mate"
    does = {"": "gives no check", "+": "gives check but does not mate"}[actual]
    reason = f"{text!r} says {says} but the move {does} (it is written {right})"
    raise _illegal(position, text, fen, "wrong-check-mark", reason, legal)


# -- explaining -----------------------------------------------------------------------


def _explain(position: Position, written: _Written, legal: list[DragonflyMove]) -> tuple[str, str]:
    """(code, reason) for a text that names no legal move: the most specific rule."""
    if not legal:
        return "no-legal-move", f"{position.turn.name.lower()} has no legal move: the game is over"
    if "Q" in (written.piece, written.promotion):
        return "no-queen", "there is no queen in Dragonfly"
    if written.castling is not None:
        return _explain_castling(position, written.castling)
    if written.kind == "drop":
        return _explain_drop(position, written)
    return _explain_move(position, written)


def _explain_castling(position: Position, castling: Castling) -> tuple[str, str]:
    mover = position.turn
    home = back_rank(mover) * SIZE
    king = square_name(home + KING_FILE)
    obstacle = castling_obstacle(position, castling)
    if obstacle == "no-right":
        return "castling-right-lost", f"castling: {_lost_right(position, castling)}"
    if obstacle == "blocked":
        between = " and ".join(square_name(home + f) for f in castling.empty)
        return "castling-blocked", f"castling: {between} must be empty"
    if obstacle == "in-check":
        return "castling-in-check", f"castling: the king on {king} is in check"
    if obstacle == "passes-attacked":
        crossed = square_name(home + castling.passes)
        return "castling-through-check", f"castling: the king would cross {crossed}, attacked"
    landing = square_name(home + castling.king_to)
    return "castling-into-check", f"castling: the king would land on {landing}, attacked"


def _lost_right(position: Position, castling: Castling) -> str:
    """Why the right to castle with this rook is gone, from the moves played."""
    mover = position.turn
    home = back_rank(mover) * SIZE
    rook_square, king_square = home + castling.rook_from, home + KING_FILE
    rook = square_name(rook_square)
    right = castling.right_of(mover)
    history = position.history
    touching = [r.move for r in history if rook_square in (r.move.origin, r.move.target)]
    if touching and touching[-1].is_drop and touching[-1].piece == "R":
        return f"the rook on {rook} was dropped, and castling with a dropped rook is not allowed"
    after = [r.rights for r in history[1:]] + [position.rights]
    for record, rights in zip(history, after, strict=False):
        if right in record.rights and right not in rights:
            move = record.move
            if move.origin == king_square:
                return "the king has moved"
            if move.origin == rook_square:
                return f"the rook on {rook} has moved"
            return f"the rook on {rook} was captured"
    return f"the position was set up without that right (no {right!r} in the FEN)"


def _explain_drop(position: Position, written: _Written) -> tuple[str, str]:
    mover = position.turn
    name = KIND_NAMES.get(written.piece, written.piece)
    if written.piece not in HAND_KINDS:
        if written.piece == "P":
            return "drop-pawn", "a captured pawn leaves the game: pawns are never in hand"
        return "not-in-hand", f"a {name} is never held in hand (only R, B, N)"
    if not position.hands[mover][written.piece]:
        return (
            "not-in-hand",
            f"{mover.name.lower()} holds no {name} in hand ({_holds(position, mover)})",
        )
    occupant = position.squares[written.target]
    if occupant is not None:
        return "drop-occupied", (
            f"a piece is dropped on an empty square only; {square_name(written.target)} holds "
            f"a {occupant.colour.name.lower()} {KIND_NAMES[occupant.kind]}"
        )
    return "king-in-check", "the king would be in check"


def _holds(position: Position, colour: Colour) -> str:
    held = position.held(colour)
    name = colour.name.lower()
    return f"{name} holds {', '.join(held)}" if held else f"{name} holds none"


def _explain_move(position: Position, written: _Written) -> tuple[str, str]:
    mover = position.turn
    name = KIND_NAMES.get(written.piece)
    if name is None:
        return "no-piece", f"{written.piece!r} is not a Dragonfly piece (K, R, B, N)"
    origins = [
        square
        for square, piece in enumerate(position.squares)
        if piece is not None
        and piece.colour is mover
        and piece.kind == written.piece
        and _from_written(written, square)
    ]
    if not origins:
        return "no-piece", f"{mover.name.lower()} has no {name}{_where(written)}"
    if written.piece == "P":
        found = _explain_pawn(position, written, origins)
        if found is not None:
            return found
    pseudo = [
        move
        for move in pseudo_moves(position)
        if move.origin in origins and move.target == written.target
    ]
    if written.piece == "K" and _castles_to(position, written):
        return "castling-notation", "a king's move of two squares is castling: write O-O or O-O-O"
    if not pseudo:
        occupant = position.squares[written.target]
        own = occupant is not None and occupant.colour is mover
        blocked = (
            f" ({square_name(written.target)} holds a {mover.name.lower()} piece)" if own else ""
        )
        return "not-reachable", (
            f"no {mover.name.lower()} {name}{_where(written)} can move to "
            f"{square_name(written.target)}{blocked}"
        )
    if written.promotion is None and any(m.promotion for m in pseudo):
        return "promotion-missing", (
            "a pawn reaching the last rank must promote to a piece the opponent holds "
            f"({_holds(position, mover.other)}): write e.g. "
            f"{square_name(written.target)}={pseudo[0].promotion}"
        )
    if written.promotion is not None and not any(m.promotion for m in pseudo):
        return "promotion-not-here", "a pawn promotes only on reaching the last rank"
    if written.promotion is not None and all(m.promotion != written.promotion for m in pseudo):
        return "promotion-not-held", (
            "a pawn may promote only to a piece the opponent holds: "
            f"{_holds(position, mover.other)}"
        )
    return "king-in-check", "the king would be in check"


def _where(written: _Written) -> str:
    if written.origin_file is not None and written.origin_rank is not None:
        return f" on {FILES[written.origin_file]}{written.origin_rank + 1}"
    if written.origin_file is not None:
        return f" on the {FILES[written.origin_file]}-file"
    if written.origin_rank is not None:
        return f" on rank {written.origin_rank + 1}"
    return ""


def _castles_to(position: Position, written: _Written) -> bool:
    home = back_rank(position.turn) * SIZE
    king = position.squares[home + KING_FILE]
    return (
        king is not None
        and king.kind == "K"
        and king.colour is position.turn
        and any(written.target == home + c.king_to for c in CASTLINGS)
    )


def _explain_pawn(
    position: Position, written: _Written, origins: list[int]
) -> tuple[str, str] | None:
    """The pawn's own rules: one step, no double step, diagonal only to capture, and the
    last rank only to become a piece the opponent holds."""
    mover = position.turn
    forward = 1 if mover is Colour.WHITE else -1
    target_file, target_rank = written.target % SIZE, written.target // SIZE
    for origin in origins:
        file, rank = origin % SIZE, origin // SIZE
        if file == target_file and target_rank - rank == 2 * forward:
            return "double-step", "no double step in Dragonfly: a pawn moves one square forward"
        diagonal = abs(file - target_file) == 1 and target_rank - rank == forward
        if diagonal and position.squares[written.target] is None:
            return "pawn-capture-empty", (
                f"a pawn moves diagonally only to capture, and {square_name(written.target)} "
                "is empty (no en passant in Dragonfly)"
            )
    reaching = target_rank == last_rank(mover)
    if reaching and not position.held(mover.other):
        return "promotion-not-held", (
            "a pawn may promote only to a piece the opponent holds: "
            f"{_holds(position, mover.other)}, so no pawn may move to the last rank"
        )
    return None
