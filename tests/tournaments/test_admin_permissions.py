"""Object permissions: an organizer sees and changes only the events they organize, and the
rounds, pairings, games and registrations under them; superusers see everything."""

import pytest
from django.urls import reverse

from tests.client import form_data, logged_in
from tests.factories import PlayerFactory, UserFactory, make_organizer, played_event
from tournaments.forms import game_field_names
from tournaments.models import Game, GameResult, Pairing, Registration, Round, RoundStatus

pytestmark = pytest.mark.django_db

#: An object of another organizer is hidden: every page of it answers 404.
HIDDEN = {404}


@pytest.fixture
def two_events():
    """Olga's event and Bram's event, each with round 1 published and one result."""
    olga, bram = make_organizer("olga"), make_organizer("bram")
    mine, _ = played_event(olga, players=4)
    theirs, round_ = played_event(bram, players=4)
    return olga, mine, theirs, round_


def _object_pages(event, round_) -> dict[str, str]:
    pairing = round_.pairings.order_by("board").first()
    game = Game.objects.filter(pairing=pairing).first()
    registration = event.registrations.first()
    return {
        "event": reverse("admin:tournaments_event_change", args=(event.pk,)),
        "event deletion": reverse("admin:tournaments_event_delete", args=(event.pk,)),
        "event history": reverse("admin:tournaments_event_history", args=(event.pk,)),
        "standings": reverse("admin:tournaments_event_standings", args=(event.pk,)),
        "registration": reverse("admin:tournaments_registration_change", args=(registration.pk,)),
        "round": reverse("admin:tournaments_round_change", args=(round_.pk,)),
        "round history": reverse("admin:tournaments_round_history", args=(round_.pk,)),
        "result sheet": reverse("admin:tournaments_round_results", args=(round_.pk,)),
        "pairing": reverse("admin:tournaments_pairing_change", args=(pairing.pk,)),
        "pairing history": reverse("admin:tournaments_pairing_history", args=(pairing.pk,)),
        "game": reverse("admin:tournaments_game_change", args=(game.pk,)),
        "game history": reverse("admin:tournaments_game_history", args=(game.pk,)),
    }


def test_an_organizer_cannot_open_another_organizers_pages(two_events):
    olga, _, theirs, round_ = two_events
    client = logged_in(olga)
    for name, url in _object_pages(theirs, round_).items():
        response = client.get(url)
        assert response.status_code in HIDDEN, f"{name}: {url} answered {response.status_code}"
        assert theirs.name not in response.content.decode(), f"{name} shows the event"


def test_an_organizer_opens_their_own_pages(two_events):
    olga, mine, _, _ = two_events
    client = logged_in(olga)
    for name, url in _object_pages(mine, mine.rounds.get()).items():
        assert client.get(url).status_code == 200, name


def test_a_superuser_opens_every_organizers_pages(two_events, django_user_model):
    _, _, theirs, round_ = two_events
    root = django_user_model.objects.create_superuser("root", "root@example.org", "x")
    client = logged_in(root)
    for name, url in _object_pages(theirs, round_).items():
        assert client.get(url).status_code == 200, name


@pytest.mark.parametrize(
    ("changelist", "shown"),
    [
        ("tournaments_event_changelist", lambda event: [event.name]),
        ("tournaments_round_changelist", lambda event: [str(r) for r in event.rounds.all()]),
        (
            "tournaments_registration_changelist",
            lambda event: [r.player.last_name for r in event.registrations.all()],
        ),
        (
            "tournaments_pairing_changelist",
            lambda event: [str(p.round) for p in Pairing.objects.filter(round__event=event)],
        ),
        (
            "tournaments_game_changelist",
            lambda event: [
                g.white.player.last_name for g in Game.objects.filter(pairing__round__event=event)
            ],
        ),
    ],
)
def test_changelists_list_only_the_organizers_rows(two_events, changelist, shown):
    olga, mine, theirs, _ = two_events
    text = logged_in(olga).get(reverse(f"admin:{changelist}")).content.decode()
    assert all(value in text for value in shown(mine))
    assert not any(value in text for value in shown(theirs))


def test_an_organizer_cannot_write_to_another_organizers_event(two_events):
    olga, _, theirs, round_ = two_events
    client = logged_in(olga)
    pairing = round_.pairings.order_by("board").first()
    game = Game.objects.filter(pairing__round=round_).order_by("pairing__board")[1]
    registration = theirs.registrations.first()
    seats = (pairing.white_id, pairing.black_id)
    writes = {
        reverse("admin:tournaments_event_pair_next_round", args=(theirs.pk,)): {},
        reverse("admin:tournaments_round_publish", args=(round_.pk,)): {},
        reverse("admin:tournaments_round_complete", args=(round_.pk,)): {},
        reverse("admin:tournaments_round_delete_draft", args=(round_.pk,)): {},
        reverse("admin:tournaments_round_results", args=(round_.pk,)): {
            game_field_names(game.pk)[0]: GameResult.DRAW,
            game_field_names(game.pk)[1]: GameResult.PENDING,
            game_field_names(game.pk)[2]: game.version,
        },
        reverse("admin:tournaments_pairing_change", args=(pairing.pk,)): {
            "white": pairing.black_id,
            "black": pairing.white_id,
        },
        reverse("admin:tournaments_registration_withdraw", args=(registration.pk,)): {
            "from_round": 3
        },
        reverse("admin:tournaments_registration_bye", args=(registration.pk,)): {"round_number": 3},
    }
    for url, data in writes.items():
        response = client.post(url, data)
        assert response.status_code in {403, 404}, f"{url} answered {response.status_code}"
    game.refresh_from_db()
    pairing.refresh_from_db()
    registration.refresh_from_db()
    assert game.result == GameResult.PENDING
    assert (pairing.white_id, pairing.black_id) == seats
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.PUBLISHED
    assert theirs.rounds.count() == 1
    assert registration.withdrawn_from_round is None and not registration.bye_requests.exists()


def test_foreign_key_choices_offer_only_the_organizers_events(two_events):
    olga, mine, theirs, _ = two_events
    client = logged_in(olga)
    add = reverse("admin:tournaments_registration_add")
    page = client.get(add).content.decode()
    assert mine.name in page and theirs.name not in page
    player = PlayerFactory()
    response = client.post(add, {"event": theirs.pk, "player": player.pk})
    assert response.status_code == 200  # the form, with the event refused
    assert "Select a valid choice" in response.content.decode()
    assert not Registration.objects.filter(player=player).exists()


def test_register_action_offers_only_the_organizers_events(two_events):
    olga, mine, theirs, _ = two_events
    player = PlayerFactory()
    client = logged_in(olga)
    response = client.post(
        reverse("admin:tournaments_player_changelist"),
        {
            "action": "register_in_event",
            "_selected_action": [player.pk],
            "event": theirs.pk,
            "apply": "1",
        },
    )
    assert response.status_code == 200
    assert mine.name in response.content.decode() and theirs.name not in response.content.decode()
    assert not Registration.objects.filter(player=player).exists()


def test_the_result_sheet_is_read_only_for_a_viewer(two_events):
    """A user with only the view permissions sees the sheet but cannot save it."""
    from django.contrib.auth.models import Permission

    _, mine, _, _ = two_events
    viewer = UserFactory(username="viewer")
    viewer.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    mine.organizers.add(viewer)
    round_ = mine.rounds.get()
    client = logged_in(viewer)
    url = reverse("admin:tournaments_round_results", args=(round_.pk,))
    page = client.get(url)
    assert page.status_code == 200 and 'value="Save"' not in page.content.decode()
    data = form_data(page, "results-form")
    assert client.post(url, data).status_code == 403


def test_a_staff_user_without_permissions_cannot_import_players():
    client = logged_in(UserFactory(username="nobody"))
    assert client.get(reverse("admin:tournaments_player_import")).status_code == 403


def test_a_deleted_drafts_history_is_readable_by_superusers_only(django_user_model):
    from tests.factories import event_with_players
    from tournaments.services import rounds

    olga = make_organizer("olga")
    event = event_with_players(olga, players=4)
    round_ = rounds.round_pair(event=event, user=olga)
    rounds.round_delete_draft(round=round_, user=olga)
    url = reverse("admin:tournaments_round_history", args=(round_.pk,))
    root = django_user_model.objects.create_superuser("root", "root@example.org", "x")
    assert logged_in(root).get(url).status_code == 200
    assert logged_in(olga).get(url).status_code == 403
