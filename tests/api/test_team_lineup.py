"""The API's lineup write: an organizer sets a team's lineup for a match (a reserve for an
absent first board), refused with the board named when a composition rule is broken, and
once the match is paired (the errors of tournaments.teams.services.TeamError); a team's
captain, with his token, sets his own team's lineup and no other (403); nobody else may write
it."""

import pytest
import yaml
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory, team_league
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


def _captain(team, username: str):
    """``team``'s captain: its first player, given a login account (not staff)."""
    user = UserFactory(username=username, is_staff=False)
    player = team.members.order_by("order").first().registration.player
    player.user = user
    player.save()
    team.captain = player
    team.save()
    return user


def test_a_captain_sets_his_own_teams_lineup_with_his_token_and_no_other(league):
    event, organizer = league
    assert event.published
    round_ = team_round_schedule(event=event, user=organizer)
    match = round_.team_matches.get(number=1)
    captain = _captain(match.team_a, "captain-a")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=captain).key}")
    members = list(match.team_a.members.order_by("order"))
    players = [members[2].registration.player_id, members[0].registration.player_id]

    answer = client.post(
        _url(event), {"team": match.team_a.number, "players": players}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert [row["player"] for row in answer.json()] == players
    assert LineupEntry.objects.get(match=match, team=match.team_a, board=1).member == members[2]

    opponents = [m.registration.player_id for m in match.team_b.members.order_by("order")]
    other_team = client.post(
        _url(event), {"team": match.team_b.number, "players": opponents[:2]}, format="json"
    )
    assert other_team.status_code == 403
    assert not LineupEntry.objects.filter(match=match, team=match.team_b).exists()

    elsewhere = round_.team_matches.exclude(team_a=match.team_a).exclude(team_b=match.team_a)
    other_match = elsewhere.first()
    not_his_match = client.post(
        _url(event, number=other_match.number),
        {"team": other_match.team_a.number, "players": []},
        format="json",
    )
    assert not_his_match.status_code == 403

    team_round_pair(round=round_, user=organizer)
    frozen = client.post(
        _url(event), {"team": match.team_a.number, "players": players[::-1]}, format="json"
    )
    assert frozen.status_code == 409 and "frozen" in frozen.json()["error"]["message"]


def test_a_captain_of_a_draft_event_sets_his_lineup_too(league):
    """The site's lineups page serves a draft event's captain; so does the API."""
    event, organizer = league
    event.published = False
    event.save()
    round_ = team_round_schedule(event=event, user=organizer)
    match = round_.team_matches.get(number=1)
    captain = _captain(match.team_b, "captain-b")
    client = APIClient()
    client.force_authenticate(captain)
    member = match.team_b.members.order_by("order").first()
    body = {"team": match.team_b.number, "players": [member.registration.player_id]}
    answer = client.post(_url(event), body, format="json")
    assert answer.status_code == 200, answer.content
    assert LineupEntry.objects.get(match=match, team=match.team_b, board=1).member == member

    stranger = APIClient()
    stranger.force_authenticate(UserFactory(username="stranger", is_staff=False))
    assert stranger.post(_url(event), body, format="json").status_code == 404


def test_the_schema_says_who_writes_a_lineup(client):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    operation = schema["paths"]["/api/events/{slug}/team-matches/{round}/{number}/lineup/"]["post"]
    assert "captain" in operation["description"] and "403" in operation["description"]
