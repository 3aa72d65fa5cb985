"""tournaments.access.private_lookup: which private field a lookup reaches, through any
relation; the admin refuses those lookups to everyone but superusers
(tournaments.admin.privacy; tried as an attacker by tests/test_permission_matrix.py)."""

import doctest

import pytest
from django.contrib.auth import get_user_model

import tournaments.access
from tournaments.access import private_lookup
from tournaments.models import Event, Game, Player, Registration


@pytest.mark.parametrize(
    ("model", "lookup", "reached"),
    [
        (Player, "email__startswith", "player.email"),
        (Player, "-birth_date", "player.birth_date"),
        (Player, "user__isnull", "player.user"),
        (Player, "phone", "player.phone"),
        (Player, "last_name__startswith", None),
        (Player, "national_id", None),
        (Registration, "player__email__iexact", "player.email"),
        (Registration, "player__last_name", None),
        (Game, "white__player__birth_date__year", "player.birth_date"),
        (Event, "organizers__email__startswith", "user.email"),
        (Event, "organizers__password", "user.password"),
        (Event, "organizers__username", None),
        (Event, "registrations__player__user__username", "player.user"),
        (get_user_model(), "player__email", "user.player"),
        (Event, "pk", None),
    ],
)
def test_private_lookup(model, lookup, reached):
    assert private_lookup(model, lookup) == reached


def test_the_docstring_example_runs():
    assert doctest.testmod(tournaments.access).failed == 0


@pytest.mark.django_db
def test_the_national_id_is_the_federations_number_not_a_private_field(client):
    """The decision of tournaments.access: every staff user searches players by their national
    id, as by their FMJD id, while e-mail stays refused; the public API shows the
    FMJD id only."""
    from tests.factories import PlayerFactory, make_organizer

    assert "national_id" not in tournaments.access.PRIVATE_FIELDS
    assert "federation" in str(Player._meta.get_field("national_id").help_text)
    player = PlayerFactory(last_name="Sijbrands", national_id="KNDB-1951", email="t@example.org")
    PlayerFactory(last_name="Other", national_id="KNDB-2000")
    client.force_login(make_organizer("staff"))
    found = client.get("/admin/tournaments/player/", {"q": "KNDB-1951"})
    assert found.status_code == 200
    assert list(found.context["cl"].result_list) == [player]
    refused = client.get("/admin/tournaments/player/", {"email__startswith": "t@"})
    assert refused.status_code in (302, 400, 403)
