"""A team league's public pages present a team league: every page's menu offers the team
standings (the teams' list, /teams/), the team crosstable and the team matches, and no page
links the individual standings or crosstable, nor their CSV, XLSX or PDF files. Their
addresses lead to the team pages (tournaments.views.events.individual_page_instead); their files
answer 404 like the individual PDFs; the API keeps them. An individual event's menu is as before."""

import re

import pytest
from django.urls import reverse

from tests.factories import played_team_league

pytestmark = pytest.mark.django_db


def _menu(page: str) -> list[tuple[str, str, bool]]:
    """(address, label, current) of each link of the page's site menu."""
    nav = page[page.index("<nav") : page.index("</nav>")]
    return [
        (
            re.search(r'href="([^"]+)"', attributes).group(1),
            label.strip(),
            "aria-current" in attributes,
        )
        for attributes, label in re.findall(r"<a\b([^>]*)>([^<]*)</a>", nav)
    ]


def _individual_links(slug: str, page: str) -> list[str]:
    """Every address of the page leading to an individual table of ``slug`` or its files."""
    pattern = rf'href="/events/{re.escape(slug)}/(standings|crosstable)[/.?"][^"]*"'
    return [match.group(0) for match in re.finditer(pattern, page)]


@pytest.fixture
def league():
    event, _user = played_team_league()
    return event


def _event_pages(slug: str) -> list[str]:
    return [
        reverse("public:event_home", args=(slug,)),
        reverse("public:round", args=(slug, 1)),
        reverse("public:player", args=(slug, 1)),
        reverse("public:team_standings", args=(slug,)),
        reverse("public:team_crosstable", args=(slug,)),
        reverse("public:team_matches", args=(slug,)),
        reverse("public:team_detail", args=(slug, 1)),
    ]


def test_every_page_of_a_team_league_offers_the_team_pages_and_not_the_individual_ones(
    client, league
):
    slug = league.slug
    team_pages = [
        (reverse("public:team_standings", args=(slug,)), "Team standings"),
        (reverse("public:team_crosstable", args=(slug,)), "Team crosstable"),
        (reverse("public:team_matches", args=(slug,)), "Team matches"),
    ]
    for url in _event_pages(slug):
        answer = client.get(url)
        assert answer.status_code == 200, url
        page = answer.content.decode()
        menu = [(href, label) for href, label, _current in _menu(page)]
        assert menu[3:] == team_pages, url
        assert menu[2] == (reverse("public:event_home", args=(slug,)), league.name)
        assert "Standings" not in [label for _href, label in menu], url
        assert _individual_links(slug, page) == [], url


def test_the_team_pages_are_marked_current_in_the_menu(client, league):
    slug = league.slug
    for url, current in (
        (reverse("public:team_standings", args=(slug,)), "Team standings"),
        (reverse("public:team_detail", args=(slug, 2)), "Team standings"),
        (reverse("public:team_crosstable", args=(slug,)), "Team crosstable"),
        (reverse("public:team_matches", args=(slug,)), "Team matches"),
    ):
        menu = _menu(client.get(url).content.decode())
        assert [label for _href, label, marked in menu if marked] == [current], url


def test_the_captain_s_lineups_page_has_the_team_menu(client, league):
    client.force_login(league.organizers.first())
    page = client.get(reverse("public:team_lineups", args=(league.slug, 1))).content.decode()
    labels = [label for _href, label, _current in _menu(page)]
    assert labels[3:] == ["Team standings", "Team crosstable", "Team matches"]
    assert _individual_links(league.slug, page) == []


def test_the_individual_tables_lead_to_the_team_ones(client, league):
    slug = league.slug
    for url, target in (
        (f"/events/{slug}/standings/", "public:team_standings"),
        (f"/events/{slug}/standings/?round=1", "public:team_standings"),
        (f"/events/{slug}/standings/1/?round=1", "public:team_standings"),
        (f"/events/{slug}/crosstable/", "public:team_crosstable"),
    ):
        answer = client.get(url)
        assert answer.status_code == 302, url
        assert answer["Location"] == reverse(target, args=(slug,)), url
        assert client.get(url, follow=True).status_code == 200
    live = client.get(f"/events/{slug}/standings/", HTTP_X_REQUESTED_WITH="live")
    assert (live.status_code, live["Location"]) == (302, f"/events/{slug}/teams/")


def test_the_individual_files_are_not_served_and_the_api_keeps_its_tables(client, league):
    slug = league.slug
    for name in ("standings", "crosstable"):
        for suffix in (".csv", ".xlsx", ".pdf"):
            answer = client.get(f"/events/{slug}/{name}{suffix}")
            assert answer.status_code == 404, (name, suffix)
        assert client.get(f"/api/events/{slug}/{name}/").status_code == 200
    assert client.get(f"/events/{slug}/team-standings.csv").status_code == 200
    assert client.get(f"/events/{slug}/players.csv").status_code == 200


def test_an_individual_event_s_menu_is_unchanged(client, swiss):
    slug = swiss.slug
    expected = [
        (reverse("public:event_home", args=(slug,)), swiss.name),
        (reverse("public:standings", args=(slug,)), "Standings"),
        (reverse("public:crosstable", args=(slug,)), "Crosstable"),
    ]
    for url, current in (
        (reverse("public:event_home", args=(slug,)), swiss.name),
        (reverse("public:standings", args=(slug,)), "Standings"),
        (reverse("public:crosstable", args=(slug,)), "Crosstable"),
        (reverse("public:round", args=(slug, 1)), None),
    ):
        answer = client.get(url)
        assert answer.status_code == 200, url
        menu = _menu(answer.content.decode())
        assert [(href, label) for href, label, _current in menu][2:] == expected, url
        assert [label for _href, label, marked in menu if marked] == ([current] if current else [])
    page = client.get(reverse("public:standings", args=(slug,))).content.decode()
    assert f'href="/events/{slug}/standings.csv?round=2"' in page


def test_an_individual_event_ranking_teams_keeps_its_team_ranking_link(client, swiss):
    swiss.team_score_members = 2
    swiss.save()
    menu = _menu(client.get(reverse("public:event_home", args=(swiss.slug,))).content.decode())
    assert [label for _href, label, _current in menu][3:] == [
        "Standings",
        "Crosstable",
        "Team ranking",
    ]
