"""The values a PDN file is read into and written from.

Positions (``line``, ``column``) are 1-based and point at the first character of what was
written; they do not take part in equality, so a game read back from what the writer
produced compares equal to the original (the round trip the tests prove).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import cast

from arbiter.errors import PdnSyntaxError


@dataclass(frozen=True, slots=True)
class PdnMove:
    """One move as written in the movetext.

    ``text`` is normalized only where the writing is not part of the move: the strength
    suffix, a glued forced-move ``*`` (kept as NAG 7, docs/rules/pdn.md §5) and blanks inside
    the move (``"5x 14"`` -> ``"5x14"``) are taken out; squares, separators and leading
    zeros stay as written (``"05-09"``, ``"3228"``, ``"ed4"``). ``unknown`` marks a
    placeholder for a move nobody recorded (``-``, ``--``, or ``...`` used as a move, whose
    text becomes ``"-"``; docs/rules/pdn.md §6).

    ``comments_before`` holds comments written before the first move of a variation;
    ``comments`` those written after the move. ``variations`` are alternative lines that
    replace this move (each starts at the same ply): each a tuple, or a
    :class:`LazyVariation` that the reader kept as written and that reads to that tuple
    when first looked at.

    >>> PdnMove("32-28", 1, 4, number=1, strength="!")
    PdnMove(text='32-28', line=1, column=4, number=1, strength='!', nags=(), comments=(), variations=(), unknown=False, comments_before=())
    """  # noqa: E501

    text: str
    line: int = field(compare=False)
    column: int = field(compare=False)
    number: int | None = None
    strength: str | None = None
    nags: tuple[int, ...] = ()
    comments: tuple[str, ...] = ()
    variations: tuple[tuple[PdnMove | PdnSetup, ...], ...] = ()
    unknown: bool = False
    comments_before: tuple[str, ...] = ()


class _MoveMaker:
    """What :func:`made_move` makes a move with: a class of PdnMove's slots, not frozen.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``: for a
    move, most of what reading a ply costs. This one assigns its slots as any class does
    (the fields, defaults included, as PdnMove declares them), then hands the object over to
    PdnMove, whose layout it shares: about a third of the cost of ``PdnMove(...)``.
    """

    __slots__ = PdnMove.__slots__

    def __init__(
        self,
        text: str,
        line: int,
        column: int,
        number: int | None = None,
        strength: str | None = None,
        nags: tuple[int, ...] = (),
        comments: tuple[str, ...] = (),
        variations: tuple[Sequence[PdnMove | PdnSetup], ...] = (),
        unknown: bool = False,
        comments_before: tuple[str, ...] = (),
    ) -> None:
        self.text = text
        self.line = line
        self.column = column
        self.number = number
        self.strength = strength
        self.nags = nags
        self.comments = comments
        self.variations = variations
        self.unknown = unknown
        self.comments_before = comments_before
        self.__class__ = PdnMove  # type: ignore[assignment]


#: ``PdnMove(...)`` (the same arguments, positional or named) at a third of the cost: the
#: reader makes one for every ply (tests/arbiter/pdn/test_fast_read.py).
made_move = cast("Callable[..., PdnMove]", _MoveMaker)


class LazyVariation(partial[tuple["PdnMove | PdnSetup", ...]], Sequence["PdnMove | PdnSetup"]):
    """A variation kept as written and read when first looked at: the verdict replays the
    main line only, and most records never have their variations read. It stands for the
    tuple of moves it reads to: it has its items, equality, hash and repr.

    ``LazyVariation(read, *args)`` reads it as ``read(*args)``: a ``functools.partial`` of a
    function and its arguments, which is made in C, without a Python frame (half the cost of
    a class of its own; the reader keeps one for almost every move of an engine's record),
    and without a closure's function object and cells."""

    __slots__ = ("_entries",)
    _entries: tuple[PdnMove | PdnSetup, ...]  # set when read

    def entries(self) -> tuple[PdnMove | PdnSetup, ...]:
        """The variation's moves and setups, read the first time."""
        try:
            return self._entries
        except AttributeError:
            self._entries = self()
            return self._entries

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self.entries()[index]

    def __len__(self) -> int:
        return len(self.entries())

    def __iter__(self) -> Iterator[PdnMove | PdnSetup]:
        return iter(self.entries())

    def __eq__(self, other: object) -> bool:
        return self.entries() == (other.entries() if isinstance(other, LazyVariation) else other)

    def __hash__(self) -> int:
        return hash(self.entries())

    def __repr__(self) -> str:
        return repr(self.entries())


@dataclass(frozen=True, slots=True)
class PdnSetup:
    """A setup command ``/FEN "..."/`` in the movetext (PDN 3.0 "Setup commands")."""

    fen: str
    line: int = field(compare=False)
    column: int = field(compare=False)
    comments: tuple[str, ...] = ()
    comments_before: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PdnWarning:
    """A deviation from PDN 3.0 that the reader repaired: where (``line``, ``column``),
    what the standard ``expected``, what was ``found``, and what was ``assumed`` instead.
    A strict reader reports the same deviation as a :class:`PdnSyntaxError`.

    >>> print(PdnWarning(3, 1, "a closing ']'", "'[Round 17'", "the tag [Round '17']"))
    line 3, column 1: found '[Round 17', assumed the tag [Round '17'] (PDN expects a closing ']')
    """

    line: int
    column: int
    expected: str
    found: str
    assumed: str

    def __str__(self) -> str:
        return (
            f"line {self.line}, column {self.column}: found {self.found}, "
            f"assumed {self.assumed} (PDN expects {self.expected})"
        )


@dataclass(slots=True)
class PdnGame:
    """One game of a PDN file: tags, main line, result, and what was wrong with it.

    ``tags`` keep the names as written and the file's order; :meth:`tag` looks a name up
    without regard to case. ``result`` is the terminating result token as written (``None``
    when the game ended without one). ``comments`` are the comments written before the
    first move. ``errors`` lists every syntax problem of this game; the game still holds
    what could be read. ``warnings`` lists the deviations read anyway, each with what was
    assumed (a strict reader makes them errors). Equality compares the content, not
    positions, errors or warnings.
    """

    index: int
    line: int = field(compare=False)
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[PdnMove | PdnSetup] = field(default_factory=list)
    result: str | None = None
    comments: list[str] = field(default_factory=list)
    errors: list[PdnSyntaxError] = field(default_factory=list, compare=False)
    warnings: list[PdnWarning] = field(default_factory=list, compare=False)
    #: where each tag is written, (line, column) of its '[', by its name as written
    tag_places: dict[str, tuple[int, int]] = field(default_factory=dict, compare=False)

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of tag ``name`` in any case (``game.tag("setup")`` finds ``SetUp``).

        >>> PdnGame(1, 1, tags={"SetUp": "1"}).tag("setup")
        '1'
        """
        wanted = name.casefold()
        for key, value in self.tags.items():
            if key.casefold() == wanted:
                return value
        return default

    def tag_place(self, name: str) -> tuple[int, int] | None:
        """(line, column) of the tag :meth:`tag` answers for ``name``, if it was read from
        a file (a game built in code has none).

        >>> PdnGame(1, 1, tags={"FEN": "W:W1:B2"}, tag_places={"FEN": (3, 1)}).tag_place("fen")
        (3, 1)
        """
        wanted = name.casefold()
        for key in self.tags:
            if key.casefold() == wanted:
                return self.tag_places.get(key)
        return None
