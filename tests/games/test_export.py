"""The PDN leaving the site carries the game's official result, after any ruling, in the
variant's PDN convention (tournaments.scoring.notation): FMJD 2-0 / 1-1 / 0-2, English
first-player-first."""

import pytest
from django.urls import reverse

from arbiter.pdn import read_game
from games.export import record_export
from games.services.disputes import dispute_open, dispute_rule
from games.services.records import record_save
from tests.games.conftest import published_round
from tournaments.models import GameResult
from tournaments.scoring.notation import match_score, pairing_score, pdn_result, result_score
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

RECORDS = {
    "international": '[GameType "20"]\n[Result "1-1"]\n1. 32-28 19-23 2. 28x19 14x23 1-1',
    "english": '[Result "1/2-1/2"]\n1. 9-14 22-18 2. 5-9 1/2-1/2',
}
#: The PDN result of each code: (International, English). In English Black moves first and
#: PDN writes the first player's score first.
EXPECTED = {
    GameResult.WHITE_WIN: ("2-0", "0-1"),
    GameResult.BLACK_WIN: ("0-2", "1-0"),
    GameResult.DRAW: ("1-1", "1/2-1/2"),
    GameResult.WHITE_FORFEIT_WIN: ("2-0", "0-1"),
    GameResult.BLACK_FORFEIT_WIN: ("0-2", "1-0"),
    GameResult.DOUBLE_FORFEIT: ("0-0", "0-0"),
    GameResult.UNPLAYED: ("0-0", "0-0"),
    GameResult.PENDING: ("*", "*"),
}


def test_every_result_code_has_its_expected_pdn_result():
    assert set(EXPECTED) == set(GameResult.values)
    for code, (international, english) in EXPECTED.items():
        assert pdn_result(code, "international") == international
        assert pdn_result(code, "english") == english


@pytest.mark.parametrize("variant", ["international", "english"])
@pytest.mark.parametrize("code", [c for c in GameResult.values if c != GameResult.PENDING])
def test_the_exported_pdn_result_is_the_official_result_after_a_ruling(
    client, organizer, official_arbiter, variant, code, django_capture_on_commit_callbacks
):
    round_ = published_round(organizer, official_arbiter, variant=variant)
    game = round_.pairings.get().games.get()
    with django_capture_on_commit_callbacks(execute=True):
        record_save(game=game, pdn=RECORDS[variant], user=organizer)
    first = GameResult.DRAW if code != GameResult.DRAW else GameResult.WHITE_WIN
    game = result_record(game=game, result=first, user=organizer)
    dispute = dispute_open(
        game=game, claim="wrong-result", statement="The result is wrong.", user=organizer
    )
    dispute_rule(
        dispute=dispute, decision="adjust", result=code, reason="Ruled.", user=official_arbiter
    )
    game.refresh_from_db()
    assert game.result == code
    expected = EXPECTED[code][0 if variant == "international" else 1]
    event = round_.event
    text = client.get(reverse("public:game_pdn", args=(event.slug, game.pk))).content.decode()
    exported = read_game(text)
    assert exported.tag("Result") == expected and exported.result == expected
    whole = read_game(client.get(reverse("public:event_pdn", args=(event.slug,))).content.decode())
    assert whole.tag("Result") == expected


def test_a_replay_ruling_exports_a_pending_game(client, organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    game = round_.pairings.get().games.get()
    record_save(game=game, pdn=RECORDS["international"], user=organizer)
    game = result_record(game=game, result=GameResult.DRAW, user=organizer)
    dispute = dispute_open(game=game, claim="illegal-move", statement="x", user=organizer)
    dispute_rule(dispute=dispute, decision="replay", ply=2, reason="r", user=official_arbiter)
    game.refresh_from_db()
    assert read_game(record_export(game, game.record.pdn)).result == "*"


def test_an_english_export_names_its_game_type_so_readers_know_black_starts(
    organizer, official_arbiter
):
    round_ = published_round(organizer, official_arbiter, variant="english")
    game = round_.pairings.get().games.get()
    record_save(game=game, pdn=RECORDS["english"], user=organizer)
    game = result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    text = record_export(game, game.record.pdn)
    assert '[GameType "21,B,8,8,N1,0"]' in text and text.rstrip().endswith("0-1")


def test_an_unreadable_record_keeps_its_text_and_gets_the_official_result(
    organizer, official_arbiter
):
    round_ = published_round(organizer, official_arbiter)
    game = round_.pairings.get().games.get()
    pdn = '[Result "2-0"]\n1. 32-28 {unclosed comment 2-0'
    record_save(game=game, pdn=pdn, user=organizer)
    game = result_record(game=game, result=GameResult.BLACK_WIN, user=organizer)
    text = record_export(game, game.record.pdn)
    assert '[Result "0-2"]' in text and "unclosed comment" in text


@pytest.mark.parametrize(
    ("code", "termination", "result"),
    [
        (GameResult.WHITE_FORFEIT_WIN, "forfeit", "2-0"),
        (GameResult.DOUBLE_FORFEIT, "forfeit", "0-0"),
        (GameResult.UNPLAYED, "unplayed", "0-0"),
    ],
)
def test_a_game_not_played_is_written_as_tags_without_moves(
    client, organizer, official_arbiter, code, termination, result
):
    """docs/rules/pdn.md §3.2: a record typed before the forfeit was ruled is not exported."""
    round_ = published_round(organizer, official_arbiter)
    game = round_.pairings.get().games.get()
    record_save(game=game, pdn=RECORDS["international"], user=organizer)
    game = result_record(game=game, result=code, user=organizer)
    exported = read_game(record_export(game, game.record.pdn))
    assert exported.moves == [] and exported.result == result
    assert exported.tag("Termination") == termination and exported.tag("Result") == result


def test_the_event_pdn_lists_forfeits_without_record_and_the_players_ids_and_ratings(
    client, organizer, official_arbiter
):
    round_ = published_round(organizer, official_arbiter, players=4)
    first, second = (p.games.get() for p in round_.pairings.order_by("board"))
    white = first.white.player
    white.fmjd_id = "16052"
    white.last_name = 'Boomstra\n[Event "Injected"]'
    white.save()
    record_save(game=first, pdn=RECORDS["international"], user=organizer)
    result_record(game=first, result=GameResult.DRAW, user=organizer)
    result_record(game=second, result=GameResult.BLACK_FORFEIT_WIN, user=organizer)
    event = round_.event
    text = client.get(reverse("public:event_pdn", args=(event.slug,))).content.decode()
    played, forfeit = read_games_of(text)
    assert played.tag("WhiteFmjdId") == "16052" and played.tag("WhiteRating") == "2400"
    assert played.tag("BlackRating") == str(first.black.rating) and played.moves
    assert forfeit.moves == [] and forfeit.tag("Termination") == "forfeit"
    assert forfeit.tag("Result") == "0-2" and forfeit.tag("Round") == "1"
    assert "Injected" not in [g.tag("Event") for g in (played, forfeit)]


def test_a_name_with_line_breaks_stays_in_its_tag(client, organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    game = round_.pairings.get().games.get()
    player = game.white.player
    player.last_name = 'Boomstra"]\n\n[Event "Injected"]\n1. 32-28 *\n'
    player.save()
    game = result_record(game=game, result=GameResult.WHITE_FORFEIT_WIN, user=organizer)
    text = client.get(reverse("public:event_pdn", args=(round_.event.slug,))).content.decode()
    (only,) = read_games_of(text)
    assert only.tag("White").startswith('Boomstra"] [Event "Injected"] 1. 32-28 *')
    assert only.tag("Event") == round_.event.name and only.moves == []


def read_games_of(text: str):
    from io import StringIO

    from arbiter.pdn import read_games

    return [game for game in read_games(StringIO(text)) if not game.errors]


def test_scores_shown_on_the_pages():
    assert result_score("1-0", "international") == "2-0"
    assert result_score("0-1", "frisian") == "0-1"
    assert result_score("1/2", "english") == "½-½"
    assert result_score("-/-", "international") == "-/-"
    from decimal import Decimal

    assert match_score((Decimal(3), Decimal(1))) == "3-1"
    assert match_score((Decimal("0.5"), Decimal("1.5"))) == "½-1½"


def test_result_sheet_labels_follow_the_variant():
    from tournaments.results import result_choices

    assert [label for _code, label in result_choices("international")][1:4] == [
        "2-0 (white wins)",
        "1-1 (draw)",
        "0-2 (black wins)",
    ]
    assert [label for _code, label in result_choices("english")][1:4] == [
        "1-0 (white wins)",
        "½-½ (draw)",
        "0-1 (black wins)",
    ]


def test_each_result_choice_says_what_it_is():
    from tournaments.results import result_choices

    labels = [label for _code, label in result_choices("international")]
    assert len(set(labels)) == len(labels)
    assert "+/- (white wins by forfeit)" in labels and "-/+ (black wins by forfeit)" in labels
    assert labels.count("2-0 (white wins)") == 1


def test_a_forfeit_is_never_written_like_a_game_played():
    from tournaments.results import player_result

    assert result_score("+/-", "international") == "+/-"
    assert result_score("-/+", "english") == "-/+"
    assert player_result("+", "international") == "+/-"
    assert player_result("-", "international") == "-/+"
    assert player_result("U", "international") == "pairing-allocated bye"
    assert player_result("H", "english") == "half-point bye"


def test_a_two_game_pairing_scores_the_match():
    assert pairing_score([(1, "1-0"), (2, "1/2")], 1, "international") == "3-1"
    assert pairing_score([(1, "1/2"), (2, "0-1")], 1, "english") == "1½-½"
    assert pairing_score([(1, "1-0"), (2, "*")], 1, "english") is None


def test_the_game_page_and_the_export_agree_and_state_the_convention(
    client, organizer, official_arbiter
):
    round_ = published_round(organizer, official_arbiter, variant="english")
    game = round_.pairings.get().games.get()
    record_save(game=game, pdn=RECORDS["english"], user=organizer)
    result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    page = client.get(reverse("public:game", args=(round_.event.slug, game.pk))).content
    text = page.decode()
    assert "1-0 (white wins)" in text and "PDN result 0-1" in text
    assert "Black moves first, so a White win is written 0-1" in text
    exported = client.get(reverse("public:game_pdn", args=(round_.event.slug, game.pk)))
    assert read_game(exported.content.decode()).result == "0-1"
