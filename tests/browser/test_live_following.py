"""Two people at once: a visitor follows the standings on a phone while an arbiter enters a
result on the round's result sheet; the visitor's page shows the new points and the new
order by itself, without a reload, where the visitor had scrolled to."""

import pytest
from django.contrib.auth.models import Permission

from tests.browser.layout import logged_in_context, screenshot
from tournaments.models import Game, GameResult
from tournaments.services import rounds

pytestmark = pytest.mark.django_db(transaction=True)


def _points(page, name: str) -> str:
    row = page.locator("#standings tbody tr", has=page.get_by_role("link", name=name, exact=True))
    return row.locator("td").nth(4).inner_text()


def test_visitor_sees_a_result_without_reloading(
    live_server, browser, swiss, organizer, monkeypatch
):
    monkeypatch.setattr("tournaments.views.events.LIVE_SECONDS", 1)
    round_ = rounds.round_publish(round=swiss.rounds.get(number=3), user=organizer)
    game = (
        Game.objects.filter(pairing__round=round_)
        .select_related("white__player")
        .order_by("pairing__board")
        .first()
    )
    white = f"{game.white.player.last_name}, {game.white.player.first_name}"

    phone = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 600})
    visitor = phone.new_page()
    visitor.set_default_timeout(15_000)
    visitor.goto(f"{live_server.url}/events/{swiss.slug}/standings/")
    before = _points(visitor, white)
    order_before = visitor.locator("#standings tbody tr td:nth-child(2)").all_inner_texts()
    updated_before = visitor.locator(".live-mark time").get_attribute("datetime")
    visitor.evaluate("window.__notReloaded = true")
    visitor.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    scrolled = visitor.evaluate("window.scrollY")

    organizer.user_permissions.set(
        Permission.objects.filter(content_type__app_label__in=("tournaments", "games"))
    )
    arbiter_context = logged_in_context(browser, live_server, organizer)
    arbiter = arbiter_context.new_page()
    arbiter.set_default_timeout(15_000)
    arbiter.goto(f"{live_server.url}/admin/tournaments/round/{round_.pk}/results/")
    arbiter.select_option(f"#id_result-{game.pk}", GameResult.WHITE_WIN)
    arbiter.get_by_role("button", name="Save").or_(
        arbiter.locator("input[type=submit]")
    ).first.click()
    arbiter.wait_for_load_state()
    assert "1 result saved" in arbiter.content()

    visitor.wait_for_function(
        "([name, points]) => Array.from(document.querySelectorAll('#standings tbody tr'))"
        ".some(tr => tr.cells[1].innerText.trim() === name"
        " && tr.cells[4].innerText.trim() !== points)",
        arg=[white, before],
    )
    assert float(_points(visitor, white).replace(",", ".")) == float(before.replace(",", ".")) + 2
    assert visitor.evaluate("window.__notReloaded") is True
    assert visitor.locator(".live-mark time").get_attribute("datetime") != updated_before
    order_after = visitor.locator("#standings tbody tr td:nth-child(2)").all_inner_texts()
    assert sorted(order_after) == sorted(order_before)
    assert visitor.evaluate("window.scrollY") == scrolled
    assert visitor.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(visitor, "live-visitor")
    screenshot(arbiter, "live-arbiter", full_page=False)
    phone.close()
    arbiter_context.close()
