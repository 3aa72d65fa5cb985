"""FIDE Dutch pairings through our interface: both texts, and the pre-2026 text against
py4swiss's own TRF entry point."""

import sys
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import py4swiss.main
import pytest

from tests.factories import ONE_POINT_A_WIN
from tournaments.pairing import NoPairingError, PairingError, draughts_order, pair_dutch, trf_dumps
from tournaments.pairing.simulate import SimulatedTournament, simulate
from tournaments.values import (
    Colour,
    Competitor,
    DutchRules,
    ForbiddenPairing,
    Pair,
    RoundResult,
    ScoringSystem,
    TournamentState,
)

PRE = DutchRules.PRE_2026
BOTH = pytest.mark.parametrize("rules", list(DutchRules))

CHESS = ONE_POINT_A_WIN


def with_planned_byes(sim: SimulatedTournament, round_number: int) -> TournamentState:
    """The state before ``round_number`` with its absences and half-point byes recorded as
    results of that round, as a TRF for an engine carries them."""
    request = sim.requests[round_number - 1]
    before = sim.before(round_number)
    scoring = before.scoring
    competitors = []
    for c in before.competitors:
        extra: tuple[RoundResult, ...] = ()
        if c.number in request.absent:
            extra = (RoundResult(round_number, None, None, "Z", scoring.zero_bye),)
        elif c.number in request.half_point_byes:
            extra = (RoundResult(round_number, None, None, "H", scoring.half_bye),)
        competitors.append(replace(c, results=c.results + extra))
    return replace(before, competitors=tuple(competitors))


def py4swiss_pairs(state: TournamentState, tmp_path: Path, monkeypatch) -> list[Pair]:
    """Pairs from py4swiss's command-line entry point (its TRF parser and Dutch engine)."""
    source, target = tmp_path / "in.trf", tmp_path / "out.txt"
    source.write_text(trf_dumps(state), encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["py4swiss", "-t", str(source), "-p", str(target)])
    py4swiss.main.main()
    count, *lines = target.read_text().splitlines()
    assert int(count) == len(lines)
    return [Pair(int(w), int(b) or None) for w, b in (line.split() for line in lines)]


CASES = [
    # seed, players, rounds, late entries, withdrawals, half-bye rate, forfeit rate, scoring
    (
        seed,
        max(10 + (seed * 17) % 51, 3 * (5 + seed % 5)),
        5 + seed % 5,
        seed % 3,
        seed % 4,
        0.04,
        0.04,
        scoring,
    )
    for seed, scoring in zip(range(30), [ScoringSystem(), CHESS] * 15, strict=True)
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "players", "rounds", "late", "withdrawals", "half", "forfeit", "scoring"), CASES
)
def test_same_pairings_as_py4swiss_entry_point(
    seed, players, rounds, late, withdrawals, half, forfeit, scoring, tmp_path, monkeypatch
):
    sim = simulate(
        seed=seed,
        players=players,
        rounds=rounds,
        scoring=scoring,
        late_entries=late,
        withdrawals=withdrawals,
        half_bye_rate=half,
        forfeit_rate=forfeit,
        first_colour=Colour.BLACK if seed % 7 == 0 else Colour.WHITE,
        rules=PRE,
    )
    for request in sim.requests:
        state = with_planned_byes(sim, request.round)
        theirs = py4swiss_pairs(state, tmp_path, monkeypatch)
        if request.round == 1 and (request.absent or request.half_point_byes):
            # round 1 with players out: we follow bbpPairings 5.0.1 (colours by position
            # among the present), py4swiss does not; the same boards, colours aside
            assert {frozenset((p.white, p.black)) for p in theirs} == {
                frozenset((p.white, p.black)) for p in request.pairs
            }
            continue
        assert theirs == list(request.pairs), f"seed {seed}, round {request.round}"
        # the same pairing when the byes come as arguments instead of recorded results
        assert pair_dutch(state, round_number=request.round, rules=PRE) == list(request.pairs)


@BOTH
def test_every_present_player_is_paired_once_including_late_entries(rules):
    sim = simulate(
        seed=5, players=21, rounds=6, late_entries=4, withdrawals=3, forfeit_rate=0.1, rules=rules
    )
    for request in sim.requests:
        paired = [n for p in request.pairs for n in (p.white, p.black) if n is not None]
        kept_out = request.absent | request.half_point_byes
        assert sorted(paired) == sorted(set(range(1, 22)) - kept_out)
        assert sum(p.black is None for p in request.pairs) == len(paired) % 2


def test_late_entry_without_entries_pairs_the_right_round(tmp_path, monkeypatch):
    """py4swiss trap: a row shorter than the others silently pairs the wrong round (a
    one-board pairing). Missing rounds are zero-point byes, so all 13 players are paired."""
    sim = simulate(seed=11, players=12, rounds=5, played_rounds=2, rules=PRE)
    late = Competitor(13, "Late", 1000)  # no entries for rounds 1-2
    state = replace(sim.state, competitors=(*sim.state.competitors, late))
    pairs = pair_dutch(state, round_number=3, rules=PRE)
    assert sorted(n for p in pairs for n in (p.white, p.black) if n) == list(range(1, 14))
    assert py4swiss_pairs(state, tmp_path, monkeypatch) == pairs


@BOTH
def test_pairing_allocated_bye_value_is_the_event_s(rules):
    """py4swiss trap: with 2/1/0 scoring the bye's points must be set, not inferred."""
    sim = simulate(seed=2, players=9, rounds=4, played_rounds=1, rules=rules)
    (bye,) = [c for c in sim.state.competitors if c.results[0].code == "U"]
    assert bye.results[0].points == Decimal(2)
    pairs = pair_dutch(sim.state, round_number=2, rules=rules)
    assert all(p.black is not None for p in pairs if bye.number in (p.white, p.black))


@BOTH
def test_forbidden_pairs_are_respected(rules):
    players = tuple(Competitor(n, f"P{n}", 2000 - n) for n in range(1, 9))
    state = TournamentState(players, 5)
    assert Pair(1, 5) in pair_dutch(state, round_number=1, rules=rules)
    forbidden = replace(state, forbidden_pairs=frozenset({frozenset({1, 5})}))
    pairs = pair_dutch(forbidden, round_number=1, rules=rules)
    assert all({p.white, p.black} != {1, 5} for p in pairs)


@BOTH
def test_forbidden_pairing_holds_for_its_rounds_only(rules):
    """TRF-2026 record 260: a forbidden pairing for rounds 2-3 does not hold in round 1."""
    players = tuple(Competitor(n, f"P{n}", 2000 - n) for n in range(1, 9))
    ranged = ForbiddenPairing(frozenset({1, 5}), 2, 3)
    state = TournamentState(players, 5, forbidden_ranges=(ranged,))
    assert Pair(1, 5) in pair_dutch(state, round_number=1, rules=rules)
    assert state.forbidden_in(2) == {frozenset({1, 5})}
    assert state.forbidden_in(4) == frozenset()


@BOTH
def test_first_colour_is_explicit(rules):
    players = tuple(Competitor(n, f"P{n}", 2000 - n) for n in range(1, 5))
    white = pair_dutch(TournamentState(players, 3), round_number=1, rules=rules)
    black = pair_dutch(
        TournamentState(players, 3, first_colour=Colour.BLACK), round_number=1, rules=rules
    )
    assert white == [Pair(1, 3), Pair(4, 2)]
    assert black == [Pair(3, 1), Pair(2, 4)]


@BOTH
def test_requested_byes_keep_players_out(rules):
    players = tuple(Competitor(n, f"P{n}", 2000 - n) for n in range(1, 8))
    pairs = pair_dutch(
        TournamentState(players, 5),
        round_number=1,
        rules=rules,
        absent=frozenset({2}),
        half_point_byes=frozenset({3}),
        zero_point_byes=frozenset({4}),
    )
    assert {n for p in pairs for n in (p.white, p.black)} == {1, 5, 6, 7}


@BOTH
def test_no_legal_pairing(rules):
    a = Competitor(1, "A", 2000, results=(RoundResult(1, 2, Colour.WHITE, "1", Decimal(2)),))
    b = Competitor(2, "B", 1900, results=(RoundResult(1, 1, Colour.BLACK, "0", Decimal(0)),))
    with pytest.raises(NoPairingError, match="round 2 cannot be paired"):
        pair_dutch(TournamentState((a, b), 3), round_number=2, rules=rules)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"round_number": 4}, "round 4 does not exist: the event has 3 rounds"),
        (
            {"round_number": 1, "absent": frozenset({9})},
            r"absent names unknown pairing numbers \[9\]",
        ),
        (
            {"round_number": 1, "absent": frozenset({1}), "half_point_byes": frozenset({1})},
            r"players \[1\] are both in absent and in half_point_byes",
        ),
        ({"round_number": 1, "ordering": "random"}, "unknown ordering 'random'"),
    ],
)
def test_bad_requests(kwargs, message):
    state = TournamentState(tuple(Competitor(n, f"P{n}", 0) for n in (1, 2, 3)), 3)
    with pytest.raises(PairingError, match=message):
        pair_dutch(state, **kwargs)


def test_gaps_in_pairing_numbers_and_inconsistent_results_are_refused():
    with pytest.raises(PairingError, match=r"missing \[2\]"):
        pair_dutch(
            TournamentState((Competitor(1, "A", 0), Competitor(3, "C", 0)), 3), round_number=1
        )
    a = Competitor(1, "A", 0, results=(RoundResult(1, 2, Colour.WHITE, "1", Decimal(2)),))
    b = Competitor(2, "B", 0, results=(RoundResult(1, 1, Colour.BLACK, "1", Decimal(2)),))
    with pytest.raises(PairingError, match="inconsistent results before round 2"):
        pair_dutch(TournamentState((a, b, Competitor(3, "C", 0)), 3), round_number=2, rules=PRE)


def test_round_already_paired_is_refused():
    sim = simulate(seed=1, players=6, rounds=4, played_rounds=2)
    with pytest.raises(PairingError, match="already has a result for round 2"):
        pair_dutch(sim.state, round_number=2)


def _truncated_solkoff_by_hand(state: TournamentState, number: int) -> Decimal:
    scores = {c.number: c.score() for c in state.competitors}
    opponents = [scores[r.opponent] for r in state.competitor(number).results]
    return sum(opponents) - min(opponents)


@BOTH
def test_draughts_ordering_is_the_renumbering_it_promises(rules):
    """Draughts ordering = renumber by (score, truncated Solkoff, rating, number), pair by
    FIDE Dutch, map back. Events without byes or forfeits: Solkoff by hand is exact."""
    sim = simulate(seed=8, players=16, rounds=7, played_rounds=3, rules=rules)
    state = sim.state
    expected_order = sorted(
        (c.number for c in state.competitors),
        key=lambda n: (
            -state.competitor(n).score(),
            -_truncated_solkoff_by_hand(state, n),
            -state.competitor(n).rating,
            n,
        ),
    )
    assert draughts_order(state, after_round=3) == expected_order
    new_number = {old: new for new, old in enumerate(expected_order, start=1)}
    old_number = {new: old for old, new in new_number.items()}
    renumbered = replace(
        state,
        competitors=tuple(
            replace(
                c,
                number=new_number[c.number],
                results=tuple(replace(r, opponent=new_number[r.opponent]) for r in c.results),
            )
            for c in state.competitors
        ),
    )
    by_hand = [
        Pair(old_number[p.white], old_number[p.black])
        for p in pair_dutch(renumbered, round_number=4, rules=rules)
    ]
    draughts = pair_dutch(state, round_number=4, ordering="draughts", rules=rules)
    assert draughts == by_hand
    assert draughts != pair_dutch(state, round_number=4, rules=rules), (
        "the example must show a difference"
    )


def test_draughts_ordering_through_trf_rank_is_the_same(tmp_path, monkeypatch):
    sim = simulate(seed=8, players=16, rounds=7, played_rounds=3, rules=PRE)
    source, target = tmp_path / "in.trf", tmp_path / "out.txt"
    source.write_text(trf_dumps(sim.state, ordering="draughts"))
    monkeypatch.setattr(sys, "argv", ["py4swiss", "-t", str(source), "-p", str(target)])
    py4swiss.main.main()
    lines = target.read_text().splitlines()[1:]
    theirs = [Pair(int(w), int(b) or None) for w, b in (line.split() for line in lines)]
    assert theirs == pair_dutch(sim.state, round_number=4, ordering="draughts", rules=PRE)


@BOTH
def test_nobody_to_pair(rules):
    state = TournamentState((Competitor(1, "A", 0), Competitor(2, "B", 0)), 3)
    assert pair_dutch(state, round_number=1, absent=frozenset({1, 2}), rules=rules) == []


def test_the_2026_engine_refuses_a_scoring_record_162_cannot_hold():
    players = tuple(Competitor(n, f"P{n}", 0) for n in (1, 2))
    odd = ScoringSystem(forfeit_win=Decimal(1))
    with pytest.raises(PairingError, match="record 162"):
        pair_dutch(TournamentState(players, 3, scoring=odd), round_number=1)
    assert pair_dutch(TournamentState(players, 3, scoring=odd), round_number=1, rules=PRE)
