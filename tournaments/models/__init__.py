"""Tournament rows: players, events, registrations, rounds and pairings, ballots.

Rows only hold data and integrity constraints; the services (tournaments.services) write them
and the selectors (tournaments.selectors) read them. Each module holds one part; this one
imports them all, so that Django finds every model of the app and ``from tournaments.models
import Event`` reads as before (the migrations name the callables by this path too).
"""

# Django loads an app's models from its models module: importing the rows of the app's
# packages here (printed documents, import jobs, team competitions, ratings) registers them in
# this app (label `tournaments`, tables such as `tournaments_document`).
# isort: off
# In the order of definition the app always had: a new database's content types and
# permissions are made in it.
from tournaments.documents.models import Document
from tournaments.imports.models import ImportJob
from tournaments.teams.models import (
    LineupEntry,
    Team,
    TeamAdjustment,
    TeamBoard,
    TeamCompetition,
    TeamMatch,
    TeamMember,
)
from tournaments.models.choices import BRAZILIAN, labelled_choices, variant_choices
from tournaments.models.players import Player, Title
from tournaments.ratings.models import Rating, RatingList, RatingSource
from tournaments.models.events import (
    COLOUR_LABELS,
    DUTCH_RULES_LABELS,
    SCORING_FIELDS,
    WITHDRAWAL_RULE_LABELS,
    Event,
    Ranking,
    RatingPolicy,
    SwissOrdering,
    System,
    default_language,
    language_choices,
    validate_rating_bounds,
    validate_tiebreak_codes,
)
from tournaments.models.registrations import (
    ByeRequest,
    ProhibitedPairing,
    ProhibitedPairingReason,
    Registration,
)
from tournaments.models.rounds import (
    BYE_KIND_LABELS,
    Game,
    GameResult,
    Pairing,
    PairingNumberDraw,
    Round,
    RoundStatus,
    RoundTime,
)
from tournaments.models.ballots import BallotCard, BallotDeck, BallotDraw

# isort: on

__all__ = [
    "BRAZILIAN",
    "BYE_KIND_LABELS",
    "COLOUR_LABELS",
    "DUTCH_RULES_LABELS",
    "SCORING_FIELDS",
    "WITHDRAWAL_RULE_LABELS",
    "BallotCard",
    "BallotDeck",
    "BallotDraw",
    "ByeRequest",
    "Document",
    "Event",
    "Game",
    "GameResult",
    "ImportJob",
    "LineupEntry",
    "Pairing",
    "PairingNumberDraw",
    "Player",
    "ProhibitedPairing",
    "ProhibitedPairingReason",
    "Ranking",
    "Rating",
    "RatingList",
    "RatingPolicy",
    "RatingSource",
    "Registration",
    "Round",
    "RoundStatus",
    "RoundTime",
    "SwissOrdering",
    "System",
    "Team",
    "TeamAdjustment",
    "TeamBoard",
    "TeamCompetition",
    "TeamMatch",
    "TeamMember",
    "Title",
    "default_language",
    "labelled_choices",
    "language_choices",
    "validate_rating_bounds",
    "validate_tiebreak_codes",
    "variant_choices",
]
