"""Points are written with their noun in the page's language: "1 point", "2 points",
"1,5 points" in French, never "1 points"; Russian has three forms ("1 очко", "2 очка",
"5 очков") and a fraction takes the genitive singular ("1,5 очка")."""

from decimal import Decimal

import pytest
from django.utils import translation

from tournaments.results import points_text


@pytest.mark.parametrize(
    ("language", "value", "text"),
    [
        ("en", "1.0", "1 point"),
        ("en", "0", "0 points"),
        ("en", "2.50", "2.5 points"),
        ("en", "1.5", "1.5 points"),
        ("fr", "1", "1 point"),
        ("fr", "0", "0 point"),
        ("fr", "1.5", "1,5 points"),
        ("fr", "48.0", "48 points"),
        ("ru", "1", "1 очко"),
        ("ru", "21", "21 очко"),
        ("ru", "2", "2 очка"),
        ("ru", "24", "24 очка"),
        ("ru", "0", "0 очков"),
        ("ru", "5", "5 очков"),
        ("ru", "11", "11 очков"),
        ("ru", "12", "12 очков"),
        ("ru", "0.5", "0,5 очка"),
        ("ru", "1.5", "1,5 очка"),
        ("ru", "10.50", "10,5 очка"),
    ],
)
def test_points_take_their_plural(language, value, text):
    with translation.override(language):
        assert points_text(Decimal(value)) == text


@pytest.mark.django_db
def test_the_event_page_writes_one_point_in_the_singular(client, organizer):
    from tests.factories import event_with_players
    from tournaments.values import ScoringSystem

    scoring = ScoringSystem(win=Decimal(1), draw=Decimal("0.5"), forfeit_win=Decimal(1))
    event = event_with_players(organizer, players=4, organizers=[organizer], scoring=scoring)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "A win scores 1 point, a draw 0.5 points, a loss 0 points." in page
    assert "1 points" not in page
