"""Driving the site as a person does in the tests: a logged-in test client, the values a
browser would submit for a form of a page, and the messages a response shows."""

from html.parser import HTMLParser

from django.contrib.messages import get_messages
from django.test import Client


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


class _FormScraper(HTMLParser):
    """The values a browser would submit for the form with id `form_id`."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id, self.inside, self.select, self.textarea = form_id, False, None, None
        self.data: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs) -> None:
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        if not self.inside or ("name" not in attrs and tag != "option"):
            return
        name = attrs.get("name")
        if tag == "input" and attrs.get("type") not in ("submit", "button", "file"):
            if attrs.get("type") in ("checkbox", "radio") and "checked" not in attrs:
                return
            self.data.setdefault(name, []).append(attrs.get("value") or "")
        elif tag == "select":
            self.select = name
            self.data.setdefault(name, [])
        elif tag == "option" and self.select and "selected" in attrs:
            self.data[self.select].append(attrs.get("value", ""))
        elif tag == "textarea":
            self.textarea = name
            self.data[name] = [""]

    def handle_data(self, data: str) -> None:
        if self.textarea:
            self.data[self.textarea][0] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "form":
            self.inside = False


def form_data(response, form_id: str) -> dict[str, list[str]]:
    scraper = _FormScraper(form_id)
    scraper.feed(response.content.decode())
    assert scraper.data, f"no form {form_id!r} in the page"
    return {name: values for name, values in scraper.data.items() if name}


def message_texts(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]
