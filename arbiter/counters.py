"""The draw counters of a game in progress: how far each of the variant's draw rules has run.

:class:`DrawCounters` follows a game ply by ply with the same rule objects and the same
facts the replay uses (:mod:`arbiter.draws`), and answers, at any moment, where every
rule stands: how many plies the 25-move rule has counted, how many times the position
has occurred, whether a countdown is running and when it runs out. An arbiter reads them
at the ply a draw is claimed.

    >>> from arbiter import find_variant
    >>> board = find_variant("international")("W:WK50:BK1")
    >>> counters = DrawCounters(board)
    >>> for text in ("50-44", "1-7", "44-50", "7-1"):
    ...     counters.push(board.parse_move(text))
    >>> for c in counters.snapshot():
    ...     print(c.rule, c.count, c.limit, c.unit)
    fmjd-repetition 2 3 occurrences
    fmjd-25-move 4 50 plies
    fmjd-16-move None 32 plies
    fmjd-5-move 4 10 plies
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from arbiter.draws import (
    Countdown,
    DrawRule,
    Kind,
    KingMovesOnly,
    MainRoad,
    PlyFacts,
    Repetition,
    rules_for,
)
from arbiter.game import GameBoard

__all__ = ["DrawCounter", "DrawCounters"]

Unit = Literal["plies", "occurrences", "moves"]


@dataclass(frozen=True, slots=True)
class DrawCounter:
    """Where one draw rule stands after ``ply``.

    ``count`` is what the rule has counted (None while its situation does not hold, so
    no count is running) and ``limit`` the count it works towards, both in ``unit``:
    ``plies`` since the count started, ``occurrences`` of the current position, or
    ``moves`` of the lone king on the main road (draughts-64 rule 7.2.7, where the
    stronger side still has one move after the limit). ``met`` is the rule's own answer
    at this ply: the draw (automatic) or the claim (claimable) is there.
    """

    rule: str
    name: str
    kind: Kind
    source: str
    ply: int
    count: int | None
    limit: int | None
    unit: Unit
    met: bool


class DrawCounters:
    """Follow ``board`` (already set to the starting position) with the variant's draw rules.

    :meth:`push` plays a legal move on the board and counts it; :meth:`set_position`
    starts every count again after a setup (as the replay does for a PDN setup command);
    :meth:`snapshot` reports each rule.
    """

    def __init__(self, board: GameBoard, *, ply: int = 0) -> None:
        self.board = board
        self.ply = ply
        self._start()

    def _start(self) -> None:
        self._rules: list[DrawRule] = rules_for(self.board.draw_rules)
        self._facts = self.board.start_facts(self.ply)
        self._met = [rule.observe(self._facts) for rule in self._rules]

    def push(self, move: Any) -> None:
        """Play ``move`` (known legal) on the board and feed the ply to every rule."""
        self.ply += 1
        self._facts = self.board.push_facts(move, self.ply)
        self._met = [rule.observe(self._facts) for rule in self._rules]

    def set_position(self, fen: str) -> None:
        """A setup: the board takes ``fen`` and every count starts from there."""
        self.board.set_fen(fen)
        self._start()

    def snapshot(self) -> tuple[DrawCounter, ...]:
        """Every rule of the variant, in the variant's order, as it stands now."""
        return tuple(
            self._counter(rule, met) for rule, met in zip(self._rules, self._met, strict=True)
        )

    def _counter(self, rule: DrawRule, met: bool) -> DrawCounter:
        count, limit, unit = _progress(rule, self._facts)
        return DrawCounter(
            rule=rule.code,
            name=rule.name,
            kind=rule.kind,
            source=rule.source,
            ply=self.ply,
            count=count,
            limit=limit,
            unit=unit,
            met=met,
        )


def _progress(rule: DrawRule, facts: PlyFacts) -> tuple[int | None, int | None, Unit]:
    """Read the count a rule object keeps (the rule families of :mod:`arbiter.draws.base`
    and 7.2.7's own counter); a rule of an unknown family reports no count."""
    if isinstance(rule, Repetition):
        return rule._seen.get(facts.key, 0), rule.times, "occurrences"
    if isinstance(rule, KingMovesOnly):
        running = rule.applies(facts) and not facts.irreversible
        return (rule._count if running else None), rule.plies, "plies"
    if isinstance(rule, Countdown):
        since = rule._since
        return (None if since is None else facts.ply - since), rule.limit(facts), "plies"
    if isinstance(rule, MainRoad):
        return rule._count, rule.moves, "moves"
    return None, None, "plies"
