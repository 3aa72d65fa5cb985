"""The arbiter's front door: /desk/, the arbiters an organizer appoints or creates from the
admin, the round upload from the desk with an unmatched game assigned by hand, /api/."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.models import GameRecord
from games.services.arbiters import ArbiterError, arbiter_account_create
from games.services.errors import NotAllowedError
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

PASSWORD = "Kp7-draughts-desk"


@pytest.fixture
def round_(organizer, official_arbiter):
    return published_round(organizer, official_arbiter, players=4)


def _file(round_, misspelled: bool) -> str:
    """The round's games in PDN, board 2's black player misspelled when ``misspelled``."""
    games = []
    for pairing in round_.pairings.order_by("board"):
        game = pairing.games.get()
        white, black = game.white.player, game.black.player
        black_name = f"{black.last_name}x, {black.first_name}" if misspelled else str(black)
        if pairing.board == 1 or not misspelled:
            black_name = f"{black.last_name}, {black.first_name}"
        games.append(
            f'[Round "{round_.number}"]\n[White "{white.last_name}, {white.first_name}"]\n'
            f'[Black "{black_name}"]\n[Result "2-0"]\n\n1. 32-28 19-23 2-0\n'
        )
    return "\n".join(games)


def test_desk_home_asks_a_visitor_to_log_in(client):
    page = client.get(reverse("desk:home")).content.decode()
    assert "Log in to reach your desks" in page
    assert reverse("login") in page


def test_desk_home_lists_only_the_events_the_user_arbitrates(client, round_):
    other = published_round(UserFactory(username="other-organizer"), UserFactory(), players=2)
    arbiter = round_.event.arbiters.get()
    client.force_login(arbiter)
    page = client.get(reverse("desk:home")).content.decode()
    assert round_.event.name in page and other.event.name not in page
    assert "Logged in as" in page and 'action="/accounts/logout/"' in page


def test_api_root_answers(client):
    answer = client.get("/api/")
    assert answer.status_code == 200
    assert answer.json()["events"].endswith("/api/events/")


def test_an_organizer_creates_an_arbiter_who_logs_in_without_being_staff(client, round_, organizer):
    event = round_.event
    client.force_login(organizer)
    url = reverse("admin:games_dispute_arbiters")
    answer = client.post(
        url,
        {
            "action": "create",
            "event": event.pk,
            "username": "marie",
            "first_name": "Marie",
            "last_name": "Arbitre",
            "email": "marie@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        follow=True,
    )
    assert answer.status_code == 200
    marie = get_user_model().objects.get(username="marie")
    assert not marie.is_staff and event.arbiters.filter(pk=marie.pk).exists()
    client.logout()
    assert client.login(username="marie", password=PASSWORD)
    assert event.name in client.get(reverse("desk:home")).content.decode()


def test_the_admin_page_names_a_refused_account(client, round_, organizer):
    client.force_login(organizer)
    data = {"action": "create", "event": round_.event.pk, "username": "organizer"}
    data |= {"password1": PASSWORD, "password2": PASSWORD}
    page = client.post(reverse("admin:games_dispute_arbiters"), data).content.decode()
    assert "already exists" in page
    data = {"action": "appoint", "event": round_.event.pk, "username": "nobody"}
    page = client.post(reverse("admin:games_dispute_arbiters"), data).content.decode()
    assert "no account is named" in page


def test_only_an_organizer_appoints(round_):
    arbiter = round_.event.arbiters.get()
    with pytest.raises(NotAllowedError):
        arbiter_account_create(event=round_.event, username="x", password=PASSWORD, by=arbiter)
    with pytest.raises(ArbiterError):
        organizer = round_.event.organizers.get()
        arbiter_account_create(event=round_.event, username="y", password="1", by=organizer)
    assert not get_user_model().objects.filter(username__in=["x", "y"]).exists()


def test_an_arbiter_uploads_and_assigns_a_misspelled_game_by_hand(
    client, round_, django_capture_on_commit_callbacks
):
    arbiter = UserFactory(username="plain-arbiter", is_staff=False)
    round_.event.arbiters.add(arbiter)
    client.force_login(arbiter)
    url = reverse("desk:upload", args=(round_.event.slug,))
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, {"round": round_.pk, "pdn": _file(round_, True)}, follow=True)
    page = answer.content.decode()
    assert "games matched and saved: 1; not matched: 1" in page
    assert "Game 2 of the file" in page
    board_2 = round_.pairings.get(board=2).games.get()
    assert not GameRecord.objects.filter(game=board_2).exists()
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            reverse("desk:assign", args=(round_.event.slug,)),
            {"item": 2, "game": board_2.pk},
            follow=True,
        )
    page = answer.content.decode()
    assert "Game 2 of the file is saved as the record of board 2" in page
    assert GameRecord.objects.get(game=board_2).source == "upload"
    assert "Game 2 of the file" not in page.split("</h1>")[1].split("Upload a file")[0]


def test_a_stranger_cannot_upload(client, round_):
    client.force_login(UserFactory(username="stranger"))
    url = reverse("desk:upload", args=(round_.event.slug,))
    assert client.get(url).status_code == 403


def test_an_organizer_appoints_and_removes_an_existing_account(client, round_, organizer):
    event = round_.event
    UserFactory(username="jan", is_staff=False)
    client.force_login(organizer)
    url = reverse("admin:games_dispute_arbiters")
    client.post(url, {"action": "appoint", "event": event.pk, "username": "jan"})
    jan = event.arbiters.get(username="jan")
    client.post(url, {"action": "remove", "event": event.pk, "user": jan.pk})
    assert not event.arbiters.filter(username="jan").exists()
    assert get_user_model().objects.filter(username="jan").exists()  # the account stays


def test_an_organizer_of_another_event_cannot_remove_its_arbiters(client, round_):
    stranger = UserFactory(username="other-organizer")
    client.force_login(stranger)
    arbiter = round_.event.arbiters.get()
    url = reverse("admin:games_dispute_arbiters")
    answer = client.post(url, {"action": "remove", "event": round_.event.pk, "user": arbiter.pk})
    assert answer.status_code == 404
    assert round_.event.arbiters.filter(pk=arbiter.pk).exists()


@pytest.mark.parametrize("value", ["²", "٣", "99999999999999999999999", "x", ""])
def test_a_bad_event_in_the_address_opens_the_admin_pages_without_one(admin_client, round_, value):
    for name in ("admin:games_dispute_arbiters", "admin:tournaments_registration_add"):
        answer = admin_client.get(reverse(name), {"event": value})
        assert answer.status_code == 200, (name, value)


def test_api_root_in_a_browser_speaks_the_visitors_language(client):
    page = client.get("/api/", HTTP_ACCEPT="text/html", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "API de Damier" in page and "Les points d&#x27;entrée de l&#x27;API" in page
    assert "The entry points" not in page


def test_the_upload_page_says_when_no_round_is_out(client, round_, organizer):
    """An event whose rounds are all drafts (entries still open, say) has nothing to
    upload games to: the page says so instead of offering an empty list of rounds."""
    url = reverse("desk:upload", args=(round_.event.slug,))
    client.force_login(organizer)
    assert 'name="round"' in client.get(url).content.decode()
    round_.status = RoundStatus.DRAFT
    round_.save(update_fields=["status"])
    page = client.get(url).content.decode()
    assert "No round of this event is out yet" in page
    assert 'name="round"' not in page
