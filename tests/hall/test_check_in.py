"""Check-in services: who may check whom in, when the check-in is open, and what the pairing
does with a player marked absent (a Swiss leaves him out with a zero-point bye, a round robin
forfeits his game)."""

import pytest
from django.db.models import Q

from hall.models import CheckIn, CheckInMode, CheckInRule, CheckInStatus
from hall.selectors import (
    check_in_list,
    check_in_round,
    kiosk_pin,
    missing_are_absent,
    round_absentees,
)
from hall.services import (
    CheckInError,
    CheckInNotAllowed,
    check_in_record,
    missing_mark_absent,
)
from tests.factories import UserFactory, event_with_players, make_organizer
from tournaments.models import Game, GameResult, System
from tournaments.selectors.state import tournament_state
from tournaments.services import results, rounds
from tournaments.values import ByeKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return make_organizer("organizer")


def _swiss(organizer, *, players: int = 6, mode: str = CheckInMode.FIRST_ROUND):
    event = event_with_players(organizer, players=players)
    CheckInRule.objects.create(event=event, mode=mode)
    return event


def _player_user(registration):
    user = UserFactory(username=f"player-{registration.pk}", is_staff=False)
    registration.player.user = user
    registration.player.save()
    return user


def test_a_player_checks_himself_in_and_no_one_else(organizer):
    event = _swiss(organizer)
    first, second = event.registrations.order_by("pairing_number")[:2]
    user = _player_user(first)
    check_in = check_in_record(registration=first, round_number=1, user=user)
    assert check_in.status == CheckInStatus.PRESENT
    with pytest.raises(CheckInNotAllowed):
        check_in_record(registration=second, round_number=1, user=user)
    with pytest.raises(CheckInNotAllowed):
        check_in_record(registration=first, round_number=1, user=user, status=CheckInStatus.ABSENT)
    assert CheckIn.objects.count() == 1


def test_a_player_marked_absent_does_not_undo_it_himself(organizer):
    event = _swiss(organizer)
    registration = event.registrations.first()
    user = _player_user(registration)
    check_in_record(
        registration=registration, round_number=1, user=organizer, status=CheckInStatus.ABSENT
    )
    with pytest.raises(CheckInError, match="marked absent"):
        check_in_record(registration=registration, round_number=1, user=user)
    check_in_record(registration=registration, round_number=1, user=organizer)
    assert CheckIn.objects.get().status == CheckInStatus.PRESENT


def test_an_organizer_checks_in_only_in_his_events(organizer):
    event = _swiss(organizer)
    other = make_organizer("other")
    registration = event.registrations.first()
    with pytest.raises(CheckInNotAllowed):
        check_in_record(registration=registration, round_number=1, user=other)
    check_in_record(
        registration=registration, round_number=1, user=organizer, status=CheckInStatus.ABSENT
    )
    assert CheckIn.objects.get().status == CheckInStatus.ABSENT


def test_check_in_opens_only_for_the_round_the_rule_asks(organizer):
    event = _swiss(organizer, players=4)
    assert check_in_round(event) == 1
    registration = event.registrations.first()
    with pytest.raises(CheckInError, match="round 2"):
        check_in_record(registration=registration, round_number=2, user=organizer)
    rounds.round_pair(event=event, user=organizer)
    assert check_in_round(event) is None  # paired: closed; and the rule asks before round 1 only
    with pytest.raises(CheckInError):
        check_in_record(registration=registration, round_number=1, user=organizer)
    CheckInRule.objects.filter(event=event).update(mode=CheckInMode.EACH_ROUND)
    assert check_in_round(event) == 2


def test_the_missing_are_marked_absent_in_one_action(organizer):
    event = _swiss(organizer)
    present = event.registrations.order_by("pairing_number").first()
    check_in_record(registration=present, round_number=1, user=organizer)
    written = missing_mark_absent(event=event, round_number=1, user=organizer)
    assert len(written) == 5
    statuses = {line.registration: line.status for line in check_in_list(event, 1)}
    assert statuses.pop(present.pk) == CheckInStatus.PRESENT
    assert set(statuses.values()) == {CheckInStatus.ABSENT}
    with pytest.raises(CheckInNotAllowed):
        missing_mark_absent(event=event, round_number=1, user=make_organizer("other"))


def test_a_swiss_leaves_the_absent_out_with_a_zero_point_bye(organizer):
    event = _swiss(organizer, players=7)
    absent = event.registrations.order_by("pairing_number").last()
    check_in_record(
        registration=absent, round_number=1, user=organizer, status=CheckInStatus.ABSENT
    )
    round_ = rounds.round_pair(event=event, user=organizer)
    byes = list(round_.pairings.filter(black__isnull=True).values_list("white_id", "bye_kind"))
    assert (absent.pk, ByeKind.ZERO_POINT) in byes
    paired = set(round_.pairings.filter(black__isnull=False).values_list("white_id", "black_id"))
    assert absent.pk not in {pk for pair in paired for pk in pair}
    assert len(paired) == 3  # six present players on three boards, no pairing-allocated bye
    rounds.round_publish(round=round_, user=organizer)
    for game in Game.objects.filter(pairing__round=round_):
        results.result_record(game=game, result="1-0", user=organizer)
    rounds.round_complete(round=round_, user=organizer)
    absent.refresh_from_db()
    state = tournament_state(event, up_to_round=1)
    competitor = next(c for c in state.competitors if c.number == absent.pairing_number)
    assert [r.code for r in competitor.results] == ["Z"]


def test_a_round_robin_forfeits_the_absent_players_game(organizer):
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    CheckInRule.objects.create(event=event, mode=CheckInMode.EACH_ROUND)
    absent = event.registrations.order_by("pairing_number").first()
    check_in_record(
        registration=absent, round_number=1, user=organizer, status=CheckInStatus.ABSENT
    )
    round_ = rounds.round_pair(event=event, user=organizer)
    game = (
        Game.objects.get(pairing__round=round_, white=absent)
        if Game.objects.filter(pairing__round=round_, white=absent).exists()
        else Game.objects.get(pairing__round=round_, black=absent)
    )
    lost = (
        GameResult.BLACK_FORFEIT_WIN if game.white_id == absent.pk else GameResult.WHITE_FORFEIT_WIN
    )
    assert game.result == lost
    assert Game.objects.filter(pairing__round=round_, result=GameResult.PENDING).count() == 1
    rounds.pairings_generate(round=round_, user=organizer)  # the forfeit is no entered result


def test_where_the_missing_are_absent_only_the_checked_in_are_paired(organizer):
    event = _swiss(organizer, players=7)
    registrations = list(event.registrations.order_by("pairing_number"))
    for registration in registrations[:4]:
        check_in_record(registration=registration, round_number=1, user=organizer)
    marked = registrations[4]
    check_in_record(
        registration=marked, round_number=1, user=organizer, status=CheckInStatus.ABSENT
    )
    missing = {r.pk for r in registrations[5:]}
    assert not missing_are_absent(event)
    assert set(round_absentees(event, 1)) == {marked.pk}  # the missing would be paired
    CheckInRule.objects.filter(event=event).update(missing_absent=True)
    assert missing_are_absent(event)
    assert set(round_absentees(event, 1)) == missing | {marked.pk}
    round_ = rounds.round_pair(event=event, user=organizer)
    byes = set(round_.pairings.filter(black__isnull=True).values_list("white_id", "bye_kind"))
    assert byes == {(pk, ByeKind.ZERO_POINT) for pk in missing | {marked.pk}}
    paired = round_.pairings.filter(black__isnull=False).values_list("white_id", "black_id")
    assert {pk for pair in paired for pk in pair} == {r.pk for r in registrations[:4]}


def test_where_the_missing_are_absent_a_round_robin_forfeits_their_games(organizer):
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    CheckInRule.objects.create(event=event, mode=CheckInMode.EACH_ROUND, missing_absent=True)
    registrations = list(event.registrations.order_by("pairing_number"))
    for registration in registrations[1:]:
        check_in_record(registration=registration, round_number=1, user=organizer)
    round_ = rounds.round_pair(event=event, user=organizer)
    missing = registrations[0]
    game = Game.objects.get(Q(white=missing) | Q(black=missing), pairing__round=round_)
    lost = (
        GameResult.BLACK_FORFEIT_WIN
        if game.white_id == missing.pk
        else GameResult.WHITE_FORFEIT_WIN
    )
    assert game.result == lost
    assert Game.objects.filter(pairing__round=round_, result=GameResult.PENDING).count() == 1


def test_the_kiosk_pin_is_four_digits_and_the_players_own(organizer):
    event = _swiss(organizer)
    pins = {kiosk_pin(r) for r in event.registrations.all()}
    assert all(len(pin) == 4 and pin.isdigit() for pin in pins)
    assert len(pins) > 1
