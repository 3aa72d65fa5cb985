"""French typography: a (no-break) space before the colon after a label ("Résultat :"),
none in English."""

from django.template import Context, Template
from django.utils import translation

from tournaments.documents.pdf.pages import EventHeader, header_flowables

LABEL = Template('{% load i18n typography %}{% translate "Result" %}{% colon %} x')


def test_a_label_s_colon_follows_the_language():
    with translation.override("en"):
        assert LABEL.render(Context()) == "Result: x"
    with translation.override("fr"):
        assert LABEL.render(Context()) == "Résultat\N{NO-BREAK SPACE}: x"


def test_the_documents_header_follows_the_language():
    header = EventHeader(name="Open", variant="Dames", system="Suisse", venue="Lyon")
    with translation.override("fr"):
        line = header_flowables(header, "Classement")[1].text
    assert "Variante\N{NO-BREAK SPACE}: Dames" in line and "Lieu\N{NO-BREAK SPACE}: Lyon" in line
