"""How the public pages word things: the withdrawn marker in the standings, one number format
for points and tie-breaks, moves numbered once, the round choice showing the round asked for."""

import re

import pytest

from games.services.records import record_save
from tests.public.conftest import play_round
from tournaments.models import Game
from tournaments.services.registrations import registration_withdraw

pytestmark = pytest.mark.django_db


def test_a_withdrawn_player_is_marked_in_the_standings(client, organizer, swiss):
    registration = swiss.registrations.get(pairing_number=7)
    registration_withdraw(registration=registration, from_round=4, user=organizer)
    before = client.get(f"/events/{swiss.slug}/standings/?round=2").content.decode()
    assert "(withdrawn)" not in before  # withdrawn from round 4: still playing round 3
    swiss.rounds.get(number=3).delete()
    play_round(swiss, organizer)
    page = client.get(f"/events/{swiss.slug}/standings/?round=3").content.decode()
    row = next(line for line in page.split("<tr>") if "/players/7/" in line)
    assert "(withdrawn)" in row
    assert 'option value="3" selected' in page


def test_points_and_tiebreak_values_share_one_format(client, swiss):
    for url in ("crosstable/", "standings/1/", "standings/"):
        page = client.get(f"/events/{swiss.slug}/{url}").content.decode()
        numbers = re.findall(r'class="num">(?:<a [^>]*>)?([0-9]+[.,][0-9]+)<', page)
        assert not [n for n in numbers if n.endswith("0")], (url, numbers)


def test_moves_are_numbered_once(client, swiss, organizer):
    game = Game.objects.filter(pairing__round__event=swiss).first()
    record_save(game=game, pdn="1. 32-28 19-23 2. 28x19 14x23 *", user=organizer)
    page = client.get(f"/events/{swiss.slug}/games/{game.pk}/").content.decode()
    assert "1. 32-28" in page and "1… 19-23" in page and "1. 1." not in page


def test_the_publication_time_ends_its_sentence_once(client, swiss):
    """ "Published on Nov. 24, 2026 at 13:56." rather than "…, 1:56 p.m..": the time is on
    the 24-hour clock, so no abbreviation's period meets the sentence's."""
    import datetime

    from django.utils import timezone

    round_ = swiss.rounds.get(number=1)
    when = timezone.make_aware(datetime.datetime(2026, 7, 1, 13, 56))
    type(round_).objects.filter(pk=round_.pk).update(published_at=when)
    page = client.get(f"/events/{swiss.slug}/rounds/1/").content.decode()
    assert "at 13:56." in page
    assert "p.m.." not in page and "..<" not in page
