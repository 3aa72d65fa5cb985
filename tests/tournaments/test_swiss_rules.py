"""The text of the FIDE Dutch system per event: its default, kept once paired, shown on the
admin, the public page and the TRF, and the draft round's explanations."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.client import logged_in
from tests.factories import UserFactory, event_with_players, make_organizer
from tournaments.models import Event
from tournaments.pairing import trf_dumps
from tournaments.selectors.state import tournament_state
from tournaments.services import rounds
from tournaments.values import DutchRules

pytestmark = pytest.mark.django_db


def test_a_new_event_is_paired_by_the_2026_text():
    event = event_with_players(UserFactory(), players=4)
    assert event.swiss_rules == DutchRules.FIDE_2026
    state = tournament_state(event, up_to_round=0)
    assert state.rules is DutchRules.FIDE_2026
    assert "092 FIDE_DUTCH_2025" in trf_dumps(state)


def test_the_text_is_kept_once_a_round_is_paired():
    user = UserFactory()
    event = event_with_players(user, players=4, swiss_rules=DutchRules.PRE_2026)
    event.swiss_rules = DutchRules.FIDE_2026
    event.full_clean()  # nothing paired yet: the organizer may still choose
    event.swiss_rules = DutchRules.PRE_2026
    rounds.round_pair(event=event, user=user)
    event.swiss_rules = DutchRules.FIDE_2026
    with pytest.raises(ValidationError, match="keeps the text of the Dutch system"):
        event.full_clean()
    assert Event.objects.get(pk=event.pk).swiss_rules == DutchRules.PRE_2026


def test_the_public_page_names_the_text():
    event = event_with_players(UserFactory(), players=4, swiss_rules=DutchRules.PRE_2026)
    response = Client().get(reverse("public:event_home", args=(event.slug,)))
    assert response.status_code == 200
    assert "FIDE Dutch, text applied until 31 January 2026" in response.content.decode()


def test_the_draft_round_explains_its_boards():
    organizer = make_organizer("explainer")
    event = event_with_players(organizer, players=5)
    draft = rounds.round_pair(event=event, user=organizer)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_round_change", args=(draft.pk,))
    page = client.get(url).content.decode()
    assert "Explain the pairings" in page and "FIDE Dutch, text applied from 1 February" in page
    page = client.get(url + "?explain=1").content.decode()
    assert "C.04.3 E.5" in page  # round 1: the pairing numbers and the initial colour
    assert "gets the pairing-allocated bye on 0 points" in page  # 5 players


def test_the_older_text_is_not_explained():
    organizer = make_organizer("older")
    event = event_with_players(organizer, players=4, swiss_rules=DutchRules.PRE_2026)
    draft = rounds.round_pair(event=event, user=organizer)
    url = reverse("admin:tournaments_round_change", args=(draft.pk,)) + "?explain=1"
    page = logged_in(organizer).get(url).content.decode()
    assert "is not explained" in page and "C.04.3 E." not in page
