"""Django's own admin strings in our languages where its catalogues fall short
(tournaments/admin/django_messages.py, locale/nl/LC_MESSAGES/djangojs.po): the Dutch login
page and filter widget, messages that do not put a het-word after "de", Russian buttons and
messages that do not decline a model's name wrongly."""

import pytest
from django.urls import reverse

from tests.client import logged_in
from tests.factories import make_organizer

pytestmark = pytest.mark.django_db


def test_the_dutch_login_page_and_filter_widget(client):
    page = client.get(reverse("admin:login"), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Inloggegevens vergeten?" in page
    client = logged_in(make_organizer("widget-organizer"))
    catalogue = client.get(reverse("admin:jsi18n"), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Kies %s door ze te selecteren" in catalogue


def test_dutch_and_russian_admin_messages_fit_every_model(client):
    organizer = make_organizer("messages-organizer")
    client = logged_in(organizer)
    add = reverse("admin:tournaments_player_add")
    answer = client.post(
        add,
        {"first_name": "Anne", "last_name": "de Haan", "rating": 0},
        HTTP_ACCEPT_LANGUAGE="nl",
        follow=True,
    )
    text = answer.content.decode()
    assert "Toegevoegd: speler" in text and "De speler" not in text
    page = client.get(
        reverse("admin:tournaments_registration_changelist"), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert "Добавить регистрация" not in page and "Добавить: регистрация" in page
