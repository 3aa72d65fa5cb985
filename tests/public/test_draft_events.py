"""Draft events: a new event is unlisted and its pages and API answer 404 to everyone but its
organizers and arbiters, who preview it under a "Draft" banner, until it is published."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.client import logged_in
from tests.factories import UserFactory, event_made, event_with_players, make_organizer
from tournaments.models import Event
from tournaments.services.events import event_publish, event_unpublish

pytestmark = pytest.mark.django_db

BANNER = "Draft: not public yet."


@pytest.fixture
def organizer():
    return make_organizer("organizer")


@pytest.fixture
def draft(organizer):
    event = event_with_players(organizer, players=4, published=False)
    event.arbiters.add(UserFactory(username="arbiter"))
    return event


def public_urls(event: Event) -> list[str]:
    return [
        reverse("public:event_home", args=(event.slug,)),
        reverse("public:standings", args=(event.slug,)),
        reverse("public:crosstable", args=(event.slug,)),
        reverse("public:player", args=(event.slug, 1)),
        reverse("public:event_pdn", args=(event.slug,)),
        reverse("documents:status", args=(event.slug,)),
        reverse("api:event", args=(event.slug,)),
        reverse("api:players", args=(event.slug,)),
        reverse("api:standings", args=(event.slug,)),
    ]


def test_a_new_event_is_a_draft(organizer):
    event = event_made(
        organizer,
        name="Spring Open",
        slug="spring-open",
        system="swiss",
        number_of_rounds=5,
    )
    assert event.published is False


def test_a_draft_is_hidden_from_visitors_and_other_staff(draft):
    other = make_organizer("other")
    for client in (Client(), logged_in(other), logged_in(UserFactory(username="player"))):
        for url in public_urls(draft):
            assert client.get(url).status_code == 404, url
    visitor = Client()
    assert draft.name not in visitor.get(reverse("public:event_list")).content.decode()
    listed = APIClient().get(reverse("api:events")).json()
    assert draft.slug not in str(listed)
    upcoming = APIClient().get(reverse("api:events"), {"status": "upcoming"}).json()
    assert draft.slug not in str(upcoming)


def test_its_organizers_and_arbiters_preview_it_under_a_banner(draft, organizer):
    arbiter = draft.arbiters.get()
    for user in (organizer, arbiter):
        client = logged_in(user)
        for url in public_urls(draft):
            assert client.get(url).status_code == 200, (user, url)
        page = client.get(reverse("public:event_home", args=(draft.slug,))).content.decode()
        assert BANNER in page
        api = APIClient()
        api.force_authenticate(user)
        assert api.get(reverse("api:event", args=(draft.slug,))).json()["published"] is False
    # The list stays for published events, even for those who may preview the draft.
    assert draft.name not in logged_in(organizer).get(reverse("public:event_list")).content.decode()


def test_publishing_opens_the_pages_and_unpublishing_closes_them(draft, organizer):
    home = reverse("public:event_home", args=(draft.slug,))
    preview = logged_in(organizer).get(home)
    etag = preview["ETag"]
    event_publish(event=draft, user=organizer)
    page = Client().get(home)
    assert page.status_code == 200
    assert BANNER not in page.content.decode()
    assert draft.name in Client().get(reverse("public:event_list")).content.decode()
    assert draft.slug in str(APIClient().get(reverse("api:events")).json())
    # The organizer's page is not the preview any more (no stale banner behind a 304).
    again = logged_in(organizer).get(home, headers={"If-None-Match": etag})
    assert again.status_code == 200
    assert BANNER not in again.content.decode()
    event_unpublish(event=draft, user=organizer)
    assert Client().get(home).status_code == 404
    assert Client().get(home, headers={"If-None-Match": etag}).status_code == 404


def test_the_admin_publishes_and_unpublishes_after_asking(draft, organizer):
    client = logged_in(organizer)
    change = reverse("admin:tournaments_event_change", args=(draft.pk,))
    page = client.get(change).content.decode()
    assert "Draft: not public yet." in page
    assert reverse("admin:tournaments_event_publish", args=(draft.pk,)) in page
    assert (
        client.get(reverse("admin:tournaments_event_publish", args=(draft.pk,))).status_code == 405
    )
    response = client.post(reverse("admin:tournaments_event_publish", args=(draft.pk,)))
    assert response.status_code == 302
    draft.refresh_from_db()
    assert draft.published
    page = client.get(change).content.decode()
    unpublish = reverse("admin:tournaments_event_unpublish", args=(draft.pk,))
    assert unpublish in page
    assert "is published: everyone can see its pages." in page
    # Unpublishing asks first: the question page changes nothing, nor a post without the
    # confirmation.
    question = client.get(unpublish)
    assert question.status_code == 200
    assert "following it lose them" in question.content.decode()
    client.post(unpublish)
    draft.refresh_from_db()
    assert draft.published
    client.post(unpublish, {"confirmed": "1"})
    draft.refresh_from_db()
    assert not draft.published


def test_the_admin_lists_the_state_and_offers_the_arbiters_page(draft, organizer):
    client = logged_in(organizer)
    listing = client.get(reverse("admin:tournaments_event_changelist")).content.decode()
    assert "column-published" in listing
    change = client.get(reverse("admin:tournaments_event_change", args=(draft.pk,)))
    arbiters = f"{reverse('admin:games_dispute_arbiters')}?event={draft.pk}"
    assert arbiters in change.content.decode()
    assert client.get(arbiters).status_code == 200


@pytest.mark.deep
@pytest.mark.django_db(transaction=True)
def test_the_migration_publishes_the_events_that_exist():
    """A migration over data, `deep`: `make test` keeps one of the kind, over the latest data
    migration (tests/tournaments/test_migration_search_names.py)."""
    executor = MigrationExecutor(connection)
    executor.migrate([("tournaments", "0006_player_fmjd_id_message")])
    old_apps = executor.loader.project_state([("tournaments", "0006_player_fmjd_id_message")]).apps
    OldEvent = old_apps.get_model("tournaments", "Event")
    OldEvent.objects.create(
        name="Old Open",
        slug="old-open",
        variant="international",
        start_date=datetime.date(2025, 1, 1),
        end_date=datetime.date(2025, 1, 2),
        system="swiss",
        number_of_rounds=5,
        tiebreaks=[],
    )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert Event.objects.get(slug="old-open").published is True
    assert Event._meta.get_field("published").default is False
