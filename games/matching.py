"""Match the games of a round's PDN file to the round's games: by round, board and players.

Pure Python (no database): the service turns the round's games into :class:`Slot` values and
stores what :func:`match_games` matched. A PDN game is matched when its ``Round`` tag (if
any) names the round, its ``Board`` tag (if any) names the board, and its ``White`` and
``Black`` tags name the two players of one game in the right colours (game 2 of a two-game
pairing has them swapped). A live relay may name the board only: with ``by_board``, a game
whose White and Black tags are missing or unknown (``?``) matches the one game of the board
its Board tag names. Everything else is reported with the reason.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from arbiter.pdn import PdnGame
from tournaments.site.inputs import whole_number


@dataclass(frozen=True, slots=True)
class Slot:
    """A game of the round: its id, board, index (1, or 2 for the return game) and the
    names its players may be written with."""

    game_id: int
    board: int
    index: int
    white: frozenset[str]
    black: frozenset[str]


@dataclass(frozen=True, slots=True)
class Matched:
    pdn_index: int
    game_id: int
    board: int
    index: int


@dataclass(frozen=True, slots=True)
class Unmatched:
    """A PDN game left out: its number in the file, the players as written, and why."""

    pdn_index: int
    white: str
    black: str
    reason: str


@dataclass(slots=True)
class MatchReport:
    """What a round's upload matched, what it could not, and the games left without one."""

    matched: list[Matched] = field(default_factory=list)
    unmatched: list[Unmatched] = field(default_factory=list)
    missing: list[tuple[int, int]] = field(default_factory=list)
    #: The PDN text of each unmatched game, by its number in the file (to assign it by hand).
    unmatched_pdn: dict[int, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, list]:
        return {
            "matched": [vars_of(m) for m in self.matched],
            "unmatched": [vars_of(u) for u in self.unmatched],
            "missing": [{"board": board, "index": index} for board, index in self.missing],
        }


def vars_of(value: Matched | Unmatched) -> dict[str, object]:
    return {name: getattr(value, name) for name in value.__slots__}


def name_forms(first_name: str, last_name: str) -> frozenset[str]:
    """The normalised ways a player's name is written in PDN files: "Last, First" (the PDN
    convention), "First Last", "Last First" and "Last".

    >>> sorted(name_forms("Jan", "de Vries"))
    ['de vries', 'de vries jan', 'jan de vries']
    """
    first, last = normalise_name(first_name), normalise_name(last_name)
    return frozenset({f"{last} {first}".strip(), f"{first} {last}".strip(), last})


def normalise_name(name: str) -> str:
    """Case, accents, punctuation and spacing taken out.

    >>> normalise_name("Lefèvre,  Luc")
    'lefevre luc'
    """
    text = unicodedata.normalize("NFKD", name)
    text = "".join(char for char in text if not unicodedata.combining(char)).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def match_games(
    games: Iterable[PdnGame], slots: Sequence[Slot], *, round_number: int, by_board: bool = False
) -> MatchReport:
    """Match each PDN game to at most one slot, each slot to at most one PDN game."""
    report = MatchReport()
    taken: dict[int, int] = {}
    for game in games:
        white, black = game.tag("White") or "", game.tag("Black") or ""
        reason = _round_mismatch(game.tag("Round"), round_number)
        slot = None
        if reason is None:
            slot, reason = _find(
                game, slots, normalise_name(white), normalise_name(black), by_board=by_board
            )
        if slot is not None and slot.game_id in taken:
            reason = _(
                "board %(board)s game %(index)s was already matched by game %(other)s of the file"
            ) % {"board": slot.board, "index": slot.index, "other": taken[slot.game_id]}
            slot = None
        if slot is None:
            report.unmatched.append(Unmatched(game.index, white, black, reason or ""))
            continue
        taken[slot.game_id] = game.index
        report.matched.append(Matched(game.index, slot.game_id, slot.board, slot.index))
    report.missing = [(s.board, s.index) for s in slots if s.game_id not in taken]
    return report


def _round_mismatch(tag: str | None, round_number: int) -> str | None:
    """Why the Round tag excludes this round ("3", "3.1" for board or game 1 of round 3)."""
    if not tag or tag.strip() in {"?", "-"}:
        return None
    named = whole_number(tag.strip().split(".")[0])
    if named is None:
        return _("the Round tag %(tag)r is not a round number") % {"tag": tag}
    if named != round_number:
        return _("the Round tag %(tag)r names round %(named)s, not round %(number)s") % {
            "tag": tag,
            "named": named,
            "number": round_number,
        }
    return None


def _find(
    game: PdnGame, slots: Sequence[Slot], white: str, black: str, *, by_board: bool = False
) -> tuple[Slot | None, str | None]:
    board_tag = (game.tag("Board") or "").strip()
    board = whole_number(board_tag)
    candidates = list(slots)
    if board_tag:
        if board is None:
            return None, _("the Board tag %(tag)r is not a board number") % {"tag": board_tag}
        candidates = [slot for slot in slots if slot.board == board]
        if not candidates:
            return None, _("the round has no board %(board)s") % {"board": board}
        if by_board and not (white or black) and len(candidates) == 1:
            return candidates[0], None
    for slot in candidates:
        if white in slot.white and black in slot.black:
            return slot, None
    swapped = [slot for slot in candidates if white in slot.black and black in slot.white]
    values = {
        "board": board,
        "white": repr(game.tag("White")),
        "black": repr(game.tag("Black")),
    }
    if swapped:
        if board_tag:
            return None, _(
                "the players on board %(board)s are named with the colours swapped"
            ) % values
        return None, _("the players in this round are named with the colours swapped")
    if not white or not black:
        return None, _("the White and Black tags are needed to match the game")
    if board_tag:
        return None, _("no game on board %(board)s between %(white)s and %(black)s") % values
    return None, _("no game in this round between %(white)s and %(black)s") % values
