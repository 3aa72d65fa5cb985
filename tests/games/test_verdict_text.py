"""The arbiter's findings shown in the page's language, its rules cited by their federation's
article: every draw rule of the arbiter has a translated name and article, written once in
the arbiter; every way a game ends on the board is said in each language."""

import pytest
from django.conf import settings
from django.utils import translation

from arbiter import Termination
from arbiter.draws import RULES
from games.verdict_text import (
    ending_text,
    flag_text,
    move_problem,
    note_text,
    rule_name,
    rule_source,
)

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]

ERROR = {
    "ply": 5,
    "move_number": 3,
    "move": "32-27",
    "fen": "W:W31-50:B1-20",
    "code": "capture-compulsory",
    "message": "illegal move '32-27' in W:...: capture is compulsory: 28x19",
    "legal": ["28x19"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_draw_rule_of_the_arbiter_is_named_and_cited_in_each_language(language):
    untranslated = []
    for code, rule in RULES.items():
        with translation.override(language):
            name, article = rule_name(code), rule_source(code)
        if name == rule.name or article == rule.article:
            untranslated.append(code)
    assert untranslated == []


def test_a_draw_rule_is_shown_by_its_name_and_article_in_english():
    assert rule_name("fmjd-25-move", "stored name") == "25-move rule"
    assert rule_source("fmjd-25-move", "x") == "FMJD rules, annex 1, art. 6.2"
    assert rule_name("gone-rule", "stored name") == "stored name"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_termination_is_said_in_each_language(language):
    with translation.override(language):
        untranslated = [t for t in Termination if translation.gettext(t.text) == t.text]
    assert untranslated == []


@pytest.mark.parametrize(
    ("language", "outcome", "expected"),
    [
        (
            "en",
            {"termination": "no-legal-move", "ply": 41, "winner": "white"},
            "White won on the board at ply 41: the side to move has no legal move",
        ),
        (
            "fr",
            {"termination": "checkmate", "ply": 24, "winner": "black"},
            "les Noirs ont gagné sur le damier au demi-coup 24 : échec et mat",
        ),
        (
            "en",
            {"termination": "stalemate", "ply": 30, "winner": None},
            "drawn on the board at ply 30: stalemate",
        ),
    ],
)
def test_how_a_game_ended_on_the_board(language, outcome, expected):
    with translation.override(language):
        assert ending_text({"outcome": outcome}) == expected


def test_an_unknown_rule_keeps_its_source_without_the_internal_file():
    assert rule_source("new-rule", "FMJD art. 9 (REFERENCE.md 1.6)") == "FMJD art. 9"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "move 3, 32-27: capture is compulsory (legal moves: 28x19)"),
        ("fr", "coup 3, 32-27 : la prise est obligatoire (coups légaux : 28x19)"),
    ],
)
def test_an_illegal_move_in_the_page_language(language, expected):
    with translation.override(language):
        assert move_problem(ERROR) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "move 3, 32-27 at line 12, column 9: capture is compulsory (legal moves: 28x19)"),
        (
            "fr",
            "coup 3, 32-27 à la ligne 12, colonne 9 : la prise est obligatoire "
            "(coups légaux : 28x19)",
        ),
    ],
)
def test_an_illegal_move_is_placed_at_its_line_and_column(language, expected):
    with translation.override(language):
        assert move_problem(ERROR | {"line": 12, "column": 9}) == expected


def test_flags_and_notes_in_french():
    report = {
        "error": None,
        "entered_result": "1-0",
        "recorded_result": "1-0",
        "outcome": {"termination": "draw-rule", "ply": 50, "winner": None, "result": "1-1"},
        "draw": {"rule": "fmjd-25-move", "name": "25-move rule", "ply": 50, "source": "x"},
        "moves_after_end": 2,
    }
    with translation.override("fr"):
        text = flag_text({"kind": "automatic-draw", "ply": 50, "message": "en"}, report)
        assert text == (
            "la partie était nulle au demi-coup 50 : règle des 25 coups (Règlement FMJD, "
            "annexe 1, art. 6.2) ; 2 demi-coups ont été notés après"
        )
        entered = flag_text({"kind": "entered-result-contradicted", "ply": 50}, report)
        assert entered.startswith("le résultat saisi est 1-0 ; nulle au demi-coup 50")
        recorded = flag_text({"kind": "result-contradicted", "ply": 50}, report)
        assert recorded.startswith("la notation donne 1-0 ; nulle au demi-coup 50")
        note = note_text("3 plies were recorded after the game ended at ply 40; not verified")
        assert note.startswith("3 demi-coups ont été notés après la fin")
