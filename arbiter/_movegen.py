"""Move generation on bitboards (private).

A position is three ints over the square indices ``0..N-1`` (square number - 1): the
side to move's pieces ``own``, the opponent's ``opp`` and all ``kings``, plus the index
``c`` of the side to move (0 = White, 1 = Black). Tables are built once per variant
from its geometry and rules; the hot paths create no objects but the moves they return.

A raw move is a tuple ``(from, to, captured, path, king_after)``: square indices, the
mask of captured pieces, every landing square (start and end included) and whether the
moving piece is a king once the move is over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from arbiter.geometry import Direction, Geometry
from arbiter.move import Move

RawMove = tuple[int, int, int, tuple[int, ...], bool]
#: A side's run of simple moves with one king: (square index where the king stands, moves)
KingRun = tuple[int, int]
Shifts = tuple[tuple[int, int], ...]  # (index delta, mask of the squares it applies to)


@dataclass(frozen=True)
class MoveRules:
    """How pieces move, as data. Directions are given for White; Black's are mirrored.

    - ``man_steps``: directions of a man's simple move (one square).
    - ``man_captures``: directions in which a man jumps an adjacent enemy piece.
    - ``king_directions``: directions of a king's simple moves.
    - ``king_captures``: directions of a king's captures (Frisian kings also capture
      straight, REFERENCE 4.6); empty means ``king_directions``.
    - ``flying_kings``: kings move and capture at any distance (FMJD 3.9, REFERENCE 1.2,
      1.3, 2.2); otherwise one square and short jumps (WCDF 1.17, REFERENCE 3.2).
    - ``promote_in_passing``: a man reaching the far row during a capture is crowned
      at once and goes on capturing as a king (draughts-64, REFERENCE 2.2); otherwise
      it goes on as a man and is crowned only if the move ends there (FMJD 3.5, 4.15,
      REFERENCE 1.4; with forward-only men the capture simply ends there, WCDF 1.19).
    - ``men_capture_kings``: false where a man may not jump a king (Italian, FID 5.3(b);
      REFERENCE 4.3).
    - ``land_behind``: a flying king must land on the square just behind the piece it
      takes (Thai; dctl ``thai.hpp`` ``is_land_behind_piece``).
    - ``remove_at_once``: each captured piece leaves the board as soon as it is jumped,
      which can open new lines during the capture (Turkish: REFERENCE 4.5; Thai: dctl
      ``is_passing_capture``); otherwise the Turkish strike holds (REFERENCE, terms).
    - ``king_reverses``: with ``remove_at_once``, whether a flying king may turn 180
      degrees between two jumps (Thai yes, dctl ``is_reverse_king_jump_v``; Turkish no,
      REFERENCE 4.5). Under the Turkish strike a reversal would jump a taken piece again.
    """

    man_steps: tuple[Direction, ...]
    man_captures: tuple[Direction, ...]
    king_directions: tuple[Direction, ...]
    flying_kings: bool
    promote_in_passing: bool
    king_captures: tuple[Direction, ...] = ()
    men_capture_kings: bool = True
    land_behind: bool = False
    remove_at_once: bool = False
    king_reverses: bool = True

    @property
    def king_jump_directions(self) -> tuple[Direction, ...]:
        return self.king_captures or self.king_directions


def iter_bits(mask: int) -> Iterable[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _shift(mask: int, shifts: Shifts) -> int:
    moved = 0
    for delta, sources in shifts:
        if delta > 0:
            moved |= (mask & sources) << delta
        else:
            moved |= (mask & sources) >> -delta
    return moved


class MoveGenerator:
    """Legal move generation for one variant; ``select`` applies its capture priority
    (e.g. the majority rule) to the complete, deduplicated captures, given the kings.

    ``frozen`` (a mask of the side to move's kings) names kings that may not make a
    simple move now (Frisian king-move limit, REFERENCE 4.6); captures are unaffected.
    """

    def __init__(
        self,
        geometry: Geometry,
        rules: MoveRules,
        select: Callable[[list[RawMove], int], list[RawMove]] | None = None,
    ) -> None:
        self.geometry = geometry
        self.rules = rules
        self.select = select
        self.full = (1 << geometry.size) - 1
        mirror = [rules, _mirrored(rules)]
        self.promotion = (
            _mask(geometry.rank_squares(geometry.height - 1)),
            _mask(geometry.rank_squares(0)),
        )
        self.man_step_shifts = tuple(_merged_shifts(geometry, r.man_steps) for r in mirror)
        self.man_capture_shifts = tuple(
            tuple(_direction_shifts(geometry, d) for d in r.man_captures) for r in mirror
        )
        self.man_jumps = tuple(_jumps(geometry, r.man_captures) for r in mirror)
        jump_directions = rules.king_jump_directions
        self.king_step_shifts = _merged_shifts(geometry, rules.king_directions)
        self.king_capture_shifts = tuple(_direction_shifts(geometry, d) for d in jump_directions)
        self.king_jumps = _jumps(geometry, jump_directions)
        self.rays = _rays(geometry, jump_directions)
        self.step_rays = (
            self.rays
            if jump_directions == rules.king_directions
            else _rays(geometry, rules.king_directions)
        )
        #: per capture direction index, the index of the opposite direction (or -1)
        self.opposite = tuple(
            jump_directions.index((-df, -dr)) if (-df, -dr) in jump_directions else -1
            for df, dr in jump_directions
        )

    # -- captures -----------------------------------------------------------------

    def _prey(self, opp: int, kings: int) -> int:
        """The pieces a man may jump (REFERENCE 4.3: not kings in Italian draughts)."""
        return opp if self.rules.men_capture_kings else opp & ~kings

    def has_capture(self, own: int, opp: int, kings: int, c: int) -> bool:
        """Whether the side to move has any capture (compulsory: FMJD 4.x, WCDF 1.20,
        REFERENCE 1.3, 2.2, 3.2, 4)."""
        empty = self.full & ~(own | opp)
        men = own & ~kings
        if men:
            prey = self._prey(opp, kings)
            for shifts in self.man_capture_shifts[c]:
                middle = _shift(men, shifts) & prey
                if middle and _shift(middle, shifts) & empty:
                    return True
        own_kings = own & kings
        if not own_kings:
            return False
        if not self.rules.flying_kings:
            for shifts in self.king_capture_shifts:
                middle = _shift(own_kings, shifts) & opp
                if middle and _shift(middle, shifts) & empty:
                    return True
            return False
        occupied = own | opp
        rays = self.rays
        for i in iter_bits(own_kings):
            for ray in rays[i]:
                for k, (bit, _) in enumerate(ray):
                    if occupied & bit:
                        if opp & bit and k + 1 < len(ray) and empty & ray[k + 1][0]:
                            return True
                        break
        return False

    def capture_paths(self, own: int, opp: int, kings: int, c: int) -> list[RawMove]:
        """Every complete capture, one per route, before deduplication and priority.

        Turkish strike (REFERENCE 1.3, 2.2): jumped pieces stay on the board until the
        move is over; they block the way and cannot be jumped twice. Where the variant
        removes them at once (``remove_at_once``) the square is free again as soon as
        the piece is taken. The start square is empty while the piece travels. A capture
        goes on while it can (FMJD 5.4.9, WCDF 1.20); a flying king that has several
        landing squares behind a piece must choose one from which it can go on
        capturing, if there is one (REFERENCE 2.2).
        """
        out: list[RawMove] = []
        append = out.append
        rules = self.rules
        promotion = self.promotion[c]
        passing = rules.promote_in_passing
        at_once = rules.remove_at_once
        behind = rules.land_behind
        opposite = self.opposite if at_once and not rules.king_reverses else None
        prey = self._prey(opp, kings)
        rays = self.rays
        origin = 0
        occupied = 0

        def king_flying(i: int, captured: int, path: tuple[int, ...], banned: int) -> bool:
            occ = occupied & ~captured if at_once else occupied
            found = False
            for j, ray in enumerate(rays[i]):
                if j == banned:
                    continue
                n = len(ray)
                k = 0
                while k < n and not occ & ray[k][0]:
                    k += 1
                if k >= n - 1:
                    continue
                bit = ray[k][0]
                if not opp & bit or captured & bit:
                    continue
                k += 1
                if occ & ray[k][0]:
                    continue
                found = True
                taken = captured | bit
                goes_on = False
                stops: list[int] = []
                end = k + 1 if behind else n
                turn = -1 if opposite is None else opposite[j]
                while k < end:
                    landing_bit, landing = ray[k]
                    if occ & landing_bit:
                        break
                    if king_flying(landing, taken, (*path, landing), turn):
                        goes_on = True
                    else:
                        stops.append(landing)
                    k += 1
                if not goes_on:
                    for landing in stops:
                        append((origin, landing, taken, (*path, landing), True))
            return found

        def king_short(i: int, captured: int, path: tuple[int, ...], banned: int) -> bool:
            occ = occupied & ~captured if at_once else occupied
            found = False
            for middle, landing_bit, landing in self.king_jumps[i]:
                if opp & middle and not captured & middle and not occ & landing_bit:
                    found = True
                    taken = captured | middle
                    route = (*path, landing)
                    if not king_short(landing, taken, route, -1):
                        append((origin, landing, taken, route, True))
            return found

        man_jumps = self.man_jumps[c]
        king_search = king_flying if rules.flying_kings else king_short

        def man(i: int, captured: int, path: tuple[int, ...]) -> bool:
            occ = occupied & ~captured if at_once else occupied
            found = False
            for middle, landing_bit, landing in man_jumps[i]:
                if prey & middle and not captured & middle and not occ & landing_bit:
                    found = True
                    taken = captured | middle
                    route = (*path, landing)
                    if passing and promotion & landing_bit:
                        if not king_search(landing, taken, route, -1):
                            append((origin, landing, taken, route, True))
                    elif not man(landing, taken, route):
                        append((origin, landing, taken, route, bool(promotion & landing_bit)))
            return found

        for i in iter_bits(own):
            origin = i
            occupied = (own | opp) & ~(1 << i)
            if kings >> i & 1:
                king_search(i, 0, (i,), -1)
            else:
                man(i, 0, (i,))
        return out

    def captures(self, own: int, opp: int, kings: int, c: int) -> list[RawMove]:
        """The legal captures: the routes the variant's priority allows, then one per
        (from, to, captured set) (REFERENCE 1.3, "identity of a capture"; "drop" semantics
        of section 7). The priority looks at routes, not moves: Italian's depends on the
        order in which the pieces are taken (FID 6.9), and a move is legal when one of its
        routes is."""
        routes = self.capture_paths(own, opp, kings, c)
        if self.select:
            routes = self.select(routes, kings)
        unique: dict[tuple[int, int, int], RawMove] = {}
        for move in routes:
            unique.setdefault(move[:3], move)
        return list(unique.values())

    # -- simple moves -------------------------------------------------------------

    def simple_moves(
        self, own: int, opp: int, kings: int, c: int, frozen: int = 0
    ) -> list[RawMove]:
        """Every non-capturing move, whether or not a capture is compulsory."""
        out: list[RawMove] = []
        empty = self.full & ~(own | opp)
        promotion = self.promotion[c]
        men = own & ~kings
        for delta, sources in self.man_step_shifts[c]:
            moved = (men & sources) << delta if delta > 0 else (men & sources) >> -delta
            for to in iter_bits(moved & empty):
                out.append((to - delta, to, 0, (to - delta, to), bool(promotion >> to & 1)))
        own_kings = own & kings & ~frozen
        if not own_kings:
            return out
        if self.rules.flying_kings:
            rays = self.step_rays
            for i in iter_bits(own_kings):
                for ray in rays[i]:
                    for bit, to in ray:
                        if not empty & bit:
                            break
                        out.append((i, to, 0, (i, to), True))
        else:
            for delta, sources in self.king_step_shifts:
                moved = (
                    (own_kings & sources) << delta if delta > 0 else (own_kings & sources) >> -delta
                )
                for to in iter_bits(moved & empty):
                    out.append((to - delta, to, 0, (to - delta, to), True))
        return out

    def count_simple(self, own: int, opp: int, kings: int, c: int, frozen: int = 0) -> int:
        """``len(simple_moves(...))`` without building the moves (bulk counting)."""
        empty = self.full & ~(own | opp)
        men = own & ~kings
        total = 0
        for delta, sources in self.man_step_shifts[c]:
            moved = (men & sources) << delta if delta > 0 else (men & sources) >> -delta
            total += (moved & empty).bit_count()
        own_kings = own & kings & ~frozen
        if not own_kings:
            return total
        if self.rules.flying_kings:
            rays = self.step_rays
            for i in iter_bits(own_kings):
                for ray in rays[i]:
                    for bit, _ in ray:
                        if not empty & bit:
                            break
                        total += 1
        else:
            for delta, sources in self.king_step_shifts:
                moved = (
                    (own_kings & sources) << delta if delta > 0 else (own_kings & sources) >> -delta
                )
                total += (moved & empty).bit_count()
        return total

    # -- legal moves --------------------------------------------------------------

    def legal(self, own: int, opp: int, kings: int, c: int, frozen: int = 0) -> list[RawMove]:
        """The legal moves: the captures if there is one, else the simple moves."""
        if self.has_capture(own, opp, kings, c):
            return self.captures(own, opp, kings, c)
        return self.simple_moves(own, opp, kings, c, frozen)

    def count(self, own: int, opp: int, kings: int, c: int, frozen: int = 0) -> int:
        """``len(legal(...))``, counting simple moves in bulk."""
        if self.has_capture(own, opp, kings, c):
            return len(self.captures(own, opp, kings, c))
        return self.count_simple(own, opp, kings, c, frozen)

    def has_moves(self, own: int, opp: int, kings: int, c: int, frozen: int = 0) -> bool:
        return (
            self.has_capture(own, opp, kings, c)
            or self.count_simple(own, opp, kings, c, frozen) > 0
        )


def next_king_run(run: KingRun, move: RawMove, was_king: bool) -> KingRun:
    """The mover's king run after ``move``: a simple king move extends the run of the king
    that made the previous one, or starts a run for another king; a man move or any
    capture ends it (Frisian king-move limit; lidraughts ``Frisian.scala``
    ``finalizeBoard``, which counts the same way)."""
    origin, to, captured = move[0], move[1], move[2]
    if captured or not was_king:
        return (-1, 0)
    return (to, run[1] + 1) if origin == run[0] else (to, 1)


def frozen_by_run(run: KingRun, men: int, limit: int) -> int:
    """The king barred from a simple move: the one that made ``limit`` simple moves in a
    row, while its side still has men (REFERENCE 4.6)."""
    return 1 << run[0] if men and run[1] >= limit else 0


def play(own: int, opp: int, kings: int, move: RawMove) -> tuple[int, int, int]:
    """The position after ``move``: (mover's pieces, opponent's pieces, kings)."""
    origin, to, captured, _, king_after = move
    start = 1 << origin
    end = 1 << to
    own = (own & ~start) | end
    kings &= ~(start | captured)
    if king_after:
        kings |= end
    return own, opp & ~captured, kings


def to_move(raw: RawMove) -> Move:
    """The public :class:`Move` of a raw move (square numbers are indices + 1)."""
    origin, to, captured, path, _ = raw
    return Move(
        origin + 1,
        to + 1,
        frozenset(i + 1 for i in iter_bits(captured)),
        tuple(s + 1 for s in path),
    )


def _mask(squares: Iterable[int]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << (square - 1)
    return mask


def _mirrored(rules: MoveRules) -> MoveRules:
    """The same rules seen from Black: every rank step reversed."""

    def flip(directions: tuple[Direction, ...]) -> tuple[Direction, ...]:
        return tuple((df, -dr) for df, dr in directions)

    return replace(
        rules,
        man_steps=flip(rules.man_steps),
        man_captures=flip(rules.man_captures),
        king_directions=flip(rules.king_directions),
        king_captures=flip(rules.king_captures),
    )


def _direction_shifts(geometry: Geometry, direction: Direction) -> Shifts:
    """How one step in ``direction`` moves a bit: a delta per group of start squares."""
    groups: dict[int, int] = {}
    for square in range(1, geometry.size + 1):
        ray = geometry.ray(square, direction)
        if ray:
            delta = ray[0] - square
            groups[delta] = groups.get(delta, 0) | 1 << (square - 1)
    return tuple(sorted(groups.items()))


def _merged_shifts(geometry: Geometry, directions: tuple[Direction, ...]) -> Shifts:
    """One step in any of ``directions``, grouped by delta. The groups stay exact: two
    directions never take the same start square to the same target."""
    groups: dict[int, int] = {}
    for direction in directions:
        for delta, sources in _direction_shifts(geometry, direction):
            groups[delta] = groups.get(delta, 0) | sources
    return tuple(sorted(groups.items()))


def _jumps(
    geometry: Geometry, directions: tuple[Direction, ...]
) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per square index: (jumped square bit, landing square bit, landing index) of each
    short jump in ``directions`` that stays on the board."""
    table = []
    for square in range(1, geometry.size + 1):
        jumps = []
        for direction in directions:
            ray = geometry.ray(square, direction)
            if len(ray) >= 2:
                jumps.append((1 << (ray[0] - 1), 1 << (ray[1] - 1), ray[1] - 1))
        table.append(tuple(jumps))
    return tuple(table)


def _rays(
    geometry: Geometry, directions: tuple[Direction, ...]
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """Per square index, per direction: the (bit, index) of each square along the line."""
    return tuple(
        tuple(tuple((1 << (s - 1), s - 1) for s in geometry.ray(square, d)) for d in directions)
        for square in range(1, geometry.size + 1)
    )
