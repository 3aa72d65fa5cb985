"""The arbiter's findings in the reader's language.

The arbiter (a pure library, no Django) reports in English with stable codes: the verdict
and the result check (arbiter.verdict), each draw rule's ``code`` (arbiter.draws), the
reason ``code`` of a refused move (arbiter.notation and the variants' move readers), and
the flags of games.verification. This module maps those codes, and the structured values
beside them (plies, squares, results), to translated sentences; the arbiter's English
message is shown only for a code this module does not know yet. A draw rule's name and
article, and why a game ended (arbiter.verdict.Termination), are written once in the arbiter,
marked for the catalogue there, and translated here.

Draw rules are cited by their federation's article, never by a file of the project.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from arbiter import Termination
from arbiter.draws import RULES
from tournaments.scoring.notation import result_score

LABELS = {
    # arbiter.verdict.VerdictKind
    "legal": gettext_lazy("every move is legal"),
    "illegal": gettext_lazy("illegal move"),
    "ambiguous": gettext_lazy("ambiguous move"),
    "unreadable": gettext_lazy("unreadable record"),
    # arbiter.verdict.ResultCheck
    "agrees": gettext_lazy("the result agrees with the board"),
    "contradicts": gettext_lazy("the result contradicts the board"),
    "not-checkable": gettext_lazy("the result cannot be checked on the board"),
    # arbiter.draws.base.Kind, arbiter.counters.Unit
    "automatic": gettext_lazy("automatic"),
    "claimable": gettext_lazy("claimable"),
    "plies": gettext_lazy("plies"),
    "occurrences": gettext_lazy("occurrences"),
    "moves": gettext_lazy("moves"),
    # games.verification.FlagKind (the others share a verdict's code)
    "illegal-move": gettext_lazy("illegal move"),
    "ambiguous-move": gettext_lazy("ambiguous move"),
    "result-contradicted": gettext_lazy("recorded result contradicted"),
    "entered-result-contradicted": gettext_lazy("entered result contradicted"),
    "automatic-draw": gettext_lazy("automatic draw"),
    "left-opening": gettext_lazy("opening left"),
}

#: Why a written move was refused (the reason codes of the arbiter's move readers).
MOVE_REASONS = {
    "ambiguous": gettext_lazy("it matches several legal moves; write the full capture path"),
    "not-reachable": gettext_lazy("no legal move takes that piece to that square"),
    "no-piece": gettext_lazy("there is no piece on the starting square"),
    "wrong-colour": gettext_lazy("the piece on the starting square belongs to the other side"),
    "capture-compulsory": gettext_lazy("capture is compulsory"),
    "capture-priority": gettext_lazy("another capture has priority"),
    "majority-rule": gettext_lazy("the capture that takes the most pieces is compulsory"),
    "capture-incomplete": gettext_lazy("the capture stops before it is complete"),
    "king-move-limit": gettext_lazy("this king has made its allowed number of moves in a row"),
    "man-backwards": gettext_lazy("a man cannot move backwards"),
    "man-captures-backwards": gettext_lazy("a man cannot capture backwards in this variant"),
    "king-range": gettext_lazy("a king moves only one square at a time in this variant"),
    "occupied": gettext_lazy("the landing square is occupied"),
    "game-over": gettext_lazy("the game was already over"),
    "no-move": gettext_lazy("the piece must end its move on another square"),
    "invalid-jump": gettext_lazy("the route is not a chain of jumps onto empty squares"),
    "pdn-syntax": gettext_lazy("the PDN text cannot be read"),
    "no-variant": gettext_lazy("the record does not say which game it is"),
    "unknown-variant": gettext_lazy("the record names a game the site does not know"),
    "invalid-fen": gettext_lazy("the starting position (FEN) cannot be read"),
    "unknown-move": gettext_lazy("the move is not recorded"),
    "invalid-move": gettext_lazy("the move is not written in the variant's notation"),
}

_CITATION = re.compile(r"\s*\((?:REFERENCE\.md|docs/)[^)]*\)")


def label(code: str) -> str:
    """The translated name of an arbiter code; an unknown code is shown as it is."""
    return str(LABELS.get(code, code))


def rule_name(code: str, fallback: str = "") -> str:
    """A draw rule's name (:attr:`arbiter.draws.DrawRule.name`), translated; for a code
    the arbiter no longer knows, ``fallback`` (the name a stored report carries)."""
    rule = RULES.get(code)
    return _(rule.name) if rule else fallback or code


def rule_source(code: str, fallback: str = "") -> str:
    """The federation article of a draw rule (:attr:`arbiter.draws.DrawRule.article`),
    translated; for an unknown code, ``fallback`` without its reference to a file."""
    rule = RULES.get(code)
    return _(rule.article) if rule else _CITATION.sub("", fallback)


def termination_text(code: str) -> str:
    """Why a game ended on the board (:class:`arbiter.verdict.Termination`), translated; an
    unknown code is shown as it is."""
    try:
        return _(Termination(code).text)
    except ValueError:
        return code


def move_problem(error: Mapping[str, Any] | None) -> str:
    """Why the replay stopped, in a sentence: the move, its number, the rule it breaks,
    and the legal moves there were."""
    if not error:
        return ""
    reason = MOVE_REASONS.get(error.get("code") or "")
    reason_text = str(reason) if reason else _CITATION.sub("", error.get("message") or "")
    move = error.get("move")
    if move and error.get("line"):
        text = _("move %(number)s, %(move)s at line %(line)s, column %(column)s: %(reason)s") % {
            "number": error.get("move_number") or "?",
            "move": move,
            "line": error["line"],
            "column": error.get("column") or "?",
            "reason": reason_text,
        }
    elif move:
        text = _("move %(number)s, %(move)s: %(reason)s") % {
            "number": error.get("move_number") or "?",
            "move": move,
            "reason": reason_text,
        }
    else:
        text = reason_text
    legal = error.get("legal") or []
    if legal and error.get("code") != "ambiguous":
        shown = ", ".join(legal[:8]) + (" …" if len(legal) > 8 else "")
        text += " " + _("(legal moves: %(moves)s)") % {"moves": shown}
    elif legal:
        text += " " + _("(it matches: %(moves)s)") % {"moves": ", ".join(legal)}
    return text


def _colour(name: str | None) -> str:
    return {"white": _("White"), "black": _("Black")}.get(name or "", name or "")


def ending_text(report: Mapping[str, Any]) -> str:
    """How the game ended on the board, from the report's outcome."""
    outcome = report.get("outcome") or {}
    if not outcome:
        return ""
    if outcome.get("termination") == Termination.DRAW_RULE:
        draw = report.get("draw") or {}
        return _("drawn at ply %(ply)s: %(rule)s (%(source)s)") % {
            "ply": outcome.get("ply"),
            "rule": rule_name(draw.get("rule", ""), draw.get("name", "")),
            "source": rule_source(draw.get("rule", ""), draw.get("source", "")),
        }
    winner = outcome.get("winner")
    ending = termination_text(outcome.get("termination") or "")
    if winner is None:
        return _("drawn on the board at ply %(ply)s: %(ending)s") % {
            "ply": outcome.get("ply"),
            "ending": ending,
        }
    return _("%(winner)s won on the board at ply %(ply)s: %(ending)s") % {
        "winner": _colour(winner),
        "ply": outcome.get("ply"),
        "ending": ending,
    }


def result_check_text(check: str, report: Mapping[str, Any]) -> str:
    """The result check of the verification, explained."""
    if check in ("agrees", "contradicts"):
        return _("the record gives %(result)s; %(ending)s") % {
            "result": report.get("recorded_result") or "*",
            "ending": ending_text(report),
        }
    if report.get("error"):
        return _("the replay stopped before the end")
    recorded = report.get("recorded_result")
    if recorded in (None, "", "*"):
        return _("no result is recorded")
    claims = report.get("claims") or []
    if claims:
        first = claims[0]
        return _("the game did not end on the board; a draw could be claimed at ply %(ply)s") % {
            "ply": first.get("ply")
        }
    return _("the game did not end on the board (resignation, agreement or time)")


def flag_text(flag: Mapping[str, Any], report: Mapping[str, Any] | None, variant: str = "") -> str:
    """A flag of the verification (games.verification) as a sentence; the entered result
    written as ``variant`` writes it (``0-2`` in international draughts)."""
    report = report or {}
    kind = flag.get("kind")
    if kind in ("illegal-move", "ambiguous-move", "unreadable") and report.get("error"):
        return move_problem(report["error"])
    if kind == "result-contradicted":
        return _("the record gives %(result)s; %(ending)s") % {
            "result": report.get("recorded_result") or "*",
            "ending": ending_text(report),
        }
    if kind == "entered-result-contradicted":
        entered = report.get("entered_result") or "?"
        return _("the result entered is %(entered)s; %(ending)s") % {
            "entered": result_score(entered, variant) if variant else entered,
            "ending": ending_text(report),
        }
    if kind == "automatic-draw" and report.get("draw"):
        draw = report["draw"]
        text = _("the game was drawn at ply %(ply)s: %(rule)s (%(source)s)") % {
            "ply": draw.get("ply"),
            "rule": rule_name(draw.get("rule", ""), draw.get("name", "")),
            "source": rule_source(draw.get("rule", ""), draw.get("source", "")),
        }
        after = report.get("moves_after_end") or 0
        if after:
            text = _("%(first)s; %(second)s") % {
                "first": text,
                "second": ngettext(
                    "%(count)s ply was recorded after it",
                    "%(count)s plies were recorded after it",
                    after,
                )
                % {"count": after},
            }
        return text
    if kind == "left-opening":
        if flag.get("ply"):
            return _("the game left the drawn card's opening at ply %(ply)s") % {"ply": flag["ply"]}
        return _("the game did not start from the drawn card's position")
    return _CITATION.sub("", str(flag.get("message", "")))


_NOTES = (
    (
        re.compile(r"^(\d+) (?:ply was|plies were) recorded after the game ended at ply (\d+)"),
        lambda m: (
            ngettext(
                "%(count)s ply was recorded after the game ended at ply %(ply)s; not verified",
                "%(count)s plies were recorded after the game ended at ply %(ply)s; not verified",
                int(m[1]),
            )
            % {"count": m[1], "ply": m[2]}
        ),
    ),
    (
        re.compile(r"^the movetext ends with (.+) but the Result tag is (.+)$"),
        lambda m: (
            _("the moves end with %(token)s but the Result tag is %(tag)s")
            % {"token": m[1], "tag": m[2]}
        ),
    ),
    (
        re.compile(r"^position set up after ply (\d+) \(line (\d+)\): (\S+);"),
        lambda m: (
            _(
                "position set up after ply %(ply)s (line %(line)s): %(fen)s; the draw "
                "counts start again there"
            )
            % {"ply": m[1], "line": m[2], "fen": m[3]}
        ),
    ),
    (
        re.compile(r"^ply (\d+) \((.+), line (\d+)\) is numbered (\d+), expected (\d+)"),
        lambda m: (
            _(
                "ply %(ply)s (%(move)s, line %(line)s) is numbered %(number)s, expected "
                "%(expected)s: the move numbers are out of order"
            )
            % {"ply": m[1], "move": m[2], "line": m[3], "number": m[4], "expected": m[5]}
        ),
    ),
    (
        re.compile(r"^rule 7\.2\.9:"),
        lambda m: _(
            "draughts-64 rules, art. 7.2.9: the draw is not declared if the win is "
            "obvious and the player can still demonstrate it; the arbiter judges"
        ),
    ),
)


def note_text(note: str) -> str:
    """A note of the verification, translated when its form is known."""
    for pattern, translate in _NOTES:
        match = pattern.search(note)
        if match:
            return translate(match)
    return _CITATION.sub("", note)
