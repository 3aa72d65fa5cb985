"""Small events worked out by hand, shared by the tie-break, standings, crosstable and
gacrux tests. Scoring 2/1/0 (the draughts default).

``SWISS``, six players, three rounds, with byes and forfeits:

    round 1: 1-4 1-0, 2-5 draw, 3-6 forfeit (3 wins, 6 does not come)
    round 2: 2-1 1-0 (2 white), 3-5 1-0, 4 pairing-allocated bye, 6 absent (Z)
    round 3: 1-3 draw, 2-4 1-0, 5 zero-point bye (Z), 6 withdrawn (Z)

Scores: 1: 3, 2: 5, 3: 5, 4: 2, 5: 1, 6: 0.
Adjusted scores for the opponents (C.07 16.3): a requested bye followed only by VURs counts
as a draw: 5's round-3 Z -> 1 point (adjusted 2); 6's rounds 2-3 Z -> 1 each (adjusted 2).
Others unchanged. Own unplayed rounds: dummy with the player's own score (16.4).

``ROUND_ROBIN``, five players on the Berger table (C.05 Annex 1, the dummy 6 gives the rest):

    round 1: 2-5 1-0, 3-4 draw, 1 rests
    round 2: 5-3 0-1, 1-2 draw, 4 rests
    round 3: 3-1 0-1, 4-5 1-0, 2 rests
    round 4: 1-4 draw, 2-3 1-0, 5 rests
    round 5: 4-2 1-0, 5-1 0-1, 3 rests

Scores: 1: 6, 2: 5, 3: 3, 4: 6, 5: 0 (20 = 10 games x 2).
Sonneborn-Berger, the rest left out (C.07 9.1: opponents beaten + half of those drawn):
    1: 2 drawn 5/2 + 3 beaten 3 + 4 drawn 6/2 + 5 beaten 0 = 8.5
    2: 5 beaten 0 + 1 drawn 6/2 + 3 beaten 3 + 4 lost 0    = 6
    3: 4 drawn 6/2 + 5 beaten 0                            = 3
    4: 3 drawn 3/2 + 5 beaten 0 + 1 drawn 6/2 + 2 beaten 5 = 9.5
    5: nothing                                             = 0
Treated as a Swiss zero-point bye (C.07 16), 3's last-round rest would have counted as a
draw for its opponents (16.2.5, adjusted score 4), giving 1: 9.5 and 4: 10; and Solkoff
would have added each player's own score for the dummy.
"""

from decimal import Decimal

from tournaments.pairing import berger_table
from tournaments.values import Colour, Competitor, RoundResult, ScoringSystem, TournamentState

W, B = Colour.WHITE, Colour.BLACK
SCORING = ScoringSystem()


def r(round_number, opponent, colour, code):
    return RoundResult(round_number, opponent, colour, code, SCORING.points_for(code))


RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500}
ROWS = {
    1: (r(1, 4, W, "1"), r(2, 2, B, "0"), r(3, 3, W, "=")),
    2: (r(1, 5, W, "="), r(2, 1, W, "1"), r(3, 4, W, "1")),
    3: (r(1, 6, W, "+"), r(2, 5, W, "1"), r(3, 1, B, "=")),
    4: (r(1, 1, B, "0"), r(2, None, None, "U"), r(3, 2, B, "0")),
    5: (r(1, 2, B, "="), r(2, 3, B, "0"), r(3, None, None, "Z")),
    6: (r(1, 3, B, "-"), r(2, None, None, "Z")),  # round 3 missing: withdrawn = Z
}
SWISS = TournamentState(
    tuple(Competitor(n, f"P{n}", RATINGS[n], results=ROWS[n]) for n in ROWS), total_rounds=3
)


#: Round -> {(white, black): white's code}; the pairs are those of berger_table(5).
RESULTS = {
    1: {(2, 5): "1", (3, 4): "="},
    2: {(5, 3): "0", (1, 2): "="},
    3: {(3, 1): "0", (4, 5): "1"},
    4: {(1, 4): "=", (2, 3): "1"},
    5: {(4, 2): "1", (5, 1): "0"},
}
_OTHER_SIDE = {"1": "0", "0": "1", "=": "="}


def rest(round_number: int) -> RoundResult:
    return RoundResult(round_number, None, None, "Z", Decimal(0), rest=True)


def round_robin_state(players: int, results: dict[int, dict[tuple[int, int], str]]):
    """A round robin on the Berger table with the given white's codes; rests marked."""
    rows: dict[int, list[RoundResult]] = {n: [] for n in range(1, players + 1)}
    for number, boards in enumerate(berger_table(players), start=1):
        for pair in boards:
            if pair.black is None:
                rows[pair.white].append(rest(number))
                continue
            code = results[number][(pair.white, pair.black)]
            for side, opponent, colour, own in (
                (pair.white, pair.black, Colour.WHITE, code),
                (pair.black, pair.white, Colour.BLACK, _OTHER_SIDE[code]),
            ):
                points = SCORING.points_for(own)
                rows[side].append(RoundResult(number, opponent, colour, own, points))
    competitors = tuple(Competitor(n, f"P{n}", 2000 - n, results=tuple(rows[n])) for n in rows)
    total = len(berger_table(players))
    return TournamentState(competitors, total_rounds=total, scoring=SCORING)


ROUND_ROBIN = round_robin_state(5, RESULTS)
