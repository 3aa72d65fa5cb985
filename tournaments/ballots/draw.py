"""The auditable draw: which cards are still in the deck, and which one a seed picks.

Rule of this application (after ACF/WCDF match practice, docs/rules/tournaments.md §6.7): cards
are drawn without replacement until every drawable card of the deck has come out, then the
deck is whole again. A voided draw's card counts as drawn (it is not put back): the audit
trail never depends on when a draw was voided.

The pick is portable and checkable by hand: the SHA-256 digest of the seed, read as a
big-endian integer, modulo the number of cards left, indexes the cards left in number order.

>>> pool = cards_left(deck=[1, 2, 3], drawn=[2])
>>> pool
[1, 3]
>>> pick(seed="00", pool=pool) in pool
True
>>> cards_left(deck=[1, 2, 3], drawn=[2, 1, 3])
[1, 2, 3]
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence


def new_seed() -> str:
    """A fresh random seed from the operating system (``secrets``), 128 bits as hex."""
    return secrets.token_hex(16)


def cards_left(*, deck: Iterable[int], drawn: Sequence[int]) -> list[int]:
    """The card numbers still in ``deck`` after the ``drawn`` ones (in draw order), in number
    order; the deck starts again whole each time it is exhausted. Drawn numbers that are not
    (or no longer) in the deck are ignored."""
    full = set(deck)
    left = set(full)
    for number in drawn:
        if number not in full:
            continue
        if not left:
            left = set(full)
        left.discard(number)
    return sorted(left or full)


def pick(*, seed: str, pool: Sequence[int]) -> int:
    """The card of ``pool`` (sorted card numbers) that ``seed`` draws."""
    if not pool:
        raise ValueError("cannot draw from an empty deck")
    digest = hashlib.sha256(seed.encode("ascii")).digest()
    return pool[int.from_bytes(digest, "big") % len(pool)]


def draw_sequence(*, deck: Iterable[int], drawn: Sequence[int], seeds: Sequence[str]) -> list[int]:
    """The cards that ``seeds`` draw one after another, after the ``drawn`` ones: re-running
    this from recorded seeds reproduces the recorded cards."""
    deck = sorted(set(deck))
    history = list(drawn)
    cards = []
    for seed in seeds:
        card = pick(seed=seed, pool=cards_left(deck=deck, drawn=history))
        history.append(card)
        cards.append(card)
    return cards
