"""The tables of the public team matches page (tournaments/teams/templatetags.py): every
kind of match and board written as the page shows it, values escaped, words and numbers in
the page's language, each game linked to its page."""

from decimal import Decimal

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from tournaments.teams.selectors import BoardView, MatchView

pytestmark = pytest.mark.django_db


def tables(matches: list[MatchView], language: str = "en") -> str:
    with translation.override(language):
        return Template("{% load teams %}{% team_match_tables matches slug='league' %}").render(
            Context({"matches": matches})
        )


def game(game_id: int) -> str:
    return reverse("public:game", args=["league", game_id])


def test_a_played_match_shows_its_board_points_each_board_and_links_every_game():
    match = MatchView(
        1,
        1,
        "Rooks & <Kings>",
        "Men",
        Decimal("1.5"),
        Decimal("2.5"),
        True,
        (
            BoardView(1, "Ann <b>", "Bo", True, Decimal("0.5"), Decimal("0.5"), False, games=(7,)),
            BoardView(2, "Cy", "Di", False, Decimal("1"), Decimal("1"), False, games=(8, 9)),
        ),
    )
    page = tables([match])
    assert "<caption>Rooks &amp; &lt;Kings&gt; – Men: 1.5–2.5</caption>" in page
    assert '<th scope="col">Rooks &amp; &lt;Kings&gt;</th>' in page
    assert 'Ann &lt;b&gt; <span class="muted">(white)</span>' in page
    assert 'Cy <span class="muted">(black)</span>' in page
    assert f'<a href="{game(7)}">0.5–0.5</a>' in page
    assert f'<a href="{game(8)}">1–1</a> <a href="{game(9)}" title="game 2">2</a>' in page


def test_a_pending_board_a_forfeit_a_bye_and_a_no_show_say_so():
    pending = BoardView(1, "Ann", "Bo", True, None, None, False, games=(7,))
    empty = BoardView(2, "Cy", "", False, Decimal(1), Decimal(0), True)
    played = MatchView(1, 1, "Rooks", "Men", Decimal(1), Decimal(0), False, (pending, empty))
    bye = MatchView(1, 2, "Pawns", None, Decimal(0), Decimal(0), True, ())
    no_show = MatchView(2, 1, "Rooks", "Men", Decimal(2), Decimal(0), True, (), no_show="Men")
    page = tables([played, bye, no_show])
    assert f'<a href="{game(7)}">…</a>' in page
    assert '1–0 <abbr title="forfeit">ff</abbr>' in page
    assert "<caption>Pawns: bye</caption>" in page
    assert '<strong class="no-show">Men did not show up: forfeited.</strong>' in page
    assert page.count("<tbody>") == 1


def test_the_tables_follow_the_page_s_language():
    board = BoardView(1, "Ann", "Bo", True, Decimal("0.5"), Decimal("0.5"), False, games=(7, 8))
    match = MatchView(1, 1, "Rooks", "Men", Decimal("3.5"), Decimal("6.5"), True, (board,))
    bye = MatchView(1, 2, "Pawns", None, Decimal(0), Decimal(0), True, ())
    page = tables([match, bye], "fr")
    assert "<caption>Rooks – Men: 3,5–6,5</caption>" in page
    assert '<th scope="col" class="num">Table</th>' in page
    assert 'Ann <span class="muted">(blancs)</span>' in page
    assert 'title="partie 2"' in page
    assert "<caption>Pawns : exempte</caption>" in page
