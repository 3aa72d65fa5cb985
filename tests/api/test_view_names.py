"""Every view of the API names and describes itself in the visitor's language
(tournaments/api/view_names.py):

- every view routed in the namespace "api" (found by walking the URL resolver, so that a new
  view is covered the day it is routed) declares its own ``title`` and ``summary``, marked with
  gettext_lazy, and every catalogue translates both; any other view under /api/ is one of the
  OpenAPI schema's, which keep DRF's words;
- the browsable API in French shows the French title as the heading and in the breadcrumbs,
  the French summary as the description, and none of the English headings DRF makes from the
  class names; OPTIONS answers with the same name and description.
"""

import html
import re
from collections.abc import Iterator

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation
from django.utils.functional import Promise
from drf_spectacular.views import SpectacularAPIView
from rest_framework.views import APIView, get_view_name

from tests.catalogues import LANGUAGES, catalogue, read_po
from tournaments.api.view_names import view_summary, view_title
from tournaments.models import Game

#: What each view declares for the browsable API.
DECLARED = ("title", "summary")


def _routes(
    patterns: list[URLPattern | URLResolver], prefix: str = "", namespaces: tuple[str, ...] = ()
) -> Iterator[tuple[str, tuple[str, ...], URLPattern]]:
    """Every URL pattern under ``patterns``: its whole route, the namespaces it is in, itself."""
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = (*namespaces, pattern.namespace) if pattern.namespace else namespaces
            yield from _routes(pattern.url_patterns, route, inner)
        else:
            yield route, namespaces, pattern


def _view_class(pattern: URLPattern) -> type | None:
    return getattr(pattern.callback, "cls", None) or getattr(pattern.callback, "view_class", None)


def api_views() -> dict[str, type[APIView]]:
    """The view of every route of the namespace "api", by route."""
    views: dict[str, type[APIView]] = {}
    for route, namespaces, pattern in _routes(get_resolver().url_patterns):
        if "api" in namespaces:
            view = _view_class(pattern)
            assert isinstance(view, type) and issubclass(view, APIView), route
            views[route] = view
    return views


def test_the_walk_finds_every_view_of_the_api():
    views = api_views()
    assert {"api/", "api/token/", "api/events/<slug:slug>/crosstable/"} <= set(views)
    assert "api/events/<slug:slug>/games/<int:game_id>/" in views  # games.api_urls
    assert "api/events/<slug:slug>/entries/" in views  # entries.api_urls
    assert len(set(views.values())) >= 30


def test_every_other_view_under_the_api_address_is_the_schemas():
    """A view routed under /api/ outside the namespace would escape the checks below."""
    outside = {
        route: _view_class(pattern)
        for route, namespaces, pattern in _routes(get_resolver().url_patterns)
        if route.startswith("api/") and "api" not in namespaces
    }
    assert set(outside) == {"api/schema/", "api/docs/"}
    assert all(view.__module__.startswith("drf_spectacular.") for view in outside.values())


@pytest.mark.parametrize("route", sorted(api_views()))
def test_every_api_view_declares_a_translatable_title_and_summary(route):
    view = api_views()[route]
    for name in DECLARED:
        assert name in vars(view), f"{view.__qualname__} ({route}) declares no {name}"
        assert isinstance(vars(view)[name], Promise), f"{view.__qualname__}.{name}: gettext_lazy"


def _translations(language: str) -> dict[str, str]:
    """The catalogue's translated messages without context (neither fuzzy nor empty)."""
    return {
        entry.msgid: entry.msgstr[0]
        for entry in read_po(catalogue(language))
        if entry.msgid
        and entry.msgctxt is None
        and entry.msgid_plural is None
        and entry.msgstr.get(0)
        and "fuzzy" not in entry.flags
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_title_and_summary_is_translated(language):
    translated = _translations(language)
    missing = []
    for route, view in api_views().items():
        for name in DECLARED:
            text = vars(view)[name]
            with translation.override(None):
                message = str(text)
            with translation.override(language):
                shown = str(text)
            if message not in translated or shown != translated[message]:
                missing.append(f"{view.__qualname__}.{name} ({route}): {message!r}")
    assert not missing, f"not translated in {language} (make messages): {missing}"


def test_a_view_without_a_title_keeps_drfs_name_and_docstring():
    view = SpectacularAPIView()
    assert view_title(view) == get_view_name(view) == "Spectacular Api"
    assert view_summary(view).startswith("OpenApi3 schema for this API.")


def _page(client, url: str) -> str:
    answer = client.get(url, HTTP_ACCEPT="text/html", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 200, url
    assert answer["Content-Type"].startswith("text/html")
    return answer.content.decode()


def _heading(page: str) -> str:
    return html.unescape(re.search(r"<h1>(.*?)</h1>", page, re.S).group(1).strip())


def _breadcrumbs(page: str) -> list[str]:
    trail = re.search(r'<ul class="breadcrumb">(.*?)</ul>', page, re.S).group(1)
    return [html.unescape(name.strip()) for name in re.findall(r"<a [^>]*>(.*?)</a>", trail)]


def _english_headings() -> set[str]:
    """The headings DRF makes from the class names ("Api Root", "Event Detail", ...)."""
    return {get_view_name(view()) for view in api_views().values()}


def _assert_french(page: str, heading: str, summary_start: str, trail: list[str]) -> None:
    assert _heading(page) == heading
    assert f"<title>{html.escape(heading)} –" in page
    assert _breadcrumbs(page) == trail
    assert html.escape(summary_start) in page
    english = [name for name in _english_headings() if re.search(rf"\b{name}\b", page)]
    assert not english, f"English headings on the French page: {english}"


def test_the_api_root_in_french(client):
    page = _page(client, "/api/")
    _assert_french(page, "API de Damier", "Les points d'entrée de l'API", ["API de Damier"])
    assert "The entry points" not in page


def test_a_crosstable_in_french(client, swiss):
    url = reverse("api:crosstable", kwargs={"slug": swiss.slug})
    page = _page(client, url)
    trail = ["API de Damier", "Tournois", "Tournoi", "Grille américaine"]
    _assert_french(page, "Grille américaine", "Les lignes de la grille américaine", trail)
    assert "Crosstable rows in rank order" not in page  # the docstring
    described = client.options(url, HTTP_ACCEPT_LANGUAGE="fr").json()
    assert described["name"] == "Grille américaine"
    assert described["description"].startswith("Les lignes de la grille américaine")


def test_a_game_in_french(client, swiss):
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=1).first()
    page = _page(client, reverse("api:game", kwargs={"slug": swiss.slug, "game_id": game.pk}))
    trail = ["API de Damier", "Tournois", "Tournoi", "Parties", "Partie"]
    _assert_french(page, "Partie", "Une partie publiée", trail)
    assert "A published game" not in page
