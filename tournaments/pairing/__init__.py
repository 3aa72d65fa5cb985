"""Pure pairing algorithms: Berger tables, FIDE Dutch Swiss (both texts), TRF files.

Nothing here imports Django: ``python -m tournaments.pairing`` runs without settings.
"""

from tournaments.pairing.berger import berger_table, double_round_robin
from tournaments.pairing.dutch import (
    Explanation,
    NoPairingError,
    PairingError,
    explain_dutch,
    pair_dutch,
)
from tournaments.pairing.ordering import DRAUGHTS_ORDERING_DESCRIPTION, draughts_order
from tournaments.pairing.trf import TrfDocument, TrfError, TrfEvent, trf_dumps, trf_loads
from tournaments.pairing.types import (
    Acceleration,
    ByeKind,
    Colour,
    Competitor,
    DutchRules,
    ForbiddenPairing,
    Pair,
    RoundResult,
    ScoringSystem,
    TournamentState,
)

__all__ = [
    "DRAUGHTS_ORDERING_DESCRIPTION",
    "Acceleration",
    "ByeKind",
    "Colour",
    "Competitor",
    "DutchRules",
    "Explanation",
    "ForbiddenPairing",
    "NoPairingError",
    "Pair",
    "PairingError",
    "RoundResult",
    "ScoringSystem",
    "TournamentState",
    "TrfDocument",
    "TrfError",
    "TrfEvent",
    "berger_table",
    "double_round_robin",
    "draughts_order",
    "explain_dutch",
    "pair_dutch",
    "trf_dumps",
    "trf_loads",
]
