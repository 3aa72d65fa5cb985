"""Antidraughts and Russian giveaway: the goal inverted (docs/rules/antidraughts.md)."""

from __future__ import annotations

from typing import ClassVar

from arbiter.game import Citation
from arbiter.i18n import gettext_noop
from arbiter.variants.international import InternationalBoard
from arbiter.variants.russian import RussianBoard


class AntidraughtsBoard(InternationalBoard):
    """International rules with the goal inverted: the side left without a legal move,
    all its pieces lost or blocked, wins (docs/rules/antidraughts.md [secondary], lidraughts
    ``Antidraughts.scala``). Its only draw rule is threefold repetition, as lidraughts
    applies it. PDN has no GameType of its own for it: ``20`` reads as international,
    so give the variant by name."""

    name = "antidraughts"
    long_name = "Antidraughts"
    aliases: ClassVar[tuple[str, ...]] = ("giveaway", "losing-draughts")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of antidraughts, moves and captures"), "docs/rules/antidraughts.md §1"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of antidraughts, end of the game"), "docs/rules/antidraughts.md §2"
    )
    giveaway = True
    draw_rules: ClassVar[tuple[str, ...]] = ("fmjd-repetition",)


class RussianGiveawayBoard(RussianBoard):
    """Poddavki: Russian rules, and the aim is to give away or block all one's pieces
    (docs/rules/russian-giveaway.md; the seed text "Règles de jeu de dames": "les règles
    de type russe s'appliquent ... l'essentiel
    est de ... permettre à toutes vos pièces d'être battues ou bloquées"). Only the
    draughts-64 repetition rule is applied: the endgame counts of 7.2.4-7.2.8 presume
    the usual goal. No GameType of its own: ``25`` reads as Russian."""

    name = "russian-giveaway"
    long_name = "Russian giveaway draughts"
    aliases: ClassVar[tuple[str, ...]] = ("poddavki", "giveaway-64")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of Russian giveaway draughts, moves and captures"),
        "docs/rules/russian-giveaway.md §1",
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of Russian giveaway draughts, end of the game"),
        "docs/rules/russian-giveaway.md §1",
    )
    giveaway = True
    draw_rules: ClassVar[tuple[str, ...]] = ("d64-7.2.3",)
