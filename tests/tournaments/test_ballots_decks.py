"""The shipped decks: counts, every card replayed legally, known source errors handled."""

from pathlib import Path

import pytest

import arbiter
from tournaments.ballots import decks
from tournaments.ballots.cards import CardError, relocated_fen, replay_card
from tournaments.ballots.decks import BUILTIN_DECKS, DeckError, load_deck

SHARED_DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"


@pytest.fixture(scope="module")
def loaded():
    return {slug: load_deck(slug) for slug in BUILTIN_DECKS}


@pytest.mark.parametrize(
    ("slug", "cards", "barred", "brazilian"),
    [
        ("english-3-move", 174, 18, 0),
        ("english-2-move", 49, 6, 0),
        ("fmjd-64", 736, 0, 725),
        ("idf-64", 150, 0, 0),
    ],
)
def test_published_counts(loaded, slug, cards, barred, brazilian):
    deck = loaded[slug]
    assert len(deck.cards) == cards
    assert sum(card.barred for card in deck.cards) == barred
    assert sum(card.brazilian for card in deck.cards) == brazilian
    assert deck.source  # the data file's source line is kept


def test_english_3_move_deck_is_the_156_and_the_18_barred_acf_numbers(loaded):
    deck = loaded["english-3-move"]
    barred = sorted(card.number for card in deck.cards if card.barred)
    assert barred == [3, 13, 26, 35, 44, 45, 48, 52, 77, 88, 94, 109, 114, 137, 145, 156, 168, 171]
    assert [card.number for card in deck.cards] == list(range(1, 175))
    groups = [card.group for card in deck.cards if not card.barred]
    assert groups.count("crossboard") == 144
    assert groups.count("mailplay") == 12
    assert len({card.fen for card in deck.cards}) == 174  # docs/rules/english.md §4: all distinct


def test_english_2_move_barred_are_the_six_quadibloc_exclusions(loaded):
    barred = {card.moves for card in loaded["english-2-move"].cards if card.barred}
    assert barred == {
        "9-14 21-17",
        "9-14 23-18",
        "10-14 21-17",
        "10-14 23-18",
        "11-16 23-19",
        "12-16 23-19",
    }


def test_brazilian_subset_leaves_out_the_eleven_codes(loaded):
    left_out = {card.code for card in loaded["fmjd-64"].cards if not card.brazilian}
    assert left_out == {
        "1-IX",
        "4-XV",
        "5-IX",
        "5-XI",
        "19-V",
        "25-XIII",
        "30-XVI",
        "40-XIV",
        "41-XIII",
        "42-XIV",
        "43-II",
    }


@pytest.mark.parametrize("slug", list(BUILTIN_DECKS))
def test_every_card_replays_legally_to_its_stored_position(loaded, slug):
    """An independent replay move by move with arbiter (not through the loader)."""
    deck = loaded[slug]
    board_type = arbiter.find_variant(deck.variant)
    for card in deck.cards:
        board = board_type(card.start_fen or None)
        for text in card.moves.split():
            move = board.parse_move(text)
            assert board.is_legal(move), (card.code, text)
            board.push(move)
        assert board.fen() == card.fen, card.code
        assert board.has_legal_moves(), card.code


def test_english_3_move_cards_leave_white_to_move_and_2_move_black(loaded):
    assert {c.fen[0] for c in loaded["english-3-move"].cards} == {"W"}
    assert {c.fen[0] for c in loaded["english-2-move"].cards} == {"B"}


def test_fmjd_relocation_cards_are_start_positions_with_white_to_move(loaded):
    relocations = [c for c in loaded["fmjd-64"].cards if not c.moves and c.start_fen]
    assert len(relocations) == 392
    assert all(c.fen == c.start_fen and c.fen.startswith("W:") for c in relocations)
    assert sum(bool(c.moves) for c in loaded["fmjd-64"].cards) == 344


def test_known_source_errors_are_corrected_and_marked(loaded):
    fmjd = {card.code: card for card in loaded["fmjd-64"].cards}
    idf = {card.code: card for card in loaded["idf-64"].cards}
    assert fmjd["45-IX"].fen.startswith("W:")  # the replay's side to move, not the source's B
    assert "Black to move" in fmjd["45-IX"].correction
    assert fmjd["22-XV"].fen.startswith("W:")
    assert "relocation" in fmjd["22-XV"].correction
    assert idf["2-IV"].moves == "e3-f4 f6-e5 a3-b4"
    assert idf["2-IV"].fen != idf["2-V"].fen  # the source gave 2-IV the position of 2-V
    assert "2-V" in idf["2-IV"].correction
    corrected = {
        (slug, card.code) for slug, deck in loaded.items() for card in deck.cards if card.correction
    }
    assert corrected == set(decks.KNOWN_SOURCE_ERRORS) | set(decks.KNOWN_DUPLICATES)


def test_duplicated_fmjd_entries_are_kept_and_marked(loaded):
    fmjd = {card.code: card for card in loaded["fmjd-64"].cards}
    assert fmjd["16-I"].fen == fmjd["15-XV"].fen
    assert "15-XV" in fmjd["16-I"].correction
    assert not fmjd["15-XV"].correction


def test_an_unknown_source_disagreement_stops_the_load(monkeypatch):
    monkeypatch.delitem(decks.KNOWN_SOURCE_ERRORS, ("idf-64", "2-IV"))
    with pytest.raises(DeckError, match=r"basic_positions.tsv:\d+: card 2-IV .*position"):
        load_deck("idf-64")


def test_a_known_error_that_no_longer_shows_stops_the_load(monkeypatch):
    monkeypatch.setitem(
        decks.KNOWN_SOURCE_ERRORS, ("idf-64", "1-I"), decks.SourceError("turn", "test")
    )
    with pytest.raises(DeckError, match="card 1-I is listed as a known source error"):
        load_deck("idf-64")


def test_an_illegal_card_names_its_line_ply_and_rule(tmp_path, monkeypatch):
    for name in ("english_2move_ballot.txt", "english_2move_barred.txt"):
        (tmp_path / name).write_text((decks.DATA / name).read_text())
    ballot = tmp_path / "english_2move_ballot.txt"
    ballot.write_text(ballot.read_text().replace("9-13 21-17\t1", "9-13 13-17\t1"))
    monkeypatch.setattr(decks, "DATA", tmp_path)
    with pytest.raises(DeckError, match=r"english_2move_ballot.txt:2: card 1: ply 2 \('13-17'\)"):
        load_deck("english-2-move")


def test_a_deck_with_a_missing_card_stops_the_load(tmp_path, monkeypatch):
    for name in ("english_2move_ballot.txt", "english_2move_barred.txt"):
        (tmp_path / name).write_text((decks.DATA / name).read_text())
    ballot = tmp_path / "english_2move_ballot.txt"
    ballot.write_text("\n".join(ballot.read_text().splitlines()[:-1]) + "\n")
    monkeypatch.setattr(decks, "DATA", tmp_path)
    with pytest.raises(DeckError, match=r"48 cards, 6 barred.*published deck has 49"):
        load_deck("english-2-move")


def test_replay_card_reports_the_ply_and_reason():
    with pytest.raises(CardError, match=r"card X: ply 4 \('24-20'\).*capture is compulsory: 22x15"):
        replay_card(variant="english", code="X", moves="10-14 23-19 14-18 24-20")
    with pytest.raises(CardError, match="start position"):
        replay_card(variant="russian", code="Y", start_fen="W:Wz9")


def test_replay_card_accepts_move_numbers_and_normalises_notation():
    card = replay_card(variant="russian", code="1-I", moves="1. cd4 ba5 2. dc5")
    assert card.moves == "c3-d4 b6-a5 d4-c5"
    assert card.start_fen == ""


def test_relocation_lifts_both_men_before_placing_them():
    """FMJD 17-XI moves White b2-h6 onto the square Black's h6 man leaves for a5."""
    fen = relocated_fen(variant="russian", code="17-XI", notation="b2-h6 h6-a5")
    board = arbiter.RussianBoard(fen)
    assert board.piece_at(arbiter.RussianBoard.geometry.parse_square("h6")).colour.name == "WHITE"
    with pytest.raises(CardError, match="no white man on d4"):
        relocated_fen(variant="russian", code="Z", notation="d4-e5 -----")


def test_shipped_copies_match_the_shared_data():
    if not SHARED_DATA.is_dir():
        pytest.skip(f"no shared data at {SHARED_DATA} (a fresh clone has no ../shared)")
    for copy in sorted(decks.DATA.iterdir()):
        lines = copy.read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("# source: ")
        assert lines[1:] == (SHARED_DATA / copy.name).read_text(encoding="utf-8").splitlines()


def test_the_brazilian_subset_is_legal_under_brazilian_rules(loaded):
    """docs/rules/tournaments.md §6: 1-IX, 4-XV and 5-XI break the majority rule, hence left out."""
    board_type = arbiter.find_variant("brazilian")
    illegal = set()
    for card in loaded["fmjd-64"].cards:
        try:
            replay_card(
                variant=board_type.name, code=card.code, moves=card.moves, start_fen=card.start_fen
            )
        except CardError:
            illegal.add(card.code)
    assert {"1-IX", "4-XV", "5-XI"} <= illegal
    assert not {c.code for c in loaded["fmjd-64"].cards if c.brazilian} & illegal
