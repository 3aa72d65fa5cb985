"""Draw rules, one class per rule, and the registry a variant's ``draw_rules`` names.

A variant lists the codes of its rules (``Board.draw_rules``); :func:`rules_for` makes a
fresh, independent set of rule objects for one game::

    >>> from arbiter.draws import RULES
    >>> RULES["fmjd-25-move"].name
    '25-move rule'
"""

from __future__ import annotations

from arbiter.draws.base import Countdown, DrawRule, Kind, KingMovesOnly, PlyFacts, Repetition
from arbiter.draws.czech import CzechFifteenMoves
from arbiter.draws.dragonfly import ChessFivefold, ChessThreefold
from arbiter.draws.draughts64 import (
    NOTE_7_2_9,
    Draughts64Repetition,
    KingsOnlyFifteenMoves,
    MainRoad,
    SmallEnding,
    ThreeKingsAgainstKing,
    UnchangedBalance,
    main_road,
)
from arbiter.draws.fmjd import FiveMoveRule, FmjdRepetition, SixteenMoveRule, TwentyFiveMoveRule
from arbiter.draws.frisian import KingAgainstKing, TwoKingsAgainstKing
from arbiter.draws.wcdf import FortyMoveRule, WcdfRepetition

#: Every draw rule by its code.
RULES: dict[str, type[DrawRule]] = {
    rule.code: rule
    for rule in (
        FmjdRepetition,
        TwentyFiveMoveRule,
        SixteenMoveRule,
        FiveMoveRule,
        Draughts64Repetition,
        ThreeKingsAgainstKing,
        KingsOnlyFifteenMoves,
        UnchangedBalance,
        MainRoad,
        SmallEnding,
        WcdfRepetition,
        FortyMoveRule,
        CzechFifteenMoves,
        TwoKingsAgainstKing,
        KingAgainstKing,
        ChessThreefold,
        ChessFivefold,
    )
}


def rules_for(codes: tuple[str, ...]) -> list[DrawRule]:
    """Fresh rule objects for the given codes, in order (a variant's ``draw_rules``).

    >>> rules_for(("wcdf-repetition", "wcdf-40-move"))
    [<WcdfRepetition wcdf-repetition>, <FortyMoveRule wcdf-40-move>]
    """
    unknown = [code for code in codes if code not in RULES]
    if unknown:
        raise KeyError(f"unknown draw rule code(s) {unknown}; known codes: {sorted(RULES)}")
    return [RULES[code]() for code in codes]


__all__ = [
    "NOTE_7_2_9",
    "RULES",
    "ChessFivefold",
    "ChessThreefold",
    "Countdown",
    "CzechFifteenMoves",
    "Draughts64Repetition",
    "DrawRule",
    "FiveMoveRule",
    "FmjdRepetition",
    "FortyMoveRule",
    "Kind",
    "KingAgainstKing",
    "KingMovesOnly",
    "KingsOnlyFifteenMoves",
    "MainRoad",
    "PlyFacts",
    "Repetition",
    "SixteenMoveRule",
    "SmallEnding",
    "ThreeKingsAgainstKing",
    "TwentyFiveMoveRule",
    "TwoKingsAgainstKing",
    "UnchangedBalance",
    "WcdfRepetition",
    "main_road",
    "rules_for",
]
