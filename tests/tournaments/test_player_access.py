"""A player belongs to the events they are registered in: the organizer of another event sees
only the public fields, cannot set the login account, and cannot change the player through
the CSV import; a player shared by two events is changed only by whoever organizes both."""

from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from tests.client import form_data, logged_in
from tests.factories import UserFactory, event_with_players, make_organizer
from tournaments.access import player_access
from tournaments.models import Player
from tournaments.services.players import player_create
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
    assert f"The history of {player} holds their contact details" in history.content.decode()
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


def test_the_csv_import_refuses_another_events_player(setting, django_capture_on_commit_callbacks):
    olga, bram, _mine, _theirs, player = setting
    before = _state(player)
    csv = f"last_name,first_name,fmjd_id,rating,club\n{player.last_name},X,F1001,1,Elsewhere\n"
    with django_capture_on_commit_callbacks(execute=True):
        answer = logged_in(bram).post(
            reverse("admin:tournaments_player_import"),
            {"file": SimpleUploadedFile("p.csv", csv.encode(), content_type="text/csv")},
        )
    assert answer.status_code == 302
    response = logged_in(bram).get(answer.url)
    assert response.status_code == 200
    assert "which you do not organize" in response.content.decode()
    assert _state(player) == before
    # The job, its preview and its state are bram's: another organizer is told of none.
    assert logged_in(olga).get(answer.url).status_code == 404
    assert logged_in(olga).get(f"{answer.url}status/").status_code == 404


def test_a_shared_player_is_changed_only_by_whoever_organizes_all_their_events(setting):
    olga, bram, mine, theirs, player = setting
    url = reverse("admin:tournaments_player_change", args=(player.pk,))
    data = form_data(logged_in(olga).get(url), "player_form")
    registration_add(event=theirs, player=player, user=bram)
    data["club"] = ["Changed"]
    for user, sees in ((olga, True), (bram, False)):
        page = logged_in(user).get(url)
        assert "which you do not organize" in page.content.decode()
        # Olga entered the player; registering them in his event showed Bram nothing.
        assert (player.email in page.content.decode()) is sees
        assert logged_in(user).post(url, data).status_code == 403
        assert _state(player)[1] != "Changed"
    both = make_organizer("both")
    mine.organizers.add(both)
    theirs.organizers.add(both)
    response = logged_in(both).post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert _state(player)[1] == "Changed"


def test_an_unregistered_player_is_changed_by_anyone_and_read_by_whoever_entered_them(setting):
    olga, bram, _mine, _theirs, _player = setting
    loose = player_create(
        {"first_name": "Free", "last_name": "Agent", "email": "f@example.org"}, user=olga
    )
    url = reverse("admin:tournaments_player_change", args=(loose.pk,))
    assert "f@example.org" in logged_in(olga).get(url).content.decode()
    page = logged_in(bram).get(url).content.decode()
    assert "f@example.org" not in page and 'name="club"' in page  # public fields editable
    root = UserFactory(username="root", is_superuser=True)
    assert "f@example.org" in logged_in(root).get(url).content.decode()


@pytest.mark.parametrize("path", ["api", "admin action", "admin add"])
def test_registering_someone_elses_player_reveals_nothing(setting, path):
    """Bram registers Olga's player in his own event, by the API or the admin: he still
    sees neither the contact details nor the login account, in the form or its history."""
    olga, bram, _mine, theirs, player = setting
    player.user = UserFactory(username="the-player", is_staff=False)
    player.save()
    if path == "api":
        client = APIClient()
        client.force_login(bram)
        answer = client.post(
            f"/api/events/{theirs.slug}/players/", {"player": player.pk}, format="json"
        )
        assert answer.status_code == 201
        assert player.email not in answer.content.decode()
    elif path == "admin action":
        logged_in(bram).post(
            reverse("admin:tournaments_player_changelist"),
            {
                "action": "register_in_event",
                "_selected_action": [player.pk],
                "apply": "1",
                "event": theirs.pk,
            },
        )
    else:
        logged_in(bram).post(
            reverse("admin:tournaments_registration_add"),
            {"event": theirs.pk, "player": player.pk, "rating": "0", "joined_round": "1"},
        )
    registration = theirs.registrations.get(player=player)
    assert not registration.contact_given
    page = logged_in(bram).get(reverse("admin:tournaments_player_change", args=(player.pk,)))
    text = page.content.decode()
    for private in (player.email, player.phone, "1990", "the-player", 'name="user"'):
        assert private not in text, private
    history = reverse("admin:tournaments_player_history", args=(player.pk,))
    assert logged_in(bram).get(history).status_code == 403
    assert player.email in logged_in(olga).get(page.request["PATH_INFO"]).content.decode()


def test_a_player_bram_entered_himself_keeps_its_contacts_for_his_co_organizer(setting):
    """The entry of a player by whoever typed them carries the contact details: the
    event's other organizers see them too."""
    _olga, bram, _mine, theirs, _player = setting
    client = APIClient()
    client.force_login(bram)
    answer = client.post(
        f"/api/events/{theirs.slug}/players/",
        {"first_name": "New", "last_name": "Comer"},
        format="json",
    )
    assert answer.status_code == 201
    registration = theirs.registrations.get(player__last_name="Comer")
    assert registration.contact_given
    colleague = make_organizer("colleague")
    theirs.organizers.add(colleague)
    assert player_access(colleague, registration.player).see_private


def test_the_player_list_filters_on_private_fields_for_superusers_only(setting):
    """A free lookup, a preserved filter brought back after saving, and a to-field popup on
    a private field are the admin's 400 for an organizer; a superuser uses them."""
    olga, _bram, _mine, _theirs, player = setting
    changelist = reverse("admin:tournaments_player_changelist")
    prefix = player.email
    assert logged_in(olga).get(changelist, {"email__startswith": prefix}).status_code == 400
    assert logged_in(olga).get(changelist, {"_to_field": "email"}).status_code == 400
    url = reverse("admin:tournaments_player_change", args=(player.pk,))
    data = form_data(logged_in(olga).get(url), "player_form")
    kept = "_changelist_filters=" + quote(f"email__startswith={prefix}")
    saved = logged_in(olga).post(f"{url}?{kept}", data)
    assert saved.status_code == 302 and "?email__startswith=" in saved.url
    assert logged_in(olga).get(saved.url).status_code == 400
    root = UserFactory(username="root", is_superuser=True)
    found = logged_in(root).get(changelist, {"email__startswith": prefix})
    assert found.status_code == 200 and found.context["cl"].result_count == 1
