"""The move value."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Move:
    """A move, identified by its start square, end square and *set* of captured squares.

    Squares are the variant's official square numbers (1-50 on 10x10, 1-32 on 8x8).
    ``path`` holds every landing square, start and end included; it is kept for display
    and does not take part in equality: two routes that take the same pieces from the
    same start to the same end give the same position and are the same move
    (docs/rules/international.md §3.7; PDN 3.0, docs/rules/pdn.md §5.3).

    >>> Move(32, 28)
    Move(32, 28)
    >>> Move(28, 19, frozenset({23}), (28, 19)) == Move(28, 19, frozenset({23}))
    True
    """

    from_square: int
    to_square: int
    captures: frozenset[int] = frozenset()
    path: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not self.path:
            object.__setattr__(self, "path", (self.from_square, self.to_square))

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def __repr__(self) -> str:
        if not self.captures:
            return f"Move({self.from_square}, {self.to_square})"
        caps = ", ".join(str(s) for s in sorted(self.captures))
        return f"Move({self.from_square}, {self.to_square}, frozenset({{{caps}}}), {self.path!r})"
