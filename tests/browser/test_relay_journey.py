"""The live relay seen by people: a spectator on a phone watches a relayed board move
without reloading the round page, then follows the game in the viewer; the arbiter sees a
flagged illegal move on the desk, and assigns a game the matching left out to its board;
the organizer gives each board its own PDN file."""

import pytest
from django.db import transaction

from games.models import RelayBoard, RelayKind, RelaySource
from games.relay.services import relay_push, relay_receive_boards, relay_source_set
from tests.browser.layout import assert_fits, logged_in_context
from tests.factories import UserFactory, make_organizer
from tests.games.conftest import published_round
from tests.games.relay.game import PLIES, push_token, version
from tournaments.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def relayed_round():
    organizer = make_organizer("relay-organizer")
    arbiter = UserFactory(username="relay-arbiter", is_staff=False)
    round_ = published_round(organizer, arbiter)
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    relay_push(round=round_, token=push_token(source), pdn=version(10))
    return round_, source, arbiter


def _plies(page) -> str:
    return page.locator('[data-relay-board="1"]').get_attribute("data-plies")


def test_a_spectator_on_a_phone_watches_a_board_move(
    live_server, browser, relayed_round, monkeypatch
):
    monkeypatch.setattr("tournaments.views.events.LIVE_SECONDS", 1)
    round_, source, _arbiter = relayed_round
    phone = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/events/{round_.event.slug}/rounds/{round_.number}/")
    assert _plies(page) == "10"
    assert page.get_by_role("heading", name="Live boards").is_visible()
    assert page.locator('[data-relay-board="1"] svg').is_visible()
    assert_fits(page, shot="relay-spectator-10")
    page.evaluate("window.__notReloaded = true")

    relay_push(round=round_, token=push_token(source), pdn=version(12))
    page.wait_for_function(
        "() => document.querySelector('[data-relay-board=\"1\"]')"
        ".getAttribute('data-plies') === '12'"
    )
    assert page.evaluate("window.__notReloaded") is True
    moves = page.locator('[data-relay-board="1"] .relay-move').all_inner_texts()
    assert moves[-2:] == list(PLIES[10:12])
    assert_fits(page, shot="relay-spectator-12")

    page.get_by_role("link", name="Follow the game").click()
    page.wait_for_load_state()
    assert PLIES[11] in page.locator('[aria-current="step"]').inner_text()
    page.evaluate("window.__notReloaded = true")
    relay_push(round=round_, token=push_token(source), pdn=version(14))
    page.wait_for_function(
        "(move) => (document.querySelector('[aria-current=\"step\"]') || {}).innerText"
        "?.includes(move)",
        arg=PLIES[13],
    )
    assert page.evaluate("window.__notReloaded") is True
    assert_fits(page, shot="relay-viewer")
    phone.close()


def test_the_arbiter_sees_a_flagged_illegal_move_on_the_desk(live_server, browser, relayed_round):
    round_, source, arbiter = relayed_round
    relay_push(round=round_, token=push_token(source), pdn=version(wrong=True))
    context = logged_in_context(browser, live_server, arbiter)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/desk/events/{round_.event.slug}/")
    relay = page.locator("section", has=page.get_by_role("heading", name="Live relay"))
    row = relay.locator('tr[data-relay-board="1"]')
    assert "flagged" in row.inner_text()
    assert "Ply 23 (32-37): a man cannot move backwards" in row.inner_text()
    assert "22" in row.locator('td[data-label="Plies"]').inner_text()
    assert_fits(page, shot="relay-desk")
    context.close()


def test_the_arbiter_assigns_an_unmatched_game_on_a_phone(live_server, browser, relayed_round):
    round_, source, arbiter = relayed_round
    RelayBoard.objects.all().delete()
    relay_push(round=round_, token=push_token(source), pdn=version(8, board=9))
    context = logged_in_context(browser, live_server, arbiter, width=390)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/desk/events/{round_.event.slug}/")
    relay = page.locator("section", has=page.get_by_role("heading", name="Live relay"))
    assert "Round 1: 1 running, 0 flagged, 0 finished, 1 not matched" in relay.inner_text()
    assert "not matched" in relay.locator("tbody tr").first.inner_text()
    assert_fits(page, shot="relay-desk-unmatched")
    relay.get_by_label("Assign to").select_option(index=1)
    relay.get_by_role("button", name="Assign").click()
    page.wait_for_load_state()
    assert (
        "is now board 1, game 1"
        in page.locator(".messages, .messagelist, [role=status]").first.inner_text()
    )
    row = page.locator('tr[data-relay-board="1"]')
    assert "8" in row.locator('td[data-label="Plies"]').inner_text()
    assert "not matched" not in relay.inner_text()
    assert_fits(page, shot="relay-desk-assigned")
    context.close()


def test_the_organizer_gives_each_board_its_own_file(live_server, browser, relayed_round):
    round_, source, _arbiter = relayed_round
    organizer = source.created_by
    context = logged_in_context(browser, live_server, organizer, width=1366)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/admin/games/relaysource/{source.pk}/change/")
    page.select_option("#id_kind", RelayKind.BOARDS)
    page.locator("input[name=_continue]").click()
    page.wait_for_load_state()
    assert "one PDN file per board" in page.locator("#id_kind option:checked").inner_text()
    game = Game.objects.get(pairing__round=round_)
    page.select_option("#id_feeds-0-game", str(game.pk))
    page.fill("#id_feeds-0-url", "https://relay.example/board-1.pdn")
    page.locator("input[name=_continue]").click()
    page.wait_for_load_state()
    assert page.locator("#id_feeds-0-url").input_value() == "https://relay.example/board-1.pdn"
    assert_fits(page, shot="relay-admin-board-files")

    # the board's file says board 5: it is board 1's game all the same
    with transaction.atomic():
        relay_receive_boards(
            source=RelaySource.objects.get(pk=source.pk), texts={game.pk: version(16, board=5)}
        )
    page.goto(f"{live_server.url}/events/{round_.event.slug}/rounds/{round_.number}/")
    assert _plies(page) == "16"
    assert_fits(page, shot="relay-board-file")
    context.close()
