"""A team competition's public page presents a team league: its teams and their standing,
its team rules with their sections of docs/rules/tournaments.md §7, and its team documents
(team standings, match sheets, team crosstable) in place of the individual ones; the demo
league's players belong to their team's club."""

import random

import pytest
from django.urls import reverse

from tests.factories import UserFactory, played_team_league
from tournaments import demo
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def test_the_home_page_names_the_teams_and_the_team_rules(client):
    event, _user = played_team_league()
    page = client.get(reverse("public:event_home", args=(event.slug,)))
    text = page.content.decode()
    assert page.status_code == 200
    assert 'id="teams"' in text
    for number in range(1, 5):
        assert f"Team {number}" in text
        assert reverse("public:team_detail", args=(event.slug, number)) in text
    assert "Match points: the team with more board points wins the match" in text
    assert "docs/rules/tournaments.md §7.1" in text and "§7.3" in text
    assert "Each match is played on 2 boards" in text
    assert "does not show up loses the match by forfeit" in text
    for individual in (
        "Each pairing plays",
        "Players are ranked by",
        "Ties are broken by pairing number only",
    ):
        assert individual not in text
    for address in ("team-standings.pdf", "team-matches.pdf", "team-crosstable.pdf"):
        assert f"/events/{event.slug}/{address}" in text
    assert 'crosstable.pdf"' not in text.replace('team-crosstable.pdf"', "")
    assert f"/events/{event.slug}/standings.pdf" not in text


def test_the_team_home_page_in_dutch(client):
    event, _user = played_team_league()
    text = client.get(
        reverse("public:event_home", args=(event.slug,)), HTTP_ACCEPT_LANGUAGE="nl"
    ).content.decode()
    assert "Matchpunten: het team met meer bordpunten" in text
    assert "Each match is played" not in text


def test_the_team_documents_are_public_and_the_individual_ones_are_not(client):
    event, _user = played_team_league()
    status = client.get(reverse("documents:status", args=(event.slug,))).json()
    assert sorted(status) == ["teamcross", "teammatches", "teamstanding"]
    assert client.get(f"/events/{event.slug}/standings.pdf").status_code == 404
    answer = client.get(f"/events/{event.slug}/team-standings.pdf")
    assert answer.status_code in (200, 503)
    assert answer["Content-Type"].startswith("application/pdf") or answer.status_code == 503


def test_the_demo_leagues_players_belong_to_their_teams_club():
    user = UserFactory(is_superuser=True)
    event = demo.team_league(user, demo._players(random.Random(demo.SEED)), random.Random(1))
    clubs = {
        member.registration.player_id: team.club
        for team in event.teams.all()
        for member in team.members.select_related("registration")
    }
    assert len(clubs) == 50
    assert {p.pk: p.club for p in Player.objects.filter(pk__in=clubs)} == clubs
    assert not Player.objects.filter(club__endswith="draughts club", pk__in=clubs).exists()


def test_favicon_is_served(client):
    answer = client.get("/favicon.ico")
    assert answer.status_code == 301 and answer["Location"].endswith("favicon.ico")
    page = client.get("/events/").content.decode()
    assert 'rel="icon"' in page and "js/scroll-hint.js" in page


def test_the_team_page_shows_points_and_games_apart(client):
    event, _user = played_team_league()
    text = client.get(reverse("public:team_detail", args=(event.slug, 1))).content.decode()
    assert '<th scope="col" class="num">Games</th>' in text
    assert "/1</td>" not in text and "/0</td>" not in text
