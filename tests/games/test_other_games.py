"""The games beyond draughts (Bashni, Ugolki, Dragonfly …) run in events like any draughts
variant: an event is created in the game, its records are verified in the background
(legal ones pass, a damaged one is flagged at its ply with the rule), and the public
viewer draws the game."""

from pathlib import Path

import pytest

from arbiter.pdn import read_games, write_game
from games.models import Verification, VerificationStatus
from games.services.records import record_save
from tests.games.conftest import published_round
from tournaments.models import Game

pytestmark = pytest.mark.django_db

RECORDS = Path(__file__).resolve().parents[1] / "arbiter" / "games" / "records"

#: Per game: a legal record, a damaged record (a file, or a file and the index of the game in
#: it), and where and why the damaged one stops.
CASES = {
    "dragonfly": ("mate_castling.pdn", ("damaged.pdn", 2), 3, "double-step"),
    "bashni": ("random_white_wins.pdn", "damaged_capture_compulsory.pdn", 5, "capture-compulsory"),
    "russian-diagonal": ("random_1.pdn", "damaged_capture_compulsory.pdn", 3, "capture-compulsory"),
    "russian-two-move": (
        "random_1.pdn",
        "damaged_second_move_must_capture.pdn",
        3,
        "capture-compulsory",
    ),
    "samoyed": ("random_1.pdn", "damaged_own_capture_later.pdn", 3, "capture-compulsory"),
    "ugolki": ("white_fills_corner.pdn", "damaged_diagonal.pdn", 11, "diagonal-move"),
}


def record_text(variant, name):
    """The text of one game of the records written for the arbiter's tests."""
    name, index = name if isinstance(name, tuple) else (name, 0)
    return write_game(list(read_games((RECORDS / variant / name).read_text()))[index])


def verified(game, text, user, callbacks):
    with callbacks(execute=True):
        record = record_save(game=game, pdn=text, user=user)
    return Verification.objects.get(record=record)


@pytest.mark.parametrize("variant", sorted(CASES))
def test_an_event_in_the_game_verifies_its_records(
    variant, organizer, official_arbiter, django_capture_on_commit_callbacks, client
):
    legal, damaged, ply, code = CASES[variant]
    round_ = published_round(organizer, official_arbiter, variant=variant)
    event = round_.event
    assert event.variant == variant
    game = Game.objects.get(pairing__round=round_)

    verification = verified(
        game, record_text(variant, legal), organizer, django_capture_on_commit_callbacks
    )
    assert verification.status == VerificationStatus.DONE
    assert verification.verdict == "legal", verification.report
    assert verification.report["variant"] == variant
    assert verification.report["plies"] > 0

    page = client.get(f"/events/{event.slug}/games/{game.pk}/?ply=1")
    assert page.status_code == 200
    assert 'role="img"' in page.content.decode()

    verification = verified(
        game,
        record_text(variant, damaged),
        organizer,
        django_capture_on_commit_callbacks,
    )
    assert verification.verdict == "illegal"
    assert verification.report["error"]["ply"] == ply
    assert verification.report["error"]["code"] == code
    assert ("illegal-move", ply) in [(flag["kind"], flag["ply"]) for flag in verification.flags]
