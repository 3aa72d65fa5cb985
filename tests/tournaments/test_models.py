"""Database constraints and field validation of the tournament rows."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.utils import translation

from tests.factories import EventFactory, PlayerFactory, RegistrationFactory
from tournaments.models import (
    BYE_KIND_LABELS,
    COLOUR_LABELS,
    Event,
    Pairing,
    Player,
    Round,
    variant_choices,
)
from tournaments.scoring.matches import MATCH_POINTS_RULE
from tournaments.values import ByeKind, Colour
from tournaments.variant_names import VARIANT_NAMES

pytestmark = pytest.mark.django_db


def test_variant_choices_come_from_the_arbiter_registry():
    from arbiter.variants import VARIANTS

    assert [name for name, _ in variant_choices()] == list(VARIANTS)
    assert set(VARIANT_NAMES) == set(VARIANTS)  # every variant has a name people read
    with translation.override("fr"):
        assert dict(variant_choices())["international"] == "Dames internationales"
        assert EventFactory.build(variant="english").get_variant_display() == "Dames anglaises"
    event = EventFactory.build(variant="no-such-variant")
    with pytest.raises(ValidationError, match="no-such-variant"):
        event.full_clean(exclude=["organizers"])


def test_tiebreak_codes_are_validated():
    event = EventFactory.build(tiebreaks=["SB", "XYZ"])
    with pytest.raises(ValidationError, match="Unknown tie-break code\\(s\\) XYZ"):
        event.full_clean()
    event.tiebreaks = ["SB", "SB"]
    with pytest.raises(ValidationError, match="repeat a code"):
        event.full_clean()


def test_swiss_needs_rounds_and_dates_in_order():
    event = EventFactory.build(number_of_rounds=None)
    with pytest.raises(ValidationError, match="A Swiss needs its number of rounds"):
        event.full_clean()
    with pytest.raises(IntegrityError):
        EventFactory(end_date=datetime.date(2020, 1, 1))


def test_fmjd_id_is_unique_when_given():
    PlayerFactory(fmjd_id="")
    PlayerFactory(fmjd_id="")
    PlayerFactory(fmjd_id="123")
    with pytest.raises(IntegrityError):
        PlayerFactory(fmjd_id="123")


def test_pairing_bye_constraint():
    registration = RegistrationFactory()
    round_ = Round.objects.create(event=registration.event, number=1)
    with pytest.raises(IntegrityError):
        Pairing.objects.create(round=round_, board=1, white=registration, black=None)


def test_withdrawal_after_joining_constraint():
    with pytest.raises(IntegrityError):
        RegistrationFactory(joined_round=3, withdrawn_from_round=2)


def test_string_forms():
    player = Player(first_name="Alexander", last_name="Schwarzman")
    assert str(player) == "Schwarzman, Alexander"
    assert str(Event(name="Open")) == "Open"


def test_two_game_swiss_ranks_by_match_points():
    event = EventFactory.build(games_per_pairing=2, ranking="game")
    with pytest.raises(ValidationError) as refused:
        event.full_clean()
    assert refused.value.message_dict["ranking"] == [MATCH_POINTS_RULE]
    EventFactory.build(system="rr", number_of_rounds=None, games_per_pairing=2).full_clean()
    with pytest.raises(IntegrityError):
        EventFactory(games_per_pairing=2, ranking="game")


def test_field_choices_label_every_value_of_the_pure_enums():
    assert [value for value, _ in Pairing._meta.get_field("bye_kind").choices] == list(ByeKind)
    assert [value for value, _ in Event._meta.get_field("first_colour").choices] == list(Colour)
    assert set(BYE_KIND_LABELS) == set(ByeKind) and set(COLOUR_LABELS) == set(Colour)
    pairing = Pairing(bye_kind=ByeKind.PAIRING_ALLOCATED)
    event = Event(first_colour=Colour.BLACK)
    with translation.override("fr"):
        assert pairing.get_bye_kind_display() == "exemption attribuée par l'appariement"
        assert event.get_first_colour_display() == "noirs"
