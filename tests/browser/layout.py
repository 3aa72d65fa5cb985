"""What every journey checks on every page it visits: no server error and no horizontal
scroll, at a phone's width (390 px) and a laptop's (1366 px)."""

import os
from pathlib import Path

WIDTHS = (390, 1366)
#: The languages `make test` walks a journey made for every language in, unless the journey
#: names one of them: French (a Latin script besides the English of the other journeys) and
#: Russian (Cyrillic); `make test-deep` walks the others (Dutch is also walked by the Dutch
#: league journeys).
SAMPLED_LANGUAGES = ("fr", "ru")
#: Where the journeys save a screenshot of each page they check, when a person asks for them
#: (``DAMIER_SHOTS=/tmp/damier-journeys make test``); none otherwise: a full-page screenshot
#: costs Chromium about a quarter of a second, and the journeys take some 400 of them.
SHOTS = Path(os.environ["DAMIER_SHOTS"]) if os.environ.get("DAMIER_SHOTS") else None


def screenshot(page, name: str, *, full_page: bool = True) -> None:
    """``page`` as ``SHOTS/<name>.png``, when screenshots are asked for (``SHOTS``)."""
    if SHOTS is None:
        return
    path = SHOTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=full_page)


def logged_in_context(browser, live_server, user, *, locale: str = "en-GB", width: int = 1366):
    """A browser context holding ``user``'s session (logged in through Django's client)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context


def horizontal_overflow(page) -> int:
    """How many pixels the page is wider than the window (0: no horizontal scroll)."""
    return page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - document.documentElement.clientWidth"
    )


def assert_fits(page, *, shot: str | None = None) -> None:
    """The page fits 390 px and 1366 px without horizontal scroll and shows no server error;
    with ``shot``, screenshots are <shot>-<width>.png (``screenshot``). The viewport is
    restored.

    It first waits for the page's load event: a locator can find the new page's rows while its
    stylesheets are still on their way, and a page measured without them is wider than it is."""
    page.wait_for_load_state("load")
    size = page.viewport_size
    body = page.locator("body").inner_text()
    assert "Server Error" not in body and "Traceback" not in body, page.url
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        overflow = horizontal_overflow(page)
        assert overflow <= 0, f"{page.url} is {overflow} px too wide at {width} px"
        if shot:
            screenshot(page, f"{shot}-{width}")
    page.set_viewport_size(size)


#: The innermost elements reaching past the window's right edge (for the failure message).
WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .filter(e => ![...e.children].some(c => c.getBoundingClientRect().right
      > document.documentElement.clientWidth + 1))
  .slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id + ' '
      + Math.round(e.getBoundingClientRect().right))"""


class Walk:
    """The page under test, checked on every visit: no server error, no horizontal scroll."""

    def __init__(self, page, base: str) -> None:
        self.page, self.base, self.errors, self.shots = page, base, [], 0
        page.on(
            "response",
            lambda r: self.errors.append(f"{r.status} {r.url}") if r.status >= 500 else None,
        )

    def check(self, name: str) -> None:
        page = self.page
        page.wait_for_load_state()
        assert not self.errors, self.errors
        assert "Server Error" not in page.content()
        for width in (1366, 390):
            page.set_viewport_size({"width": width, "height": 900})
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, (
                f"{name}: {overflow} px of horizontal scroll at {width} px; "
                f"widest: {page.evaluate(WIDEST)}"
            )
        self.shots += 1
        screenshot(page, f"organizer-{self.shots:02d}-{name}")
        page.set_viewport_size({"width": 1366, "height": 900})

    def go(self, path: str, name: str) -> None:
        self.page.goto(self.base + path)
        self.check(name)


def each_language(*sampled: str) -> list:
    """Every language offered (settings.LANGUAGES) as parameters of a journey: in `make test`
    the ``sampled`` ones (by default SAMPLED_LANGUAGES; a journey that names one walks only it,
    the journeys between them walking both scripts), the others marked `deep`."""
    import pytest
    from django.conf import settings

    walked = sampled or SAMPLED_LANGUAGES
    return [
        code if code in walked else pytest.param(code, marks=pytest.mark.deep)
        for code, _name in settings.LANGUAGES
    ]
