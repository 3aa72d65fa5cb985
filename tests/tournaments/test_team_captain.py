"""A team's captain (the login account of Team.captain's player) on his team's lineups page:
he reads every round's lineup, drafts included, sets it until the match is paired (the
composition rules refuse naming the board), and sees nothing of another team's lineups; the
event's organizers may too, nobody else."""

import pytest

from tests.client import form_data, logged_in
from tests.factories import UserFactory, make_organizer, team_league
from tournaments.access import may_captain
from tournaments.teams.models import LineupEntry, Team, TeamMember
from tournaments.teams.services import team_round_pair, team_round_schedule

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    event, organizer = team_league()
    round_ = team_round_schedule(event=event, user=organizer)
    team = Team.objects.get(event=event, number=1)
    regulars = list(team.members.order_by("reserve", "order"))
    captain = UserFactory(username="captain-kees", is_staff=False)
    player = regulars[0].registration.player
    player.user = captain
    player.save()
    team.captain = player
    team.save()
    return event, organizer, round_, team, captain, regulars


def _url(event, number: int) -> str:
    return f"/events/{event.slug}/teams/{number}/lineups/"


def test_the_captain_replaces_an_absentee_by_the_reserve(league):
    event, _organizer, round_, team, captain, regulars = league
    client = logged_in(captain)
    page = client.get(_url(event, 1))
    assert page.status_code == 200
    match = round_.team_matches.get(team_a=team)
    assert f'id="lineup-{match.pk}"' in page.text
    # The default lineup is the roster order: the two regulars.
    data = form_data(page, f"lineup-{match.pk}")
    assert data[f"match{match.pk}-board_1"] == [str(regulars[0].pk)]
    assert data[f"match{match.pk}-board_2"] == [str(regulars[1].pk)]
    # The first board is absent: the second moves up, the reserve plays board 2.
    data[f"match{match.pk}-board_1"] = [str(regulars[1].pk)]
    data[f"match{match.pk}-board_2"] = [str(regulars[2].pk)]
    saved = client.post(_url(event, 1), data)
    assert saved.status_code == 302
    lineup = LineupEntry.objects.filter(match=match, team=team).order_by("board")
    assert [e.member for e in lineup] == [regulars[1], regulars[2]]
    assert "Lineup of Team 1 for round 1 saved." in client.get(saved.url).text


def test_a_lineup_breaking_a_rule_is_refused_naming_the_board(league):
    event, _organizer, round_, team, captain, _regulars = league
    client = logged_in(captain)
    match = round_.team_matches.get(team_a=team)
    data = form_data(client.get(_url(event, 1)), f"lineup-{match.pk}")
    data[f"match{match.pk}-board_2"] = data[f"match{match.pk}-board_1"]
    refused = client.post(_url(event, 1), data)
    assert refused.status_code == 409
    assert "Board 2:" in refused.text and "is already in the lineup" in refused.text
    assert not LineupEntry.objects.filter(match=match).exists()


def test_the_captain_sees_nothing_of_another_teams_lineups(league):
    event, _organizer, round_, team, captain, _regulars = league
    client = logged_in(captain)
    other = Team.objects.get(event=event, number=4)  # team 1's opponent in round 1
    match = round_.team_matches.get(team_a=team)
    assert client.get(_url(event, 4)).status_code == 403
    page = client.get(_url(event, 1))
    # His opponent's name, never its players.
    assert "against Team 4" in page.text
    for member in other.members.select_related("registration__player"):
        assert str(member.registration.player) not in page.text
    member = other.members.order_by("order").first()
    posted = client.post(_url(event, 4), {"match": match.pk, f"match{match.pk}-board_1": member.pk})
    assert posted.status_code == 403
    assert not LineupEntry.objects.exists()
    # Another team's player on his own lineup: not a choice of the form.
    posted = client.post(
        _url(event, 1),
        {"match": match.pk, f"match{match.pk}-board_1": member.pk, f"match{match.pk}-board_2": ""},
    )
    assert posted.status_code == 400 and not LineupEntry.objects.exists()


def test_after_pairing_the_lineup_is_frozen(league):
    event, organizer, round_, team, captain, regulars = league
    client = logged_in(captain)
    match = round_.team_matches.get(team_a=team)
    data = form_data(client.get(_url(event, 1)), f"lineup-{match.pk}")
    team_round_pair(round=round_, user=organizer)
    page = client.get(_url(event, 1))
    assert f'id="lineup-{match.pk}"' not in page.text
    assert "Paired: the lineup is frozen." in page.text
    assert str(regulars[0].registration.player) in page.text
    data[f"match{match.pk}-board_1"] = [str(regulars[2].pk)]
    refused = client.post(_url(event, 1), data)
    assert refused.status_code == 409 and "its lineups are frozen" in refused.text
    assert not LineupEntry.objects.filter(match=match).exists()


def test_who_may_open_a_teams_lineups(league, client):
    event, organizer, _round, team, captain, _regulars = league
    assert may_captain(captain, team) and may_captain(organizer, team)
    anonymous = client.get(_url(event, 1))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous.url
    stranger = UserFactory(username="stranger", is_staff=False)
    assert logged_in(stranger).get(_url(event, 1)).status_code == 403
    other_organizer = make_organizer("other-organizer")
    assert logged_in(other_organizer).get(_url(event, 1)).status_code == 403
    assert logged_in(organizer).get(_url(event, 1)).status_code == 200
    assert logged_in(captain).get(_url(event, 9)).status_code == 404
    # A draft event's lineups: its captain still works on them; strangers learn nothing.
    event.published = False
    event.save()
    assert logged_in(captain).get(_url(event, 1)).status_code == 200
    assert logged_in(stranger).get(_url(event, 1)).status_code == 404
    captain.is_active = False
    captain.save()
    assert not may_captain(captain, team)


def test_a_paired_lineup_is_shown_as_its_boards_were_paired(league):
    event, organizer, round_, _team, captain, regulars = league
    team_round_pair(round=round_, user=organizer)
    # A roster changed afterwards changes the default lineup, not the boards played.
    TeamMember.objects.filter(pk=regulars[0].pk).update(reserve=True)
    page = logged_in(captain).get(_url(event, 1))
    [row] = page.context["rows"]
    assert row.frozen and row.lineup == [regulars[0], regulars[1]]


def test_the_desk_home_lists_the_teams_a_user_captains(league):
    event, _organizer, _round, team, captain, _regulars = league
    home = logged_in(captain).get("/desk/")
    assert home.status_code == 200
    assert f'href="{_url(event, 1)}"' in home.text and team.name in home.text
    stranger = UserFactory(username="stranger", is_staff=False)
    assert 'id="captain-teams"' not in logged_in(stranger).get("/desk/").text
