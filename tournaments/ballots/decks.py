"""The published ballot decks shipped with the project, read and validated card by card.

The files in ``tournaments/data/ballots`` hold the published decks (docs/rules/tournaments.md
§6), each with its source on its first line. Every card is replayed with ``arbiter``
(:mod:`tournaments.ballots.cards`) and, where the source gives a FEN, the replayed position
must equal it. docs/rules/tournaments.md §6.5 lists three entries whose source FEN is
wrong; they are handled by :data:`KNOWN_SOURCE_ERRORS`, one explicit decision each,
written into the card's ``correction``. Any other disagreement, a count that differs from
the published one, or a known error that no longer shows raises :class:`DeckError`: no
card is dropped or changed silently.

>>> deck = load_deck("english-2-move")
>>> len(deck.cards), sum(card.barred for card in deck.cards), deck.cards[0].moves
(49, 6, '9-13 21-17')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

import arbiter
from tournaments.ballots.cards import CardError, relocated_fen, replay_card
from tournaments.i18n import gettext_noop

DATA = Path(__file__).resolve().parents[1] / "data" / "ballots"

Mismatch = Literal["turn", "position"]


class DeckError(ValueError):
    """A deck file that does not give the published deck: names the file, line and card."""


@dataclass(frozen=True)
class SourceError:
    """A known error of a source entry (docs/rules/tournaments.md §6.5): which part of its
    FEN disagrees with the replay, and the decision taken."""

    mismatch: Mismatch
    decision: str


#: (deck slug, card code) -> the known error of that entry's source FEN
#: (docs/rules/tournaments.md §6.5).
KNOWN_SOURCE_ERRORS: dict[tuple[str, str], SourceError] = {
    ("fmjd-64", "45-IX"): SourceError(
        "turn",
        "The source FEN has Black to move, but the six plies gh4 ba5 hg3 ab6 ef4 dc5 leave "
        "White to move (docs/rules/tournaments.md §6.5): the position of the replay is kept, "
        "White to move.",
    ),
    ("fmjd-64", "22-XV"): SourceError(
        "turn",
        "The source FEN has Black to move where every other relocation entry has White to "
        "move (docs/rules/tournaments.md §6.5): the relocated position is kept with White to "
        "move.",
    ),
    ("idf-64", "2-IV"): SourceError(
        "position",
        "The source FEN is that of 2-V (ab4 fe5 ba5), not of the published moves ef4 fe5 ab4 "
        "(docs/rules/tournaments.md §6.5): the published moves are kept with the position of "
        "their replay.",
    ),
}

#: (deck slug, card code) -> the earlier card of the same deck giving the same position. Found
#: by the load (docs/rules/tournaments.md §6.5): the FMJD table lists "a3-h4 g7-e5" and
#: "a3-h4 h6-a3" twice. Both entries are kept (the published table has 736) and marked.
KNOWN_DUPLICATES: dict[tuple[str, str], str] = {
    ("fmjd-64", "16-I"): "15-XV",
    ("fmjd-64", "16-II"): "15-XVI",
}


@dataclass(frozen=True)
class DeckCard:
    """One entry of a published deck, replayed: what loading a deck writes into a
    ``BallotCard`` row, with where it comes from (its place in the table, the text as
    published, corrections, groups). The card as it is dealt to a board is
    :class:`tournaments.ballots.cards.Card`.

    ``number`` orders the deck (ACF number, serial number, or place in the table) and is
    what the draw picks; ``code`` is the label players know (``"4"``, ``"1-I"``);
    ``notation`` is the entry as published; ``moves``/``start_fen``/``fen`` come from the
    replay (:class:`tournaments.ballots.cards.CardPosition`).
    """

    number: int
    code: str
    name: str
    notation: str
    moves: str
    start_fen: str
    fen: str
    barred: bool = False
    brazilian: bool = False
    group: str = ""
    correction: str = ""


@dataclass(frozen=True)
class Deck:
    slug: str
    name: str
    variant: str
    source: str
    cards: tuple[DeckCard, ...]


@dataclass(frozen=True)
class _Entry:
    """One line of a deck file, before replay."""

    where: str
    number: int
    code: str
    notation: str
    kind: Literal["moves", "relocation"] = "moves"
    name: str = ""
    source_fen: str = ""
    barred: bool = False
    brazilian: bool = False
    group: str = ""


def _lines(name: str) -> tuple[str, list[tuple[str, list[str]]]]:
    """(source line, [(file:line, tab-separated fields)]) of data file ``name``."""
    path = DATA / name
    source = ""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("# source:"):
            source = line.removeprefix("# source:").strip()
        elif line.strip() and not line.startswith("#"):
            rows.append((f"{name}:{number}", line.split("\t")))
    if not source:
        raise DeckError(f"{name}: no '# source:' line")
    return source, rows


def _english(ballot: str, barred: str) -> tuple[str, list[_Entry]]:
    """English decks: moves, number, then for the 3-move files part and name
    (docs/rules/english.md §4); the barred file's entries are kept, marked barred."""
    source, playable = _lines(ballot)
    _, excluded = _lines(barred)
    entries = []
    for rows, is_barred in ((playable, False), (excluded, True)):
        for where, fields in rows:
            moves, number, *rest = fields
            group = rest[0] if rest and rest[0] != "barred" else ""
            entries.append(
                _Entry(
                    where=where,
                    number=int(number),
                    code=number,
                    notation=moves,
                    name=rest[1] if len(rest) > 1 else "",
                    barred=is_barred,
                    group=group,
                )
            )
    return source, sorted(entries, key=lambda entry: entry.number)


def _fmjd64() -> tuple[str, list[_Entry]]:
    """FMJD Drawing Table 64: code, kind, notation, FEN, in the Brazilian table, note."""
    source, rows = _lines("draughts64_fmjd_drawing_table.tsv")
    for where, fields in rows:
        if fields[1] not in ("moves", "relocation"):
            raise DeckError(f"{where}: kind {fields[1]!r} is neither 'moves' nor 'relocation'")
    return source, [
        _Entry(
            where=where,
            number=index,
            code=fields[0],
            kind=fields[1],  # type: ignore[arg-type]
            notation=fields[2],
            source_fen=fields[3],
            brazilian=fields[4] == "yes",
        )
        for index, (where, fields) in enumerate(rows, 1)
    ]


def _idf64() -> tuple[str, list[_Entry]]:
    """IDF basic positions: code, moves (``Free`` = the initial position), FEN, note."""
    source, rows = _lines("draughts64_idf_basic_positions.tsv")
    return source, [
        _Entry(
            where=where,
            number=index,
            code=fields[0],
            notation=fields[1],
            source_fen=fields[2],
        )
        for index, (where, fields) in enumerate(rows, 1)
    ]


@dataclass(frozen=True)
class DeckSpec:
    """A published deck: where it is read from and the counts it must have."""

    slug: str
    name: str
    variant: str
    read: Callable[[], tuple[str, list[_Entry]]]
    cards: int
    barred: int = 0
    brazilian: int = 0


#: The decks shipped with the project, with their published counts
#: (docs/rules/tournaments.md §6).
BUILTIN_DECKS: dict[str, DeckSpec] = {
    spec.slug: spec
    for spec in (
        DeckSpec(
            "english-3-move",
            gettext_noop("ACF/WCDF 3-move ballot"),
            "english",
            lambda: _english("english_3move_ballot.txt", "english_3move_barred.txt"),
            cards=174,
            barred=18,
        ),
        DeckSpec(
            "english-2-move",
            gettext_noop("English 2-move ballot"),
            "english",
            lambda: _english("english_2move_ballot.txt", "english_2move_barred.txt"),
            cards=49,
            barred=6,
        ),
        DeckSpec(
            "fmjd-64",
            gettext_noop("FMJD Drawing Table 64"),
            "russian",
            _fmjd64,
            cards=736,
            brazilian=725,
        ),
        DeckSpec(
            "idf-64",
            gettext_noop("IDF Drawing Table 64 — basic positions"),
            "russian",
            _idf64,
            cards=150,
        ),
    )
}


def load_deck(slug: str) -> Deck:
    """Read and replay every card of the shipped deck ``slug`` (a key of BUILTIN_DECKS)."""
    spec = BUILTIN_DECKS[slug]
    source, entries = spec.read()
    cards = tuple(_card(spec, entry) for entry in entries)
    counts = (
        len(cards),
        sum(card.barred for card in cards),
        sum(card.brazilian for card in cards),
    )
    if counts != (spec.cards, spec.barred, spec.brazilian):
        raise DeckError(
            f"deck {slug}: {counts[0]} cards, {counts[1]} barred, {counts[2]} in the Brazilian "
            f"table; the published deck has {spec.cards}, {spec.barred} and {spec.brazilian}"
        )
    for field in ("number", "code"):
        values = [getattr(card, field) for card in cards]
        if len(set(values)) != len(values):
            twice = sorted({str(v) for v in values if values.count(v) > 1})
            raise DeckError(f"deck {slug}: two cards share a {field}: {', '.join(twice)}")
    cards = _mark_duplicates(slug, cards)
    return Deck(slug=slug, name=spec.name, variant=spec.variant, source=source, cards=cards)


def _mark_duplicates(slug: str, cards: tuple[DeckCard, ...]) -> tuple[DeckCard, ...]:
    """Cards reaching the position of an earlier card: allowed only as KNOWN_DUPLICATES, and
    then marked in their correction."""
    first: dict[str, DeckCard] = {}
    marked = []
    for card in cards:
        earlier = first.setdefault(card.fen, card)
        known = KNOWN_DUPLICATES.get((slug, card.code))
        if earlier is card and known is None:
            marked.append(card)
            continue
        if earlier is card or known != earlier.code:
            raise DeckError(
                f"deck {slug}: card {card.code} ({card.notation}) gives the position of card "
                f"{earlier.code}, expected {known or 'a position of its own'}: review "
                "KNOWN_DUPLICATES"
            )
        note = f"Same position as card {earlier.code}: the source table lists it twice."
        marked.append(replace(card, correction=" ".join(filter(None, (card.correction, note)))))
    return tuple(marked)


def _card(spec: DeckSpec, entry: _Entry) -> DeckCard:
    try:
        if entry.kind == "relocation":
            start = relocated_fen(variant=spec.variant, code=entry.code, notation=entry.notation)
            played = replay_card(variant=spec.variant, code=entry.code, start_fen=start)
        else:
            moves = "" if entry.notation == "Free" else entry.notation
            played = replay_card(variant=spec.variant, code=entry.code, moves=moves)
    except CardError as exc:
        raise DeckError(f"{entry.where}: {exc}") from exc
    correction = _check_source(spec, entry, played.fen)
    return DeckCard(
        number=entry.number,
        code=entry.code,
        name=entry.name,
        notation=entry.notation,
        moves=played.moves,
        start_fen=played.start_fen,
        fen=played.fen,
        barred=entry.barred,
        brazilian=entry.brazilian,
        group=entry.group,
        correction=correction,
    )


def _check_source(spec: DeckSpec, entry: _Entry, fen: str) -> str:
    """The card's correction text ("" when the source agrees with the replay); DeckError for
    a disagreement that is not a known source error, or a known error that is gone."""
    known = KNOWN_SOURCE_ERRORS.get((spec.slug, entry.code))
    mismatch = _mismatch(spec.variant, entry, fen) if entry.source_fen else None
    if mismatch is None and known is None:
        return ""
    if known is not None and mismatch == known.mismatch:
        return known.decision
    if known is not None:
        raise DeckError(
            f"{entry.where}: card {entry.code} is listed as a known source error "
            f"({known.mismatch} of the FEN) but the source now shows "
            f"{mismatch or 'no disagreement'}: review KNOWN_SOURCE_ERRORS"
        )
    raise DeckError(
        f"{entry.where}: card {entry.code} ({entry.notation}): the {mismatch} of the source FEN "
        f"{entry.source_fen} disagrees with the replay {fen}"
    )


def _mismatch(variant: str, entry: _Entry, fen: str) -> Mismatch | None:
    board_type = arbiter.find_variant(variant)
    try:
        source = board_type(entry.source_fen)
    except arbiter.ArbiterError as exc:
        raise DeckError(f"{entry.where}: card {entry.code}: source FEN: {exc}") from exc
    replayed = board_type(fen)
    if source.fen()[1:] != replayed.fen()[1:]:
        return "position"
    if source.turn is not replayed.turn:
        return "turn"
    return None
