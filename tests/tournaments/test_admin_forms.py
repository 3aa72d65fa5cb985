"""Every add and change form of every model registered on the admin site, submitted with valid
data as a browser would, is saved without a server error.

The models come from the admin registry, so a newly registered model is covered (and the test
fails until the fixture world holds one row of it). The change form is posted back as rendered;
the add form is filled with the values of an existing row, which is deleted first so that its
unique fields (slug, FMJD id, username) are free.
"""

import datetime
import io

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.client import form_data
from tests.factories import PlayerFactory, event_with_players
from tests.held import held_for_the_module
from tournaments.documents import services as documents
from tournaments.models import (
    BallotCard,
    BallotDeck,
    Event,
    Game,
    Player,
    Registration,
    Round,
    Team,
)
from tournaments.services import ballots

pytestmark = pytest.mark.django_db

#: Add-form fields that no existing row holds (the user add form asks for a password twice).
ADD_ONLY_VALUES = {
    "auth.user": {"password1": ["a-long Passphrase 42"], "password2": ["a-long Passphrase 42"]},
}


@pytest.fixture(scope="module")
def demo_of_the_module(django_db_setup, django_db_blocker):
    """The demo as `manage.py load_demo` loads it (its relayed round too), once for the
    module's tests (tests/held.py)."""
    yield from held_for_the_module(
        django_db_blocker, lambda: call_command("load_demo", stdout=io.StringIO())
    )


@pytest.fixture
def world(demo_of_the_module, django_user_model):
    """The demo events (players, Swiss and round robin, ballots, records, a dispute), a group,
    an API token and a built document: one row at least of every registered model."""
    root = django_user_model.objects.create_superuser("root", "root@example.org", "x")
    django_user_model.objects.create_user("spare", "spare@example.org", "x")
    Group.objects.create(name="Arbiters")
    Token.objects.create(user=root)
    deck = ballots.ballot_deck_create(
        name="Club openings", slug="club-openings", variant="international", user=root
    )
    ballots.ballot_card_save(deck=deck, code="A1", moves="32-28 18-23", user=root)
    event_with_players(root, players=4)
    event_with_players(root, players=4)
    PlayerFactory(
        last_name="Spare",
        fmjd_id="99001",
        email="spare@example.org",
        phone="+33 6 12",
        birth_date=datetime.date(2001, 2, 3),
    )
    event = Event.objects.get(slug="demo-swiss")
    documents.document_request(event=event, kind="standings")
    # The demo leaves the players' reports as they are by default (no row of their own).
    apps.get_model("games", "ResultReporting").objects.create(event=event, confirm=True)
    client = Client()
    client.force_login(root)
    return client


def registered() -> list[tuple[str, type]]:
    return sorted(
        (model._meta.label_lower, model) for model in admin.site._registry if model is not None
    )


def _admin_url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def _form_id(model) -> str:
    return f"{model._meta.model_name}_form"


def _errors(response) -> str:
    """The form errors of an admin page that answered 200 to a POST (the form was refused)."""
    context = response.context or {}
    found = []
    if "adminform" in context:
        found.append(context["adminform"].form.errors.as_text())
    for inline in context.get("inline_admin_formsets", ()):
        found += [str(inline.formset.errors), str(inline.formset.non_form_errors())]
    return " ".join(text for text in found if text.strip("[]{} ")) or "no form error shown"


def _sample(model):
    """One row to edit: for events, one whose rounds are all completed (the richest form)."""
    if model is Event:
        return Event.objects.get(slug="demo-swiss")
    if model is Game:
        return Game.objects.filter(pairing__round__event__slug="demo-swiss").first()
    if model._meta.label_lower == "auth.user":
        return model._default_manager.get(username="spare")
    if model in (BallotDeck, BallotCard):
        return model._default_manager.filter(pk__in=_custom(model)).first()
    if model is Round:
        return Round.objects.filter(event__slug="demo-swiss").first()
    return model._default_manager.order_by("pk").first()


def _concrete(model) -> dict:
    return {field.name: field for field in model._meta.concrete_fields}


def _values(obj, field) -> list[str]:
    """What a form would submit for `field` of `obj` (read-only on its change form)."""
    value = field.value_from_object(obj)
    return [] if value is None else [str(value)]


def _custom(model) -> list[int]:
    """The rows of the custom deck (the published decks are read-only)."""
    if model is BallotDeck:
        return list(BallotDeck.objects.filter(builtin=False).values_list("pk", flat=True))
    return list(BallotCard.objects.filter(deck__builtin=False).values_list("pk", flat=True))


def _template(model, sample):
    """The row whose values fill the add form, deleted first: for events and registrations,
    those of an event without rounds (paired ones are kept by their pairings)."""
    spare = Event.objects.filter(rounds__isnull=True).order_by("-pk").first()
    if model is Event:
        return spare
    if model is Player:
        return Player.objects.get(last_name="Spare")
    if model is Registration:
        return Registration.objects.filter(event__rounds__isnull=True).order_by("pk").first()
    if model is Team:  # one with no match and no roster (a played team's matches keep it)
        number = max(Team.objects.filter(event=sample.event).values_list("number", flat=True))
        return Team.objects.create(event=sample.event, number=number + 1, name="Spare team")
    return sample


def test_every_admin_add_and_change_form_saves_with_valid_data(world):
    client = world
    checked: list[str] = []
    for label, model in registered():
        model_admin = admin.site._registry[model]
        obj = _sample(model)
        assert obj is not None, f"the fixture world holds no {label}: add one to `world`"

        change_url = _admin_url(model, "change", obj.pk)
        page = client.get(change_url)
        assert page.status_code == 200, f"{label} change form answered {page.status_code}"
        change_data = {}
        if b'name="_save"' in page.content:
            change_data = form_data(page, _form_id(model))
            response = client.post(change_url, {**change_data, "_save": "Save"})
            assert response.status_code == 302, (
                f"{label} change form refused its own data: {_errors(response)}"
            )
            checked.append(f"{label} change")

        add_url = _admin_url(model, "add")
        page = client.get(add_url)
        request = page.wsgi_request
        if not model_admin.has_add_permission(request):
            assert page.status_code == 403, f"{label} add form answered {page.status_code}"
            continue
        assert page.status_code == 200, f"{label} add form answered {page.status_code}"
        data = form_data(page, _form_id(model))
        template = _template(model, obj)
        if template is not obj:
            change_data = form_data(
                client.get(_admin_url(model, "change", template.pk)), _form_id(model)
            )
        obj = template
        for name, values in change_data.items():
            if "-" not in name and name in data:
                data[name] = values
        for name, values in data.items():
            if not any(values) and name not in change_data and name in _concrete(model):
                data[name] = _values(obj, _concrete(model)[name])
        data.update(ADD_ONLY_VALUES.get(label, {}))
        obj.delete()
        response = client.post(add_url, {**data, "_save": "Save"})
        assert response.status_code == 302, f"{label} add form refused: {_errors(response)}"
        checked.append(f"{label} add")
    assert len(checked) >= len(registered()), checked


def test_the_add_player_popup_of_the_late_entry_form_creates_the_player(world):
    client = world
    url = reverse("admin:tournaments_player_add") + "?_to_field=id&_popup=1"
    data = form_data(client.get(url), "player_form")
    data.update(last_name=["Baljakin"], first_name=["Aleksandr"], _popup=["1"], _to_field=["id"])
    response = client.post(url, data)
    assert response.status_code == 200
    assert b"popup_response" in response.content or b"data-popup-response" in response.content
    assert Player.objects.filter(last_name="Baljakin", first_name="Aleksandr").exists()
