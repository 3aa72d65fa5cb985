"""Move generation on bitboards (private).

A position is three ints laid out by :class:`arbiter._bits.Layout`: the side to move's
pieces ``own``, the opponent's ``opp`` and all ``kings``, plus the index ``c`` of the
side to move (0 = White, 1 = Black). In that layout a step in a direction is the same
shift everywhere, so "which men can capture" or "how many simple moves" are a few shifts
and masks for the whole board at once. Tables are built once per variant from its
geometry and rules; the hot paths create no objects but the moves they return.

A raw move is a tuple ``(from, to, captured, path, king_after)``: bit indices, the mask
of captured pieces, every landing square (start and end included) and whether the
moving piece is a king once the move is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from arbiter._bits import Layout, bit_indices
from arbiter.geometry import Direction, Geometry
from arbiter.move import Move

RawMove = tuple[int, int, int, tuple[int, ...], bool]
#: Some simple moves, raw and public, in the same order.
_Slice = tuple[tuple[RawMove, ...], tuple[Move, ...]]
#: A side's run of simple moves with one king: (bit index where the king stands, moves)
KingRun = tuple[int, int]
#: Per bit index: (index delta, mask of the squares along the line) of each direction.
RayMasks = tuple[tuple[tuple[int, int], ...], ...]


@dataclass(frozen=True)
class MoveRules:
    """How pieces move, as data. Directions are given for White; Black's are mirrored.

    - ``man_steps``: directions of a man's simple move (one square).
    - ``man_captures``: directions in which a man jumps an adjacent enemy piece.
    - ``king_directions``: directions of a king's simple moves.
    - ``king_captures``: directions of a king's captures (Frisian kings also capture
      straight, docs/rules/frisian.md §2.2); empty means ``king_directions``.
    - ``flying_kings``: kings move and capture at any distance (FMJD 3.9;
      docs/rules/international.md §2.2, §3.3); otherwise one square and short jumps (WCDF 1.17;
      docs/rules/english.md §2.2).
    - ``promote_in_passing``: a man reaching the far row during a capture is crowned
      at once and goes on capturing as a king (draughts-64, docs/rules/russian.md §2.5); otherwise
      it goes on as a man and is crowned only if the move ends there (FMJD 3.5, 4.15,
      docs/rules/international.md §4.1; with forward-only men the capture ends there,
      WCDF 1.19).
    - ``men_capture_kings``: false where a man may not jump a king (Italian, FID 5.3(b);
      docs/rules/italian.md §2.1).
    - ``land_behind``: a flying king must land on the square just behind the piece it
      takes (Thai; dctl ``thai.hpp`` ``is_land_behind_piece``).
    - ``remove_at_once``: each captured piece leaves the board as soon as it is jumped,
      which can open new lines during the capture (Turkish: docs/rules/turkish.md §2.3; Thai: dctl
      ``is_passing_capture``); otherwise the Turkish strike holds (docs/rules/README.md §1).
    - ``king_reverses``: with ``remove_at_once``, whether a flying king may turn 180
      degrees between two jumps (Thai yes, dctl ``is_reverse_king_jump_v``; Turkish no,
      docs/rules/turkish.md §2.5). Under the Turkish strike a reversal would jump a taken
      piece again.
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


class MoveGenerator:
    """Legal move generation for one variant; ``select`` applies its capture priority
    (e.g. the majority rule) to the complete, deduplicated captures, given the kings.

    ``frozen`` (a mask of the side to move's kings) names kings that may not make a
    simple move now (Frisian king-move limit, docs/rules/frisian.md §2.4); captures are unaffected.
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
        mirror = [rules, _mirrored(rules)]
        jump_directions = rules.king_jump_directions
        layout = Layout(
            geometry,
            (*rules.man_steps, *rules.man_captures, *rules.king_directions, *jump_directions),
        )
        self.layout = layout
        self.full = layout.full
        self.promotion = (
            layout.mask(geometry.rank_squares(geometry.height - 1)),
            layout.mask(geometry.rank_squares(0)),
        )
        self.man_steps = tuple(tuple(layout.delta(d) for d in r.man_steps) for r in mirror)
        self.man_captures = tuple(tuple(layout.delta(d) for d in r.man_captures) for r in mirror)
        self.man_jumps = tuple(_jumps(layout, r.man_captures) for r in mirror)
        self.king_steps = tuple(layout.delta(d) for d in rules.king_directions)
        self.king_captures = tuple(layout.delta(d) for d in jump_directions)
        self.king_jumps = _jumps(layout, jump_directions)
        self.rays = _rays(layout, jump_directions)
        self.ray_masks = _ray_masks(layout, jump_directions)
        same = jump_directions == rules.king_directions
        self.step_rays = self.rays if same else _rays(layout, rules.king_directions)
        self.step_ray_masks = self.ray_masks if same else _ray_masks(layout, rules.king_directions)
        #: per capture direction index, the index of the opposite direction (or -1)
        self.opposite = tuple(
            jump_directions.index((-df, -dr)) if (-df, -dr) in jump_directions else -1
            for df, dr in jump_directions
        )
        #: per colour: what a man may do after a jump (see ``_sequels``)
        self.man_sequels = tuple(_sequels(deltas) for deltas in self.man_captures)
        #: (p, q) where men step forward diagonally and capture along the four diagonals
        #: under the Turkish strike, the diagonals being the index deltas +-p and +-q:
        #: :meth:`count_lanes` then counts positions without kings
        self.diagonal = _diagonal(rules, self.man_steps, self.man_captures, self.man_sequels)
        #: per colour: whether its men step towards higher indices
        self.rising = tuple(all(d > 0 for d in deltas) for deltas in self.man_steps)
        #: per colour: where a man is crowned during a capture and goes on as a king
        self.crowning = self.promotion if rules.promote_in_passing else (0, 0)
        #: the bits of one position (every square's index is below it), and the bits
        #: between two positions packed side by side (:meth:`count_lanes`): room for a
        #: shift by two steps along any diagonal
        self.width = self.full.bit_length()
        self.lane = self.width + 2 * max(self.diagonal or (0,))
        self._lane_bits = (1 << self.lane) - 1
        #: jumped pieces stay on the board until the move is over (see capture_paths)
        self._strike = not rules.remove_at_once
        self._packings = [(0, 0)]
        #: per colour: the search of :meth:`_man_routes`
        self._man_searches = tuple(
            _man_search(self.man_jumps[c], self.promotion[c], self.crowning[c]) for c in (0, 1)
        )
        # Every simple move the board allows, built once, by ``from << 8 | to``: a man's
        # raw move per colour (it may be crowned), a king's, and the public Move.
        self._man_steps: tuple[dict[int, RawMove], dict[int, RawMove]] = ({}, {})
        self._king_steps: dict[int, RawMove] = {}
        self._moves: dict[int, Move] = {}
        #: the public Move of capture raw moves met so far (a Move is a value: the same
        #: raw move always gives an equal one; games repeat the same exchanges)
        self._capture_moves: dict[RawMove, Move] = {}
        self._add_steps(mirror)
        #: per colour and men's step direction, per byte of bit indices: the steps to
        #: the targets each value of the byte marks (:meth:`_step_slice`, filled as met)
        self._step_slices: tuple[tuple[list[list[_Slice | None]], ...], ...] = tuple(
            tuple([[None] * 256 for _ in range(self.width // 8 + 1)] for _ in deltas)
            for deltas in self.man_steps
        )

    def _add_steps(self, mirror: list[MoveRules]) -> None:
        geometry, index = self.geometry, self.layout.index
        reach = None if self.rules.flying_kings else 1
        for square in range(1, geometry.size + 1):
            origin = index[square]
            for c, rules in enumerate(mirror):
                for direction in rules.man_steps:
                    for target in geometry.ray(square, direction)[:1]:
                        to = index[target]
                        crowned = bool(self.promotion[c] >> to & 1)
                        self._man_steps[c][origin << 8 | to] = (
                            origin,
                            to,
                            0,
                            (origin, to),
                            crowned,
                        )
                        self._moves[origin << 8 | to] = Move(square, target)
            for direction in self.rules.king_directions:
                for target in geometry.ray(square, direction)[:reach]:
                    to = index[target]
                    self._king_steps[origin << 8 | to] = (origin, to, 0, (origin, to), True)
                    self._moves[origin << 8 | to] = Move(square, target)

    # -- captures -----------------------------------------------------------------

    def capturers(self, own: int, opp: int, kings: int, c: int) -> int:
        """The mask of the side to move's pieces that have a capture (compulsory: FMJD
        4, WCDF 1.20; docs/rules/international.md §3.1, russian.md §2.3, english.md §2.3):
        a man next to a piece it may take
        with an empty square behind it, a king that meets an enemy piece first along a
        line with an empty square behind it (next to it for a short king)."""
        empty = self.full & ~(own | opp)
        found = 0
        men = own & ~kings
        if men and self.diagonal is not None:  # the four diagonals, unrolled
            p, q = self.diagonal
            found = men & (
                (empty >> p & opp) >> p
                | (empty >> q & opp) >> q
                | (empty << p & opp) << p
                | (empty << q & opp) << q
            )
        elif men:
            prey = opp if self.rules.men_capture_kings else opp & ~kings
            for d in self.man_captures[c]:  # _jump_starts, inlined on this hot path
                found |= (empty >> d & prey) >> d if d > 0 else (empty << -d & prey) << -d
            found &= men
        own_kings = own & kings
        if own_kings:
            found |= self._king_capturers(own_kings, opp, empty)
        return found

    def _king_capturers(self, own_kings: int, opp: int, empty: int) -> int:
        """The kings of ``own_kings`` that have a capture."""
        found = 0
        if not self.rules.flying_kings:
            for start in _jump_starts(self.king_captures, empty, opp):
                found |= start
            return found & own_kings
        occupied = self.full & ~empty
        ray_masks = self.ray_masks
        while own_kings:
            king = own_kings & -own_kings
            own_kings ^= king
            for d, ray in ray_masks[king.bit_length() - 1]:
                blockers = ray & occupied
                if not blockers:
                    continue
                if d > 0:
                    first = blockers & -blockers
                    if first & opp and first << d & empty:
                        found |= king
                        break
                else:
                    first = 1 << blockers.bit_length() - 1
                    if first & opp and first >> -d & empty:
                        found |= king
                        break
        return found

    def _single_jumps(self, men: int, kings: int, starts: list[int], c: int) -> int | None:
        """How many captures there are when each is one man taking one man with a single
        jump, counted in bulk; None when that is not so (a man can go on after its jump,
        or may be crowned on the way and go on as a king, or takes a king where a
        priority hook could prefer that): the captures must then be generated.
        ``starts`` are the squares a jump in each man capture direction leaves from.

        Two such captures can differ for a priority only by what they take (the hook's
        contract, see ``Board._capture_precedence``); a man takes at most one piece
        here, so without kings taken every capture stays legal.
        """
        sequels = self.man_sequels[c]
        if sequels is None:
            return None
        taken_kings = kings if self.select else 0
        crowning = self.promotion[c] if self.rules.promote_in_passing else 0
        total = 0
        for (d, others), start in zip(sequels, starts, strict=True):
            movers = men & start
            if not movers:
                continue
            if d > 0:
                middle, landing = movers << d, movers << 2 * d
            else:
                middle, landing = movers >> -d, movers >> -2 * d
            if middle & taken_kings or landing & crowning:
                return None
            for j in others:
                if landing & starts[j]:
                    return None
            total += movers.bit_count()
        return total

    def capture_paths(
        self, own: int, opp: int, kings: int, c: int, origins: int | None = None
    ) -> list[RawMove]:
        """Every complete capture, one per route, before deduplication and priority, by
        the pieces of ``origins`` (default: every piece that has a capture).

        Turkish strike (docs/rules/international.md §3.5, russian.md §2.4): jumped pieces
        stay on the board until the
        move is over; they block the way and cannot be jumped twice. Where the variant
        removes them at once (``remove_at_once``) the square is free again as soon as
        the piece is taken. The start square is empty while the piece travels. A capture
        goes on while it can (FMJD 5.4.9, WCDF 1.20); a flying king that has several
        landing squares behind a piece must choose one from which it can go on
        capturing, if there is one (docs/rules/russian.md §2).
        """
        if origins is None:
            origins = self.capturers(own, opp, kings, c)
        if not origins & kings and self._strike:
            routes = self._man_routes(own, opp, kings, c, origins)
            if routes is not None:
                return routes
        out: list[RawMove] = []
        append = out.append
        rules = self.rules
        promotion = self.promotion[c]
        passing = rules.promote_in_passing
        at_once = rules.remove_at_once
        behind = rules.land_behind
        opposite = self.opposite if at_once and not rules.king_reverses else None
        prey = opp if rules.men_capture_kings else opp & ~kings
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

        pieces = own | opp
        while origins:
            low = origins & -origins
            origins ^= low
            origin = low.bit_length() - 1
            occupied = pieces ^ low
            if kings & low:
                king_search(origin, 0, (origin,), -1)
            else:
                man(origin, 0, (origin,))
        return out

    def _man_routes(
        self, own: int, opp: int, kings: int, c: int, origins: int
    ) -> list[RawMove] | None:
        """:meth:`capture_paths` where only men capture and jumped pieces stay on the
        board (the same routes in the same order, without setting up the king searches);
        None if a man would be crowned on the way and go on as a king."""
        out: list[RawMove] = []
        search = self._man_searches[c]
        prey = opp if self.rules.men_capture_kings else opp & ~kings
        vacant = self.full & ~(own | opp)
        try:
            while origins:
                low = origins & -origins
                origins ^= low
                origin = low.bit_length() - 1
                search(origin, prey, vacant | low, 0, (origin,), out)
        except _Crowned:
            return None
        return out

    def _single_jump_routes(
        self, own: int, opp: int, kings: int, c: int, origins: int
    ) -> list[RawMove] | None:
        """:meth:`captures` where the men of ``origins`` each take one man and cannot go
        on (the commonest captures of a game; what :meth:`_single_jumps` counts): their
        routes as :meth:`_man_routes` finds them, in its order, without a search per
        landing. Every route then takes one man with a man: no variant's priority tells
        two of them apart (Board._capture_precedence) and they are distinct moves. None
        where a jump takes a king, goes on, or lands where a man is crowned in passing:
        the general search."""
        table = self.man_jumps[c]
        prey = opp & ~kings
        vacant = self.full & ~(own | opp)
        crowning, promotion = self.crowning[c], self.promotion[c]
        out: list[RawMove] = []
        while origins:
            low = origins & -origins
            origins ^= low
            origin = low.bit_length() - 1
            free = vacant | low  # the start square is empty while the man travels
            for middle, landing_bit, landing in table[origin]:
                if not landing_bit & free:
                    continue
                if not middle & prey:
                    if middle & opp:
                        return None  # a king to take: the priorities may tell it apart
                    continue
                if landing_bit & crowning:
                    return None
                rest = opp ^ middle  # a king too: the search would take it if it may
                for further, further_bit, _ in table[landing]:
                    if further & rest and further_bit & free:
                        return None  # it goes on
                out.append(
                    (origin, landing, middle, (origin, landing), bool(promotion & landing_bit))
                )
        return out

    def captures(
        self, own: int, opp: int, kings: int, c: int, origins: int | None = None
    ) -> list[RawMove]:
        """The legal captures: the routes the variant's priority allows, then one per
        (from, to, captured set) (docs/rules/international.md §3.7, "drop" semantics of
        docs/rules/perft.md §1). The priority looks at routes, not moves: Italian's depends on the
        order in which the pieces are taken (FID 6.9), and a move is legal when one of its
        routes is."""
        if origins is not None and not origins & kings and self._strike:
            jumps = self._single_jump_routes(own, opp, kings, c, origins)
            if jumps is not None:
                return jumps
        routes = self.capture_paths(own, opp, kings, c, origins)
        if self.select:
            routes = self.select(routes, kings)
        if len(routes) < 2:
            return routes
        unique: dict[tuple[int, int, int], RawMove] = {}
        for move in routes:
            unique.setdefault(move[:3], move)
        return list(unique.values())

    # -- simple moves -------------------------------------------------------------

    def simple_moves(
        self, own: int, opp: int, kings: int, c: int, frozen: int = 0
    ) -> list[RawMove]:
        """Every non-capturing move, whether or not a capture is compulsory."""
        return self.simple_lists(own, opp, kings, c, frozen)[0]

    def simple_lists(
        self, own: int, opp: int, kings: int, c: int, frozen: int = 0
    ) -> tuple[list[RawMove], list[Move]]:
        """:meth:`simple_moves` and the public :class:`Move` of each, in the same order.
        The men's steps in one direction are read a byte of target squares at a time
        (:meth:`_step_slice`): one lookup for up to eight moves."""
        raws: list[RawMove] = []
        moves: list[Move] = []
        empty = self.full & ~(own | opp)
        men = own & ~kings
        for d, slices in zip(self.man_steps[c], self._step_slices[c], strict=True):
            targets = (men << d if d > 0 else men >> -d) & empty
            k = 0
            while targets:
                byte = targets & 255
                if byte:
                    found = slices[k][byte] or self._step_slice(c, d, k, byte)
                    raws += found[0]
                    moves += found[1]
                targets >>= 8
                k += 1
        own_kings = own & kings & ~frozen
        if not own_kings:
            return raws, moves
        steps, public = self._king_steps, self._moves
        append, add = raws.append, moves.append
        if self.rules.flying_kings:
            rays = self.step_rays
            for i in bit_indices(own_kings):
                for ray in rays[i]:
                    for bit, to in ray:
                        if not empty & bit:
                            break
                        append(steps[i << 8 | to])
                        add(public[i << 8 | to])
        else:
            for d in self.king_steps:
                targets = (own_kings << d if d > 0 else own_kings >> -d) & empty
                while targets:
                    low = targets & -targets
                    targets ^= low
                    to = low.bit_length() - 1
                    append(steps[to - d << 8 | to])
                    add(public[to - d << 8 | to])
        return raws, moves

    def _step_slice(self, c: int, d: int, k: int, byte: int) -> _Slice:
        """The men's steps of colour ``c`` by ``d`` to the targets ``byte`` marks among bit
        indices ``8k`` to ``8k + 7``, raw and public, worked out once and kept."""
        targets = [8 * k + bit for bit in range(8) if byte >> bit & 1]
        keys = [to - d << 8 | to for to in targets]
        found = (
            tuple(self._man_steps[c][key] for key in keys),
            tuple(self._moves[key] for key in keys),
        )
        self._step_slices[c][self.man_steps[c].index(d)][k][byte] = found
        return found

    def simple_move(
        self, own: int, opp: int, kings: int, c: int, frozen: int, origin: int, to: int
    ) -> RawMove | None:
        """The simple move from bit index ``origin`` to ``to`` if there is one (as
        :meth:`simple_moves` would list it), whether or not a capture is compulsory."""
        start, end = 1 << origin, 1 << to
        occupied = own | opp
        if not own & start or occupied & end or not self.full & end:
            return None
        key = origin << 8 | to
        if not kings & start:
            return self._man_steps[c].get(key)
        if frozen & start:
            return None
        if not self.rules.flying_kings:
            return self._king_steps.get(key)
        for d, ray in self.step_ray_masks[origin]:
            if ray & end:
                between = ray & (end - 1) if d > 0 else ray & ~(2 * end - 1)
                return None if between & occupied else self._king_steps[key]
        return None

    def has_simple(self, own: int, opp: int, kings: int, c: int, frozen: int = 0) -> bool:
        """``count_simple(...) > 0``, from the first man's step found."""
        empty = self.full & ~(own | opp)
        men = own & ~kings
        if self.diagonal is not None and not own & kings:  # men only, two steps unrolled
            p, q = self.diagonal
            if self.rising[c]:
                return (men << p | men << q) & empty != 0
            return (men >> p | men >> q) & empty != 0
        for d in self.man_steps[c]:
            if (men << d if d > 0 else men >> -d) & empty:
                return True
        # a king, short or flying, can move where the next square along a line is empty
        own_kings = own & kings & ~frozen
        if own_kings:
            for d in self.king_steps:
                if (own_kings << d if d > 0 else own_kings >> -d) & empty:
                    return True
        return False

    def count_simple(self, own: int, opp: int, kings: int, c: int, frozen: int = 0) -> int:
        """``len(simple_moves(...))`` without building the moves (bulk counting)."""
        empty = self.full & ~(own | opp)
        men = own & ~kings
        total = 0
        for d in self.man_steps[c]:
            total += ((men << d if d > 0 else men >> -d) & empty).bit_count()
        own_kings = own & kings & ~frozen
        if not own_kings:
            return total
        if self.rules.flying_kings:
            occupied = own | opp
            ray_masks = self.step_ray_masks
            while own_kings:
                king = own_kings & -own_kings
                own_kings ^= king
                for d, ray in ray_masks[king.bit_length() - 1]:
                    blockers = ray & occupied
                    if not blockers:
                        total += ray.bit_count()
                    elif d > 0:
                        total += (ray & (blockers & -blockers) - 1).bit_count()
                    else:
                        total += (ray >> blockers.bit_length()).bit_count()
        else:
            for d in self.king_steps:
                total += ((own_kings << d if d > 0 else own_kings >> -d) & empty).bit_count()
        return total

    # -- legal moves --------------------------------------------------------------

    def legal(self, own: int, opp: int, kings: int, c: int, frozen: int = 0) -> list[RawMove]:
        """The legal moves: the captures if there is one, else the simple moves."""
        origins = self.capturers(own, opp, kings, c)
        if origins:
            return self.captures(own, opp, kings, c, origins)
        return self.simple_moves(own, opp, kings, c, frozen)

    def count(self, own: int, opp: int, kings: int, c: int, frozen: int = 0) -> int:
        """``len(legal(...))``: simple moves counted in bulk, and captures too when each
        is a single jump of a man over a man (:meth:`_single_jumps`)."""
        if not kings and self.diagonal is not None:
            return self.count_lanes(own, opp, self.full ^ (own | opp), c, 1)
        empty = self.full & ~(own | opp)
        men = own & ~kings
        own_kings = own & kings
        jumpers = 0
        starts: list[int] = []
        if men:
            prey = opp if self.rules.men_capture_kings else opp & ~kings
            for d in self.man_captures[c]:  # _jump_starts, inlined on this hot path
                start = (empty >> d & prey) >> d if d > 0 else (empty << -d & prey) << -d
                starts.append(start)
                jumpers |= start
            jumpers &= men
        king_jumpers = self._king_capturers(own_kings, opp, empty) if own_kings else 0
        if king_jumpers:
            return len(self.captures(own, opp, kings, c, jumpers | king_jumpers))
        if jumpers:
            total = self._single_jumps(men, kings, starts, c)
            if total is None:
                return len(self.captures(own, opp, kings, c, jumpers))
            return total
        return self.count_simple(own, opp, kings, c, frozen)

    def count_lanes(self, own: int, opp: int, empty: int, c: int, n: int) -> int:
        """The sum of :meth:`count` over ``n`` positions without kings, side ``c`` to move,
        where men move along the diagonals :attr:`diagonal` names. The positions come
        packed side by side, position ``i`` in bits ``i * lane`` and up of each of
        ``own``, ``opp`` and ``empty`` (a mask of one position's empty squares).

        Each position's moves are counted on its own bits, all positions at once: a
        shift by at most ``2 * q`` never carries a square into a neighbouring position,
        whose bits start ``lane`` bits higher (see ``__init__``), and what a right shift
        brings down from the position above lands on bits that are no square. Simple
        moves and captures that are single jumps are counted in bulk as
        :meth:`_single_jumps` does; the captures of a position where a man can go on
        after its jump (or is crowned on the way and goes on as a king) are generated.
        """
        p, q = self.diagonal  # type: ignore[misc]
        # per diagonal +p, +q, -p, -q: the squares from which a jump takes and lands
        up_p = (empty >> p & opp) >> p
        up_q = (empty >> q & opp) >> q
        down_p = (empty << p & opp) << p
        down_q = (empty << q & opp) << q
        jumps_up_p, jumps_up_q = own & up_p, own & up_q
        jumps_down_p, jumps_down_q = own & down_p, own & down_q
        jumpers = jumps_up_p | jumps_up_q | jumps_down_p | jumps_down_q
        if self.rising[c]:
            steps_p, steps_q = own << p & empty, own << q & empty
        else:
            steps_p, steps_q = own >> p & empty, own >> q & empty
        if not jumpers:
            return steps_p.bit_count() + steps_q.bit_count()
        repeat, fill = self._packing(n)
        width, lane_bits = self.width, self._lane_bits
        # every bit of the lanes where the side to move has a capture
        capturing = ((jumpers + fill) >> width & repeat) * lane_bits
        total = (steps_p & ~capturing).bit_count() + (steps_q & ~capturing).bit_count()
        up_p_to, up_q_to = jumps_up_p << 2 * p, jumps_up_q << 2 * q
        down_p_to, down_q_to = jumps_down_p >> 2 * p, jumps_down_q >> 2 * q
        # a man that can jump again from where it lands, in any direction but straight
        # back, or is crowned there and goes on as a king, makes a longer capture
        longer = (
            up_p_to & (up_p | up_q | down_q)
            | up_q_to & (up_p | up_q | down_p)
            | down_p_to & (up_q | down_p | down_q)
            | down_q_to & (up_p | down_p | down_q)
        )
        crowning = self.crowning[c]
        if crowning:
            longer |= (up_p_to | up_q_to | down_p_to | down_q_to) & crowning * repeat
        if not longer:
            return (
                total
                + jumps_up_p.bit_count()
                + jumps_up_q.bit_count()
                + jumps_down_p.bit_count()
                + jumps_down_q.bit_count()
            )
        generated = ((longer + fill) >> width & repeat) * lane_bits
        total += (
            (jumps_up_p & ~generated).bit_count()
            + (jumps_up_q & ~generated).bit_count()
            + (jumps_down_p & ~generated).bit_count()
            + (jumps_down_q & ~generated).bit_count()
        )
        full = self.full
        flags = generated & repeat
        while flags:
            low = flags & -flags
            flags ^= low
            shift = low.bit_length() - 1
            origins = jumpers >> shift & full
            total += len(self.captures(own >> shift & full, opp >> shift & full, 0, c, origins))
        return total

    def _packing(self, n: int) -> tuple[int, int]:
        """For ``n`` packed positions: the mask of bit 0 of each lane (``x * repeat``
        packs ``n`` copies of ``x``), and ``repeat`` times the mask of one position's
        bits (added to a packed mask of squares, it carries into bit ``width`` of each
        lane that has a square)."""
        packings = self._packings
        while len(packings) <= n:
            repeat = packings[-1][0] << self.lane | 1
            packings.append((repeat, repeat * ((1 << self.width) - 1)))
        return packings[n]

    # -- squares ------------------------------------------------------------------

    def moves(self, raws: list[RawMove]) -> list[Move]:
        """The public :class:`Move` of each raw move."""
        simple, move = self._moves, self.move
        return [move(raw) if raw[2] else simple[raw[0] << 8 | raw[1]] for raw in raws]

    def move(self, raw: RawMove) -> Move:
        """The public :class:`Move` of a raw move, in square numbers."""
        origin, to, captured, path, _ = raw
        if not captured:
            return self._moves[origin << 8 | to]
        made = self._capture_moves
        move = made.get(raw)
        if move is None:
            if len(made) >= _CAPTURE_MOVES:
                made.clear()
            square = self.layout.square
            taken = []
            while captured:
                low = captured & -captured
                captured ^= low
                taken.append(square[low.bit_length() - 1])
            path_squares = tuple([square[i] for i in path])
            move = Move(square[origin], square[to], frozenset(taken), path_squares)
            made[raw] = move
        return move


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
    row, while its side still has men (docs/rules/frisian.md §2.4)."""
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


#: How many capture moves ``MoveGenerator.move`` keeps before it starts again.
_CAPTURE_MOVES = 4096


class _Crowned(Exception):
    """A man reached the crowning row during a capture and goes on as a king."""


def _man_search(
    jumps: tuple[tuple[tuple[int, int, int], ...], ...], promotion: int, crowning: int
) -> Callable[[int, int, int, int, tuple[int, ...], list[RawMove]], bool]:
    """The depth-first search of a man's captures from bit index ``i`` (the ``man``
    search of :meth:`MoveGenerator.capture_paths`, with its tables bound once): ``prey``
    holds the pieces it may still take, ``vacant`` the squares it may land on; complete
    routes go to ``out``; True if the man could jump. Raises :class:`_Crowned` where
    it lands on ``crowning``."""

    def search(
        i: int, prey: int, vacant: int, captured: int, path: tuple[int, ...], out: list[RawMove]
    ) -> bool:
        found = False
        for middle, landing_bit, landing in jumps[i]:
            if middle & prey and landing_bit & vacant:
                if landing_bit & crowning:
                    raise _Crowned
                found = True
                taken = captured | middle
                route = (*path, landing)
                if not search(landing, prey ^ middle, vacant, taken, route, out):
                    out.append((path[0], landing, taken, route, bool(promotion & landing_bit)))
        return found

    return search


def _diagonal(
    rules: MoveRules,
    steps: tuple[tuple[int, ...], ...],
    captures: tuple[tuple[int, ...], ...],
    sequels: tuple[object, ...],
) -> tuple[int, int] | None:
    """(p, q), 0 < p < q, when each colour's men step by +p and +q (or -p and -q) and
    capture by all four of +-p and +-q, jumped pieces staying on the board until the
    move is over and men taking kings too (docs/rules/international.md §2-§3, russian.md
    §2); None otherwise."""
    if rules.remove_at_once or not rules.men_capture_kings or None in sequels:
        return None
    sizes = sorted({abs(d) for d in captures[0]})
    if len(sizes) != 2:
        return None
    p, q = sizes
    four = [-q, -p, p, q]
    for deltas, moves in zip(captures, steps, strict=True):
        if sorted(deltas) != four or sorted(abs(d) for d in moves) != [p, q]:
            return None
        if len({d > 0 for d in moves}) != 1:
            return None
    return p, q


def _jump_starts(deltas: tuple[int, ...], empty: int, prey: int) -> list[int]:
    """Per index delta: the squares from which a short jump that way takes a piece of
    ``prey`` and lands on an ``empty`` square."""
    return [(empty >> d & prey) >> d if d > 0 else (empty << -d & prey) << -d for d in deltas]


def _sequels(deltas: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...] | None:
    """Per man capture direction (index delta): the directions in which the man may jump
    next, all but straight back over the piece it took. None when a next jump could
    land on or pass over the start square or the taken piece in another way than that
    (then a bulk count could not judge a second jump from the landing square alone)."""
    if any(e in (-2 * d, -d / 2) for d in deltas for e in deltas):
        return None
    return tuple((d, tuple(j for j, e in enumerate(deltas) if e != -d)) for d in deltas)


def _jumps(
    layout: Layout, directions: tuple[Direction, ...]
) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per bit index: (jumped square bit, landing square bit, landing index) of each
    short jump in ``directions`` that stays on the board (none on ghost bits)."""
    table: list[tuple[tuple[int, int, int], ...]] = [()] * len(layout.square)
    index = layout.index
    for square in range(1, layout.geometry.size + 1):
        jumps = []
        for direction in directions:
            ray = layout.geometry.ray(square, direction)
            if len(ray) >= 2:
                jumps.append((layout.bit[ray[0]], layout.bit[ray[1]], index[ray[1]]))
        table[index[square]] = tuple(jumps)
    return tuple(table)


def _rays(
    layout: Layout, directions: tuple[Direction, ...]
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """Per bit index, per direction: the (bit, index) of each square along the line."""
    table: list[tuple[tuple[tuple[int, int], ...], ...]] = [()] * len(layout.square)
    geometry, bit, index = layout.geometry, layout.bit, layout.index
    for square in range(1, geometry.size + 1):
        table[index[square]] = tuple(
            tuple((bit[s], index[s]) for s in geometry.ray(square, d)) for d in directions
        )
    return tuple(table)


def _ray_masks(layout: Layout, directions: tuple[Direction, ...]) -> RayMasks:
    """Per bit index: (index delta, mask of the line) of each direction with a square."""
    table: list[tuple[tuple[int, int], ...]] = [()] * len(layout.square)
    geometry, index = layout.geometry, layout.index
    for square in range(1, geometry.size + 1):
        table[index[square]] = tuple(
            (layout.delta(d), layout.mask(line))
            for d in directions
            if (line := geometry.ray(square, d))
        )
    return tuple(table)
