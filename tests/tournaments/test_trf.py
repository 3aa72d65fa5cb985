"""TRF-2026 export and import: round trip, fixture reading, py4swiss's own parser."""

import datetime as dt
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from gacrux.trf2json import trf2json
from py4swiss.trf import TrfParser

from tournaments.pairing import PairingError, TrfError, TrfEvent, pair_dutch, trf_dumps, trf_loads
from tournaments.pairing.simulate import simulate
from tournaments.pairing.trf import next_round
from tournaments.values import (
    Acceleration,
    Colour,
    Competitor,
    DutchRules,
    ForbiddenPairing,
    RoundResult,
    ScoringSystem,
    TournamentState,
)

FIXTURES = Path(__file__).parent / "fixtures"


def _complete(state):
    """Every round written explicitly (a missing round is written as Z)."""
    played = next_round(state) - 1
    return replace(
        state,
        competitors=tuple(
            replace(c, results=c.results_through(played, state.scoring)) for c in state.competitors
        ),
    )


@pytest.mark.parametrize("seed", range(6))
def test_round_trip(seed):
    sim = simulate(
        seed=seed,
        players=15 + seed,
        rounds=7,
        played_rounds=4,
        late_entries=2,
        withdrawals=2,
        half_bye_rate=0.1,
        forfeit_rate=0.1,
        first_colour=Colour.BLACK if seed % 2 else Colour.WHITE,
    )
    state = replace(
        _complete(sim.state),
        forbidden_pairs=frozenset({frozenset({1, 2}), frozenset({3, 7})}),
        competitors=tuple(
            replace(
                c,
                title=["", "GMI", "MF", "GM"][c.number % 4],
                club=f"Club {c.number % 3}",
                federation="NED",
            )
            for c in _complete(sim.state).competitors
        ),
    )
    event = TrfEvent(
        name="Open", city="Utrecht", round_dates=(dt.date(2025, 5, 1),), system="Swiss system"
    )
    document = trf_loads(trf_dumps(state, event=event))
    assert document.state == state
    assert document.event == event


def test_long_names_and_non_trf_titles_go_to_dat_records():
    player = Competitor(
        1, "Van der Wiel-Dubois de la Fontaine, Marie-Christine", 2100, title="GMIF"
    )
    text = trf_dumps(
        replace(
            simulate(seed=1, players=4, rounds=3, played_rounds=0).state,
            competitors=(
                player,
                *simulate(seed=1, players=4, rounds=3, played_rounds=0).state.competitors[1:],
            ),
        )
    )
    assert "DAT 0001 TITLE GMIF" in text and "DAT 0001 NAME Van der Wiel" in text
    assert trf_loads(text).state.competitors[0] == player


def test_reads_the_fixture():
    document = trf_loads((FIXTURES / "small.trf").read_text())
    state = document.state
    assert document.event == TrfEvent(
        name="Damier test open",
        city="Utrecht",
        start_date="2025/05/01",
        end_date="2025/05/03",
        chief_arbiter="A. Arbiter",
        round_dates=(dt.date(2025, 5, 1), dt.date(2025, 5, 2), dt.date(2025, 5, 3)),
    )
    assert state.total_rounds == 4 and state.first_colour is Colour.BLACK
    assert state.scoring == ScoringSystem()
    assert state.forbidden_pairs == {frozenset({1, 5})}
    one, two, three, four, five = state.competitors
    assert (one.name, one.rating, one.federation, one.title) == ("Janssen, Jan", 2350, "NED", "GMI")
    assert two.title == "GM" and three.club == "Damclub Utrecht"
    assert one.results == (
        RoundResult(1, 3, Colour.BLACK, "=", Decimal(1)),
        RoundResult(2, 2, Colour.WHITE, "1", Decimal(2)),
    )
    assert three.results[1] == RoundResult(2, None, None, "U", Decimal(2))
    assert four.results[1].code == "+" and five.results[1].code == "-"
    assert five.results[2] == RoundResult(3, None, None, "H", Decimal(1))  # the 240 record
    assert next_round(state) == 3
    pairs = pair_dutch(state, round_number=3)  # 5 has the half-point bye (240 record)
    assert {frozenset((p.white, p.black)) for p in pairs} == {frozenset({1, 4}), frozenset({2, 3})}


def test_py4swiss_parser_reads_our_export(tmp_path):
    sim = simulate(
        seed=3,
        players=11,
        rounds=5,
        played_rounds=3,
        forfeit_rate=0.2,
        scoring=ScoringSystem(pairing_bye=Decimal(1), full_bye=Decimal(2)),
    )
    path = tmp_path / "x.trf"
    path.write_text(trf_dumps(sim.state, event=TrfEvent(name="Open")))
    parsed = TrfParser.parse(path)  # validates points and results itself
    assert parsed.x_section.number_of_rounds == 5
    assert len(parsed.player_sections) == 11
    assert parsed.tournament_section.tournament_name == "Open"


def test_point_system_records():
    fits = trf_dumps(simulate(seed=1, players=4, rounds=3, played_rounds=1).state)
    # The absence (A) at its default 0.0 is left out: bbpPairings 6.0.0 refuses the line at
    # an A (it knows the class as Z); one worth something else is written as TRF-2026 says.
    assert "\n162  W 2.0    D 1.0    L 0.0    P 2.0\n" in fits
    docked = ScoringSystem(forfeit_loss=Decimal(-1), zero_bye=Decimal(-1))
    sim = simulate(seed=1, players=4, rounds=3, played_rounds=1, scoring=docked)
    assert "\n162  W 2.0    D 1.0    L 0.0    A-1.0    P 2.0\n" in trf_dumps(sim.state)
    assert "XXS WW=2.0 BW=2.0 WD=1.0 BD=1.0 WL=0.0 BL=0.0 ZPB=0.0 HPB=1.0 FPB=2.0 PAB=2.0 " in fits
    assert "BBU  2.0" in fits and "XXR 3" in fits and "XXC white1" in fits
    odd = ScoringSystem(forfeit_win=Decimal(1))
    older = DutchRules.PRE_2026  # the 2026 engine refuses a scoring 162 cannot hold
    sim = simulate(seed=1, players=4, rounds=3, played_rounds=1, scoring=odd, rules=older)
    text = trf_dumps(sim.state)
    assert "\n162 " not in text and "FW=1.0" in text
    assert trf_loads(text).state.scoring == odd


def test_bbppairings_records_imply_the_byes_and_forfeits():
    """bbpPairings: a forfeit win, a full-point bye and (without BBU) the pairing-allocated
    bye score BBW; a half-point bye scores BBD."""
    scoring = trf_loads("BBW  2.0\nBBD  1.0\n").state.scoring
    assert (scoring.forfeit_win, scoring.full_bye, scoring.pairing_bye) == (2, 2, 2)
    assert (scoring.draw, scoring.half_bye, scoring.forfeit_loss) == (1, 1, 0)
    assert trf_loads("BBW  2.0\nBBU  1.0\n").state.scoring.pairing_bye == 1


def test_record_260_keeps_its_rounds_and_092_names_the_text():
    text = trf_dumps(
        TournamentState(
            tuple(Competitor(n, f"P{n}", 0) for n in (1, 2, 3, 4)),
            7,
            forbidden_pairs=frozenset({frozenset({1, 2})}),
            forbidden_ranges=(ForbiddenPairing(frozenset({3, 4}), 2, 3),),
            rules=DutchRules.PRE_2026,
        ),
    )
    assert "092 FIDE_DUTCH\n" in text
    assert "260 001 007    1    2" in text and "260 002 003    3    4" in text
    assert "XXP 1 2\n" in text and "XXP 3 4" not in text  # py4swiss: round 1 only
    document = trf_loads(text)
    assert document.state.rules is DutchRules.PRE_2026
    assert document.state.forbidden_pairs == {frozenset({1, 2})}
    assert document.state.forbidden_ranges == (ForbiddenPairing(frozenset({3, 4}), 2, 3),)
    assert document.state.forbidden_in(2) == {frozenset({1, 2}), frozenset({3, 4})}
    later = replace(document.state, rules=DutchRules.FIDE_2026)
    assert "092 FIDE_DUTCH_2025" in trf_dumps(later)


BAKU = (
    Acceleration(Decimal("1.0"), 1, 2, 1, 2),
    Acceleration(Decimal("0.5"), 3, 3, 1, 2),
)


def test_record_250_round_trips_in_its_columns():
    """TRF-2026 record 250: match points (5-8) blank for individuals, points 10-13, rounds
    15-17 and 19-21, players 23-26 and 28-31; gacrux's own reader reads the same values."""
    state = replace(
        simulate(seed=3, players=6, rounds=5, played_rounds=2).state, accelerations=BAKU
    )
    text = trf_dumps(state)
    assert "250       1.0 001 002 0001 0002\n" in text
    assert "250       0.5 003 003 0001 0002\n" in text
    assert trf_loads(text).state.accelerations == BAKU
    reader = trf2json()
    reader.parse_file(text, 0)
    values = reader.get_tournament(1)["accelerated"]["values"]
    assert [
        (
            v["gamePoints"],
            v["firstRound"],
            v["lastRound"],
            v["firstCompetitor"],
            v["lastCompetitor"],
        )
        for v in values
    ] == [(1.0, 1, 2, 1, 2), (0.5, 3, 3, 1, 2)]


def test_record_250_may_leave_the_last_round_and_player_blank():
    (acceleration,) = trf_loads("250  0.0  1.0 003     0007\n").state.accelerations
    assert acceleration == Acceleration(Decimal(1), 3, 3, 7, 7)


def _after_round_one_of_draws(accelerations=()):
    """Eight players, rated 1 to 8 in that order, who all drew round 1 (1-5, 6-2, 3-7, 8-4:
    1 and 3 had white)."""
    round_one = {1: (5, "w"), 5: (1, "b"), 6: (2, "w"), 2: (6, "b")}
    round_one |= {3: (7, "w"), 7: (3, "b"), 8: (4, "w"), 4: (8, "b")}
    competitors = tuple(
        Competitor(
            n,
            f"Player {n}",
            2500 - n,
            results=(RoundResult(1, round_one[n][0], Colour(round_one[n][1]), "=", Decimal(1)),),
        )
        for n in range(1, 9)
    )
    return TournamentState(competitors, 5, scoring=ScoringSystem(), accelerations=accelerations)


def _pairs(pairs):
    return sorted(tuple(sorted((p.white, p.black))) for p in pairs)


def test_an_accelerated_round_is_paired_on_the_accelerated_scores():
    """C.04.5 (Baku acceleration), by hand: two points more for players 1-4 in round 2 make
    two score groups of four, {1-4} on 3 and {5-8} on 1. In each, S1 meets S2 (1-3, 2-4),
    but 1 and 3 both had white, so C.04.3 C.12 (fewest players denied their colour) takes
    the transposition 1-4, 2-3; likewise 5-8, 6-7 below. Without acceleration all eight are
    on 1 point and 1 meets 7 (1-5 was round 1)."""
    accelerated = _after_round_one_of_draws((Acceleration(Decimal("2.0"), 2, 2, 1, 4),))
    pairs = pair_dutch(accelerated, round_number=2, rules=DutchRules.FIDE_2026)
    assert _pairs(pairs) == [(1, 4), (2, 3), (5, 8), (6, 7)]
    plain = pair_dutch(_after_round_one_of_draws(), round_number=2, rules=DutchRules.FIDE_2026)
    assert _pairs(plain) == [(1, 7), (2, 8), (3, 5), (4, 6)]


def test_an_acceleration_of_earlier_rounds_leaves_the_round_as_without():
    over = _after_round_one_of_draws((Acceleration(Decimal("2.0"), 1, 1, 1, 4),))
    assert pair_dutch(over, round_number=2, rules=DutchRules.FIDE_2026) == pair_dutch(
        _after_round_one_of_draws(), round_number=2, rules=DutchRules.FIDE_2026
    )


def test_round_one_accelerated_pairs_each_half_apart():
    """Baku, round 1: the top half starts a point up, so each half is a score group of its
    own and its S1 meets its S2: 1-3, 2-4 and 5-7, 6-8 (no colour history yet)."""
    state = _after_round_one_of_draws((Acceleration(Decimal("2.0"), 1, 1, 1, 4),))
    fresh = replace(state, competitors=tuple(replace(c, results=()) for c in state.competitors))
    pairs = pair_dutch(fresh, round_number=1, rules=DutchRules.FIDE_2026)
    assert _pairs(pairs) == [(1, 3), (2, 4), (5, 7), (6, 8)]


def test_the_earlier_text_refuses_an_accelerated_round_by_name():
    """py4swiss 0.3.1 has no acceleration: the round is refused, not paired as without."""
    accelerated = _after_round_one_of_draws((Acceleration(Decimal("2.0"), 2, 2, 1, 4),))
    with pytest.raises(PairingError, match=r"round 2 is accelerated \(TRF record 250"):
        pair_dutch(accelerated, round_number=2, rules=DutchRules.PRE_2026)


def test_default_point_system_is_trf_s():
    text = (
        (FIXTURES / "small.trf")
        .read_text()
        .replace("162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0\n", "")
    )
    assert trf_loads(text).state.scoring.win == Decimal(1)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("142 four", r"line 1: malformed 142 record"),
        ("001    x      Name", r"line 1, column 5: no pairing number in columns 5-8"),
        ("XXS WW=two", r"line 1: malformed XXS record"),
        ("240 Q 003    5", r"bye type 'Q' is not F, H or Z"),
        ("250 01.0 02.0 001 003 0001 0090", r"line 1: malformed 250 .*team events"),
        ("250      00.0 001 003 0001 0090", r"line 1: malformed 250 .*points above 0"),
        ("250       1.0 004 002 0001 0090", r"line 1: malformed 250 .*first <= last"),
    ],
)
def test_errors_name_the_line(bad, message):
    with pytest.raises(TrfError, match=message):
        trf_loads(bad + "\n")


def test_unknown_result_code():
    line = "001    1      A" + " " * 76 + "   2 w ?"
    assert line.index("   2 w ?") == 91
    with pytest.raises(TrfError, match=r"column 99: unknown result code '\?'"):
        trf_loads(line)


def _player(number: int, *entries: str) -> str:
    return (
        f"001 {number:>4}      Player {number}".ljust(80)
        + " 0.0".ljust(11)
        + "".join(f"{entry:<10}" for entry in entries)
    )


@pytest.mark.parametrize(
    ("entries", "colour"),
    [
        # the top seed's colour in round 1 is the initial colour
        ({1: "   3 b 1", 2: "   4 w 1", 3: "   1 w 0", 4: "   2 b 0"}, Colour.BLACK),
        ({1: "   3 w 1", 2: "   4 b 1", 3: "   1 b 0", 4: "   2 w 0"}, Colour.WHITE),
        # the top seed had the pairing-allocated bye: the next one paired had the other
        ({1: "0000 - U", 2: "   3 w 1", 3: "   2 b 0"}, Colour.BLACK),
        # the top seed was absent (not paired): the next one paired gives it
        ({1: "0000 - Z", 2: "   3 b 1", 3: "   2 w 0"}, Colour.BLACK),
    ],
)
def test_a_file_without_its_initial_colour_takes_the_one_round_1_shows(entries, colour):
    """No 152 and no XXC colour: as bbpPairings 6.0.0 infers it, so that both engines give
    a file written by another program the same colours."""
    text = "\n".join(_player(n, entry) for n, entry in entries.items()) + "\nXXR 5\n"
    assert trf_loads(text).state.first_colour is colour
    assert trf_loads(text + "152 W\n").state.first_colour is Colour.WHITE
    assert trf_loads(text.replace("XXR 5", "XXR 5\nXXC black1")).state.first_colour is Colour.BLACK


def test_a_file_without_rounds_or_initial_colour_starts_with_white():
    assert trf_loads(_player(1) + "\n" + _player(2) + "\n").state.first_colour is Colour.WHITE
