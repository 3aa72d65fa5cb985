"""The team ranking of an individual event and its prohibited pairing of team mates
(docs/rules/tournaments.md §7.5)."""

from decimal import Decimal as D

import pytest
from django.core.exceptions import ValidationError

from tests.factories import UserFactory, event_with_players
from tests.tournaments.played_events import (
    NATIONAL_TEAMS,
    national_team_swiss,
    play_steered,
    steered_netherlands,
)
from tournaments.models import Game, Registration, System
from tournaments.scoring.team_score import MemberScore, team_ranking
from tournaments.selectors.state import tournament_state
from tournaments.selectors.team_ranking import team_ranking_get
from tournaments.services import events, registrations, rounds
from tournaments.services.errors import EventSettingsError, RegistrationError, RoundPairingError
from tournaments.teams.models import TeamCompetition
from tournaments.values import DutchRules, team_mate_pairs


def members(*points: str, start: int = 1) -> list[MemberScore]:
    return [MemberScore(n, f"P{n}", D(p)) for n, p in enumerate(points, start)]


def test_the_worked_example_scores_16_5_with_its_best_four():
    [row] = team_ranking({"NED": members("5", "4", "4", "3.5", "3", "0")}, counted=4)
    assert (row.score, row.all_members, row.rank, row.shared_rank) == (
        D("16.5"),
        D("19.5"),
        1,
        False,
    )
    assert [m.points for m in row.members[: row.counted]] == [D(5), D(4), D(4), D("3.5")]
    assert not row.counts(row.members[4])


def test_a_tie_on_the_score_goes_to_the_sum_of_all_members_then_is_shared():
    rows = team_ranking(
        {
            "A": members("4", "4", "0", start=1),
            "B": members("4", "4", "1", start=4),
            "C": members("5", "3", "1", start=7),
            "D": members("1", start=10),
        },
        counted=2,
    )
    assert [(r.team, r.rank, r.shared_rank) for r in rows] == [
        ("B", 1, True),
        ("C", 1, True),
        ("A", 3, False),
        ("D", 4, False),
    ]
    assert rows[-1].counted == 1  # a team smaller than N sums what it has


def test_a_ranking_counts_at_least_one_member():
    with pytest.raises(ValueError, match="at least one member, got 0"):
        team_ranking({}, counted=0)


def test_team_mate_pairs_are_every_two_players_of_a_label():
    pairs = team_mate_pairs({1: "NED", 2: "NED", 3: "NED", 4: "FRA", 5: ""})
    assert pairs == {frozenset(p) for p in ((1, 2), (1, 3), (2, 3))}


def national_swiss(user, *, players: int = 16, rules: str = DutchRules.FIDE_2026, **options):
    return event_with_players(
        user, players=players, number_of_rounds=5, swiss_rules=rules, **options
    )


def label(event, teams: dict[str, list[int]], user) -> None:
    """Give the players (pairing numbers) of each team its label."""
    by_number = {r.pairing_number: r.pk for r in event.registrations.all()}
    registrations.team_labels_set(
        event=event,
        labels={by_number[n]: team for team, numbers in teams.items() for n in numbers},
        user=user,
    )


def boards(round_) -> list[tuple[int, int | None]]:
    return [
        (p.white.pairing_number, p.black.pairing_number if p.black else None)
        for p in round_.pairings.select_related("white", "black").order_by("board")
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("rules", [DutchRules.FIDE_2026, DutchRules.PRE_2026])
def test_team_mates_who_would_meet_in_round_1_are_paired_apart(rules):
    user = UserFactory()
    # Without the rule, round 1 of 8 players is 1-5, 6-2, 3-7, 8-4 (C.04.3 top half
    # against bottom half): 1 and 5, 2 and 6 are team mates.
    teams = {"NED": [1, 5], "FRA": [2, 6]}
    plain = national_swiss(user, players=8, rules=rules)
    label(plain, teams, user)
    assert {frozenset(b) for b in boards(rounds.round_pair(event=plain, user=user))} >= {
        frozenset((1, 5)),
        frozenset((2, 6)),
    }

    kept = national_swiss(user, players=8, rules=rules, never_pair_team_mates=True)
    label(kept, teams, user)
    paired = boards(rounds.round_pair(event=kept, user=user))
    assert sorted(n for board in paired for n in board) == list(range(1, 9))  # all, once
    assert not {frozenset(b) for b in paired} & team_mate_pairs(
        {n: team for team, numbers in teams.items() for n in numbers}
    )


@pytest.mark.django_db
def test_a_swiss_never_pairs_team_mates_over_five_rounds():
    user = UserFactory()
    event = national_team_swiss(user)
    play_steered(event, user, steered=steered_netherlands(), first=1, last=5)
    state = tournament_state(event, up_to_round=5)
    met = {
        frozenset((c.number, r.opponent))
        for c in state.competitors
        for r in c.results
        if r.opponent is not None
    }
    assert len(met) == 8 * 5  # every round complete, nobody met twice
    assert len(state.forbidden_pairs) == 15 + 6 + 6
    assert not met & state.forbidden_pairs
    scores = {c.number: sum(r.points for r in c.results) for c in state.competitors}
    assert sorted((scores[n] for n in NATIONAL_TEAMS["NED"]), reverse=True) == [
        5,
        4,
        4,
        D("3.5"),
        3,
        0,
    ]


@pytest.mark.django_db
def test_team_mates_kept_apart_only_when_the_event_says_so():
    user = UserFactory()
    event = national_swiss(user, players=4)
    label(event, {"NED": [1, 2, 3, 4]}, user)
    assert tournament_state(event, up_to_round=0).forbidden_pairs == frozenset()


@pytest.mark.django_db
def test_a_round_that_cannot_keep_team_mates_apart_is_refused_with_the_rule():
    user = UserFactory()
    event = national_swiss(user, players=4, never_pair_team_mates=True)
    label(event, {"NED": [1, 2, 3]}, user)
    with pytest.raises(RoundPairingError, match="no pairing keeps team mates apart"):
        rounds.round_pair(event=event, user=user)
    assert not Game.objects.filter(pairing__round__event=event).exists()


@pytest.mark.django_db
def test_the_team_ranking_sums_the_best_members_after_the_round_asked():
    user = UserFactory()
    event = national_team_swiss(user)
    play_steered(event, user, steered=steered_netherlands(), first=1, last=5)
    ranking = team_ranking_get(event, after_round=5)
    assert ranking[0].team == "NED"
    ned = ranking[0]
    assert (ned.score, ned.all_members, ned.counted) == (D("16.5"), D("19.5"), 4)
    assert {row.team for row in ranking} == {"NED", "FRA", "POL"}  # 15 and 16 have none
    fra = next(row for row in ranking if row.team == "FRA")
    assert {m.number for m in fra.members} == set(NATIONAL_TEAMS["FRA"])
    after_1 = next(row for row in team_ranking_get(event, after_round=1) if row.team == "NED")
    assert after_1.score == D(4)  # W, W, L, W, W, L in round 1: the best four won


@pytest.mark.django_db
def test_no_team_ranking_without_members_counted():
    user = UserFactory()
    event = national_swiss(user, players=4)
    label(event, {"NED": [1, 2]}, user)
    assert team_ranking_get(event, after_round=0) == []


@pytest.mark.django_db
def test_team_labels_are_trimmed_and_fixed_once_paired_when_team_mates_are_kept_apart():
    user = UserFactory()
    event = national_swiss(user, players=4, never_pair_team_mates=True)
    first = event.registrations.get(pairing_number=1)
    changed = registrations.team_labels_set(
        event=event, labels={first.pk: "  Netherlands   A "}, user=user
    )
    assert [r.team_label for r in changed] == ["Netherlands A"]
    assert Registration.history.filter(id=first.pk, team_label="Netherlands A").exists()
    assert (
        registrations.team_labels_set(event=event, labels={first.pk: "Netherlands A"}, user=user)
        == []
    )
    rounds.round_pair(event=event, user=user)
    with pytest.raises(RegistrationError, match="never pairs team mates and round 1 is already"):
        registrations.team_labels_set(event=event, labels={first.pk: "NED"}, user=user)
    with pytest.raises(EventSettingsError, match="never_pair_team_mates"):
        events.event_update(event=event, user=user, never_pair_team_mates=False)


@pytest.mark.django_db
def test_team_labels_change_any_time_when_they_only_score():
    user = UserFactory()
    event = national_swiss(user, players=4, team_score_members=2)
    rounds.round_pair(event=event, user=user)
    first = event.registrations.get(pairing_number=1)
    registrations.team_labels_set(event=event, labels={first.pk: "NED"}, user=user)
    first.refresh_from_db()
    assert first.team_label == "NED"


@pytest.mark.django_db
def test_team_labels_of_another_event_are_refused():
    user = UserFactory()
    event = national_swiss(user, players=2)
    other = national_swiss(user, players=2)
    stranger = other.registrations.first()
    with pytest.raises(RegistrationError, match="has no registration"):
        registrations.team_labels_set(event=event, labels={stranger.pk: "NED"}, user=user)


@pytest.mark.django_db
def test_team_mates_are_kept_apart_in_a_swiss_only():
    user = UserFactory()
    with pytest.raises(ValidationError) as refused:
        event_with_players(user, players=4, system=System.ROUND_ROBIN, never_pair_team_mates=True)
    assert "in a Swiss only" in str(refused.value.message_dict["never_pair_team_mates"])


@pytest.mark.django_db
def test_a_team_competition_has_no_team_ranking_of_its_players():
    user = UserFactory()
    event = event_with_players(user, players=4, system=System.ROUND_ROBIN)
    TeamCompetition.objects.create(event=event, boards=2)
    event.refresh_from_db()
    event.team_score_members = 4
    with pytest.raises(ValidationError) as refused:
        event.full_clean()
    assert "team labels are for individual events" in str(refused.value)


@pytest.mark.django_db
def test_a_board_of_team_mates_made_by_hand_is_flagged():
    user = UserFactory()
    event = national_swiss(user, players=4, never_pair_team_mates=True)
    label(event, {"NED": [1, 2]}, user)
    round_ = rounds.round_pair(event=event, user=user)
    first, second = (event.registrations.get(pairing_number=n) for n in (1, 2))
    board = round_.pairings.get(board=1)
    warnings = rounds.pairing_update(pairing=board, white=first, black=second, user=user)
    assert [w.code for w in warnings if "must not be paired" in w.message] == ["prohibited"]
