"""Draw rules fed with hand-made facts: each fires at exactly the right ply, not earlier.

Whole games that reach the same rules through the board are in test_replay.py.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.board import Colour
from arbiter.draws import (
    RULES,
    Draughts64Repetition,
    DrawRule,
    FiveMoveRule,
    FmjdRepetition,
    FortyMoveRule,
    KingsOnlyFifteenMoves,
    MainRoad,
    PlyFacts,
    SixteenMoveRule,
    SmallEnding,
    ThreeKingsAgainstKing,
    TwentyFiveMoveRule,
    UnchangedBalance,
    WcdfRepetition,
    rules_for,
)

W, B = Colour.WHITE, Colour.BLACK


def facts(
    ply: int,
    *,
    white: tuple[int, int] = (5, 1),
    black: tuple[int, int] = (5, 1),
    man: bool = False,
    captures: int = 0,
    promoted: bool = False,
    key: Hashable = None,
    lone: int | None = None,
    road: Iterable[int] = (),
    start: bool = False,
) -> PlyFacts:
    """Facts of ply ``ply``; White moves on odd plies. ``white``/``black`` = (men, kings)."""
    return PlyFacts(
        ply=ply,
        mover=W if ply % 2 else B,
        man_moved=man,
        captures=captures,
        captured_kings=0,
        promoted=promoted,
        key=("position", ply) if key is None else key,
        white_men=white[0],
        white_kings=white[1],
        black_men=black[0],
        black_kings=black[1],
        lone_king_square=lone,
        main_road=frozenset(road),
        start=start,
    )


def first_met(rule: DrawRule, sequence: Iterable[PlyFacts]) -> int | None:
    """The ply at which ``rule`` is first met along ``sequence``."""
    for f in sequence:
        if rule.observe(f):
            return f.ply
    return None


def king_plies(first: int, last: int, **material: tuple[int, int]) -> list[PlyFacts]:
    return [facts(p, **material) for p in range(first, last + 1)]


# -- the registry --------------------------------------------------------------------


def test_every_rule_has_a_stable_code_a_name_a_kind_and_a_source() -> None:
    for code, rule in RULES.items():
        assert rule.code == code
        assert rule.name and rule.article
        assert rule.section.startswith("docs/rules/")
        # the citation a verdict carries is built from the article and the section
        assert rule.source == f"{rule.article} ({rule.section})"
        assert rule.kind in ("automatic", "claimable")
    assert RULES["wcdf-40-move"].kind == "claimable"
    assert RULES["fmjd-25-move"].kind == "automatic"


def test_rules_for_makes_fresh_objects_and_rejects_unknown_codes() -> None:
    first, second = rules_for(("fmjd-25-move",)), rules_for(("fmjd-25-move",))
    assert first[0] is not second[0]
    with pytest.raises(KeyError, match="fmjd-26-move"):
        rules_for(("fmjd-26-move",))


# -- repetition ----------------------------------------------------------------------


@pytest.mark.parametrize("rule", [FmjdRepetition, Draughts64Repetition, WcdfRepetition])
def test_repetition_is_met_at_the_third_occurrence_counting_the_start(rule: type) -> None:
    # A (start) B C A B C A: A occurs for the third time at ply 6.
    keys = ["A", "B", "C", "A", "B", "C", "A"]
    sequence = [facts(p, key=k, start=p == 0) for p, k in enumerate(keys)]
    assert first_met(rule(), sequence) == 6
    assert first_met(rule(), sequence[:6]) is None


def test_repetition_needs_the_same_side_to_move() -> None:
    # Keys carry the side to move; the same squares with the other side to move differ.
    keys = [("A", W), ("A", B), ("A", W), ("A", B), ("B", W), ("A", W)]
    sequence = [facts(p, key=k, start=p == 0) for p, k in enumerate(keys)]
    assert first_met(FmjdRepetition(), sequence) == 5


def test_a_man_move_or_a_capture_forgets_earlier_positions() -> None:
    keys = ["A", "B", "A", "B", "A"]
    sequence = [facts(p, key=k, start=p == 0, man=p == 2) for p, k in enumerate(keys)]
    assert first_met(FmjdRepetition(), sequence) is None
    sequence = [facts(p, key=k, start=p == 0, captures=p == 1) for p, k in enumerate(keys)]
    assert first_met(FmjdRepetition(), sequence) is None


# -- counts of king moves ------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "plies"), [(TwentyFiveMoveRule, 50), (FortyMoveRule, 80), (KingsOnlyFifteenMoves, 30)]
)
def test_king_moves_only_rules_count_plies_from_the_last_man_move_or_capture(
    rule: type, plies: int
) -> None:
    material = {"white": (3, 2), "black": (4, 1)}  # 10 pieces: 7.2.6 is not in force
    start = [facts(0, start=True, **material)]
    assert first_met(rule(), start + king_plies(1, plies, **material)) == plies
    assert first_met(rule(), start + king_plies(1, plies - 1, **material)) is None
    # a man move at ply 7, then a capture by a king at ply 12: the count restarts twice
    sequence = start + [
        facts(p, man=p == 7, captures=int(p == 12), **material) for p in range(1, 200)
    ]
    assert first_met(rule(), sequence) == 12 + plies


def test_king_moves_only_counts_from_a_set_up_position_not_before() -> None:
    material = {"white": (0, 2), "black": (0, 2)}
    sequence = [facts(p, **material) for p in range(1, 20)]
    sequence += [facts(19, start=True, **material)]  # a setup command at ply 19
    sequence += [facts(p, **material) for p in range(20, 120)]
    assert first_met(TwentyFiveMoveRule(), sequence) == 19 + 50


@given(st.lists(st.sampled_from(["king", "man", "capture"]), max_size=160))
def test_twenty_five_move_rule_matches_its_definition(plies: list[str]) -> None:
    """Met exactly when the last 50 plies were all king moves without capture."""
    rule = TwentyFiveMoveRule()
    rule.observe(facts(0, start=True))
    for index, what in enumerate(plies, 1):
        met = rule.observe(facts(index, man=what == "man", captures=int(what == "capture")))
        window = plies[max(0, index - 50) : index]
        assert met == (index >= 50 and all(w == "king" for w in window))


@given(st.lists(st.tuples(st.sampled_from("ABC"), st.booleans()), max_size=60))
def test_repetition_matches_its_definition(plies: list[tuple[str, bool]]) -> None:
    """Met exactly when the position has occurred three times since the last man move."""
    rule = FmjdRepetition()
    rule.observe(facts(0, key="A", start=True))
    history = ["A"]
    for index, (key, man) in enumerate(plies, 1):
        if man:
            history = []
        history.append(key)
        assert rule.observe(facts(index, key=key, man=man)) == (history.count(key) >= 3)


# -- FMJD endgame rules ----------------------------------------------------------------


def test_sixteen_move_rule_counts_32_plies_after_the_capture_that_creates_it() -> None:
    # Ply 9: Black's capture leaves three white kings against Black's single king.
    before = [facts(0, start=True)] + [facts(p, white=(2, 2), black=(0, 2)) for p in range(1, 9)]
    sequence = [*before, facts(9, captures=1, white=(0, 3), black=(0, 1))]
    sequence += king_plies(10, 80, white=(0, 3), black=(0, 1))
    assert first_met(SixteenMoveRule(), sequence) == 9 + 32
    assert first_met(SixteenMoveRule(), sequence[: 9 + 32]) is None


def test_sixteen_move_rule_starts_at_the_strong_sides_first_king() -> None:
    # Three men against a king is not covered; the promotion at ply 20 starts the count,
    # and the second promotion at ply 30 does not restart it.
    sequence = [facts(p, white=(3, 0), black=(0, 1), man=True) for p in range(1, 20)]
    sequence += [facts(20, man=True, promoted=True, white=(2, 1), black=(0, 1))]
    sequence += king_plies(21, 29, white=(2, 1), black=(0, 1))
    sequence += [facts(30, man=True, promoted=True, white=(1, 2), black=(0, 1))]
    sequence += king_plies(31, 70, white=(1, 2), black=(0, 1))
    assert first_met(SixteenMoveRule(), sequence) == 52
    assert first_met(SixteenMoveRule(), sequence[:51]) is None


def test_sixteen_and_five_move_counts_run_side_by_side_after_a_capture() -> None:
    """docs/rules/international.md §6 [unverified]: the first limit reached applies."""
    three = {"white": (0, 3), "black": (0, 1)}
    two = {"white": (0, 2), "black": (0, 1)}
    base = [facts(0, start=True, **three)]
    # the lone king takes a king at ply 26: the 16-move count (from 0) ends at ply 32,
    # before the 5-move count (from 26) would end at 36
    late = base + king_plies(1, 25, **three) + [facts(26, captures=1, **two)]
    late += king_plies(27, 60, **two)
    assert first_met(SixteenMoveRule(), late) == 32
    assert first_met(FiveMoveRule(), late) == 36
    # the same capture at ply 8: the 5-move count ends first, at ply 18
    early = base + king_plies(1, 7, **three) + [facts(8, captures=1, **two)]
    early += king_plies(9, 60, **two)
    assert first_met(FiveMoveRule(), early) == 18
    assert first_met(SixteenMoveRule(), early) == 32


@pytest.mark.parametrize("strong", [(0, 2), (1, 1), (0, 1)])
def test_five_move_rule_counts_10_plies(strong: tuple[int, int]) -> None:
    sequence = [facts(0, start=True, white=(2, 2), black=(0, 1))]
    sequence += [facts(1, captures=2, white=strong, black=(0, 1))]
    sequence += king_plies(2, 30, white=strong, black=(0, 1))
    assert first_met(FiveMoveRule(), sequence) == 11
    assert first_met(FiveMoveRule(), sequence[:11]) is None


def test_five_move_rule_needs_a_king_on_the_strong_side() -> None:
    sequence = [facts(p, white=(2, 0), black=(0, 1)) for p in range(0, 40)]
    assert first_met(FiveMoveRule(), sequence) is None
    assert first_met(SixteenMoveRule(), sequence) is None


def test_five_move_rule_holds_from_a_set_up_position() -> None:
    sequence = [facts(0, start=True, white=(0, 1), black=(0, 1))]
    sequence += king_plies(1, 20, white=(0, 1), black=(0, 1))
    assert first_met(FiveMoveRule(), sequence) == 10


# -- draughts-64 ----------------------------------------------------------------------


def test_7_2_4_three_kings_against_a_king_30_plies_restarted_by_a_capture() -> None:
    four = {"white": (0, 4), "black": (0, 1)}
    three = {"white": (0, 3), "black": (0, 1)}
    sequence = [facts(0, start=True, **four), *king_plies(1, 19, **four)]
    sequence += [facts(20, captures=1, **three), *king_plies(21, 80, **three)]
    assert first_met(ThreeKingsAgainstKing(), sequence) == 50
    assert first_met(ThreeKingsAgainstKing(), sequence[:50]) is None
    # two kings and a man against a king is not 7.2.4
    mixed = [facts(p, white=(1, 2), black=(0, 1)) for p in range(0, 80)]
    assert first_met(ThreeKingsAgainstKing(), mixed) is None


def test_7_2_5_kings_only_is_not_counted_in_4_to_7_piece_endings_with_kings_each() -> None:
    material = {"white": (1, 2), "black": (1, 1)}  # 5 pieces: 7.2.6 applies instead
    sequence = [facts(0, start=True, **material), *king_plies(1, 100, **material)]
    assert first_met(KingsOnlyFifteenMoves(), sequence) is None
    assert first_met(UnchangedBalance(), sequence) == 60


@pytest.mark.parametrize(
    ("white", "black", "plies"),
    [((0, 2), (0, 2), 60), ((2, 1), (0, 2), 60), ((2, 2), (1, 1), 120), ((3, 2), (1, 1), 120)],
)
def test_7_2_6_unchanged_balance(
    white: tuple[int, int], black: tuple[int, int], plies: int
) -> None:
    sequence = [facts(0, start=True, white=white, black=black)]
    sequence += [facts(p, white=white, black=black, man=p % 7 == 0) for p in range(1, 200)]
    # man moves do not change the balance; the count restarts on a promotion
    assert first_met(UnchangedBalance(), sequence) == plies
    assert first_met(UnchangedBalance(), sequence[:plies]) is None
    sequence[10] = facts(10, white=white, black=black, man=True, promoted=True)
    assert first_met(UnchangedBalance(), sequence) == 10 + plies


def test_7_2_6_needs_kings_on_both_sides() -> None:
    sequence = [facts(p, white=(2, 2), black=(2, 0)) for p in range(0, 200)]
    assert first_met(UnchangedBalance(), sequence) is None


def test_7_2_8_small_ending_10_plies_never_restarted() -> None:
    two = {"white": (0, 2), "black": (0, 1)}
    sequence = [facts(0, start=True, white=(1, 2), black=(0, 2))]
    sequence += [facts(1, captures=1, **two), *king_plies(2, 40, **two)]
    assert first_met(SmallEnding(), sequence) == 11
    assert first_met(SmallEnding(), sequence[:11]) is None
    # a promotion inside the count (king and man -> two kings) does not restart it
    sequence = [facts(0, start=True, white=(1, 1), black=(0, 1))]
    sequence += [facts(p, white=(1, 1), black=(0, 1), man=True) for p in range(1, 5)]
    sequence += [facts(5, man=True, promoted=True, **two), *king_plies(6, 40, **two)]
    assert first_met(SmallEnding(), sequence) == 10


def lone_king_on_road(ply: int, square: int, *, road: Iterable[int] | None = None) -> PlyFacts:
    """Black's single king on ``square`` against White's three kings; road 29..4."""
    occupied = {square} if road is None else set(road)
    return facts(ply, white=(0, 3), black=(0, 1), lone=square, road=occupied)


def test_7_2_7_main_road_counts_the_lone_kings_moves_on_the_road() -> None:
    # Ply 1: White's capture leaves three kings against Black's king, which is on the road
    # (square 22). Black (even plies) moves along the road; White answers. After Black's
    # fifth move on the road (ply 10) White has one more move: the draw is at ply 11.
    sequence = [lone_king_on_road(p, 22) for p in range(1, 30)]
    sequence[0] = facts(1, captures=1, white=(0, 3), black=(0, 1), lone=22, road={22})
    assert first_met(MainRoad(), sequence) == 11
    assert first_met(MainRoad(), sequence[:10]) is None


def test_7_2_7_main_road_does_not_count_moves_off_the_road_or_with_company() -> None:
    sequence = [facts(1, captures=1, white=(0, 3), black=(0, 1), lone=22, road={22})]
    for p in range(2, 40):
        if p in (4, 6):  # Black's king off the road
            sequence.append(lone_king_on_road(p, 21, road=()))
        elif p in (8,):  # a white king shares the road
            sequence.append(lone_king_on_road(p, 22, road={22, 29}))
        else:
            sequence.append(lone_king_on_road(p, 22))
    # Black's counted moves: 2, 10, 12, 14, 16 -> White's next ply 17
    assert first_met(MainRoad(), sequence) == 17


def test_7_2_7_main_road_needs_three_pieces_with_a_king() -> None:
    sequence = [facts(p, white=(0, 4), black=(0, 1), lone=22, road={22}) for p in range(1, 60)]
    assert first_met(MainRoad(), sequence) is None
    assert MainRoad.uses_main_road and not SmallEnding.uses_main_road
