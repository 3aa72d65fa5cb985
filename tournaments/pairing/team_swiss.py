"""The Swiss system for teams, FIDE C.04.6 (approved 28 October 2025), through gacrux 1.11.65.

gacrux (Otto Milvang, MIT) implements C.04.6 in ``gacrux.pairingfideteam``: the
pairing-allocated bye (art. 3.4), brackets made of the top score group and upfloaters (art.
3.5-3.6), then the colours (art. 4), with the three colour models of art. 1.7 (type A, the
default; type B; no colour preferences). It reads a team event from a TRF-2026 file:

* one ``001`` line per player, here one per team and board (pairing number
  ``(team - 1) * boards + board``), with the game of each round;
* ``310`` the teams with their team pairing number (TPN, art. 1.1.1: 1 to the number of teams)
  and their players in board order; ``352`` the colour of team A's player on each board
  (odd boards take team A's colour, as :func:`tournaments.scoring.teams.board_colours`);
* ``192`` the system code, which names the colour model and the primary score
  (``FIDE_TEAM_TYPEA_MP_GP``...; art. 1.2: the other score is used for colours);
* ``162`` the game points, ``362`` the match points, ``320`` the pairing-allocated byes;
* ``142`` the rounds (arts. 2.3.4 and 2.3.7 do not apply in the last two), ``152`` the
  initial colour drawn by lot (art. 4.1).

A team's colour in a match is that of its player on board 1 (art. 1.6), so team A of a
:class:`~tournaments.scoring.teams.TeamMatchResult` is the team that had White on board 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

from gacrux.pairingfideteam import pairing_fideteam

from tournaments.pairing.dutch_gacrux import gacrux_brackets
from tournaments.pairing.dutch_input import PairingError
from tournaments.scoring.teams import (
    BoardResult,
    MatchPointsScheme,
    PrimaryScore,
    TeamMatchResult,
    team_scores,
)
from tournaments.values import Colour


class ColourModel(StrEnum):
    """The colour preferences of C.04.6 art. 1.7."""

    TYPE_A = "typea"
    TYPE_B = "typeb"
    NONE = "nocolor"


@dataclass(frozen=True)
class TeamSwissState:
    """A team Swiss before a round: teams by TPN (1..N), the matches played (team A had White
    on board 1), and the rules of the competition."""

    teams: tuple[tuple[int, str], ...]
    boards: int
    total_rounds: int
    matches: tuple[TeamMatchResult, ...] = ()
    colour_model: ColourModel = ColourModel.TYPE_A
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    scheme: MatchPointsScheme = field(default_factory=MatchPointsScheme)
    initial_colour: Colour = Colour.WHITE
    game_points: tuple[Decimal, Decimal, Decimal] = (Decimal(2), Decimal(1), Decimal(0))


@dataclass(frozen=True)
class TeamPairing:
    """A match of the round: ``white`` has White on board 1; ``black`` is None for the
    pairing-allocated bye. ``rule`` is the article of C.04.6 that gave the colours."""

    white: int
    black: int | None
    rule: str


def _player(team: int, board: int, boards: int) -> int:
    return (team - 1) * boards + board


def _code(own: Decimal, other: Decimal, forfeit: bool) -> str:
    if forfeit:
        return "+" if own > other else "-"
    if own == other:
        return "="
    return "1" if own > other else "0"


def _points(value: Decimal) -> str:
    return f"{value:.1f}"


def _system_code(state: TeamSwissState) -> str:
    model = {ColourModel.TYPE_A: "TYPEA_", ColourModel.TYPE_B: "TYPEB_", ColourModel.NONE: ""}
    scores = "MP_GP" if state.primary is PrimaryScore.MATCH_POINTS else "GP_MP"
    return f"FIDE_TEAM_{model[state.colour_model]}{scores}"


def team_swiss_trf(state: TeamSwissState, *, played: int) -> str:
    """The TRF-2026 text of ``state`` through round ``played`` (see the module doc)."""
    numbers = [number for number, _ in state.teams]
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        raise PairingError(
            f"C.04.6 art. 1.1.1: team pairing numbers must run from 1 to {len(numbers)}; "
            f"got {sorted(numbers)}"
        )
    boards = state.boards
    win, draw, loss = state.game_points
    scheme = state.scheme
    # A team's pairing-allocated bye is worth its board points, shared by its boards.
    bye_game = scheme.bye_board_points / boards
    cells: dict[int, list[str]] = {
        _player(t, b, boards): [] for t in numbers for b in range(1, boards + 1)
    }
    points: dict[int, Decimal] = dict.fromkeys(cells, Decimal(0))
    byes: dict[int, int] = {}
    for rnd in range(1, played + 1):
        seen: set[int] = set()
        for match in (m for m in state.matches if m.round == rnd):
            if match.team_b is None:
                byes[rnd] = match.team_a
                continue
            seen.update((match.team_a, match.team_b))
            results = {r.board: r for r in match.boards}
            for board in range(1, boards + 1):
                a = _player(match.team_a, board, boards)
                b = _player(match.team_b, board, boards)
                colour_a, colour_b = ("w", "b") if board % 2 else ("b", "w")
                result = results.get(board, BoardResult(board, loss, loss, forfeit=True))
                points[a] += result.points_a
                points[b] += result.points_b
                own = _code(result.points_a, result.points_b, result.forfeit)
                other = _code(result.points_b, result.points_a, result.forfeit)
                cells[a].append(f"{b:4d} {colour_a} {own}")
                cells[b].append(f"{a:4d} {colour_b} {other}")
        for team in numbers:
            if team in seen:
                continue
            bye = byes.get(rnd) == team
            for board in range(1, boards + 1):
                number = _player(team, board, boards)
                cells[number].append(f"0000 - {'U' if bye else 'Z'}")
                points[number] += bye_game if bye else Decimal(0)
    # Records 001 and 310 state each player's and team's points, which gacrux takes over
    # the results when the two disagree: they are written as the matches give them.
    scores = team_scores(state.matches, scheme, after_round=played)
    totals = {
        team: (
            sum((s.match_points for s in scores.get(team, [])), Decimal(0)),
            sum((s.board_points for s in scores.get(team, [])), Decimal(0)),
        )
        for team in numbers
    }
    lines = [
        f"142 {state.total_rounds}",
        f"152 {'W' if state.initial_colour is Colour.WHITE else 'B'}",
        f"162  W{_points(win):>4}    D{_points(draw):>4}    L{_points(loss):>4}"
        f"    A{_points(loss):>4}    P{_points(bye_game):>4}",
        f"192 {_system_code(state)}",
        "352 " + "".join("W" if board % 2 else "B" for board in range(1, boards + 1)),
        f"362  W{_points(scheme.win):>4}    D{_points(scheme.draw):>4}"
        f"    L{_points(scheme.loss):>4}    P{_points(scheme.bye):>4}",
    ]
    for team in numbers:
        for board in range(1, boards + 1):
            number = _player(team, board, boards)
            label = f"T{team} B{board}"
            # Columns of TRF-2026 record 001: no title, rating, federation, id nor birth.
            blank = f"{'':>4} {'':<3} {'':>11} {'':<10}"
            head = (
                f"001 {number:4d}      {label:<33} {blank} {_points(points[number]):>4} {number:4d}"
            )
            lines.append((head + "  " + "  ".join(cells[number])).rstrip())
    for team, name in state.teams:
        members = "".join(f"{_player(team, b, boards):4d} " for b in range(1, boards + 1))
        mp, gp = (_points(total) for total in totals[team])
        head = f"310 {team:3d} {name[:32]:<32} {'':<5} {'':>6} {mp:>6} {gp:>6} {team:3d}  "
        lines.append((head + members).rstrip())
    if byes:
        rounds = "".join(f" {byes.get(r, 0):3d}" for r in range(1, played + 1))
        bye_points = _points(scheme.bye_board_points)
        lines.append(f"320 {_points(scheme.bye):>4} {bye_points:>4}{rounds}")
    return "\n".join(lines) + "\n"


def pair_team_swiss(state: TeamSwissState, *, round_number: int) -> list[TeamPairing]:
    """Round ``round_number`` of ``state`` by C.04.6, in board order (art. 3.7 through
    gacrux's board numbers); the pairing-allocated bye last."""
    text = team_swiss_trf(state, played=round_number - 1)
    brackets = gacrux_brackets(
        text,
        round_number,
        engine=pairing_fideteam,
        settings={},
        params={},
        engine_name="the team Swiss engine",
        criteria="C.04.6 art. 2.1 (no two teams meet twice, at most one bye)",
    )
    boards = [b for bracket in brackets for b in bracket["pairs"]]
    boards.sort(key=lambda b: (not b["b"], b.get("board", 0)))
    return [TeamPairing(b["w"], b["b"] or None, str(b.get("colorrule", ""))) for b in boards]
