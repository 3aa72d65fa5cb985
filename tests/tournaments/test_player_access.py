"""A player belongs to the events they are registered in: the organizer of another event sees
only the public fields, cannot set the login account, and cannot change the player through
the CSV import; a player shared by two events is changed only by whoever organizes both."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import UserFactory, event_with_players
from tests.tournaments.test_admin import form_data, logged_in, make_organizer
from tournaments.models import Player
from tournaments.services.registrations import registration_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting():
    olga, bram = make_organizer("olga"), make_organizer("bram")
    mine = event_with_players(olga, players=2)
    theirs = event_with_players(bram, players=2)
    player = mine.registrations.order_by("pairing_number").first().player
    player.fmjd_id = "F1001"
    player.save()
    return olga, bram, mine, theirs, player


def _state(player: Player):
    player.refresh_from_db()
    return (player.rating, player.club, player.user_id, player.email, player.phone)


def test_another_organizer_sees_only_the_public_fields(setting):
    olga, bram, _mine, _theirs, player = setting
    page = logged_in(bram).get(reverse("admin:tournaments_player_change", args=(player.pk,)))
    text = page.content.decode()
    assert page.status_code == 200
    assert player.last_name in text
    for private in (player.email, player.phone, "1990-01-01", 'name="user"'):
        assert private not in text, private
    assert "which you do not organize" in text
    history = logged_in(bram).get(reverse("admin:tournaments_player_history", args=(player.pk,)))
    assert history.status_code == 403
    own = logged_in(olga).get(reverse("admin:tournaments_player_change", args=(player.pk,)))
    assert player.email in own.content.decode()


def test_another_organizer_cannot_take_the_player_over(setting):
    olga, bram, _mine, _theirs, player = setting
    data = form_data(
        logged_in(olga).get(reverse("admin:tournaments_player_change", args=(player.pk,))),
        "player_form",
    )
    data["user"] = [str(bram.pk)]
    data["rating"] = ["1"]
    before = _state(player)
    response = logged_in(bram).post(
        reverse("admin:tournaments_player_change", args=(player.pk,)), data
    )
    assert response.status_code == 403
    assert _state(player) == before


def test_the_csv_import_refuses_another_events_player(setting):
    _olga, bram, _mine, _theirs, player = setting
    before = _state(player)
    csv = f"last_name,first_name,fmjd_id,rating,club\n{player.last_name},X,F1001,1,Elsewhere\n"
    response = logged_in(bram).post(
        reverse("admin:tournaments_player_import"),
        {"file": SimpleUploadedFile("p.csv", csv.encode(), content_type="text/csv")},
    )
    assert response.status_code == 200
    assert "which you do not organize" in response.content.decode()
    assert _state(player) == before


def test_a_shared_player_is_changed_only_by_whoever_organizes_all_their_events(setting):
    olga, bram, mine, theirs, player = setting
    url = reverse("admin:tournaments_player_change", args=(player.pk,))
    data = form_data(logged_in(olga).get(url), "player_form")
    registration_add(event=theirs, player=player, user=bram)
    data["club"] = ["Changed"]
    for user in (olga, bram):
        page = logged_in(user).get(url)
        assert "which you do not organize" in page.content.decode()
        assert player.email in page.content.decode()  # each organizes one of the events
        assert logged_in(user).post(url, data).status_code == 403
        assert _state(player)[1] != "Changed"
    both = make_organizer("both")
    mine.organizers.add(both)
    theirs.organizers.add(both)
    response = logged_in(both).post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert _state(player)[1] == "Changed"


def test_superusers_and_unregistered_players_are_unrestricted(setting):
    _olga, bram, _mine, _theirs, _player = setting
    loose = Player.objects.create(first_name="Free", last_name="Agent", email="f@example.org")
    url = reverse("admin:tournaments_player_change", args=(loose.pk,))
    assert "f@example.org" in logged_in(bram).get(url).content.decode()
    root = UserFactory(username="root", is_superuser=True)
    assert logged_in(root).get(url).status_code == 200
