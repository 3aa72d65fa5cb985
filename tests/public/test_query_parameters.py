"""Every query parameter of the public pages, the API and the desk, fed what people and
programs send by mistake or on purpose (Unicode digits, huge numbers, empty, negative, any
text): never a server error; the API answers a bad value with its JSON error shape. `make test`
asks a value of each kind (SAMPLE); the drawn values are `deep` (`make test-deep`)."""

import re
from pathlib import Path

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.services.disputes import dispute_open
from tests.public.conftest import play_round  # noqa: F401  (fixtures below reuse the module)
from tournaments.models import Game

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
#: Every query parameter the site reads (`team`, read by the team lineup API alone, is fed
#: its values in tests/tournaments/test_team_no_show.py).
PARAMETERS = ("round", "ply", "player", "status", "q", "page", "team")
#: How the views read them (a new parameter read another way is caught here too).
_READS = re.compile(
    r"""(?:GET\.get|query_params\.get|_int_param\(request,)\s*\(?\s*["'](\w+)["']"""
)

NASTY = st.one_of(
    st.sampled_from(
        ["", " ", "-1", "0", "²", "١٢", "٣", "1.5", "1e3", "+3", "0x10", "%00", "\x00"]
    ),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(alphabet=st.characters(categories=("Nd", "No", "Zs", "P")), max_size=8),
    st.text(max_size=12),
)


def test_the_parameter_list_is_complete():
    used = set()
    for folder in ("tournaments", "games"):
        for path in (ROOT / folder).rglob("*.py"):
            if "admin" in path.parts or path.stem == "admin":  # the admin's own pages
                continue
            used |= set(_READS.findall(path.read_text()))
    assert used <= set(PARAMETERS), f"query parameters without fuzzing: {used - set(PARAMETERS)}"


@pytest.fixture
def pages(swiss, organizer):
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=1).first()
    dispute = dispute_open(game=game, claim="wrong-result", statement="Draw.", user=organizer)
    slug = swiss.slug
    public = [
        "/events/",
        "/players/",
        reverse("public:event_home", args=(slug,)),
        reverse("public:round", args=(slug, 1)),
        reverse("public:standings", args=(slug,)),
        reverse("public:tiebreaks", args=(slug, 1)),
        reverse("public:crosstable", args=(slug,)),
        reverse("public:player", args=(slug, 1)),
        reverse("public:game", args=(slug, game.pk)),
        reverse("public:game_pdn", args=(slug, game.pk)),
        reverse("public:event_pdn", args=(slug,)),
    ]
    api = [
        "/api/events/",
        "/api/players/",
        f"/api/events/{slug}/pairings/",
        f"/api/events/{slug}/standings/",
        f"/api/events/{slug}/standings/1/",
        f"/api/events/{slug}/crosstable/",
        f"/api/events/{slug}/games/",
        f"/api/events/{slug}/rounds/",
        f"/api/events/{slug}/players/",
    ]
    desk = [
        reverse("desk:desk", args=(slug,)),
        reverse("desk:dispute", args=(dispute.pk,)),
    ]
    return public, api, desk


def _ask_every_parameter(client, pages, value: str) -> None:
    public, api, desk = pages
    for url in public + api + desk:
        for name in PARAMETERS:
            response = client.get(url, {name: value})
            assert response.status_code < 500, (url, name, value, response.status_code)
            if url in api and response.status_code == 400:
                assert response.json()["error"]["code"] == "invalid", (url, name, value)


@pytest.mark.deep
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(value=NASTY)
def test_no_value_of_any_parameter_is_a_server_error(client, organizer, pages, value):
    client.force_login(organizer)
    _ask_every_parameter(client, pages, value)


#: `make test`'s sample of the sweep above: one value of each kind that breaks a reader, to
#: every parameter of every page: a digit int() refuses, a number beyond the database's
#: integers, a negative one, and text with a NUL (PostgreSQL refuses it in a query).
SAMPLE = ["²", "9" * 30, "-1", "\x00x"]


def test_no_value_of_each_kind_is_a_server_error(client, organizer, pages):
    client.force_login(organizer)
    for value in SAMPLE:
        _ask_every_parameter(client, pages, value)


@pytest.mark.parametrize("value", ["²", "٣", "99999999999999999999999", "", "-1", "0"])
def test_a_bad_round_is_a_clear_400_in_the_api_and_a_404_on_a_page(client, swiss, value):
    response = client.get(f"/api/events/{swiss.slug}/standings/", {"round": value})
    assert response.status_code == 400
    assert "round" in response.json()["error"]["message"]
    page = client.get(reverse("public:standings", args=(swiss.slug,)), {"round": value})
    assert page.status_code == 404


def test_huge_numbers_in_paths_are_not_found(client, swiss, organizer):
    """A path number beyond the database's integers is a plain 404 (or a refusal)."""
    client.force_login(organizer)
    huge, slug = "9" * 30, swiss.slug
    for url in (
        f"/api/events/{slug}/standings/{huge}/",
        f"/api/events/{slug}/games/{huge}/",
        f"/api/events/{slug}/games/{huge}/record/",
        f"/api/events/{slug}/rounds/{huge}/publish/",
        f"/api/events/{slug}/documents/{huge}/",
        f"/events/{slug}/rounds/{huge}/",
        f"/events/{slug}/players/{huge}/",
        f"/events/{slug}/games/{huge}/",
        f"/desk/disputes/{huge}/",
        f"/desk/games/{huge}/dispute/",
        f"/admin/tournaments/game/{huge}/change/",
        f"/admin/tournaments/round/{huge}/results/",
    ):
        for method in ("get", "post", "put"):
            response = getattr(client, method)(url)
            assert response.status_code < 500, (method, url, response.status_code)
