"""What an arbiter must look at in a replayed record: flags drawn from an arbiter.Verdict.

Pure Python (no database): :func:`flags_for` compares the verdict with the result entered
for the game and with the drawn card, and lists the findings, each with the ply where it
happens. A flag is a report to the arbiter; the result is never changed here. The finding
about the entered result depends on the result only, not on the replay:
:func:`flags_with_entered_result` puts it right when the result changes, from the stored
report, so a verification never speaks of a result the game no longer has.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

from arbiter import Termination, Verdict

FlagKind = Literal[
    "unreadable",
    "illegal-move",
    "ambiguous-move",
    "result-contradicted",
    "entered-result-contradicted",
    "automatic-draw",
    "left-opening",
]

#: The game result code (tournaments.models.GameResult) of a win by each side, or a draw.
_RESULT_OF_WINNER: dict[str | None, str] = {"white": "1-0", "black": "0-1", None: "1/2"}
#: Entered results that say who won a played game (forfeits and unplayed games do not).
_PLAYED_RESULTS = frozenset(_RESULT_OF_WINNER.values())


@dataclass(frozen=True, slots=True)
class Flag:
    """One finding: ``kind``, the ``ply`` it happens at (None: the whole record), and a
    message that quotes the record."""

    kind: FlagKind
    ply: int | None
    message: str

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def flags_for(verdict: Verdict, *, entered_result: str) -> list[Flag]:
    """The findings of ``verdict`` for a game whose entered result is ``entered_result``.

    - the replay stopped: an unreadable record, an illegal or ambiguous move (with the ply
      and the arbiter's reason; docs/rules/international.md §8: an illegal move is reported, the
      opponent or the arbiter decides what follows);
    - the result is contradicted: the board decided the game and the record's result
      (arbiter's result check: ``result-contradicted``) or the entered result
      (``entered-result-contradicted``, :func:`entered_result_flag`) says otherwise
      (docs/rules/international.md §5.1, russian.md §3, english.md §2.5: the side to move without a
      legal move has lost; international.md §6, russian.md §4: an automatic draw ends the
      game);
    - an automatic draw ended the game, with its rule and source;
    - the game left the drawn card's opening (docs/rules/tournaments.md §6.7).
    """
    flags: list[Flag] = []
    error = verdict.error
    if error is not None:
        kind: FlagKind = {"illegal": "illegal-move", "ambiguous": "ambiguous-move"}.get(
            verdict.verdict, "unreadable"
        )
        flags.append(Flag(kind, error.ply, error.message))
    if verdict.outcome is not None and verdict.result_check == "contradicts":
        flags.append(Flag("result-contradicted", verdict.outcome.ply, verdict.result_message))
    entered = entered_result_flag(verdict.to_dict(), entered_result)
    if entered is not None:
        flags.append(entered)
    if verdict.outcome is not None and verdict.outcome.termination is Termination.DRAW_RULE:
        draw = verdict.draw
        assert draw is not None
        after = (
            f"; {verdict.moves_after_end} plies were recorded after it"
            if verdict.moves_after_end
            else ""
        )
        flags.append(
            Flag(
                "automatic-draw",
                draw.ply,
                f"the game was drawn at ply {draw.ply} by the {draw.name} ({draw.source}){after}",
            )
        )
    opening = verdict.opening
    if opening is not None and not opening.followed:
        flags.append(
            Flag(
                "left-opening",
                opening.left_at_ply,
                f"the game left the drawn card's opening at ply {opening.left_at_ply}"
                if opening.left_at_ply
                else "the game did not start from the drawn card's position",
            )
        )
    return flags


def entered_result_flag(report: Mapping[str, Any], entered_result: str) -> Flag | None:
    """The finding about ``entered_result`` for a replay whose report
    (arbiter.Verdict.to_dict()) is ``report``: None unless the board decided the game and
    the entered result of a played game says otherwise (docs/rules/international.md §5.1,
    russian.md §3, english.md §2.5: the side to move without a legal move has lost;
    international.md §6, russian.md §4: an automatic draw ends the game)."""
    outcome = report.get("outcome") or {}
    if not outcome or entered_result not in _PLAYED_RESULTS:
        return None
    decided = _RESULT_OF_WINNER[outcome.get("winner")]
    if entered_result == decided:
        return None
    ply = outcome.get("ply")
    return Flag(
        "entered-result-contradicted",
        ply,
        f"the result entered is {entered_result}, but the board gives {decided} at ply {ply}",
    )


def flags_with_entered_result(
    flags: list[dict[str, Any]], report: Mapping[str, Any], entered_result: str
) -> list[dict[str, Any]]:
    """Stored ``flags`` (Flag.to_dict()) with the finding about the entered result made
    anew for ``entered_result``: the previous one is dropped, never repeated."""
    kept = [flag for flag in flags if flag.get("kind") != "entered-result-contradicted"]
    entered = entered_result_flag(report, entered_result)
    return kept if entered is None else [*kept, entered.to_dict()]
