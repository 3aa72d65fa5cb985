"""A team that does not show up (docs/rules/tournaments.md §7.1): one action forfeits its
match, every board a forfeit loss for it and a win for the other team, before or after the
boards are paired, shown as such in the matches, the standings and the API, and undone; an
all-empty lineup is refused with a message, never "saved"; a lineup written against a
version someone else changed is refused, nothing changed."""

from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from tests.factories import team_league
from tournaments.models import Game, GameResult, Pairing
from tournaments.services.rounds import round_complete, round_publish
from tournaments.teams.models import LineupEntry
from tournaments.teams.selectors import team_matches, team_standings_get
from tournaments.teams.services import (
    StaleLineupError,
    TeamError,
    lineup_of,
    lineup_set,
    lineup_version,
    team_no_show,
    team_no_show_undo,
    team_round_pair,
    team_round_schedule,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    return team_league()


def test_a_no_show_before_pairing_gives_the_other_team_every_board(league):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    absent, present = match.team_b, match.team_a
    lineup_set(match=match, team=absent, members=lineup_of(match, absent), user=user)
    team_no_show(match=match, team=absent, user=user)
    assert not LineupEntry.objects.filter(match=match, team=absent).exists()
    assert lineup_of(match, absent) == [None, None]
    team_round_pair(round=round_, user=user)
    round_publish(round=round_, user=user)
    view = next(v for v in team_matches(event) if v.number == 1)
    assert view.no_show == absent.name
    assert [(b.points_a, b.points_b, b.forfeit) for b in view.boards] == [
        (Decimal(2), Decimal(0), True),
        (Decimal(2), Decimal(0), True),
    ]
    assert (view.board_points_a, view.board_points_b, view.finished) == (4, 0, True)
    rows = {s.name: s.row for s in team_standings_get(event)}
    assert rows[present.name].match_points == 2 and rows[absent.name].match_points == 0
    # Paired without the absent team, its boards cannot be given back.
    with pytest.raises(TeamError, match="were paired without"):
        team_no_show_undo(match=match, user=user)


def test_a_no_show_before_pairing_is_undone_to_the_default_lineup(league):
    event, user = league
    match = team_round_schedule(event=event, user=user).team_matches.get(number=1)
    team_no_show(match=match, team=match.team_a, user=user)
    with pytest.raises(TeamError, match="marked as not showing up"):
        lineup_set(match=match, team=match.team_a, members=[None, None], user=user)
    team_no_show_undo(match=match, user=user)
    regulars = list(match.team_a.members.order_by("order"))[:2]
    assert lineup_of(match, match.team_a) == regulars


def test_a_no_show_after_pairing_forfeits_each_game_and_is_undone(league):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    team_round_pair(round=round_, user=user)
    match = round_.team_matches.get(number=1)
    absent = match.team_a
    with pytest.raises(TeamError, match="draft round: publish the round"):
        team_no_show(match=match, team=absent, user=user)
    round_publish(round=round_, user=user)
    team_no_show(match=match, team=absent, user=user)
    absent_ids = set(absent.members.values_list("registration_id", flat=True))
    games = Game.objects.filter(pairing__team_board__match=match).select_related("pairing")
    for game in games:
        loser = game.white_id if game.result == GameResult.BLACK_FORFEIT_WIN else game.black_id
        assert game.result in (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)
        assert loser in absent_ids
    view = next(v for v in team_matches(event) if v.number == 1)
    assert (view.board_points_a, view.board_points_b, view.no_show) == (0, 4, absent.name)
    assert all(b.forfeit for b in view.boards)
    with pytest.raises(TeamError, match="already marked"):
        team_no_show(match=match, team=match.team_b, user=user)
    team_no_show_undo(match=match, user=user)
    assert {g.result for g in games.all()} == {GameResult.PENDING}
    assert next(v for v in team_matches(event) if v.number == 1).no_show is None


def test_the_forfeits_of_a_completed_round_are_corrected_on_its_sheet(league):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    round_publish(round=team_round_pair(round=round_, user=user), user=user)
    match = round_.team_matches.get(number=1)
    team_no_show(match=match, team=match.team_b, user=user)
    for game in Game.objects.filter(pairing__round=round_, result=GameResult.PENDING):
        from tournaments.services.results import result_record

        result_record(game=game, result=GameResult.DRAW, user=user)
    round_complete(round=round_, user=user)
    with pytest.raises(TeamError, match="completed: its results are final"):
        team_no_show_undo(match=match, user=user)


def test_an_all_empty_lineup_is_refused_with_a_message(league):
    event, user = league
    match = team_round_schedule(event=event, user=user).team_matches.get(number=1)
    with pytest.raises(TeamError, match="leaves every board empty: nothing was saved"):
        lineup_set(match=match, team=match.team_a, members=[None, None], user=user)
    assert not LineupEntry.objects.filter(match=match).exists()


def test_a_bye_has_nobody_to_miss(league):
    event, user = league
    event.teams.create(number=5, name="Team 5")
    round_ = team_round_schedule(event=event, user=user)
    bye = round_.team_matches.get(team_b=None)
    with pytest.raises(TeamError, match="team bye"):
        team_no_show(match=bye, team=bye.team_a, user=user)
    assert not Pairing.objects.filter(round=round_).exists()


def test_a_stale_lineup_write_is_refused_and_changes_nothing(league):
    event, user = league
    match = team_round_schedule(event=event, user=user).team_matches.get(number=1)
    team = match.team_a
    first, second, reserve = team.members.order_by("order")
    read = lineup_version(match, team)  # three writers read the same lineup
    lineup_set(match=match, team=team, members=[first, reserve], user=user, expected_version=read)
    for members in ([second, first], [reserve, second]):
        with pytest.raises(StaleLineupError, match="changed by someone else"):
            lineup_set(match=match, team=team, members=members, user=user, expected_version=read)
    assert lineup_of(match, team) == [first, reserve]


def test_the_api_lineup_carries_its_version_and_refuses_a_stale_one(league):
    event, user = league
    match = team_round_schedule(event=event, user=user).team_matches.get(number=1)
    team = match.team_a
    players = [m.registration.player_id for m in team.members.order_by("order")]
    client = APIClient()
    client.force_authenticate(user)
    url = f"/api/events/{event.slug}/team-matches/1/1/lineup/"
    read = client.get(url, {"team": team.number})
    assert read.status_code == 200 and [r["player"] for r in read.json()] == players[:2]
    version = read["Lineup-Version"]
    first = client.post(
        url, {"team": team.number, "players": players[1:], "version": version}, format="json"
    )
    assert first.status_code == 200 and first["Lineup-Version"] != version
    for order in (players[:2], [players[2], players[0]]):
        late = client.post(
            url, {"team": team.number, "players": order, "version": version}, format="json"
        )
        assert late.status_code == 409 and late.json()["error"]["code"] == "stale_lineup"
    assert [m.registration.player_id for m in lineup_of(match, team)] == players[1:]
    empty = client.post(url, {"team": team.number, "players": [None, None]}, format="json")
    assert empty.status_code == 409 and "every board empty" in empty.json()["error"]["message"]


def test_a_lineup_asked_for_a_team_that_is_no_number_is_a_clear_refusal(league):
    """The lineup's `team` parameter, fed what programs send by mistake (as
    tests/public/test_query_parameters.py feeds the others): a 4xx in the API's error shape."""
    event, user = league
    team_round_schedule(event=event, user=user)
    client = APIClient()
    client.force_authenticate(user)
    url = f"/api/events/{event.slug}/team-matches/1/1/lineup/"
    for value in ["", "²", "9" * 30, "-1", "\x00x", "1.5"]:
        response = client.get(url, {"team": value})
        assert 400 <= response.status_code < 500, (value, response.status_code)
        assert response.json()["error"]["code"], value


def test_the_api_shows_the_no_show(league):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    team_no_show(match=match, team=match.team_b, user=user)
    round_publish(round=team_round_pair(round=round_, user=user), user=user)
    client = APIClient()
    answer = client.get(f"/api/events/{event.slug}/team-matches/").json()
    rows = answer["results"] if isinstance(answer, dict) else answer
    assert [row["no_show"] for row in rows] == [match.team_b.name, None]


def test_the_result_sheet_shows_a_no_show_board_as_a_forfeit_not_a_bye(league, client):
    """The present player's board is a full-point bye in the pairing, but on the round's
    result sheet it reads as what it is: a forfeit of the absent team (§7.1)."""
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    team_no_show(match=match, team=match.team_b, user=user)
    team_round_pair(round=round_, user=user)
    round_publish(round=round_, user=user)
    client.force_login(user)
    page = client.get(f"/admin/tournaments/round/{round_.pk}/results/").content.decode()
    cells = page.count('<td class="bye">forfeit</td>')
    assert cells == 2 and "full-point bye" not in page
