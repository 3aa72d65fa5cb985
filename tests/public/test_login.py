"""Players and arbiters log in on the site (not the admin) to reach the dispute desk."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_desk_sends_an_anonymous_visitor_to_a_login_page_that_brings_them_back(client):
    desk = reverse("desk:desk", args=("any-event",))
    response = client.get(desk, follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == f"{reverse('login')}?next={desk}"
    assert 'name="password"' in response.content.decode()

    User.objects.create_user("player", password="a long pass phrase")
    response = client.post(
        reverse("login"), {"username": "player", "password": "a long pass phrase", "next": desk}
    )
    assert response.status_code == 302 and response.url == desk


def test_a_wrong_password_is_said_in_french_too(client):
    response = client.post(
        reverse("login"),
        {"username": "nobody", "password": "wrong"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 200 and 'role="alert"' in response.content.decode()
