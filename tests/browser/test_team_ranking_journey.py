"""A national-team event scored from an individual Swiss (docs/rules/tournaments.md §7.5): the
organizer counts the best four and keeps team mates apart, then gives each player his team
on the event's page, then pairs round 1, where no team mates meet; after five rounds a visitor on a
390 px phone opens the team ranking from the event's page and reads the worked example: the
Netherlands' six scored 5, 4, 4, 3.5, 3 and 0, and their best four make 16.5. Every page: no
server error, no horizontal scroll at 390 px nor at 1366 px."""

import pytest
from django.urls import reverse

from tests.browser.layout import Walk, assert_fits
from tests.factories import make_organizer
from tests.tournaments.played_events import (
    NATIONAL_TEAMS,
    national_team_swiss,
    play_steered,
    steered_netherlands,
)
from tournaments.models import Round
from tournaments.selectors.state import tournament_state

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"


def test_team_labels_pairing_and_the_ranking_on_a_phone(live_server, page, browser):
    organizer = make_organizer("national-organizer")
    organizer.set_password(PASSWORD)
    organizer.save()
    event = national_team_swiss(
        organizer,
        labelled=False,
        team_score_members=0,
        never_pair_team_mates=False,
        slug="nations-open",
        name="Nations Open",
    )
    team_of = {n: team for team, numbers in NATIONAL_TEAMS.items() for n in numbers}

    page.set_viewport_size({"width": 1366, "height": 900})
    walk = Walk(page, live_server.url)
    walk.go("/admin/login/", "login")
    page.fill("#id_username", "national-organizer")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    walk.go(reverse("admin:tournaments_event_change", args=(event.pk,)), "event")

    # The team ranking's settings; then each player's team in the registrations.
    page.fill("#id_team_score_members", "4")
    page.check("#id_never_pair_team_mates")
    page.locator("input[name='_continue']").click()
    walk.check("event-ranks-teams")
    rows = page.locator("tr.form-row.has_original")
    assert rows.count() == 16
    for row in rows.all():
        number = int(row.locator("td.field-pairing_number").inner_text())
        if number in team_of:
            row.locator("input[name$='-team_label']").fill(team_of[number])
    page.locator("input[name='_continue']").click()
    walk.check("event-saved")
    assert "was changed successfully" in page.inner_text(".messagelist")
    event.refresh_from_db()
    assert (event.team_score_members, event.never_pair_team_mates) == (4, True)
    labels = dict(event.registrations.values_list("pairing_number", "team_label"))
    assert {n: label for n, label in labels.items() if label} == team_of

    # Round 1 by C.04.3 alone (1-9, 10-2, 3-11, ...) would pair the Dutch 3 and 11, 6 and 14;
    # the draft keeps every team apart and pairs all sixteen.
    page.get_by_role("button", name="Pair next round").click()
    walk.check("round-1-draft")
    round_1 = Round.objects.get(event=event, number=1)
    boards = [
        (p.white.pairing_number, p.black.pairing_number)
        for p in round_1.pairings.select_related("white", "black")
    ]
    assert sorted(n for board in boards for n in board) == list(range(1, 17))
    assert not [b for b in boards if team_of.get(b[0], "a") == team_of.get(b[1], "b")]
    assert "must not be paired" not in page.content()

    # Five rounds played (the Netherlands' six steered to the worked example).
    play_steered(event, organizer, steered=steered_netherlands(), first=1, last=5)
    met = {frozenset(board) for round_ in event.rounds.all() for board in _boards(round_)}
    assert len(met) == 8 * 5
    assert not met & tournament_state(event, up_to_round=5).forbidden_pairs

    # A visitor on a phone: the event's page links the team ranking, live like the standings.
    visitor = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    phone = visitor.new_page()
    phone.goto(live_server.url + reverse("public:event_home", args=(event.slug,)))
    assert "Team mates are never paired against each other." in phone.inner_text("main")
    assert_fits(phone, shot="team-ranking-event")
    phone.get_by_role("link", name="Team ranking").click()
    phone.wait_for_load_state()
    assert phone.locator("#team-ranking caption").inner_text() == "Team ranking after round 5"
    first = phone.locator("#team-ranking tbody tr").first
    assert first.inner_text().split() == ["1", "NED", "16.5", "19.5"]
    netherlands = phone.locator("#team-1")
    assert netherlands.locator("h3").inner_text() == "NED: 16.5"
    points = [item.split(": ")[-1] for item in netherlands.locator("li").all_inner_texts()]
    assert points == ["5", "4", "4", "3.5", "3", "0"]
    assert netherlands.locator("li strong").count() == 4
    assert phone.locator(".live-mark[data-live]").count() == 1
    assert_fits(phone, shot="team-ranking-phone")
    visitor.close()


def _boards(round_: Round) -> list[tuple[int, int]]:
    return [
        (p.white.pairing_number, p.black.pairing_number)
        for p in round_.pairings.filter(black__isnull=False).select_related("white", "black")
    ]
