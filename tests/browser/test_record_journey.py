"""The official record as people see it (issue #20, part C): a visitor's round page marks a
forfeit as a forfeit and draws the drawing-table card; the organizer of a French event
prints its score sheets in French with the card drawn; the arbiter changes a result at the
desk and its finding follows. At 390 px and 1366 px, screenshots (DAMIER_SHOTS) record-*.png."""

import io

import pytest
from django.contrib.auth.models import Permission
from pypdf import PdfReader

from games.services.disputes import dispute_open
from games.services.records import record_save
from tests.browser.layout import assert_fits, logged_in_context
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tournaments.models import BallotCard, BallotDeck, Game, GameResult
from tournaments.services.ballots import ballot_draw
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def staff(db):
    user = UserFactory(username="record-organizer", is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label__in=("tournaments", "games"))
    )
    return user


@pytest.fixture
def ballot_decks(db):
    """The published decks (a transactional test empties the tables the migration filled)."""
    import importlib

    from django.apps import apps

    if not BallotDeck.objects.exists():
        importlib.import_module("tournaments.migrations.0004_ballot_decks").load_decks(apps, None)


@pytest.fixture
def french_round(staff, ballot_decks):
    """Round 1 of a French Russian-draughts round robin on the FMJD Drawing Table 64, its
    relocation card drawn; board 1 won by forfeit, board 2 won over the board."""
    deck = BallotDeck.objects.get(slug="fmjd-64")
    keep = BallotCard.objects.filter(deck=deck, moves="").exclude(start_fen="").values("pk")[:1]
    BallotCard.objects.filter(deck=deck).exclude(pk__in=keep).update(barred=True)
    round_ = published_round(
        staff, staff, variant="russian", players=4, ballot_deck=deck, language="fr"
    )
    round_.event.organizers.add(staff)
    ballot_draw(round=round_, user=staff)
    first, second = Game.objects.filter(pairing__round=round_).order_by("pairing__board")
    result_record(game=first, result=GameResult.WHITE_FORFEIT_WIN, user=staff)
    result_record(game=second, result=GameResult.WHITE_WIN, user=staff)
    return round_


def test_a_visitor_sees_the_forfeit_and_the_card_on_the_round_page(live_server, page, french_round):
    event = french_round.event
    page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/")
    cells = page.locator("#pairings tbody tr td:last-child").all_inner_texts()
    assert any(cell.startswith("+/-") for cell in cells), cells
    assert any(cell.startswith("1-0") for cell in cells), cells
    assert page.get_by_text("swipe it sideways").is_visible()  # 390 px: the hint
    page.locator("details.card-diagram summary").first.click()
    diagram = page.locator("details.card-diagram svg").first
    assert diagram.is_visible() and diagram.locator(".piece, [class^=piece]").count() >= 24
    assert_fits(page, shot="record-round-page")
    page.set_viewport_size({"width": 1366, "height": 900})
    assert not page.get_by_text("swipe it sideways").is_visible()


def test_a_french_event_prints_its_score_sheets_in_french_with_the_card_drawn(
    live_server, browser, staff, french_round, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    context = logged_in_context(browser, live_server, staff, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{live_server.url}/admin/tournaments/round/{french_round.pk}/change/")
    page.locator("details.card-diagram summary").first.click()
    assert page.locator("details.card-diagram svg").first.is_visible()
    assert_fits(page, shot="record-admin-round")
    for kind, words in (("scoresheets", "Feuille de partie"), ("pairings", "Appariements")):
        page.locator(f".documents-panel tr[data-kind={kind}] button[type=submit]").click()
        link = page.locator(f".documents-panel tr[data-kind={kind}] a")
        href = link.get_attribute("href")
        response = page.request.get(live_server.url + href)
        assert response.status == 200 and response.body().startswith(b"%PDF")
        text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
        assert words in text and "Score sheet" not in text, (kind, text[:300])
        assert "W:W" not in text  # the card is drawn, not written as FEN
    # The page the organizer reads stays in their own language.
    assert page.get_by_role("heading", name="Printed documents").is_visible()
    context.close()


def test_the_desk_s_finding_follows_the_result_the_arbiter_changes(live_server, browser, staff):
    arbiter = UserFactory(username="record-arbiter", is_staff=False)
    round_ = published_round(staff, arbiter, players=2)
    game = round_.pairings.get().games.get()
    result_record(game=game, result=GameResult.BLACK_WIN, user=staff)
    record_save(game=game, pdn='[GameType "20"]\n[FEN "W:W28:B23"]\n1. 28x19 2-0', user=staff)
    dispute = dispute_open(
        game=game, claim="wrong-result", statement="I won on the board.", user=arbiter
    )
    context = logged_in_context(browser, live_server, arbiter, locale="en-GB", width=390)
    page = context.new_page()
    page.set_default_timeout(15_000)
    desk = f"{live_server.url}/desk/events/{round_.event.slug}/"
    page.goto(desk)
    findings = page.locator("#flagged-heading ~ *").inner_text()
    assert findings.count("the result entered is 0-2") == 1, findings  # FMJD notation
    assert_fits(page, shot="record-desk-before")
    page.goto(f"{live_server.url}/desk/disputes/{dispute.pk}/")
    page.select_option("select[name=decision]", "adjust")
    page.select_option("select[name=result]", "1-0")
    page.fill("textarea[name=reason]", "White captured the last man.")
    page.locator("form.ruling-form [type=submit]").click()
    page.wait_for_url("**/desk/disputes/**")
    assert page.get_by_text("The ruling is recorded.").is_visible()
    assert_fits(page, shot="record-dispute-after")
    page.goto(desk)
    findings = page.locator("#flagged-heading ~ *").inner_text()
    assert "the result entered is" not in findings, findings
    assert findings.count("the record gives 2-0") == 0  # the record's own result agrees
    assert_fits(page, shot="record-desk-after")
    context.close()
