"""What a new version of a relayed game changes on its board: pure Python, no database.

A relay source sends the whole game again at every move (a PDN file that grows, or a push).
:func:`relay_update` replays the new version with the arbiter (from the drawn card or the
start) and compares its legal plies with those already stored:

- the stored plies are a prefix of the new ones: the new plies are appended, never twice;
- the new version is shorter but agrees with what is stored (a source that lags behind):
  nothing is lost, nothing changes;
- the new version differs at a ply already stored: it rewrites earlier moves, and becomes a
  new revision of the board, flagged at the first ply that differs;
- the replay stops at an illegal or ambiguous move: the legal plies before it are kept and
  the move is flagged with its ply and the arbiter's rule code
  (docs/rules/international.md §8: an illegal move is reported, the arbiter decides);
- the record's result (docs/rules/pdn.md §3), once set, finishes the board.

Plies are stored in the variant's own notation (``board.move_text``), so a source that
writes the same move another way (``32x28`` for ``32-28``, leading zeros) changes nothing.

    >>> from arbiter import find_variant
    >>> from arbiter.pdn import read_game
    >>> game = read_game('[GameType "20"] 1. 32-28 19-23 2. 28x19 14x23 *')
    >>> update = relay_update(("32-28",), game, variant=find_variant("international"))
    >>> update.appended, update.rewritten_at, update.flag, update.result
    (('19-23', '28x19', '14x23'), None, None, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbiter import replay
from arbiter.counters import DrawCounter, DrawCounters
from arbiter.game import GameBoard
from arbiter.pdn import PdnGame, is_game_result, normalize_result
from games.timeline import playable_moves

#: The replay's verdicts that stop at a move of the record (arbiter.verdict.VerdictKind).
_STOPPED_AT_MOVE = frozenset({"illegal", "ambiguous"})


@dataclass(frozen=True, slots=True)
class RelayFlag:
    """Why a relayed board needs the arbiter: the ``ply`` (1-based), the ``move`` as
    written, the ``rule`` (the arbiter's reason code, e.g. ``capture-compulsory``, or
    ``rewritten`` for a version that changes moves already relayed, ``unreadable`` for a
    text the arbiter cannot start) and a ``message`` that quotes the record."""

    ply: int | None
    move: str | None
    rule: str
    message: str

    def to_dict(self) -> dict[str, object]:
        return {"ply": self.ply, "move": self.move, "rule": self.rule, "message": self.message}


@dataclass(frozen=True, slots=True)
class RelayUpdate:
    """What one version of a game changes: ``plies`` are all the legal plies to keep (the
    stored ones followed by ``appended``, or the new revision's), ``rewritten_at`` the
    first ply the new version changed (None: no rewrite), ``flag`` the first illegal move
    (or the rewrite, or an unreadable text), ``fen`` the position after the last kept
    ply, ``counters`` the draw rules' counts there, ``result`` the record's result
    (canonical, None while the game goes on) and ``clocks`` the clock tags given."""

    plies: tuple[str, ...]
    appended: tuple[str, ...]
    rewritten_at: int | None
    flag: RelayFlag | None
    fen: str
    counters: tuple[DrawCounter, ...]
    result: str | None
    clocks: dict[str, str]

    @property
    def changed(self) -> bool:
        return bool(self.appended) or self.rewritten_at is not None


#: The PDN tags a relay may give for the players' clocks (lidraughts writes WhiteClock,
#: BlackClock; others Clock).
CLOCK_TAGS = ("WhiteClock", "BlackClock", "Clock")


def relay_update(
    stored: Sequence[str],
    game: PdnGame,
    *,
    variant: type[GameBoard],
    start_fen: str | None = None,
    opening: str | None = None,
) -> RelayUpdate:
    """Compare ``game`` (a new version of a relayed game) with the ``stored`` plies.

    ``variant`` is the event's (the record's GameType tag wins, as in any replay);
    ``start_fen`` the position it starts from (the drawn card's, or None for the record's
    FEN tag or the initial position); ``opening`` the card's moves it must begin with.
    """
    if start_fen and not game.tag("FEN"):
        game.tags["FEN"] = start_fen
    verdict = replay(game, variant=variant, opening=opening)
    played, fen, counters = _walk(game, variant, verdict.plies)
    flag = None
    error = verdict.error
    if error is not None and verdict.verdict in _STOPPED_AT_MOVE:
        flag = RelayFlag(error.ply, error.move, error.code, error.message)
    elif error is not None:
        flag = RelayFlag(None, None, "unreadable", error.message)
    stored = tuple(stored)
    same = _common_prefix(stored, played)
    rewritten_at = None
    if same == len(stored):
        plies, appended = played, played[same:]
    elif same == len(played):
        # the new version is behind what is stored, and agrees with it
        plies, appended = stored, ()
        if flag is None:
            fen, counters = _position(game, variant, stored)
    else:
        plies, appended, rewritten_at = played, (), same + 1
        flag = flag or RelayFlag(
            rewritten_at,
            played[same] if same < len(played) else None,
            "rewritten",
            f"the source rewrote ply {rewritten_at}: {stored[same]!r} was relayed before",
        )
    return RelayUpdate(
        plies=plies,
        appended=appended,
        rewritten_at=rewritten_at,
        flag=flag,
        fen=fen,
        counters=counters,
        result=record_result(game),
        clocks={tag: value for tag in CLOCK_TAGS if (value := game.tag(tag))},
    )


def record_result(game: PdnGame) -> str | None:
    """The record's result in canonical form (``2-0``, ``1-0``...): the terminating token,
    else the ``Result`` tag; None while the game goes on (``*``) or for anything that is
    not a game result (docs/rules/pdn.md §3)."""
    for token in (game.result, game.tag("Result")):
        if token and is_game_result(token):
            result = normalize_result(token)
            if result != "*":
                return result
    return None


def _walk(
    game: PdnGame, variant: type[GameBoard], plies: int
) -> tuple[tuple[str, ...], str, tuple[DrawCounter, ...]]:
    """The first ``plies`` moves of the main line (already found legal by the replay) in
    the variant's notation, the position after them and the draw counters there."""
    board = variant((game.tag("FEN") or "").strip() or None)
    counters = DrawCounters(board)
    played: list[str] = []
    # Up to a move the replay settled from the rest of the record: kept as written.
    for _item, move in playable_moves(game, board, counters) if plies > 0 else ():
        played.append(board.move_text(move))
        counters.push(move)
        if len(played) >= plies:
            break
    return tuple(played), board.fen(), counters.snapshot()


def _position(
    game: PdnGame, variant: type[GameBoard], plies: Sequence[str]
) -> tuple[str, tuple[DrawCounter, ...]]:
    """The position and the counters after the stored ``plies``."""
    board = variant((game.tag("FEN") or "").strip() or None)
    counters = DrawCounters(board)
    for text in plies:
        counters.push(board.parse_move(text))
    return board.fen(), counters.snapshot()


def _common_prefix(first: Sequence[str], second: Sequence[str]) -> int:
    same = 0
    for one, other in zip(first, second, strict=False):
        if one != other:
            break
        same += 1
    return same
