"""Replay the real game collections of ../shared/corpus (see its README.md).

Every game of the International, English, Russian, Italian and Czech folders is replayed
under the variant of its folder (a GameType tag wins). All of them must be legal except the
records listed below, each reported at its place with its reason. The whole run takes
about 15 s of CPU.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from arbiter.pdn import read_games
from arbiter.replay import replay
from arbiter.verdict import Verdict

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
CORPUS = SHARED / "corpus"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not CORPUS.is_dir(),
        reason=f"no game corpus at {CORPUS.resolve()} (../shared is not part of a fresh clone)",
    ),
]

#: (file, game) -> (verdict, ply, reason code, move as written) for every game that is not
#: legal. The corpus README lists the first three groups as damaged; the others were found
#: by this replay (README: "as far as an independent implementation could check").
NOT_LEGAL = {
    # README: moves unknown, written as placeholders. The README numbers the game 37 in
    # the transliterated file, counting the comment block that opens the file; readers
    # attach that comment to game 1. Game 142 is a second such game.
    ("russian/abatsiev.pdn", 36): ("unreadable", 1, "unknown-move", "-"),
    ("russian/abatsiev.pdn", 142): ("unreadable", 1, "unknown-move", "-"),
    ("russian/fmjd-testset-fail/abatsiev.pdn", 36): ("unreadable", 1, "unknown-move", "-"),
    # Black's king went 32-28 at move 60; the record has it leave 32 again at move 62
    ("english/tinsley.pdn", 541): ("illegal", 123, "no-piece", "32-28"),
    # FEN tag "W::."
    ("english/books/bridges.pdn", 14): ("unreadable", None, "invalid-fen", None),
    # a problem file of the PDN test set that a strict reader may reject (folder "fail"):
    # a stray "36x27 1-0" after game 43, read as a game of its own
    ("international/problems/fail/Cat.C1.pdn", 46): ("illegal", 1, "not-reachable", "36x27"),
}  # fmt: skip

#: Where each of them is written, (line, column), and what its message says was expected
#: there: the moves nobody recorded and the FEN no person can read stay unreadable; the
#: illegal moves are moves of the source that no legal move fits (the legal moves are
#: listed with them).
NOT_LEGAL_PLACES = {
    ("russian/abatsiev.pdn", 36): (599, 4, "where a move is expected"),
    ("russian/abatsiev.pdn", 142): (2351, 4, "where a move is expected"),
    ("russian/fmjd-testset-fail/abatsiev.pdn", 36): (595, 4, "where a move is expected"),
    ("english/books/bridges.pdn", 14): (124, 1, "expected a colour list starting with W or B"),
    ("english/tinsley.pdn", 541): (5588, 5, "there is no piece on 32"),
    ("international/problems/fail/Cat.C1.pdn", 46): (611, 1, "no legal move takes the piece"),
}

#: Games read with a repair (a warning at line and column, see test_lenient_reading.py)
#: or with a move that fits several legal moves, settled by the rest of the record:
#: (file, game) -> (ply, as written, the reading chosen).
SETTLED = {
    ("international/fmjd-testset/schildpad.pdn", 3): (69, "36x16", "36x13x2x16"),
    ("international/fmjd-testset/schildpad.pdn", 7): (111, "4x24", "4x31x42x24"),
    ("english/books/Tricks_traps_and_shots.pdn", 57): (37, "10x26", "10x17x26"),
    ("english/books/Tricks_traps_and_shots.pdn", 90): (22, "32x7", "32x23x14x7"),
}

#: Legal games per folder, as of this replay.
LEGAL_GAMES = {"international": 1384, "english": 1973, "russian": 410, "italian": 255, "czech": 298}


def replay_folder(folder: str) -> dict[tuple[str, int], Verdict]:
    verdicts = {}
    for path in sorted((CORPUS / folder).rglob("*.pdn")):
        name = path.relative_to(CORPUS).as_posix()
        for game in read_games(path):
            verdicts[name, game.index] = replay(game, variant=folder, file=name)
    return verdicts


@pytest.fixture(scope="module")
def corpus() -> dict[tuple[str, int], Verdict]:
    verdicts: dict[tuple[str, int], Verdict] = {}
    for folder in LEGAL_GAMES:
        verdicts.update(replay_folder(folder))
    return verdicts


def test_every_game_is_legal_except_the_known_damaged_records(
    corpus: dict[tuple[str, int], Verdict],
) -> None:
    found = {}
    for key, verdict in corpus.items():
        if not verdict.legal:
            error = verdict.error
            assert error is not None and error.message
            found[key] = (verdict.verdict, error.ply, error.code, error.move)
    assert found == NOT_LEGAL


def test_each_game_that_is_not_legal_is_reported_at_its_line_and_column(
    corpus: dict[tuple[str, int], Verdict],
) -> None:
    assert set(NOT_LEGAL_PLACES) == set(NOT_LEGAL)
    for key, (line, column, expected) in NOT_LEGAL_PLACES.items():
        error = corpus[key].error
        assert error is not None
        assert (error.line, error.column) == (line, column), key
        assert f"line {line}, column {column}" in error.message or error.ply, key
        assert expected in error.message, key
        if corpus[key].verdict == "illegal":
            assert error.legal, key  # what the position allowed instead


def test_legal_games_per_folder(corpus: dict[tuple[str, int], Verdict]) -> None:
    legal = Counter(key[0].split("/")[0] for key, verdict in corpus.items() if verdict.legal)
    assert dict(legal) == LEGAL_GAMES


def test_damaged_records_are_reported_at_their_place(
    corpus: dict[tuple[str, int], Verdict],
) -> None:
    unknown = corpus["russian/abatsiev.pdn", 36]
    assert unknown.error is not None
    assert "line 599, column 4" in unknown.error.message
    cut = corpus["international/fmjd-testset/fail/40Camp.DamaInternazionaleAssoluto.pdn", 11]
    assert cut.legal and cut.plies == 2 and cut.recorded_result == "1/2-1/2"
    (warning,) = cut.warnings
    assert (warning.line, warning.column) == (228, 1)
    assert warning.expected == "a result or '*' to end the game"
    assert warning.assumed == "the end of the game, with the Result tag's '1/2-1/2'"
    # the next game is read on its own
    after = corpus["international/fmjd-testset/fail/40Camp.DamaInternazionaleAssoluto.pdn", 12]
    assert after.legal


def test_prof2_game_2_has_its_moves_numbered_out_of_order(
    corpus: dict[tuple[str, int], Verdict],
) -> None:
    """README: "the moves are out of order in the source" (Sijbrands - Gantwarg). The
    numbers run 26, 29, 28, 29, 30; read in the order written, the moves are legal."""
    verdict = corpus["international/fmjd-testset/PROF2.pdn", 2]
    assert (verdict.white, verdict.black) == ("T. Sijbrands", "Gantwarg")
    assert verdict.legal and verdict.plies == 117
    assert [note for note in verdict.notes if "numbered" in note] == [
        "ply 53 ('49-43', line 35) is numbered 29, expected 27: the move numbers are out of order",
        "ply 55 ('39-33', line 35) is numbered 28, expected 30: the move numbers are out of order",
    ]


def test_draws_found_in_the_corpus(corpus: dict[tuple[str, int], Verdict]) -> None:
    draws = {
        key: (v.draw.rule, v.draw.ply, v.moves_after_end, v.result_check)
        for key, v in corpus.items()
        if v.draw is not None and v.draw.kind == "automatic"
    }
    assert draws == {
        ("international/fmjd-testset/kurnik.pdn", 3): ("fmjd-repetition", 157, 8, "agrees"),
        ("international/mobydam/babasy7.pdn", 1): ("fmjd-repetition", 144, 34, "not-checkable"),
    }
    claims = {key: [(c.rule, c.ply) for c in v.claims] for key, v in corpus.items() if v.claims}
    assert claims == {
        ("english/tinsley.pdn", 307): [("wcdf-repetition", 119)],
        ("english/tinsley.pdn", 648): [("wcdf-repetition", 139)],
        ("english/tinsley.pdn", 677): [("wcdf-repetition", 73)],
        ("english/tinsley.pdn", 681): [("wcdf-repetition", 75)],
        ("english/tinsley.pdn", 683): [("wcdf-repetition", 80)],
    }


def test_wins_on_the_board_agree_with_the_recorded_result(
    corpus: dict[tuple[str, int], Verdict],
) -> None:
    checks = Counter(v.result_check for v in corpus.values() if v.legal)
    assert checks["contradicts"] == 0
    assert checks["agrees"] == 97


def test_czech_and_italian_games_break_the_rules_of_their_look_alikes() -> None:
    """README: Czech files look like Russian ones and Italian files like English ones,
    but the rules differ; under the look-alike's rules most games stop at a move those
    rules forbid (men capturing only forward; Italian's mirrored board)."""
    for folder, other in (("czech", "russian"), ("italian", "english")):
        verdicts = [
            replay(game, variant=other).verdict
            for path in sorted((CORPUS / folder).rglob("*.pdn"))
            for game in read_games(path)
        ]
        assert verdicts.count("legal") < len(verdicts) / 4, (folder, Counter(verdicts))


def test_moves_that_fit_two_captures_are_settled_by_the_rest_of_the_record(
    corpus: dict[tuple[str, int], Verdict],
) -> None:
    settled = {
        key: (reading.ply, reading.move, reading.chosen)
        for key, verdict in corpus.items()
        for reading in verdict.readings
    }
    assert settled == SETTLED
    for key in SETTLED:
        verdict = corpus[key]
        assert verdict.legal and verdict.readings[0].settled == "continuation"
        assert any("lets the rest of the record be played" in note for note in verdict.notes)
