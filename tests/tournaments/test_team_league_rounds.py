"""A team round robin has a round for each opposing team, not for each opposing player
(C.05 Annex 1 on the teams, docs/rules/tournaments.md §7): its schedule, its TRF, its
state, its withdrawals and its finish count the teams."""

import datetime

import pytest
from django.utils import timezone

from tests.factories import team_league
from tournaments.models import Game, GameResult
from tournaments.selectors.events import event_finished, event_total_rounds
from tournaments.selectors.state import tournament_state
from tournaments.services import results, rounds
from tournaments.services.errors import RegistrationError, RoundTimeError
from tournaments.services.registrations import registration_withdraw_check
from tournaments.services.schedule import event_round_count, round_time_set
from tournaments.teams import services as teams
from tournaments.trf.export import event_trf

pytestmark = pytest.mark.django_db


def test_a_team_league_has_a_round_for_each_opposing_team():
    event, user = team_league()  # 4 teams of 3 players: 3 rounds, not 11
    assert event_total_rounds(event, players=event.registrations.count()) == 3
    assert event_round_count(event) == 3
    starts_at = timezone.now() + datetime.timedelta(days=1)
    assert round_time_set(event=event, number=3, starts_at=starts_at, user=user) is not None
    with pytest.raises(RoundTimeError):
        round_time_set(event=event, number=4, starts_at=starts_at, user=user)
    assert tournament_state(event, up_to_round=0).total_rounds == 3
    assert "142 3" in event_trf(event).splitlines()
    registration = event.registrations.order_by("pk").first()
    registration_withdraw_check(registration=registration, from_round=3)
    with pytest.raises(RegistrationError):
        registration_withdraw_check(registration=registration, from_round=4)


def test_a_team_league_is_finished_once_its_last_team_round_is_complete():
    event, user = team_league()
    for _ in range(3):
        assert not event_finished(event)
        round_ = teams.team_round_schedule(event=event, user=user)
        round_ = rounds.round_publish(
            round=teams.team_round_pair(round=round_, user=user), user=user
        )
        for game in Game.objects.filter(pairing__round=round_, result=GameResult.PENDING):
            results.result_record(game=game, result=GameResult.WHITE_WIN, user=user)
        rounds.round_complete(round=round_, user=user)
    assert event_finished(event)
