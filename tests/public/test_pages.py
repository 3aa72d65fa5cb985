"""The public pages: addresses, published rounds only, no private data, caching."""

import pytest
from django.urls import reverse

from tournaments.models import Round, RoundStatus

pytestmark = pytest.mark.django_db


def get(client, url, **kwargs):
    response = client.get(url, **kwargs)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def test_root_redirects_to_the_event_list(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/events/"


def test_event_list_groups_events(client, swiss):
    page = get(client, "/events/")
    assert swiss.name in page
    assert f'href="/events/{swiss.slug}/"' in page


def test_event_home_states_the_rules(client, swiss):
    page = get(client, f"/events/{swiss.slug}/")
    assert "Truncated Solkoff (FMJD)" in page
    assert "Sonneborn-Berger" in page
    assert "A win scores 2.0 points" in page or "A win scores 2 points" in page
    assert f"/events/{swiss.slug}/rounds/1/" in page
    assert f"/events/{swiss.slug}/rounds/3/" not in page  # draft


def test_round_pairings_show_players_and_results(client, swiss):
    page = get(client, f"/events/{swiss.slug}/rounds/1/")
    first = swiss.registrations.get(pairing_number=1)
    assert first.player.last_name in page
    assert "2-0" in page and "1-1" in page  # FMJD notation for International draughts
    assert "pairing-allocated bye" in page


def test_draft_round_is_not_public(client, swiss):
    assert Round.objects.get(event=swiss, number=3).status == RoundStatus.DRAFT
    assert client.get(f"/events/{swiss.slug}/rounds/3/").status_code == 404
    assert client.get(f"/events/{swiss.slug}/standings/?round=3").status_code == 404


def test_standings_and_earlier_round(client, swiss):
    page = get(client, f"/events/{swiss.slug}/standings/")
    assert "Standings after round 2" in page
    page = get(client, f"/events/{swiss.slug}/standings/?round=1")
    assert "Standings after round 1" in page
    assert client.get(f"/events/{swiss.slug}/standings/?round=x").status_code == 404


def test_tiebreak_detail_page(client, swiss):
    page = get(client, f"/events/{swiss.slug}/standings/1/?round=2")
    assert "Truncated Solkoff (FMJD) (TSOL)" in page
    assert "Sonneborn-Berger (SB)" in page
    assert client.get(f"/events/{swiss.slug}/standings/99/").status_code == 404


def test_crosstable(client, swiss):
    page = get(client, f"/events/{swiss.slug}/crosstable/")
    assert "Crosstable after round 2" in page
    assert 'id="crosstable"' in page


def test_player_card(client, swiss):
    page = get(client, f"/events/{swiss.slug}/players/1/")
    assert "Rating performance" in page
    assert reverse("public:round", args=[swiss.slug, 1]) in page
    assert client.get(f"/events/{swiss.slug}/players/99/").status_code == 404


def test_no_private_data_on_any_page(client, swiss):
    player = swiss.registrations.get(pairing_number=1).player
    urls = [
        f"/events/{swiss.slug}/",
        f"/events/{swiss.slug}/rounds/1/",
        f"/events/{swiss.slug}/standings/",
        f"/events/{swiss.slug}/crosstable/",
        f"/events/{swiss.slug}/players/1/",
        f"/events/{swiss.slug}/standings/1/",
    ]
    for url in urls:
        page = get(client, url)
        assert player.email not in page, url
        assert player.phone not in page, url
        assert "1990" not in page, url


def test_unchanged_page_answers_304(client, swiss):
    url = f"/events/{swiss.slug}/standings/"
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_result_change_refreshes_the_cached_standings(client, swiss, organizer):
    from tournaments.models import Game, GameResult
    from tournaments.services.results import result_record

    url = f"/events/{swiss.slug}/standings/?round=1"
    before = client.get(url)
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=1).first()
    flipped = GameResult.BLACK_WIN if game.result != GameResult.BLACK_WIN else GameResult.DRAW
    result_record(game=game, result=flipped, user=organizer)
    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after.content != before.content
