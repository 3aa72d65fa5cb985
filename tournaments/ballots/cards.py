"""A ballot card replayed with ``arbiter``: its moves or start position, and the position the
players start from.

A card is either an opening (moves from a start position, usually the initial one) or a start
position given as a FEN (docs/rules/tournaments.md §6). :func:`replay_card` plays it under
the variant's rules and refuses, with the ply, the move and the rule, a card that cannot be played.

>>> card = replay_card(variant="english", code="4", moves="9-13 22-17 13x22")
>>> card.moves, card.fen
('9-13 22-17 13x22', 'W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,22')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext

import arbiter
from tournaments.diagrams import diagram_svg

#: Move numbers a typed opening may carry ("1.", "2...").
_MOVE_NUMBER = re.compile(r"^\d+\.+$")


class CardError(ValueError):
    """A card that cannot be played: the message names the card, the ply, the move and why."""


@dataclass(frozen=True)
class CardPosition:
    """A card as played by ``arbiter``.

    ``moves`` is the opening in the variant's own notation (``c3-d4``, ``9-13``), empty for a
    start-position card; ``start_fen`` is the position the moves start from, empty for the
    variant's initial position; ``fen`` is the position after the moves (the players' start).
    """

    moves: str
    start_fen: str
    fen: str
    turn: arbiter.Colour


def replay_card(*, variant: str, code: str, moves: str = "", start_fen: str = "") -> CardPosition:
    """Play card ``code`` of ``variant``: ``moves`` (any notation ``arbiter`` reads, move
    numbers allowed) from ``start_fen`` (empty: the initial position).

    Raises CardError for an unreadable FEN, an illegal, ambiguous or unreadable move, or a
    final position in which the game is over (a card must be playable).
    """
    board_type = arbiter.find_variant(variant)
    try:
        board = board_type(start_fen.strip() or None)
    except arbiter.ArbiterError as exc:
        raise CardError(
            gettext("card %(code)s: start position %(fen)r: %(error)s")
            % {"code": code, "fen": start_fen, "error": exc}
        ) from exc
    start = board.fen()
    written = []
    tokens = [token for token in moves.split() if not _MOVE_NUMBER.match(token)]
    for ply, text in enumerate(tokens, 1):
        try:
            move = board.parse_move(text)
        except arbiter.ArbiterError as exc:
            raise CardError(
                gettext("card %(code)s: ply %(ply)s (%(move)r): %(error)s")
                % {"code": code, "ply": ply, "move": text, "error": exc}
            ) from exc
        written.append(board.move_text(move))
        board.push(move)
    # Every game of the arbiter says when it is over on the board (GameBoard.ending): no
    # legal move in draughts, a corner filled in Ugolki, checkmate in Dragonfly.
    ending = board.ending()
    if ending is not None:
        raise CardError(
            gettext("card %(code)s: the game is over after %(moves)r: %(reason)s (%(fen)s)")
            % {"code": code, "moves": moves, "reason": ending.reason, "fen": board.fen()}
        )
    return CardPosition(
        moves=" ".join(written),
        start_fen="" if start == board_type().fen() else start,
        fen=board.fen(),
        turn=board.turn,
    )


def relocated_fen(*, variant: str, code: str, notation: str) -> str:
    """The start position of a relocation card (FMJD Drawing Table 64,
    docs/rules/tournaments.md §6.2): the initial position with at most one white and one
    black man moved, written
    ``"<white from>-<white to> <black from>-<black to>"`` with ``-----`` for a side left
    unchanged; both men are lifted, then placed; White to move.

    >>> relocated_fen(variant="russian", code="11-IV", notation="a1-a5 a7-h4")[:24]
    'W:Wa5,a3,c3,e3,g3,b2,d2,'
    """
    board_type = arbiter.find_variant(variant)
    initial = board_type()
    if not isinstance(initial, arbiter.Board):
        raise CardError(
            gettext("card %(code)s: %(variant)s has no men to relocate")
            % {"code": code, "variant": variant}
        )
    sides = notation.split()
    if len(sides) != 2:
        raise CardError(
            f"card {code}: relocation {notation!r} must give a white and a black part "
            "(e.g. 'c3-h4 f6-e5', '-----' for a side left unchanged)"
        )
    squares = {
        colour: set(initial.piece_squares(colour))
        for colour in (arbiter.Colour.WHITE, arbiter.Colour.BLACK)
    }
    moved: list[tuple[arbiter.Colour, str, int, int]] = []
    for colour, part in zip((arbiter.Colour.WHITE, arbiter.Colour.BLACK), sides, strict=True):
        if part == "-----":
            continue
        ends = part.split("-")
        found = [board_type.geometry.parse_square(end) for end in ends]
        origin, target = found if len(found) == 2 else (None, None)
        if origin is None or target is None:
            raise CardError(f"card {code}: relocation {part!r} is not '<square>-<square>'")
        if origin not in squares[colour]:
            raise CardError(
                f"card {code}: relocation {part!r}: no {colour.name.lower()} man on {ends[0]}"
            )
        moved.append((colour, part, origin, target))
    # Both men are lifted before either is placed: 17-XI moves White b2-h6 and Black h6-a5.
    for colour, _, origin, _ in moved:
        squares[colour].remove(origin)
    for colour, part, _, target in moved:
        if target in squares[arbiter.Colour.WHITE] | squares[arbiter.Colour.BLACK]:
            raise CardError(f"card {code}: relocation {part!r}: {part[-2:]} is occupied")
        squares[colour].add(target)

    def listed(colour: arbiter.Colour) -> str:
        return ",".join(str(square) for square in sorted(squares[colour]))

    fen = f"W:W{listed(arbiter.Colour.WHITE)}:B{listed(arbiter.Colour.BLACK)}"
    return board_type(fen).fen()


def card_svg(*, variant: str, fen: str, code: str, size: int = 160) -> str:
    """The position card ``code`` of ``variant`` starts the players from (``fen``), drawn as
    an SVG diagram (arbiter.svg): the way a drawing-table card is shown and printed, never
    as raw FEN. Its title names the card and whose move it is.

    >>> card_svg(variant="russian", fen=replay_card(variant="russian", code="1").fen,
    ...          code="1").count('class="piece')
    24
    """
    board = arbiter.find_variant(variant)(fen)
    turn = (
        gettext("white to move") if board.turn is arbiter.Colour.WHITE else gettext("black to move")
    )
    title = gettext("Card %(code)s, %(turn)s") % {"code": code, "turn": turn}
    return diagram_svg(board, size=size, title=title)
