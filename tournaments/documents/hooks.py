"""What the printed documents add to the core at start-up (TournamentsConfig.ready calls
`register`): a completed round requests the event's published documents again
(tournaments.hooks.ROUND_COMPLETED; their jobs start after the commit), and the admin list of
events offers to generate them (tournaments.hooks.EVENT_ADMIN_ACTIONS). Every other change
reaches them through the history rows (tournaments.documents.follow)."""

from tournaments import hooks
from tournaments.documents.admin import generate_published_documents
from tournaments.documents.services import documents_round_completed
from tournaments.models import Round


def round_completed(round: Round) -> None:
    documents_round_completed(round=round)


def register() -> None:
    hooks.add(hooks.ROUND_COMPLETED, round_completed)
    hooks.add(hooks.EVENT_ADMIN_ACTIONS, generate_published_documents)
