"""An organizer gives an arbiter an account from the admin (reaching the arbiters page from
the event's page); the arbiter logs in at /desk/, uploads a round's records, assigns the
game whose player name is misspelled, rules a dispute (a refused ruling first, its error at
the top), and logs out."""

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from games.models import Dispute, GameRecord
from games.services.disputes import dispute_open
from tests.browser.layout import assert_fits
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tournaments.models import GameResult
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db(transaction=True)

ORGANIZER_PASSWORD = "Kp7-organizer-pass"
ARBITER_PASSWORD = "Kp7-arbiter-pass"


def _round_file(round_) -> str:
    """The round's records in PDN; board 2's black player is misspelled ("...x")."""
    games = []
    for pairing in round_.pairings.order_by("board"):
        game = pairing.games.get()
        white, black = game.white.player, game.black.player
        misspelled = "x" if pairing.board == 2 else ""
        games.append(
            f'[Round "{round_.number}"]\n[Board "{pairing.board}"]\n'
            f'[White "{white.last_name}, {white.first_name}"]\n'
            f'[Black "{black.last_name}{misspelled}, {black.first_name}"]\n'
            '[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'
        )
    return "\n".join(games)


@pytest.fixture
def organizer(db):
    user = UserFactory(username="organizer", is_staff=True, first_name="Olga")
    user.set_password(ORGANIZER_PASSWORD)
    user.save()
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label__in=("tournaments", "games"))
    )
    return user


def test_an_arbiter_gets_an_account_uploads_assigns_rules_and_logs_out(
    live_server, browser, organizer
):
    round_ = published_round(organizer, organizer, players=4)
    event = round_.event
    event.organizers.add(organizer)
    board_1 = round_.pairings.get(board=1).games.get()
    board_1 = result_record(game=board_1, result=GameResult.WHITE_WIN, user=organizer)
    dispute_open(
        game=board_1,
        claim="wrong-result",
        statement="I did not lose this game.",
        user=board_1.black.player.user,
    )

    # The organizer creates the arbiter's account from the admin.
    context = browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "organizer")
    page.fill("#id_password", ORGANIZER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # From the event's own page to its arbiters page, the event already chosen.
    page.get_by_role("link", name="Events").first.click()
    page.get_by_role("link", name=event.name, exact=True).click()
    assert_fits(page, shot="journey-b-admin-event")
    page.locator(".object-tools").get_by_role("link", name="Arbiters", exact=True).click()
    expect(page.get_by_role("heading", name="Arbiters of your events")).to_be_visible()
    assert f"event={event.pk}" in page.url
    form = page.locator("#arbiter-create")
    assert form.locator("#id_event").input_value() == str(event.pk)
    form.locator("#id_username").fill("marie")
    form.locator("#id_first_name").fill("Marie")
    form.locator("#id_last_name").fill("Arbitre")
    form.locator("#id_password1").fill(ARBITER_PASSWORD)
    form.locator("#id_password2").fill(ARBITER_PASSWORD)
    form.get_by_role("button", name="Create the account").click()
    assert "Marie Arbitre (marie) arbitrates" in page.locator(".messagelist").inner_text()
    assert "Marie Arbitre (marie)" in page.locator("#arbiters").inner_text()
    assert_fits(page, shot="journey-b-admin-arbiters")
    context.close()

    # The arbiter, not admin staff, logs in at the desk.
    context = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/desk/")
    assert_fits(page, shot="journey-b-desk-anonymous")
    page.get_by_role("link", name="Log in to reach your desks").click()
    page.fill("#id_username", "marie")
    page.fill("#id_password", ARBITER_PASSWORD)
    page.locator("main").get_by_role("button", name="Log in").click()
    page.wait_for_url("**/desk/")
    assert "Logged in as Marie Arbitre" in page.locator(".desk-user").inner_text()
    assert "1 open dispute" in page.locator("main").inner_text()
    assert_fits(page, shot="journey-b-desk-home")
    page.get_by_role("link", name=event.name).click()
    assert_fits(page, shot="journey-b-desk")

    # Uploads round 1's file: board 1 is matched, board 2 (a misspelled name) is not.
    page.get_by_role("link", name="Upload a round's game records").click()
    page.locator("#id_round").select_option(str(round_.pk))
    page.set_input_files(
        "#id_file",
        files=[
            {"name": "round1.pdn", "mimeType": "text/plain", "buffer": _round_file(round_).encode()}
        ],
    )
    page.get_by_role("button", name="Upload", exact=True).click()
    assert "games matched and saved: 1; not matched: 1" in page.locator(".messages").inner_text()
    unmatched = page.locator("#unmatched")
    assert "Game 2 of the file" in unmatched.inner_text()
    assert "no game on board 2" in unmatched.inner_text()
    assert_fits(page, shot="journey-b-upload")
    board_2 = round_.pairings.get(board=2).games.get()
    unmatched.locator("select").select_option(str(board_2.pk))
    unmatched.get_by_role("button", name="Assign").click()
    assert (
        "Game 2 of the file is saved as the record of board 2"
        in page.locator(".messages").inner_text()
    )
    assert page.locator("#unmatched").count() == 0
    assert GameRecord.objects.filter(game__pairing__round=round_).count() == 2

    # Rules the dispute: a ruling without its result is refused, the error at the top.
    page.get_by_role("link", name=f"Back to the desk of {event.name}").click()
    page.locator("main table").get_by_role("link").first.click()
    expect(page.locator("#replay svg")).to_have_count(1)
    assert "REFERENCE" not in page.locator("main").inner_text()
    assert "FMJD rules, end of the game" in page.locator("main").inner_text()
    page.get_by_role("link", name="Next").click()
    page.wait_for_url("**ply=1#replay")
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**ply=2#replay")
    assert page.evaluate("window.scrollY") > 0  # the replay stays in view
    assert_fits(page, shot="journey-b-dispute")
    page.locator("#id_decision").select_option("adjust")
    page.locator("#id_reason").fill("The record shows a draw.")
    page.get_by_role("button", name="Rule").click()
    alert = page.locator("#ruling-errors")
    assert "adjusting needs a new result" in alert.inner_text()
    assert page.evaluate("window.scrollY") == 0
    assert alert.bounding_box()["y"] < 400
    assert_fits(page, shot="journey-b-dispute-refused")
    page.locator("#id_decision").select_option("adjust")
    page.locator("#id_result").select_option(GameResult.DRAW)
    page.locator("#id_reason").fill("The record shows a draw.")
    page.get_by_role("button", name="Rule").click()
    assert "The ruling is recorded." in page.locator(".messages").inner_text()
    assert "2-0 → 1-1" in page.locator("#ruling").inner_text()
    assert Dispute.objects.get().status == "ruled"

    page.get_by_role("button", name="Log out").click()
    page.wait_for_url("**/desk/")
    assert page.get_by_role("link", name="Log in to reach your desks").is_visible()
    context.close()
