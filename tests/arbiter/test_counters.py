"""The draw counters agree with the replay: each rule is met first at the ply where the replay
reports its draw, on the fixture games of every variant."""

from pathlib import Path

import pytest

from arbiter import find_variant, replay
from arbiter.counters import DrawCounters
from arbiter.pdn import PdnMove, read_games

FIXTURES = Path(__file__).parent / "fixtures" / "games"
GAMES = [
    pytest.param(game, id=f"{path.stem}-{game.index}")
    for path in [*sorted(FIXTURES.glob("*draws.pdn")), FIXTURES / "english_claims.pdn"]
    for game in read_games(path.read_text(encoding="utf-8"))
]


def first_met(game, plies):
    """{rule code: first ply where its counter is met} over the first ``plies`` plies."""
    board = find_variant(game.tag("GameType"))(game.tag("FEN") or None)
    counters = DrawCounters(board)
    met = {}
    for item in game.moves:
        if not isinstance(item, PdnMove) or counters.ply == plies:
            break
        counters.push(board.parse_move(item.text))
        for counter in counters.snapshot():
            if counter.met:
                met.setdefault(counter.rule, counter.ply)
    return met


@pytest.mark.parametrize("game", GAMES)
def test_counters_meet_each_rule_at_the_replays_ply(game):
    verdict = replay(game)
    if not verdict.legal:
        pytest.skip(f"the replay stops at ply {verdict.error.ply}")
    met = first_met(game, verdict.plies)
    events = [*verdict.claims, *([verdict.draw] if verdict.draw else [])]
    for event in events:
        assert met.get(event.rule) == event.ply, (event, met)
    if verdict.outcome is not None and verdict.outcome.termination == "draw-rule":
        assert min(met.values()) == verdict.outcome.ply


def test_a_countdown_reports_none_before_its_situation_and_its_limit():
    board = find_variant("international")("W:WK47,K48:BK4")
    counters = DrawCounters(board)
    five = next(c for c in counters.snapshot() if c.rule == "fmjd-5-move")
    sixteen = next(c for c in counters.snapshot() if c.rule == "fmjd-16-move")
    assert (five.count, five.limit, sixteen.count) == (0, 10, None)
    counters.push(board.parse_move("47-15"))
    five = next(c for c in counters.snapshot() if c.rule == "fmjd-5-move")
    assert (five.count, five.met, five.unit) == (1, False, "plies")


def test_a_setup_starts_every_count_again():
    board = find_variant("russian")("W:WKa1:BKh8")
    counters = DrawCounters(board)
    counters.push(board.parse_move("a1-b2"))
    counters.set_position("W:WKa1,Kc1:BKh8")
    assert all(c.count in (None, 0, 1) for c in counters.snapshot())
    repetition = next(c for c in counters.snapshot() if c.unit == "occurrences")
    assert repetition.count == 1
