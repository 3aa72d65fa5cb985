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
