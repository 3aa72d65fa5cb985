"""The team round page of the admin: a round of a team competition run from one screen
(schedule, both lineups of each match, a team that does not show up after a question, pair,
then the round's page and result sheet), and the team tie-breaks chosen from a list."""

import pytest
from django.urls import reverse

from tests.factories import team_league
from tournaments.models import Game, GameResult
from tournaments.services.rounds import round_publish
from tournaments.teams.models import TeamCompetition
from tournaments.teams.services import lineup_of, lineup_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(client):
    event, user = team_league()
    client.force_login(user)
    competition = TeamCompetition.objects.get(event=event)
    url = reverse("admin:tournaments_teamcompetition_round", args=(competition.pk,))
    return event, user, url


def test_a_round_is_scheduled_lined_up_and_paired_from_one_page(league, client):
    event, _user, url = league
    page = client.get(url)
    assert page.status_code == 200 and "Schedule the next round" in page.text
    answer = client.post(url, {"action": "schedule"}, follow=True)
    assert "scheduled: set the lineups" in answer.text
    round_ = event.rounds.get(number=1)
    match = round_.team_matches.get(number=1)
    team = match.team_a
    first, second, reserve = team.members.order_by("order")
    prefix = f"m{match.pk}t{team.pk}"
    assert f'name="{prefix}-board_1"' in answer.text
    assert f'name="{prefix}-version"' in answer.text
    data = {
        "action": "lineup",
        "match": match.pk,
        "team": team.pk,
        "round": 1,
        f"{prefix}-board_1": second.pk,
        f"{prefix}-board_2": reserve.pk,
        f"{prefix}-version": lineup_version(match, team),
    }
    saved = client.post(url, data, follow=True)
    assert f"Lineup of {team.name} saved." in saved.text
    assert lineup_of(match, team) == [second, reserve]
    stale = client.post(url, {**data, f"{prefix}-board_1": first.pk})
    assert stale.status_code == 409
    assert "changed by someone else" in stale.text
    assert lineup_of(match, team) == [second, reserve]
    empty = client.post(
        url,
        {
            **data,
            f"{prefix}-board_1": "",
            f"{prefix}-board_2": "",
            f"{prefix}-version": lineup_version(match, team),
        },
    )
    assert empty.status_code == 409 and "every board empty" in empty.text
    paired = client.post(url, {"action": "pair", "round": 1}, follow=True)
    assert "paired: review its boards" in paired.text
    assert "Review and publish the round" in paired.text
    assert match.boards.count() == 2


def test_a_no_show_is_asked_first_then_forfeits_and_is_undone(league, client):
    event, user, url = league
    client.post(url, {"action": "schedule"})
    round_ = event.rounds.get(number=1)
    match = round_.team_matches.get(number=1)
    client.post(url, {"action": "pair", "round": 1})
    round_publish(round=round_, user=user)
    data = {"action": "no_show", "match": match.pk, "team": match.team_b.pk, "round": 1}
    question = client.post(url, data)
    assert question.status_code == 200
    assert f"because {match.team_b.name} did not show up?" in question.text
    assert not Game.objects.filter(pairing__round=round_).exclude(result="*").exists()
    done = client.post(url, {**data, "confirmed": "1"}, follow=True)
    assert f"{match.team_b.name} did not show up: every board is a forfeit loss" in done.text
    games = Game.objects.filter(pairing__team_board__match=match)
    assert {g.result for g in games} <= {GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN}
    undone = client.post(
        url, {"action": "no_show_undo", "match": match.pk, "round": 1}, follow=True
    )
    assert "both teams are expected again" in undone.text
    assert {g.result for g in games.all()} == {GameResult.PENDING}


def test_the_event_page_leads_a_team_competition_to_its_round_page(league, client):
    event, _user, url = league
    page = client.get(reverse("admin:tournaments_event_change", args=(event.pk,)))
    assert url in page.text and "Pair next round" not in page.text
    pair = client.post(reverse("admin:tournaments_event_pair_next_round", args=(event.pk,)))
    assert pair.status_code == 302 and pair["Location"] == url


def test_team_tiebreaks_are_chosen_by_name_in_order(league, client):
    event, _user, _url = league
    competition = TeamCompetition.objects.get(event=event)
    change = reverse("admin:tournaments_teamcompetition_change", args=(competition.pk,))
    page = client.get(change)
    assert "Team Sonneborn-Berger (TSB)" in page.text and "Codes in order" not in page.text
    data = {
        "event": event.pk,
        "boards": 2,
        "match_win": "2",
        "match_draw": "1",
        "match_loss": "0",
        "bye_match_points": "2",
        "bye_board_points": "0",
        "primary": "mp",
        "colour_model": "typea",
        "tiebreaks_0": "TSB",
        "tiebreaks_1": "BP",
        "tiebreaks_2": "",
        "tiebreaks_3": "",
    }
    answer = client.post(change, data)
    assert answer.status_code == 302, answer.text
    competition.refresh_from_db()
    assert competition.tiebreaks == ["TSB", "BP"]
    twice = client.post(change, {**data, "tiebreaks_1": "TSB"})
    assert "Team Sonneborn-Berger is chosen twice" in twice.text
    competition.refresh_from_db()
    assert competition.tiebreaks == ["TSB", "BP"]


def test_the_captain_is_chosen_among_the_teams_players(league, client):
    event, _user, _url = league
    team = event.teams.get(number=1)
    page = client.get(reverse("admin:tournaments_team_change", args=(team.pk,))).text
    captain = page[
        page.index('name="captain"') : page.index("</select>", page.index('name="captain"'))
    ]
    roster = [str(m.registration.player) for m in team.members.all()]
    others = [str(m.registration.player) for m in event.teams.get(number=2).members.all()]
    assert all(name in captain for name in roster)
    assert not any(name in captain for name in others)
    assert captain.count("<option") == len(roster) + 1  # and the empty choice
