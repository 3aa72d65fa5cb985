"""The API's lineup write: an organizer sets a team's lineup for a match (a reserve for an
absent first board), refused with the board named when a composition rule is broken, and
once the match is paired (the errors of tournaments.teams.services.TeamError); nobody else
may write it."""

import pytest
from rest_framework.test import APIClient

from tests.factories import team_league
from tournaments.teams.models import LineupEntry, TeamMember
from tournaments.teams.services import team_round_pair, team_round_schedule

pytestmark = pytest.mark.django_db


def _url(event, round_: int = 1, number: int = 1) -> str:
    return f"/api/events/{event.slug}/team-matches/{round_}/{number}/lineup/"


@pytest.fixture
def league():
    return team_league()


def test_an_organizer_sets_a_lineup_with_a_reserve(league):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    members = list(match.team_a.members.order_by("order"))
    client = APIClient()
    client.force_authenticate(user)
    players = [members[1].registration.player_id, members[2].registration.player_id]
    answer = client.post(
        _url(event), {"team": match.team_a.number, "players": players}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert [row["player"] for row in answer.json()] == players
    assert LineupEntry.objects.get(match=match, team=match.team_a, board=2).member == members[2]

    other = TeamMember.objects.filter(team=match.team_b).first().registration.player_id
    refused = client.post(
        _url(event), {"team": match.team_a.number, "players": [other]}, format="json"
    )
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "team_error"
    assert "Board 1:" in refused.json()["error"]["message"]
    assert LineupEntry.objects.filter(match=match, team=match.team_a).count() == 2

    wrong_team = client.post(_url(event), {"team": 99, "players": []}, format="json")
    assert wrong_team.status_code == 400

    team_round_pair(round=round_, user=user)
    frozen = client.post(
        _url(event), {"team": match.team_a.number, "players": players[::-1]}, format="json"
    )
    assert frozen.status_code == 409 and "frozen" in frozen.json()["error"]["message"]


def test_nobody_else_writes_a_lineup(league):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    body = {"team": match.team_a.number, "players": []}
    anonymous = APIClient().post(_url(event), body, format="json")
    assert anonymous.status_code in (401, 403)
    assert not LineupEntry.objects.exists()
