"""Round-robin withdrawals (docs/rules/tournaments.md §2.5, FIDE Tournament Rules C.06 V.4):
the rule, the standings that leave annulled games out, the forfeits the pairing writes, and
the organizer's preview before confirming."""

from decimal import Decimal

import pytest
from django.db.models import Q
from django.urls import reverse

from tests.client import logged_in
from tests.factories import event_with_players, make_organizer
from tests.public.conftest import play_round
from tournaments.models import Game, GameResult, System
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.withdrawals import WithdrawalRule, games_annulled
from tournaments.selectors.public import crosstable_get
from tournaments.selectors.standings import standings_get, withdrawal_outcomes
from tournaments.services import registrations, rounds
from tournaments.values import Colour, Competitor, RoundResult, ScoringSystem, TournamentState

SCORING = ScoringSystem()
W, B = Colour.WHITE, Colour.BLACK


@pytest.mark.parametrize(
    ("rule", "played", "annulled"),
    [
        (WithdrawalRule.HALF, 3, True),  # 3 of 9: fewer than half (C.06 V.4.1)
        (WithdrawalRule.HALF, 4, True),
        (WithdrawalRule.HALF, 5, False),  # at least half: results stand (V.4.2)
        (WithdrawalRule.FORFEITS, 1, False),
        (WithdrawalRule.ANNUL, 8, True),
    ],
)
def test_the_rule(rule, played, annulled):
    assert games_annulled(rule, played=played, scheduled=9) is annulled


def r(round_number, opponent, colour, code):
    return RoundResult(round_number, opponent, colour, code, SCORING.points_for(code))


def test_annulled_games_leave_the_standings_and_tiebreaks():
    """Four players, three rounds; 4 played round 1 (beat 1) and forfeited rounds 2-3.

    Counted: 1: round 2 draw with 3 (1) + round 3 win over 2 (2) = 3; 2: beat 3 in round 1
    (2) = 2; 3: 1 (the draw). 4's games are annulled: 1's loss to him and 2's and 3's
    forfeit wins are left out, and 4 is last with nothing.
    """
    rows = {
        1: (r(1, 4, W, "0"), r(2, 3, B, "="), r(3, 2, W, "1")),
        2: (r(1, 3, W, "1"), r(2, 4, B, "+"), r(3, 1, B, "0")),
        3: (r(1, 2, B, "0"), r(2, 1, W, "="), r(3, 4, W, "+")),
        4: (r(1, 1, B, "1"), r(2, 2, W, "-"), r(3, 3, B, "-")),
    }
    state = TournamentState(
        tuple(Competitor(n, f"P{n}", 0, results=rows[n]) for n in rows),
        total_rounds=3,
        annulled=frozenset({4}),
    )
    standings = compute_standings(state, tiebreaks=["SB", "WON"], after_round=3)
    assert [(row.number, row.points, row.annulled) for row in standings] == [
        (1, 3, False),
        (2, 2, False),
        (3, 1, False),
        (4, 0, True),
    ]
    # SB of 1: 3 drawn (1 x 1/2) + 2 beaten (2 x 1) = 2.5; the loss to 4 is not counted.
    assert standings[0].tiebreaks == {"SB": Decimal("2.5"), "WON": 1}
    assert [row.place for row in standings] == ["1", "2", "3", "4"]


@pytest.fixture
def organizer(db):
    return make_organizer("organizer")


def ten_player_round_robin(organizer, **options):
    event = event_with_players(organizer, players=10, system=System.ROUND_ROBIN, **options)
    for _ in range(3):
        play_round(event, organizer)
    return event


def test_withdrawal_after_round_3_forfeits_later_games_and_annuls_them(organizer):
    event = ten_player_round_robin(organizer)
    leaver = event.registrations.get(pairing_number=10)
    registrations.registration_withdraw(registration=leaver, from_round=4, user=organizer)
    round_4 = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    game = Game.objects.get(Q(white=leaver) | Q(black=leaver), pairing__round=round_4)
    expected = GameResult.BLACK_FORFEIT_WIN if game.white_id == leaver.pk else "+/-"
    assert game.result == expected
    others = Game.objects.filter(pairing__round=round_4).exclude(pk=game.pk)
    assert set(others.values_list("result", flat=True)) == {GameResult.PENDING}
    [outcome] = withdrawal_outcomes(event, after_round=3)
    assert (outcome.number, outcome.from_round, outcome.played, outcome.scheduled) == (10, 4, 3, 9)
    assert outcome.annulled and "C.06 V.4" in outcome.rule
    standings = standings_get(event, after_round=3)
    assert standings[-1].number == 10 and standings[-1].annulled
    assert standings[-1].points == 0
    table = crosstable_get(event, after_round=3)
    assert table.withdrawals[0].number == 10 and table.rows[-1].annulled


def test_withdrawal_with_forfeits_rule_keeps_the_results(organizer):
    event = ten_player_round_robin(organizer, withdrawal_rule="forfeits")
    leaver = event.registrations.get(pairing_number=10)
    registrations.registration_withdraw(registration=leaver, from_round=4, user=organizer)
    [outcome] = withdrawal_outcomes(event, after_round=3)
    assert not outcome.annulled
    assert not any(row.annulled for row in standings_get(event, after_round=3))


def test_the_organizer_previews_then_confirms(organizer):
    event = ten_player_round_robin(organizer, organizers=[organizer])
    leaver = event.registrations.get(pairing_number=10)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_registration_withdraw", args=(leaver.pk,))
    preview = client.post(url, {"from_round": 4})
    assert preview.status_code == 200
    page = preview.content.decode()
    assert "Games played so far: 3 of 9." in page
    assert "Games of rounds 4, 5, 6, 7, 8, 9: forfeits, won by the opponents." in page
    assert "annulled for the standings" in page and "C.06 V.4" in page
    leaver.refresh_from_db()
    assert leaver.withdrawn_from_round is None  # nothing written before the confirmation
    done = client.post(url, {"from_round": 4, "confirmed": "1"})
    assert done.status_code == 302
    leaver.refresh_from_db()
    assert leaver.withdrawn_from_round == 4
