"""A round robin's pairing numbers drawn by lot (or set by hand) before round 1: the draw is
recorded and reproducible from its seed, refused once round 1 exists, and the schedule it
publishes is the one the rounds are paired on (single, double, odd with the rest)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.factories import PlayerFactory, event_with_players, make_organizer
from tournaments.models import Event, PairingNumberDraw, System
from tournaments.pairing.lot import draw_numbers
from tournaments.selectors.berger import berger_schedule, standing_number_draw
from tournaments.services import rounds
from tournaments.services.errors import PairingNumberError, RoundStateError
from tournaments.services.history import recorded_by
from tournaments.services.pairing_numbers import pairing_numbers_draw, pairing_numbers_fix
from tournaments.services.registrations import registration_add

pytestmark = pytest.mark.django_db


@given(seed=st.text("0123456789abcdef", min_size=1, max_size=32), size=st.integers(1, 30))
def test_a_lot_deals_each_number_once_whatever_the_order_of_the_entrants(seed, size):
    entrants = list(range(100, 100 + size))
    numbers = draw_numbers(seed=seed, entrants=entrants)
    assert sorted(numbers) == entrants
    assert sorted(numbers.values()) == list(range(1, size + 1))
    assert draw_numbers(seed=seed, entrants=reversed(entrants)) == numbers


def test_different_seeds_deal_different_numbers():
    entrants = range(1, 11)
    assert draw_numbers(seed="a", entrants=entrants) != draw_numbers(seed="b", entrants=entrants)


def test_the_draw_is_recorded_and_reproducible_from_its_seed(arbiter_user):
    event = event_with_players(arbiter_user, players=8, system=System.ROUND_ROBIN)
    draw = pairing_numbers_draw(event=event, user=arbiter_user)
    assert len(draw.seed) == 32 and draw.drawn_by == arbiter_user and draw.drawn_at
    current = dict(event.registrations.values_list("pk", "pairing_number"))
    assert draw_numbers(seed=draw.seed, entrants=draw.entrants) == current
    assert {int(pk): n for pk, n in draw.numbers.items()} == current
    assert standing_number_draw(event) == draw


def test_a_second_draw_must_be_confirmed_and_both_are_kept(arbiter_user):
    event = event_with_players(arbiter_user, players=4, system=System.ROUND_ROBIN)
    pairing_numbers_draw(event=event, user=arbiter_user, seed="first")
    with pytest.raises(PairingNumberError, match="already drawn"):
        pairing_numbers_draw(event=event, user=arbiter_user)
    again = pairing_numbers_draw(event=event, user=arbiter_user, redraw=True, seed="second")
    assert PairingNumberDraw.objects.filter(event=event).count() == 2
    assert standing_number_draw(event) == again


def test_the_draw_is_refused_once_round_1_is_paired(arbiter_user):
    event = event_with_players(arbiter_user, players=4, system=System.ROUND_ROBIN)
    pairing_numbers_draw(event=event, user=arbiter_user)
    rounds.round_pair(event=event, user=arbiter_user)
    before = dict(event.registrations.values_list("pk", "pairing_number"))
    with pytest.raises(PairingNumberError, match="round 1 is paired"):
        pairing_numbers_draw(event=event, user=arbiter_user, redraw=True)
    assert dict(event.registrations.values_list("pk", "pairing_number")) == before
    assert PairingNumberDraw.objects.filter(event=event).count() == 1


def test_a_swiss_has_no_draw(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    with pytest.raises(PairingNumberError, match="Swiss"):
        pairing_numbers_draw(event=event, user=arbiter_user)
    assert berger_schedule(event) == []


def test_numbers_set_by_hand_must_be_one_to_n(arbiter_user):
    event = event_with_players(arbiter_user, players=3, system=System.ROUND_ROBIN)
    last = event.registrations.order_by("pairing_number").last()
    last.pairing_number = 7
    last.save()
    with pytest.raises(PairingNumberError, match="1 to 3"):
        pairing_numbers_fix(event=event, user=arbiter_user)
    last.pairing_number = 3
    last.save()
    draw = pairing_numbers_fix(event=event, user=arbiter_user)
    assert draw.seed == "" and standing_number_draw(event) == draw


def test_a_player_added_after_the_draw_voids_it_until_drawn_again(arbiter_user):
    event = event_with_players(arbiter_user, players=4, system=System.ROUND_ROBIN)
    pairing_numbers_draw(event=event, user=arbiter_user)
    player = PlayerFactory.build()
    recorded_by(player, arbiter_user).save()
    registration_add(event=event, player=player, user=arbiter_user)
    assert standing_number_draw(event) is None and berger_schedule(event) == []
    with pytest.raises(RoundStateError, match="draw or set them again"):
        rounds.round_pair(event=event, user=arbiter_user)
    assert not event.rounds.exists()
    pairing_numbers_draw(event=event, user=arbiter_user, redraw=True)
    assert len(berger_schedule(event)) == 5


def _played(event: Event) -> list[list[tuple[int, int | None]]]:
    return [
        [
            (p.white.pairing_number, p.black.pairing_number if p.black else None)
            for p in round_.pairings.order_by("board").select_related("white", "black")
        ]
        for round_ in event.rounds.order_by("number")
    ]


@pytest.mark.parametrize(
    ("players", "system", "options"),
    [
        (6, System.ROUND_ROBIN, {}),
        (5, System.ROUND_ROBIN, {}),
        (4, System.DOUBLE_ROUND_ROBIN, {}),
        (5, System.DOUBLE_ROUND_ROBIN, {"swap_last_two": True}),
    ],
)
def test_the_rounds_as_paired_are_the_published_schedule(arbiter_user, players, system, options):
    event = event_with_players(arbiter_user, players=players, system=system, **options)
    pairing_numbers_draw(event=event, user=arbiter_user, seed="c0ffee")
    schedule = berger_schedule(event)
    expected = [
        [(b.white.number, b.black.number if b.black else None) for b in scheduled.boards]
        for scheduled in schedule
    ]
    by_rating = list(event.registrations.order_by("-rating").values_list("pk", flat=True))
    drawn = list(event.registrations.order_by("pairing_number").values_list("pk", flat=True))
    assert drawn != by_rating  # the seed is chosen so that the lot is not the rating order
    for _ in schedule:
        round_ = rounds.round_pair(event=event, user=arbiter_user)
        rounds.round_publish(round=round_, user=arbiter_user)
    assert _played(event) == expected
    assert len(expected) == (players - 1 + players % 2) * (2 if system != System.ROUND_ROBIN else 1)
    if players % 2:
        assert all(scheduled.boards[-1].black is None for scheduled in schedule)


def test_the_event_page_shows_every_round_once_the_numbers_are_drawn(arbiter_user, client):
    event = event_with_players(arbiter_user, players=3, system=System.DOUBLE_ROUND_ROBIN)
    page = client.get(f"/events/{event.slug}/")
    assert page.status_code == 200 and 'id="berger-schedule"' not in page.text
    pairing_numbers_draw(event=event, user=arbiter_user)
    page = client.get(f"/events/{event.slug}/")
    assert page.text.count('class="berger-round"') == 6
    first = berger_schedule(event)[0].boards[0]
    assert f'{first.white.name} <span class="muted">({first.white.number})</span>' in page.text
    assert page.text.count("rest (no game this round)") == 6


def test_numbers_given_by_hand_are_the_ones_paired(arbiter_user):
    event = event_with_players(arbiter_user, players=4, system=System.ROUND_ROBIN)
    ids = list(event.registrations.order_by("pairing_number").values_list("pk", flat=True))
    with pytest.raises(PairingNumberError, match="each of its players once"):
        pairing_numbers_fix(event=event, user=arbiter_user, numbers={ids[0]: 1})
    wanted = {ids[0]: 4, ids[1]: 3, ids[2]: 2, ids[3]: 1}
    pairing_numbers_fix(event=event, user=arbiter_user, numbers=wanted)
    rounds.round_pair(event=event, user=arbiter_user)
    assert dict(event.registrations.values_list("pk", "pairing_number")) == wanted


def test_the_admin_asks_then_draws_the_numbers(client):
    organizer = make_organizer("organizer")
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    client.force_login(organizer)
    url = f"/admin/tournaments/event/{event.pk}/draw-numbers/"
    assert 'id="draw-numbers"' in client.get(f"/admin/tournaments/event/{event.pk}/change/").text
    question = client.get(url)
    assert question.status_code == 200 and 'id="confirm-form"' in question.text
    assert not PairingNumberDraw.objects.filter(event=event).exists()
    answer = client.post(url, {"confirmed": "1"})
    assert answer.status_code == 302
    draw = PairingNumberDraw.objects.get(event=event)
    assert draw.drawn_by == organizer
    assert "already drawn" in client.get(url).text
    rounds.round_pair(event=event, user=organizer)
    client.post(url, {"confirmed": "1"})
    assert PairingNumberDraw.objects.filter(event=event).count() == 1


def test_the_admin_takes_numbers_typed_by_hand_and_names_the_wrong_ones(client):
    organizer = make_organizer("organizer")
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    client.force_login(organizer)
    url = f"/admin/tournaments/event/{event.pk}/keep-numbers/"
    registrations = list(event.registrations.select_related("player").order_by("pairing_number"))
    question = client.get(url)
    first = registrations[0]
    assert str(first.player) in question.text and f'name="number_{first.pk}"' in question.text
    form = question.context["form"]
    assert [form[f"number_{r.pk}"].value() for r in registrations] == [1, 2, 3, 4]
    before = dict(event.registrations.values_list("pk", "pairing_number"))
    wrong = {"confirmed": "1"} | {f"number_{r.pk}": "1" for r in registrations[:2]}
    wrong |= {f"number_{registrations[2].pk}": "9", f"number_{registrations[3].pk}": ""}
    answer = client.post(url, wrong)
    assert answer.status_code == 200
    errors = answer.context["form"].errors
    assert set(errors) == {f"number_{r.pk}" for r in registrations}
    assert "two players" in errors[f"number_{first.pk}"][0]
    assert dict(event.registrations.values_list("pk", "pairing_number")) == before
    assert not PairingNumberDraw.objects.filter(event=event).exists()
    wanted = {r.pk: 4 - index for index, r in enumerate(registrations)}
    answer = client.post(url, {"confirmed": "1"} | {f"number_{k}": v for k, v in wanted.items()})
    assert answer.status_code == 302
    assert dict(event.registrations.values_list("pk", "pairing_number")) == wanted
    draw = PairingNumberDraw.objects.get(event=event)
    assert draw.seed == "" and draw.drawn_by == organizer


def test_the_draw_log_lists_every_draw_of_one_s_events_and_checks_its_seed(client):
    """As the ballot draws' log: each pairing-number draw with its seed, who drew and when,
    whether the seed deals the numbers recorded; another organizer's draws are not listed."""
    organizer = make_organizer("organizer")
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    pairing_numbers_draw(event=event, user=organizer, seed="first")
    by_hand = pairing_numbers_fix(
        event=event, user=organizer, numbers=_reversed_numbers(event), redraw=True
    )
    other = make_organizer("other")
    elsewhere = event_with_players(other, players=4, system=System.ROUND_ROBIN)
    pairing_numbers_draw(event=elsewhere, user=other, seed="elsewhere")
    client.force_login(organizer)
    listing = client.get("/admin/tournaments/pairingnumberdraw/")
    assert listing.status_code == 200
    rows = listing.text[listing.text.index('id="result_list"') :]
    assert "first" in rows and "elsewhere" not in rows
    assert rows.count('alt="True"') == 1  # the lot's seed deals its numbers
    assert rows.count('alt="None"') == 1  # numbers set by hand: no seed to check
    page = client.get(f"/admin/tournaments/pairingnumberdraw/{by_hand.pk}/change/")
    assert page.status_code == 200 and 'name="seed"' not in page.text  # read-only
    assert client.get("/admin/tournaments/pairingnumberdraw/add/").status_code == 403
    assert (
        client.post(f"/admin/tournaments/pairingnumberdraw/{by_hand.pk}/delete/").status_code == 403
    )
    mine = PairingNumberDraw.objects.get(event=elsewhere)
    assert client.get(f"/admin/tournaments/pairingnumberdraw/{mine.pk}/change/").status_code == 404


def _reversed_numbers(event: Event) -> dict:
    registrations = list(event.registrations.order_by("pairing_number"))
    return {r.pk: len(registrations) + 1 - r.pairing_number for r in registrations}
