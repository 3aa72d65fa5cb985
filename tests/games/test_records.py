"""A round's PDN upload matched to its games by round, board and players; the admin pages."""

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.pdn import read_games
from games.matching import Slot, match_games, name_forms
from games.models import GameRecord
from games.services.records import round_records_upload
from tests.games.conftest import published_round
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def _slot(game_id, board, index, white, black):
    return Slot(game_id, board, index, name_forms(*white), name_forms(*black))


SLOTS = [
    _slot(11, 1, 1, ("Jan", "de Vries"), ("Luc", "Lefèvre")),
    _slot(12, 1, 2, ("Luc", "Lefèvre"), ("Jan", "de Vries")),
    _slot(21, 2, 1, ("Awa", "Diop"), ("Ivan", "Petrov")),
]


def _games(*headers):
    text = "\n\n".join(
        "".join(f'[{name} "{value}"]\n' for name, value in tags.items()) + "1. 32-28 *"
        for tags in headers
    )
    return list(read_games(text))


def test_matching_by_round_board_and_players_with_a_report():
    games = _games(
        {"Round": "3", "Board": "1", "White": "de Vries, Jan", "Black": "Lefevre, Luc"},
        {"Round": "3.2", "White": "Luc Lefèvre", "Black": "Jan de Vries"},
        {"Round": "2", "Board": "2", "White": "Diop, Awa", "Black": "Petrov, Ivan"},
        {"Round": "3", "Board": "2", "White": "Petrov, Ivan", "Black": "Diop, Awa"},
        {"Round": "3", "Board": "7", "White": "Diop, Awa", "Black": "Petrov, Ivan"},
        {"Round": "3", "White": "DE VRIES, Jan", "Black": "Lefèvre, Luc"},
        {"Round": "3", "White": "Someone", "Black": "Else"},
    )
    report = match_games(games, SLOTS, round_number=3)
    assert [(m.pdn_index, m.game_id) for m in report.matched] == [(1, 11), (2, 12)]
    reasons = {u.pdn_index: u.reason for u in report.unmatched}
    assert reasons == {
        3: "the Round tag '2' names round 2, not round 3",
        4: "the players on board 2 are named with the colours swapped",
        5: "the round has no board 7",
        6: "board 1 game 1 was already matched by game 1 of the file",
        7: "no game in this round between 'Someone' and 'Else'",
    }
    assert report.missing == [(2, 1)]


@pytest.fixture
def round_of_four(organizer, official_arbiter):
    return published_round(organizer, official_arbiter, players=4)


def _pdn_for(game, **extra):
    white, black = game.white.player, game.black.player
    tags = {
        "GameType": "20",
        "Round": "1",
        "White": f"{white.last_name}, {white.first_name}",
        "Black": f"{black.first_name} {black.last_name}",
        **extra,
    }
    return "".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + "1. 32-28 19-23 *\n"


def test_a_round_upload_stores_each_matched_game_and_queues_its_verification(
    round_of_four, organizer, django_capture_on_commit_callbacks
):
    games = list(Game.objects.filter(pairing__round=round_of_four).order_by("pairing__board"))
    text = (
        _pdn_for(games[0], Board=str(games[0].pairing.board)) + "\n" + _pdn_for(games[1], Round="4")
    )
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        report = round_records_upload(
            round=round_of_four, pdn=text.encode("cp1252"), user=organizer
        )
    assert [m.game_id for m in report.matched] == [games[0].pk]
    assert report.unmatched[0].reason == "the Round tag '4' names round 4, not round 1"
    assert report.missing == [(games[1].pairing.board, 1)]
    record = GameRecord.objects.get(game=games[0])
    assert record.source == "upload" and "32-28" in record.pdn
    assert record.verification.verdict == "legal" and len(callbacks) == 1


def test_admin_record_and_upload_pages(client, round_of_four, django_user_model):
    admin_user = django_user_model.objects.create_superuser("root", password="x")
    client.force_login(admin_user)
    game = Game.objects.filter(pairing__round=round_of_four).first()
    url = reverse("admin:tournaments_game_record", args=(game.pk,))
    assert client.get(url).status_code == 200
    answer = client.post(url, {"pdn": _pdn_for(game)})
    assert answer.status_code == 302 and GameRecord.objects.get(game=game).source == "typed"
    upload = reverse("admin:tournaments_game_upload")
    page = client.post(upload, {"round": round_of_four.pk, "pdn": _pdn_for(game, Board="9")})
    assert "the round has no board 9" in page.content.decode()
    assert client.get(reverse("admin:tournaments_game_changelist")).status_code == 200


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_game_written_from_the_pairings_is_matched_back(data):
    """Whatever the order of the file, the name forms and the tags left out, each game
    written for a slot is matched to that slot and nothing else."""
    people = [("Ann", f"Alpha{i}") for i in range(8)]
    slots = [
        _slot(
            100 + board * 2 + index,
            board,
            index,
            *(
                (people[2 * board], people[2 * board + 1])
                if index == 1
                else (people[2 * board + 1], people[2 * board])
            ),
        )
        for board in range(4)
        for index in (1, 2)
    ]
    order = data.draw(st.permutations(range(len(slots))))
    headers = []
    for position in order:
        slot = slots[position]
        board, index = slot.board, slot.index
        white = people[2 * board] if index == 1 else people[2 * board + 1]
        black = people[2 * board + 1] if index == 1 else people[2 * board]
        style = data.draw(st.sampled_from(["{1}, {0}", "{0} {1}", "{1}"]))
        tags = {"White": style.format(*white), "Black": style.format(*black)}
        if data.draw(st.booleans()):
            tags["Board"] = str(board)
        if data.draw(st.booleans()):
            tags["Round"] = f"5.{index}"
        headers.append(tags)
    report = match_games(_games(*headers), slots, round_number=5)
    assert report.unmatched == [] and report.missing == []
    assert sorted((m.pdn_index, m.game_id) for m in report.matched) == sorted(
        (number, slots[position].game_id) for number, position in enumerate(order, 1)
    )


@pytest.mark.parametrize(
    ("tags", "reason"),
    [
        ({"Round": "²"}, "is not a round number"),
        ({"Round": "٣"}, "is not a round number"),
        ({"Round": "9" * 5000}, "is not a round number"),
        ({"Board": "²"}, "is not a board number"),
        ({"Board": "-1"}, "is not a board number"),
        ({"Board": "9" * 5000}, "is not a board number"),
    ],
)
def test_round_and_board_tags_in_any_digits_are_refused_with_a_reason(tags, reason):
    white, black = {"White": "de Vries, Jan", "Black": "Lefèvre, Luc"}.items()
    report = match_games(_games({**dict([white, black]), **tags}), SLOTS, round_number=3)
    assert not report.matched
    assert reason in report.unmatched[0].reason
