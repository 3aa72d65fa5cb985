"""Event settings: what event_update changes freely, and what it refuses once a round exists."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.factories import event_with_players
from tournaments.models import BallotDeck, Event, Game, GameResult
from tournaments.services import results, rounds
from tournaments.services.errors import EventSettingsError
from tournaments.services.events import FIXED_ONCE_PAIRED, event_update

pytestmark = pytest.mark.django_db

#: A value different from the default of each fixed setting.
NEW_VALUES = {
    "variant": "english",
    "ballot_deck": "english-3-move",  # a BallotDeck slug: see new_value()
    "ballot_policy": "round",
    "system": "rr",
    "games_per_pairing": 2,
    "ranking": "match",
    "first_colour": "b",
    "withdrawal_rule": "annul",
    "points_win": Decimal(3),
    "points_draw": Decimal("1.5"),
    "points_loss": Decimal(1),
    "points_forfeit_win": Decimal(3),
    "points_forfeit_loss": Decimal(1),
    "points_pairing_bye": Decimal(1),
    "points_half_bye": Decimal("0.5"),
    "points_zero_bye": Decimal(1),
    "points_full_bye": Decimal(1),
    "rating_policy": "fmjd",
    "rating_list_date": datetime.date(2026, 1, 1),
    "never_pair_team_mates": True,
}


def new_value(name):
    """The new value of a fixed setting (the deck is read from the decks the migration loads)."""
    if name == "ballot_deck":
        return BallotDeck.objects.get(slug=NEW_VALUES[name])
    return NEW_VALUES[name]


def test_every_fixed_setting_has_a_test_value():
    assert set(NEW_VALUES) == set(FIXED_ONCE_PAIRED)


def test_settings_change_freely_before_round_1(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    changes = {
        **{name: new_value(name) for name in NEW_VALUES},
        "system": "swiss",
        "venue": "Hoogeveen",
    }
    updated = event_update(event=event, user=arbiter_user, **changes)
    stored = Event.objects.get(pk=event.pk)
    for name, value in changes.items():
        assert getattr(stored, name) == value == getattr(updated, name), name
    assert stored.history.first().history_user == arbiter_user


@pytest.mark.parametrize("name", sorted(NEW_VALUES))
def test_a_fixed_setting_is_refused_once_a_round_exists(arbiter_user, name):
    event = event_with_players(arbiter_user, players=4)
    rounds.round_pair(event=event, user=arbiter_user)
    before = Event.objects.get(pk=event.pk)
    with pytest.raises(EventSettingsError, match=f"round 1 is already paired, so {name} can"):
        event_update(event=event, user=arbiter_user, venue="Elsewhere", **{name: new_value(name)})
    after = Event.objects.get(pk=event.pk)
    assert (getattr(after, name), after.venue) == (getattr(before, name), before.venue)


def test_other_settings_and_unchanged_fixed_values_pass_once_a_round_exists(arbiter_user):
    event = event_with_players(arbiter_user, players=4, tiebreaks=["TSOL"])
    rounds.round_pair(event=event, user=arbiter_user)
    updated = event_update(
        event=event,
        user=arbiter_user,
        venue="Hoogeveen",
        tiebreaks=["SB", "TSOL"],
        number_of_rounds=7,
        system=event.system,  # unchanged: accepted
        points_win=Decimal("2.0"),  # the same value written otherwise
    )
    assert (updated.venue, updated.tiebreaks, updated.number_of_rounds) == (
        "Hoogeveen",
        ["SB", "TSOL"],
        7,
    )


def test_a_swiss_is_not_cut_below_its_paired_rounds(arbiter_user):
    event = event_with_players(arbiter_user, players=4, number_of_rounds=3)
    round_1 = rounds.round_publish(
        round=rounds.round_pair(event=event, user=arbiter_user), user=None
    )
    for game in Game.objects.filter(pairing__round=round_1):
        results.result_record(game=game, result=GameResult.DRAW, user=None)
    rounds.round_complete(round=round_1, user=None)
    rounds.round_pair(event=event, user=arbiter_user)
    with pytest.raises(EventSettingsError, match="round 2 is already paired, the Swiss cannot"):
        event_update(event=event, user=arbiter_user, number_of_rounds=1)
    assert event_update(event=event, user=arbiter_user, number_of_rounds=2).number_of_rounds == 2


def test_no_change_writes_no_history(arbiter_user):
    event = event_with_players(arbiter_user, players=2, venue="Hoogeveen")
    count = event.history.count()
    event_update(event=event, user=arbiter_user, venue="Hoogeveen")
    assert event.history.count() == count


def test_invalid_values_and_unknown_fields(arbiter_user):
    event = event_with_players(arbiter_user, players=2)
    with pytest.raises(ValidationError, match="must rank on match points"):
        event_update(event=event, user=arbiter_user, games_per_pairing=2, ranking="game")
    with pytest.raises(TypeError, match="Event has no field 'colour'"):
        event_update(event=event, user=arbiter_user, colour="w")
    with pytest.raises(TypeError, match="'organizers' is not a setting"):
        event_update(event=event, user=arbiter_user, organizers=[arbiter_user])
    assert Event.objects.get(pk=event.pk).games_per_pairing == 1
