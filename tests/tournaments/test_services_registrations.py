"""Registrations, withdrawals, bye requests, prohibited pairings."""

import pytest

from tests.factories import PlayerFactory, event_with_players
from tournaments.models import Player, ProhibitedPairing, Registration
from tournaments.services import registrations, rounds
from tournaments.services.errors import ProhibitedPairingError, RegistrationError

pytestmark = pytest.mark.django_db


def test_round_1_numbers_the_players_by_rating(arbiter_user):
    event = event_with_players(arbiter_user, players=0)
    low = registrations.registration_add(
        event=event, player=PlayerFactory(rating=1500, last_name="B"), user=arbiter_user
    )
    high = registrations.registration_add(
        event=event, player=PlayerFactory(rating=2500), user=arbiter_user
    )
    tie = registrations.registration_add(
        event=event, player=PlayerFactory(rating=1500, last_name="A"), user=arbiter_user
    )
    assert [r.pairing_number for r in (low, high, tie)] == [1, 2, 3]
    rounds.round_pair(event=event, user=arbiter_user)
    for registration in (low, high, tie):
        registration.refresh_from_db()
    assert [r.pairing_number for r in (high, tie, low)] == [1, 2, 3]
    assert high.history.first().history_user == arbiter_user
    with pytest.raises(RegistrationError, match="the pairing numbers are fixed"):
        registrations.registrations_renumber(event=event, user=arbiter_user)


def test_late_entry_takes_the_next_number_and_round(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    rounds.round_pair(event=event, user=arbiter_user)
    late = registrations.registration_add(
        event=event,
        player=PlayerFactory(rating=2900),
        user=arbiter_user,
        missed_rounds_half_point=True,
    )
    assert (late.pairing_number, late.joined_round) == (5, 2)
    with pytest.raises(RegistrationError, match=r"cannot join .* in round 1"):
        registrations.registration_add(
            event=event, player=PlayerFactory(), user=arbiter_user, joined_round=1
        )
    with pytest.raises(RegistrationError, match="already registered"):
        registrations.registration_add(event=event, player=late.player, user=arbiter_user)


def test_an_entry_cannot_join_after_the_last_round(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    event.refresh_from_db()
    last = event.number_of_rounds
    with pytest.raises(
        RegistrationError, match=rf"cannot join .* in round {last + 1}: the event has {last} rounds"
    ):
        registrations.registration_add(
            event=event, player=PlayerFactory(), user=arbiter_user, joined_round=last + 1
        )
    joined = registrations.registration_add(
        event=event, player=PlayerFactory(), user=arbiter_user, joined_round=last
    )
    assert joined.joined_round == last


def test_round_robin_refuses_late_entries(arbiter_user):
    event = event_with_players(arbiter_user, players=4, system="rr")
    rounds.round_pair(event=event, user=arbiter_user)
    with pytest.raises(RegistrationError, match="Berger table is fixed"):
        registrations.registration_add(event=event, player=PlayerFactory(), user=arbiter_user)


def test_an_entry_names_a_player_or_creates_one_with_it(arbiter_user):
    event = event_with_players(arbiter_user, players=2)
    fields = {"first_name": "Ton", "last_name": "Sijbrands", "rating": 2400}
    entry = registrations.registration_enter(event=event, player=fields, user=arbiter_user)
    assert (str(entry.player), entry.rating, entry.pairing_number) == ("Sijbrands, Ton", 2400, 3)
    known = PlayerFactory()
    assert (
        registrations.registration_enter(event=event, player=known, user=arbiter_user).player
        == known
    )


def test_a_refused_entry_leaves_no_new_player(arbiter_user):
    event = event_with_players(arbiter_user, players=4, system="rr")
    rounds.round_pair(event=event, user=arbiter_user)
    before = Player.objects.count()
    with pytest.raises(RegistrationError, match="Berger table is fixed"):
        registrations.registration_enter(
            event=event, player={"first_name": "A", "last_name": "B"}, user=arbiter_user
        )
    assert Player.objects.count() == before


def test_withdrawal_rules(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    registration = event.registrations.get(pairing_number=1)
    with pytest.raises(RegistrationError, match="must start after it, not in round 1"):
        registrations.registration_withdraw(
            registration=registration, from_round=1, user=arbiter_user
        )
    rounds.round_pair(event=event, user=arbiter_user)
    registrations.registration_withdraw(registration=registration, from_round=2, user=arbiter_user)
    assert Registration.objects.get(pk=registration.pk).withdrawn_from_round == 2


def test_withdrawal_refused_once_paired_in_that_round(arbiter_user):
    event = event_with_players(arbiter_user, players=4, system="rr")
    for _ in range(2):
        rounds.round_publish(round=rounds.round_pair(event=event, user=None), user=None)
    registration = event.registrations.get(pairing_number=1)
    with pytest.raises(RegistrationError, match=r"already paired in round\(s\) \[2\]"):
        registrations.registration_withdraw(
            registration=registration, from_round=2, user=arbiter_user
        )
    assert Registration.objects.get(pk=registration.pk).withdrawn_from_round is None


def test_bye_request_rules(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    registration = event.registrations.get(pairing_number=2)
    bye = registrations.bye_request_add(registration=registration, round_number=2, user=None)
    assert bye.round_number == 2
    rounds.round_pair(event=event, user=arbiter_user)
    with pytest.raises(RegistrationError, match=r"round 1 .* is already paired"):
        registrations.bye_request_add(registration=registration, round_number=1, user=None)
    registrations.registration_withdraw(registration=registration, from_round=4, user=None)
    with pytest.raises(RegistrationError, match="does not play round 4"):
        registrations.bye_request_add(registration=registration, round_number=4, user=None)


def test_prohibited_pairing_is_ordered_and_refused_after_round_1(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    one, two, three = event.registrations.order_by("pairing_number")[:3]
    registrations.prohibited_pairing_add(first=two, second=one, reason="club", user=arbiter_user)
    stored = ProhibitedPairing.objects.get()
    assert stored.first_id < stored.second_id
    with pytest.raises(ProhibitedPairingError, match="themself"):
        registrations.prohibited_pairing_add(first=one, second=one, reason="club", user=None)
    rounds.round_pair(event=event, user=arbiter_user)
    with pytest.raises(ProhibitedPairingError, match="round 1 is already paired"):
        registrations.prohibited_pairing_add(
            first=one, second=three, reason="family", user=arbiter_user
        )
    assert ProhibitedPairing.objects.count() == 1


def test_prohibited_pairing_is_lifted_only_before_round_1(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    one, two, three = event.registrations.order_by("pairing_number")[:3]
    lifted = registrations.prohibited_pairing_add(
        first=one, second=two, reason="club", user=arbiter_user
    )
    kept = registrations.prohibited_pairing_add(
        first=one, second=three, reason="family", user=arbiter_user
    )
    registrations.prohibited_pairing_delete(prohibited=lifted, user=arbiter_user)
    assert list(ProhibitedPairing.objects.values_list("pk", flat=True)) == [kept.pk]
    deletion = ProhibitedPairing.history.filter(id=lifted.pk).latest("history_date")
    assert (deletion.history_type, deletion.history_user) == ("-", arbiter_user)
    rounds.round_pair(event=event, user=arbiter_user)
    with pytest.raises(ProhibitedPairingError, match=r"round 1 is already paired.*stays"):
        registrations.prohibited_pairing_delete(prohibited=kept, user=arbiter_user)
    assert ProhibitedPairing.objects.filter(pk=kept.pk).exists()


def test_bye_request_is_cancelled_only_before_its_round_is_paired(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    registration = event.registrations.get(pairing_number=3)
    first = registrations.bye_request_add(registration=registration, round_number=1, user=None)
    second = registrations.bye_request_add(registration=registration, round_number=2, user=None)
    rounds.round_pair(event=event, user=arbiter_user)
    with pytest.raises(RegistrationError, match=r"round 1 of .* is already paired.*cancelled"):
        registrations.bye_request_delete(bye_request=first, user=arbiter_user)
    registrations.bye_request_delete(bye_request=second, user=arbiter_user)
    assert list(registration.bye_requests.values_list("round_number", flat=True)) == [1]
    deletion = registration.bye_requests.model.history.filter(id=second.pk).get(history_type="-")
    assert deletion.history_user == arbiter_user
