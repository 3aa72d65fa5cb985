"""Every page a person reads is in the language asked for: a crawl of the demo's public pages,
of the desk and of the admin pages an organizer uses, once per language offered but English
(settings.LANGUAGES), finds no server error and no English message of the catalogue left
untranslated. `make test` crawls the first of them (SAMPLE); the others are `deep`.

A page's text is what a person reads: the text outside scripts and styles, and the title,
aria-label, placeholder and alt attributes. An English message is "left untranslated" when one
of its literal pieces (the text between its placeholders, of at least MIN_PIECE characters)
is in the page, while the language's catalogue translates it differently and uses that piece
in none of its translations (a name such as "Sonneborn-Berger" stays as it is).
"""

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from games.demo import records_demo
from tests.catalogues import LANGUAGES, PLACEHOLDER, catalogue, read_po
from tests.held import held_for_the_module
from tournaments.demo import ORGANIZER_USERNAME, load_demo
from tournaments.models import BallotDeck, Event

#: A shorter piece of English ("Round", "Board 3") may be a name, a code or the same word.
MIN_PIECE = 12
#: Pages of one shape (the path with its numbers replaced) crawled at most: the shapes are
#: what differs, not the 400 games of the demo.
PER_SHAPE = 2
DEEP = pytest.mark.deep
#: Links never followed: leaving, deleting, files and the API (not pages).
SKIPPED = re.compile(
    r"logout|/delete/|/password/|\.pdn$|\.pdf$|\.json$|/pdf/|/pdn/|/download|/export|csv"
    r"|^/api/|^/static/|^/media/|^/i18n/|^/admin/r/"
)


class _Text(HTMLParser):
    """The text of a page a person reads, and the links it holds."""

    READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self._hidden += 1
        values = dict(attrs)
        self.parts.extend(values[name] or "" for name in self.READ_ATTRIBUTES if name in values)
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)

    @property
    def text(self) -> str:
        """One line per text node or attribute: a piece of English never spans two (the
        options "points de match" and "points de partie" do not make "match points")."""
        return "\n".join(" ".join(part.split()) for part in self.parts)


def english_pieces(path: Path) -> dict[str, str]:
    """The literal pieces of the English messages this catalogue translates differently:
    piece -> its message."""
    entries = [entry for entry in read_po(path) if entry.msgid]
    translations = " ".join(text for entry in entries for text in entry.msgstr.values())
    pieces = {}
    for entry in entries:
        for english in filter(None, (entry.msgid, entry.msgid_plural)):
            if english in entry.msgstr.values():
                continue
            for piece in PLACEHOLDER.split(english):
                piece = " ".join(piece.split()).strip(" .,:;()")
                if len(piece) >= MIN_PIECE and piece not in translations:
                    pieces[piece] = english
    return pieces


def _shape(url: str) -> str:
    return re.sub(r"\d+", "N", url)


def crawl(
    client: Client,
    starts: list[str],
    prefixes: tuple[str, ...],
    language: str,
    per_shape: int = PER_SHAPE,
):
    """Every page reached from ``starts`` by links under ``prefixes`` (``per_shape`` of a
    shape): yields (url, status, text)."""
    queue, seen, shapes = list(starts), set(starts), Counter()
    while queue:
        url = queue.pop(0)
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, follow=True)
        page = _Text()
        if "text/html" in response.get("Content-Type", ""):
            page.feed(response.content.decode())
        yield url, response.status_code, page.text
        for link in page.links:
            link = link.split("#")[0]
            if not link.startswith(prefixes) or "?" in link or SKIPPED.search(link):
                continue
            if link in seen or shapes[_shape(link)] >= per_shape:
                continue
            seen.add(link)
            shapes[_shape(link)] += 1
            queue.append(link)


def _build_the_demo() -> None:
    load_demo(records=records_demo)
    organizer = get_user_model().objects.get(username=ORGANIZER_USERNAME)
    for event in Event.objects.all():
        event.arbiters.add(organizer)


@pytest.fixture(scope="module")
def demo_of_the_module(django_db_setup, django_db_blocker):
    """The demo events, loaded once for the module (tests/held.py); the demo organizer also
    arbitrates them all (the desk's ruling form)."""
    yield from held_for_the_module(django_db_blocker, _build_the_demo)


@pytest.fixture
def demo(demo_of_the_module, db):
    cache.clear()
    yield get_user_model().objects.get(username=ORGANIZER_USERNAME)
    cache.clear()


def _data() -> list[str]:
    """Text stored as data that quotes an English title: a deck's source citation."""
    return [
        " ".join(source.split()) for source in BallotDeck.objects.values_list("source", flat=True)
    ]


def _check(pages, pieces: dict[str, str]) -> tuple[int, list[str], list[str]]:
    count, errors, english, data = 0, [], [], _data()
    for url, status, text in pages:
        count += 1
        for quoted in data:
            text = text.replace(quoted, "")
        if status >= 500 or status == 404:
            errors.append(f"{url}: {status}")
        english.extend(
            f"{url}: {piece!r} (from {msgid!r})" for piece, msgid in pieces.items() if piece in text
        )
    return count, errors, english


#: `make test` crawls the first language, one page of each shape: every page a template or a
#: view renders, so a message not marked for translation, or marked but missing from the
#: catalogue, shows there as in any language. The other languages, and a second page of each
#: shape (another event's data on the same template), are the `deep` sweep (`make test-deep`).
SAMPLE = [
    pytest.param(language, 1 if index == 0 else PER_SHAPE, marks=() if index == 0 else DEEP)
    for index, language in enumerate(LANGUAGES)
] + [pytest.param(LANGUAGES[0], PER_SHAPE, marks=DEEP, id=f"{LANGUAGES[0]}-every-shape-twice")]


@pytest.mark.parametrize(("language", "per_shape"), SAMPLE)
def test_every_page_is_in_the_language_asked_for(demo, language, per_shape):
    pieces = english_pieces(catalogue(language))
    assert len(pieces) > 300, "almost no English piece to look for: is the catalogue read?"
    visitor = Client()
    public = _check(
        crawl(visitor, ["/events/", "/players/"], ("/events/", "/players/"), language, per_shape),
        pieces,
    )
    organizer = Client()
    organizer.force_login(demo)
    staff = _check(
        crawl(
            organizer,
            ["/desk/", "/admin/"],
            ("/desk/", "/admin/", "/events/"),
            language,
            per_shape,
        ),
        pieces,
    )
    assert public[0] > 50 and staff[0] > 150, (public[0], staff[0])
    errors = public[1] + staff[1]
    assert not errors, f"pages that failed: {errors}"
    english = public[2] + staff[2]
    assert not english, f"English left untranslated in {language}: {english}"


def test_the_crawl_finds_english_left_untranslated(demo):
    """The check above can fail: a page asked for in a language the site does not offer is in
    English, and the crawl says so."""
    language = LANGUAGES[0]
    pieces = english_pieces(catalogue(language))
    count, errors, english = _check(crawl(Client(), ["/events/"], ("/events/",), "xx", 1), pieces)
    assert count > 50 and not errors
    assert any("'Pairings and results'" in fault for fault in english), english[:5]
