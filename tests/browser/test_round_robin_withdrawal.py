"""An organizer runs a round robin of 10 to completion with a withdrawal after round 3
(docs/rules/tournaments.md §2.5): the withdrawal is previewed, then confirmed; round 4 is
paired with the withdrawn player's game as his forfeit; the event is played out; the visitor's
standings, crosstable and the standings PDF agree on the order, the points and the annulled
games, and name the rule; the event is listed as finished. Every page: no server error, no
horizontal scroll at 390 px nor at 1366 px."""

import io

import pytest
from django.db.models import Q
from pypdf import PdfReader

from tests.browser.layout import Walk
from tests.factories import event_with_players, make_organizer
from tests.public.conftest import play_round
from tournaments.models import Game, GameResult, Round, RoundStatus, System
from tournaments.scoring.results import format_points
from tournaments.selectors.standings import standings_get

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"


def test_a_round_robin_of_ten_with_a_withdrawal_after_round_3(live_server, page):
    organizer = make_organizer("rita")
    organizer.set_password(PASSWORD)
    organizer.save()
    event = event_with_players(
        organizer, players=10, system=System.ROUND_ROBIN, organizers=[organizer]
    )
    for _ in range(3):
        play_round(event, organizer)
    leaver = event.registrations.get(pairing_number=10)
    walk = Walk(page, live_server.url)
    page.set_viewport_size({"width": 1366, "height": 900})
    walk.go("/admin/login/", "rr-login")
    page.fill("#id_username", "rita")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    walk.check("rr-index")

    # The withdrawal: a preview of what changes, then the confirmation.
    walk.go(f"/admin/tournaments/registration/{leaver.pk}/change/", "rr-registration")
    page.locator("input[name=from_round]").fill("4")
    page.get_by_role("button", name="Withdraw").click()
    walk.check("rr-withdraw-preview")
    items = page.inner_text("#confirm-items")
    assert "Games played so far: 3 of 9." in items
    assert "Games of rounds 4, 5, 6, 7, 8, 9: forfeits, won by the opponents." in items
    assert "annulled for the standings" in items and "C.06 V.4" in items
    leaver.refresh_from_db()
    assert leaver.withdrawn_from_round is None
    page.get_by_role("button", name="Withdraw").click()
    walk.check("rr-withdrawn")
    leaver.refresh_from_db()
    assert leaver.withdrawn_from_round == 4

    # Round 4 from the event page: the withdrawn player's game is already his forfeit.
    walk.go(f"/admin/tournaments/event/{event.pk}/change/", "rr-event")
    page.get_by_role("button", name="Pair next round").click()
    walk.check("rr-round-4-draft")
    round_4 = Round.objects.get(event=event, number=4)
    forfeit = Game.objects.get(Q(white=leaver) | Q(black=leaver), pairing__round=round_4)
    assert forfeit.result in (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)
    page.get_by_role("button", name="Publish").click()
    walk.check("rr-round-4-published")
    page.get_by_role("link", name="Enter results").click()
    walk.check("rr-results")
    pending = Game.objects.filter(pairing__round=round_4, result=GameResult.PENDING)
    assert pending.count() == 4  # five boards, one of them the forfeit
    for _ in range(4):
        page.keyboard.press("1")  # the first pending select has the focus; each moves on
    page.get_by_role("button", name="Save").click()
    walk.check("rr-results-saved")
    assert not pending.exists()
    walk.go(f"/admin/tournaments/round/{round_4.pk}/change/", "rr-round-4")
    page.get_by_role("button", name="Complete round").click()
    walk.check("rr-complete-confirm")
    page.get_by_role("button", name="Complete the round").click()
    walk.check("rr-round-4-completed")
    round_4.refresh_from_db()
    assert round_4.status == RoundStatus.COMPLETED

    # Rounds 5 to 9, played out the same way (their forfeits are written at pairing).
    for _ in range(5):
        play_round(event, organizer)
    assert event.rounds.filter(status=RoundStatus.COMPLETED).count() == 9

    standings = standings_get(event, after_round=9)
    assert standings[-1].number == 10 and standings[-1].annulled
    order = [row.name for row in standings]

    # The visitor: standings, crosstable, the standings PDF and the event list agree.
    visitor = page.context.browser.new_page(locale="en-GB", viewport={"width": 390, "height": 844})
    visit = Walk(visitor, live_server.url)
    visit.go(f"/events/{event.slug}/standings/", "rr-standings")
    rows = visitor.locator("#standings tbody tr").all_inner_texts()
    assert [next(name for name in order if name in row) for row in rows] == order
    assert "games annulled" in rows[-1] and "provisional" not in visitor.inner_text("main")
    for row, standing in zip(rows, standings, strict=True):
        assert f"\t{format_points(standing.points)}\t" in f"{row}\t", (row, standing)
    withdrawals = visitor.inner_text(".withdrawals")
    assert "withdrew from round 4: games annulled for the standings." in withdrawals
    assert "C.06 V.4" in withdrawals

    visit.go(f"/events/{event.slug}/crosstable/", "rr-crosstable")
    table_rows = visitor.locator("#crosstable tbody tr").all_inner_texts()
    assert [next(name for name in order if name in row) for row in table_rows] == order
    assert "withdrew from round 4" in visitor.inner_text(".withdrawals")

    response = visitor.request.get(f"{live_server.url}/events/{event.slug}/standings.pdf")
    assert response.status == 200 and response.body().startswith(b"%PDF")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
    positions = [text.index(name) for name in order]
    assert positions == sorted(positions), "the PDF lists the players in another order"
    assert "(games annulled)" in text and "C.06 V.4" in text
    assert "final: all 9 rounds complete" in text

    visit.go("/events/", "rr-event-list")
    main = visitor.inner_text("main")
    assert event.name in main[main.index("Finished") :]
    visitor.context.close()
