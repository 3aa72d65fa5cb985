"""A crawl of the public pages through Django's test client, for the tests and benchmarks that
ask every page of a site (the cache-down test and benchmark)."""

import re
from collections import Counter
from html.parser import HTMLParser

from django.test import Client

#: Links not followed: logging out, deleting, files, and the language switch.
SKIPPED = re.compile(r"logout|/delete/|\.pdn$|\.pdf$|/pdf/|/download|^/static/|^/media/|^/i18n/")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.links.append(href.split("#")[0])


def crawl(client: Client, starts: tuple[str, ...], *, per_shape: int = 2) -> list[tuple[str, int]]:
    """The event pages reached from ``starts`` (at most ``per_shape`` of each shape: the path
    with its numbers replaced; no query strings), each with its status, in the order asked."""
    queue, seen = list(starts), set(starts)
    shapes: Counter[str] = Counter()
    answers: list[tuple[str, int]] = []
    while queue:
        url = queue.pop(0)
        response = client.get(url)
        answers.append((url, response.status_code))
        if "text/html" not in response.get("Content-Type", ""):
            continue
        page = _Links()
        page.feed(response.content.decode())
        for link in page.links:
            if not link.startswith("/events/") or "?" in link or SKIPPED.search(link):
                continue
            shape = re.sub(r"\d+", "N", link)
            if link in seen or shapes[shape] >= per_shape:
                continue
            seen.add(link)
            shapes[shape] += 1
            queue.append(link)
    return answers
