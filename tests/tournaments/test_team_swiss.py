"""The team Swiss (FIDE C.04.6) through gacrux, checked against the rules on hand-made
rounds: round 1 top half against bottom half (art. 3.6 with one score group), no two teams
meeting twice (art. 2.1.1 [C1]), at most one pairing-allocated bye per team (art. 2.1.2
[C2]), score groups kept whole where they can be (art. 3.5: the fewest upfloaters)."""

from decimal import Decimal

import pytest
from gacrux.trf2json import trf2json

from tournaments.pairing.dutch_input import PairingError
from tournaments.pairing.team_swiss import (
    ColourModel,
    TeamPairing,
    TeamSwissState,
    pair_team_swiss,
    team_swiss_trf,
)
from tournaments.scoring.teams import (
    BoardResult,
    MatchPointsScheme,
    PrimaryScore,
    TeamMatchResult,
    team_scores,
)
from tournaments.values import Colour

TEAMS = tuple((number, f"Team {number}") for number in range(1, 9))
SCHEME = MatchPointsScheme()


def _match(round_: int, pairing: TeamPairing, points_white: list[int]) -> TeamMatchResult:
    if pairing.black is None:
        return TeamMatchResult(round_, pairing.white, None)
    boards = tuple(
        BoardResult(board, Decimal(p), Decimal(2 - p))
        for board, p in enumerate(points_white, start=1)
    )
    return TeamMatchResult(round_, pairing.white, pairing.black, boards)


def _match_points(state: TeamSwissState, after: int) -> dict[int, Decimal]:
    scores = team_scores(state.matches, state.scheme, after_round=after)
    return {
        team: sum((s.match_points for s in scores.get(team, [])), Decimal(0))
        for team, _ in state.teams
    }


def _matchings(teams: list[int]):
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for other in rest:
        left = [t for t in rest if t != other]
        for tail in _matchings(left):
            yield [frozenset((first, other)), *tail]


def test_round_one_pairs_the_top_half_against_the_bottom_half():
    state = TeamSwissState(teams=TEAMS, boards=4, total_rounds=5)
    pairs = pair_team_swiss(state, round_number=1)
    assert {frozenset((p.white, p.black)) for p in pairs} == {
        frozenset(pair) for pair in ((1, 5), (2, 6), (3, 7), (4, 8))
    }
    # Art. 4.3.1: the team with the smaller TPN gets the initial colour when it is odd.
    colours = {p.white: Colour.WHITE for p in pairs} | {p.black: Colour.BLACK for p in pairs}
    assert [colours[t] for t in (1, 2, 3, 4)] == [
        Colour.WHITE,
        Colour.BLACK,
        Colour.WHITE,
        Colour.BLACK,
    ]
    assert all(p.rule == "4.3.1" for p in pairs)


def test_round_two_keeps_score_groups_with_the_fewest_upfloaters():
    state = TeamSwissState(teams=TEAMS, boards=4, total_rounds=5)
    first = pair_team_swiss(state, round_number=1)
    # 1 beats 5 6-2, 6 beats 2 7-1, 3-7 4-4, 4 beats 8 5-3 (in white's board order).
    results = {1: [2, 2, 1, 1], 6: [2, 2, 2, 1], 3: [1, 1, 1, 1], 8: [1, 1, 1, 0]}
    state = TeamSwissState(
        teams=TEAMS,
        boards=4,
        total_rounds=5,
        matches=tuple(_match(1, p, results[p.white]) for p in first),
    )
    second = pair_team_swiss(state, round_number=2)
    points = _match_points(state, 1)
    met = {frozenset((p.white, p.black)) for p in first}
    pairs = [frozenset((p.white, p.black)) for p in second]
    assert not met & set(pairs)
    assert sorted(t for p in pairs for t in p) == list(range(1, 9))

    def mixed(matching) -> int:
        return sum(len({points[t] for t in pair}) > 1 for pair in matching)

    legal = [m for m in _matchings(list(range(1, 9))) if not met & set(m)]
    assert mixed(pairs) == min(mixed(m) for m in legal) == 2
    # The three winners (2 match points) need one upfloater, from the draw's score group.
    winners = {t for t, p in points.items() if p == 2}
    assert winners == {1, 4, 6}
    assert sum(len(pair & winners) == 1 for pair in pairs) == 1
    assert all(points[t] >= 1 for pair in pairs if len(pair & winners) == 1 for t in pair)


@pytest.mark.parametrize("model", list(ColourModel))
@pytest.mark.parametrize("count", [7, 8])
def test_a_whole_event_never_repeats_a_match_nor_a_bye(model, count):
    teams = TEAMS[:count]
    matches: list[TeamMatchResult] = []
    rounds = 5
    for round_ in range(1, rounds + 1):
        state = TeamSwissState(
            teams=teams, boards=4, total_rounds=rounds, matches=tuple(matches), colour_model=model
        )
        pairs = pair_team_swiss(state, round_number=round_)
        assert sorted(t for p in pairs for t in (p.white, p.black) if t) == list(
            range(1, count + 1)
        )
        assert [p for p in pairs if p.black is None] == pairs[count // 2 :]
        for pair in pairs:
            # The lower TPN wins board 1, the rest is drawn unless the round says otherwise.
            low_white = pair.black is None or pair.white < pair.black
            board_one = 2 if low_white else 0
            others = [1, 2 if round_ % 2 else 1, 1]
            matches.append(_match(round_, pair, [board_one, *others]))
    met = [frozenset((m.team_a, m.team_b)) for m in matches if m.team_b]
    assert len(met) == len(set(met))
    byes = [m.team_a for m in matches if m.team_b is None]
    assert len(byes) == len(set(byes)) == (rounds if count % 2 else 0)


@pytest.mark.parametrize(
    ("model", "primary", "system"),
    [
        (ColourModel.TYPE_A, PrimaryScore.MATCH_POINTS, ["fideteam", "typea", "mp+gp"]),
        (ColourModel.TYPE_B, PrimaryScore.MATCH_POINTS, ["fideteam", "typeb", "mp+gp"]),
        (ColourModel.NONE, PrimaryScore.BOARD_POINTS, ["fideteam", "nocolor", "gp+mp"]),
    ],
)
def test_the_file_names_the_colour_model_and_the_primary_score(model, primary, system):
    state = TeamSwissState(
        teams=TEAMS, boards=4, total_rounds=5, colour_model=model, primary=primary
    )
    reader = trf2json()
    reader.parse_file(team_swiss_trf(state, played=0), 0)
    tournament = reader.get_tournament(1)
    assert tournament["pairingSystem"] == system
    assert tournament["teamSize"] == 4 and tournament["numRounds"] == 5
    assert len(tournament["competitors"]) == 8


def test_team_numbers_must_run_from_one():
    state = TeamSwissState(teams=((1, "A"), (3, "C")), boards=2, total_rounds=3)
    with pytest.raises(PairingError, match=r"art\. 1\.1\.1"):
        pair_team_swiss(state, round_number=1)


def test_two_teams_cannot_meet_twice():
    # Two teams can meet once only: a second round of two teams has no legal pairing.
    state = TeamSwissState(teams=((1, "A"), (2, "B")), boards=2, total_rounds=2)
    first = pair_team_swiss(state, round_number=1)
    state = TeamSwissState(
        teams=state.teams,
        boards=2,
        total_rounds=2,
        matches=tuple(_match(1, p, [2, 1]) for p in first),
    )
    with pytest.raises(PairingError, match="cannot be paired"):
        pair_team_swiss(state, round_number=2)


def test_a_pairing_is_the_same_for_the_same_state():
    state = TeamSwissState(teams=TEAMS, boards=4, total_rounds=5)
    assert pair_team_swiss(state, round_number=1) == pair_team_swiss(state, round_number=1)
