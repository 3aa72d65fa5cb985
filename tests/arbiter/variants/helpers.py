"""Set up small positions by algebraic squares, whatever the variant's numbering."""

from __future__ import annotations

from arbiter.board import Board


def setup(cls: type[Board], turn: str, white: str, black: str) -> Board:
    """A board of ``cls`` with pieces on algebraic squares (``"c3 Ke5"``: K marks a king),
    ``turn`` ``"W"`` or ``"B"``, written as a numeric FEN so that the variant's own
    numbering is exercised."""

    def squares(text: str) -> str:
        items = []
        for item in text.split():
            king = item.startswith("K")
            number = cls.geometry.parse_square(item.removeprefix("K"))
            assert number is not None, f"{item} is not a square of {cls.name}"
            items.append(("K" if king else "") + str(number))
        return ",".join(items)

    return cls(f"{turn}:W{squares(white)}:B{squares(black)}")


def moves(board: Board) -> set[str]:
    """The legal moves as ``from-to`` or ``fromxto`` in algebraic squares, with the
    captured squares for captures (``"c3xe5/d4"``)."""
    name = board.geometry.algebraic
    out = set()
    for move in board.legal_moves():
        if move.captures:
            taken = ",".join(sorted(name(s) for s in move.captures))
            out.add(f"{name(move.from_square)}x{name(move.to_square)}/{taken}")
        else:
            out.add(f"{name(move.from_square)}-{name(move.to_square)}")
    return out
