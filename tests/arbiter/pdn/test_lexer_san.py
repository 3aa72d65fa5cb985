"""The PDN lexer reads chess SAN tokens (Dragonfly records) as moves, and every draughts
token as before."""

import pytest

from arbiter.pdn import read_game
from arbiter.pdn.lexer import tokenize
from arbiter.pdn.tokens import Kind


def kinds(text):
    return [(t.kind, t.text) for t in tokenize([text]) if t.kind not in (Kind.NUMBER, Kind.EOF)]


@pytest.mark.parametrize(
    "word",
    [
        "e3",
        "exd4",
        "Nf3",
        "Bxc5",
        "Nef3",
        "R1e1",
        "Ne1f3",
        "Kxd2",
        "e7=N",
        "exd7=R",
        "e7N",
        "N@d4",
        "R@a1",
        "P@c3",
        "O-O",
        "O-O-O",
        "Nf3+",
        "R@g7#",
        "O-O+",
        "e7=B#",
    ],
)
def test_san_words_are_moves(word):
    assert kinds(word) == [(Kind.MOVE, word)]


def test_san_with_strength_marks_and_move_numbers():
    tokens = [t for t in tokenize(["1. e3 Nf6+! 2. N@d4#?! O-O-O!!"]) if t.kind is Kind.MOVE]
    assert [(t.text, t.strength) for t in tokens] == [
        ("e3", None),
        ("Nf6+", "!"),
        ("N@d4#", "?!"),
        ("O-O-O", "!!"),
    ]


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("32-28", Kind.MOVE),
        ("c3-d4", Kind.MOVE),
        ("ed4", Kind.MOVE),
        ("27x18x9", Kind.MOVE),
        ("0-0", Kind.RESULT),
        ("1-0", Kind.RESULT),
        ("1/2-1/2", Kind.RESULT),
        ("Xf3", Kind.BAD),
        ("O-O-O-O", Kind.BAD),
        ("N@", Kind.BAD),
        ("e3++", Kind.BAD),
    ],
)
def test_draughts_tokens_and_non_moves_unchanged(word, kind):
    assert [k for k, _ in kinds(word)] == [kind]


def test_a_dragonfly_record_reads_without_syntax_errors():
    game = read_game('[Variant "dragonfly"]\n\n1. Nd3 Nf5 2. Nf4 d5 3. O-O N@e3+ 4. fxe3 1-0\n')
    assert not game.errors
    assert [m.text for m in game.moves] == ["Nd3", "Nf5", "Nf4", "d5", "O-O", "N@e3+", "fxe3"]
    assert game.result == "1-0"
