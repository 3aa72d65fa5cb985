"""Players entered twice: the pairs proposed (FMJD id, national id, name with birth year,
never a name alone), the merge that moves every row of the removed player to the kept one
(each event's standings unchanged, each write in the history), the merges refused with the
database left as it was, and who may see and merge which players, by every path."""

import datetime

import pytest
from django.urls import reverse

from tests.client import logged_in
from tests.factories import PlayerFactory, completed_round_1, event_with_players, make_organizer
from tournaments.models import Player, Rating, RatingList, RatingSource, Registration
from tournaments.selectors.duplicates import (
    SAME_FMJD_ID,
    SAME_NAME_AND_BIRTH_YEAR,
    SAME_NATIONAL_ID,
    duplicate_pairs,
    merge_moves,
    player_relations,
)
from tournaments.selectors.standings import standings_get
from tournaments.services.errors import PlayerMergeError
from tournaments.services.players_merge import players_merge
from tournaments.teams.models import Team

pytestmark = pytest.mark.django_db


def _pairs(players=None) -> dict[frozenset[str], tuple[str, ...]]:
    found = duplicate_pairs(players if players is not None else Player.objects.all())
    return {frozenset({p.keep.last_name, p.remove.last_name}): p.reasons for p in found}


def test_pairs_are_proposed_by_identifier_or_name_with_birth_year_never_name_alone():
    born = datetime.date(1990, 5, 1)
    PlayerFactory(last_name="Fa", fmjd_id="12345")
    PlayerFactory(last_name="Fb", fmjd_id="0 12345")
    PlayerFactory(last_name="Na", national_id="N77", federation="NED")
    PlayerFactory(last_name="Nb", national_id="n77", federation="NED")
    PlayerFactory(last_name="Nc", national_id="N77", federation="BEL")
    PlayerFactory(last_name="Lefèvre", first_name="Anne", birth_date=born)
    PlayerFactory(last_name="LEFEVRE", first_name="anne", birth_date=datetime.date(1990, 12, 31))
    PlayerFactory(last_name="Lefevre ", first_name="Anne", birth_date=datetime.date(1991, 5, 1))
    PlayerFactory(last_name="Dupont", first_name="Jean", birth_date=None)
    PlayerFactory(last_name="Dupont", first_name="Jean", birth_date=None)
    PlayerFactory(last_name="Smit", first_name="Jan", birth_date=born, fmjd_id="111")
    PlayerFactory(last_name="Smit", first_name="Jan", birth_date=born, fmjd_id="222")

    assert _pairs() == {
        frozenset({"Fa", "Fb"}): (SAME_FMJD_ID,),
        frozenset({"Na", "Nb"}): (SAME_NATIONAL_ID,),
        frozenset({"Lefèvre", "LEFEVRE"}): (SAME_NAME_AND_BIRTH_YEAR,),
    }


def test_every_relation_of_a_player_is_found_hidden_ones_included():
    names = {(model.__name__, field) for model, field in player_relations()}
    assert {("Registration", "player"), ("Rating", "player"), ("Team", "captain")} <= names
    assert not any(name.startswith("Historical") for name, _field in names)


@pytest.fixture
def duplicate():
    """An organizer's played event holding `kept`, and `removed` (the same person entered
    again) registered in a second event of his, rated on a list, captain of a team."""
    olga = make_organizer("olga")
    played = completed_round_1(olga, players=6)
    kept = played.registrations.order_by("pairing_number").first().player
    kept.national_id = ""
    kept.save()
    later = event_with_players(olga, players=3, published=False)
    removed = PlayerFactory(
        last_name=kept.last_name, first_name=kept.first_name, national_id="N5", club="DC Oost"
    )
    Registration.objects.create(event=later, player=removed, pairing_number=4, rating=2000)
    listing = RatingList.objects.create(source=RatingSource.KNDB, published=datetime.date.today())
    Rating.objects.create(rating_list=listing, player=removed, rating=2000)
    team = Team.objects.create(event=later, number=1, name="Oost", captain=removed)
    return olga, played, later, kept, removed, team


def _figures(event) -> list:
    return [
        (row.rank, row.number, row.points, row.tiebreaks)
        for row in standings_get(event, after_round=1)
    ]


def test_a_merge_moves_every_row_and_events_keep_their_standings(duplicate):
    olga, played, later, kept, removed, team = duplicate
    before = _figures(played)
    kept.club = ""
    kept.save()
    assert {move.label: move.count for move in merge_moves(removed)} == {
        "registrations": 1,
        "ratings": 1,
        "teams (captain)": 1,
    }

    players_merge(keep=kept, remove=removed, user=olga)

    assert not Player.objects.filter(pk=removed.pk).exists()
    kept.refresh_from_db()
    assert (kept.national_id, kept.club) == ("N5", "DC Oost")
    assert later.registrations.get(pairing_number=4).player == kept
    assert Rating.objects.get().player == kept
    team.refresh_from_db()
    assert team.captain == kept
    assert _figures(played) == before
    moved = later.registrations.get(pairing_number=4).history.first()
    assert (moved.player_id, moved.history_user) == (kept.pk, olga)
    assert Player.history.filter(id=removed.pk, history_type="-", history_user=olga).exists()
    assert kept.history.first().history_user == olga


def _snapshot():
    return (
        list(Player.objects.order_by("pk").values()),
        list(Registration.objects.order_by("pk").values()),
        list(Rating.objects.order_by("pk").values()),
        list(Team.objects.order_by("pk").values()),
        Player.history.count(),
        Registration.history.count(),
    )


def test_players_of_one_event_are_not_merged(duplicate):
    olga, played, _later, kept, removed, _team = duplicate
    Registration.objects.create(event=played, player=removed, pairing_number=7, rating=2000)
    before = _snapshot()
    with pytest.raises(PlayerMergeError, match=f"both registered in {played.name}"):
        players_merge(keep=kept, remove=removed, user=olga)
    assert _snapshot() == before


def test_players_of_different_fmjd_ids_are_not_merged(duplicate):
    olga, _played, _later, kept, removed, _team = duplicate
    Player.objects.filter(pk=kept.pk).update(fmjd_id="111")
    Player.objects.filter(pk=removed.pk).update(fmjd_id="222")
    kept.refresh_from_db()
    before = _snapshot()
    with pytest.raises(PlayerMergeError, match=r"different FMJD ids \(111, 222\)"):
        players_merge(keep=kept, remove=removed, user=olga)
    assert _snapshot() == before


def test_players_rated_on_one_list_are_not_merged(duplicate):
    olga, _played, _later, kept, removed, _team = duplicate
    Rating.objects.create(rating_list=RatingList.objects.get(), player=kept, rating=1900)
    before = _snapshot()
    with pytest.raises(PlayerMergeError, match="ratings with the same list"):
        players_merge(keep=kept, remove=removed, user=olga)
    assert _snapshot() == before


def test_the_organizer_previews_then_merges_in_the_admin(duplicate):
    olga, _played, later, kept, removed, _team = duplicate
    client = logged_in(olga)
    listing = client.get(reverse("admin:tournaments_player_duplicates")).content.decode()
    merge = reverse("admin:tournaments_player_merge", args=(kept.pk, removed.pk))
    assert merge in listing and "same name and birth year" in listing
    preview = client.get(merge).content.decode()
    assert "Registrations: 1" in preview and "Teams (captain): 1" in preview
    assert later.name in preview and Player.objects.filter(pk=removed.pk).exists()
    done = client.post(merge, {"confirm": "1"})
    assert done.status_code == 302
    assert not Player.objects.filter(pk=removed.pk).exists()


@pytest.fixture
def two_organizers(duplicate):
    """`bram` organizes another event, whose player has the same name and birth year as
    olga's pair."""
    olga, _played, _later, kept, removed, _team = duplicate
    bram = make_organizer("bram")
    theirs = event_with_players(bram, players=2)
    stranger = theirs.registrations.order_by("pk").first().player
    stranger.last_name, stranger.first_name = kept.last_name, kept.first_name
    stranger.save()
    return olga, bram, kept, removed, stranger


def test_another_organizer_neither_sees_nor_merges_players_not_his(two_organizers):
    olga, bram, kept, removed, stranger = two_organizers
    assert _pairs(Player.objects.all()).get(frozenset({kept.last_name})) is not None
    before = _snapshot()
    client = logged_in(bram)
    listing = client.get(reverse("admin:tournaments_player_duplicates")).content.decode()
    assert kept.last_name not in listing
    for keep, remove in ((kept, removed), (stranger, removed), (kept, stranger)):
        merge = reverse("admin:tournaments_player_merge", args=(keep.pk, remove.pk))
        assert client.get(merge).status_code == 403
        assert client.post(merge, {"confirm": "1"}).status_code == 403
        with pytest.raises(PlayerMergeError, match="which you do not organize"):
            players_merge(keep=keep, remove=remove, user=bram)
    olga_listing = logged_in(olga).get(reverse("admin:tournaments_player_duplicates"))
    merge = reverse("admin:tournaments_player_merge", args=(kept.pk, stranger.pk))
    assert merge not in olga_listing.content.decode()
    assert logged_in(olga).get(merge).status_code == 403
    assert _snapshot() == before


def test_the_kept_player_takes_the_fmjd_id_and_login_account_of_the_other(duplicate):
    olga, _played, _later, kept, removed, _team = duplicate
    account = make_organizer("removed-account")
    Player.objects.filter(pk=removed.pk).update(fmjd_id="F77", user=account)
    Player.objects.filter(pk=kept.pk).update(fmjd_id="", user=None)
    removed.refresh_from_db()
    kept.refresh_from_db()
    players_merge(keep=kept, remove=removed, user=olga)
    kept.refresh_from_db()
    assert (kept.fmjd_id, kept.user) == ("F77", account)


def test_players_of_different_login_accounts_are_not_merged(duplicate):
    olga, _played, _later, kept, removed, _team = duplicate
    Player.objects.filter(pk=kept.pk).update(user=make_organizer("one"))
    Player.objects.filter(pk=removed.pk).update(user=make_organizer("two"))
    kept.refresh_from_db()
    before = _snapshot()
    with pytest.raises(PlayerMergeError, match="different login accounts"):
        players_merge(keep=kept, remove=removed, user=olga)
    assert _snapshot() == before


def test_a_refused_merge_is_said_on_the_preview_which_offers_no_merge(duplicate):
    olga, played, _later, kept, removed, _team = duplicate
    Registration.objects.create(event=played, player=removed, pairing_number=7, rating=2000)
    merge = reverse("admin:tournaments_player_merge", args=(kept.pk, removed.pk))
    page = logged_in(olga).get(merge).content.decode()
    assert 'id="merge-refusal"' in page and f"both registered in {played.name}" in page
    assert 'name="confirm"' not in page
    before = _snapshot()
    answer = logged_in(olga).post(merge, {"confirm": "1"})
    assert answer.status_code == 200 and "both registered in" in answer.content.decode()
    assert _snapshot() == before
