"""Every service error declares the public ``code`` of its API answer (``default_code``, as
DRF's exceptions do), so renaming a class cannot change what clients read."""

import pytest
from django.urls import get_resolver
from rest_framework import status

from accounts.services import AccountError
from entries.errors import EntryStateError
from entries.links import WithdrawLinkError
from games.services.arbiters import ArbiterError
from games.services.errors import ArchiveError, DisputeError, RecordError, RelayError, ReportError
from hall.services import CheckInError, KioskLocked, KioskRefusal
from tournaments.api.exceptions import exception_handler
from tournaments.documents.services import DocumentRequestError
from tournaments.services.ballots import BallotError, BallotPermissionError
from tournaments.services.errors import (
    EventSettingsError,
    ImportFormatError,
    PairingEditError,
    PairingNumberError,
    PlayerMergeError,
    ProhibitedPairingError,
    RegistrationError,
    RoundPairingError,
    RoundRegenerationError,
    RoundStateError,
    RoundTimeError,
    StaleResultError,
    TournamentError,
)
from tournaments.services.players_import import ImportChangedError
from tournaments.teams.services import StaleLineupError, TeamError

#: The public codes as clients have always read them.
PUBLIC_CODES = {
    TournamentError: "tournament_error",
    EventSettingsError: "event_settings_error",
    RoundStateError: "round_state_error",
    RoundRegenerationError: "round_regeneration_error",
    RoundPairingError: "round_pairing_error",
    RegistrationError: "registration_error",
    ProhibitedPairingError: "prohibited_pairing_error",
    StaleResultError: "stale_result_error",
    PairingEditError: "pairing_edit_error",
    ImportFormatError: "import_format_error",
    DocumentRequestError: "document_request_error",
    BallotError: "ballot_error",
    BallotPermissionError: "ballot_permission_error",
    TeamError: "team_error",
    RecordError: "record_error",
    DisputeError: "dispute_error",
    ImportChangedError: "import_changed_error",
    ArbiterError: "arbiter_error",
    ArchiveError: "archive_error",
    RelayError: "relay_error",
    RoundTimeError: "round_time_error",
    PlayerMergeError: "player_merge_error",
    PairingNumberError: "pairing_number_error",
    StaleLineupError: "stale_lineup",
    EntryStateError: "entry_state_error",
    ReportError: "report_error",
    AccountError: "account_error",
    CheckInError: "check_in_error",
    KioskRefusal: "kiosk_pin_refused",
    KioskLocked: "kiosk_locked",
    WithdrawLinkError: "withdraw_link_error",
}


def _all_subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_all_subclasses(sub)}
    return found


def test_every_service_error_is_listed_and_declares_its_own_code():
    # Every view module, and the services they import, loaded first: the errors found do not
    # depend on which tests ran before in this process.
    get_resolver().reverse_dict  # noqa: B018
    classes = {
        cls
        for cls in (TournamentError, *_all_subclasses(TournamentError))
        if cls.__module__ != __name__
    }
    assert classes == set(PUBLIC_CODES)
    undeclared = [cls.__name__ for cls in classes if "default_code" not in vars(cls)]
    assert undeclared == []


@pytest.mark.parametrize(("error", "code"), PUBLIC_CODES.items(), ids=lambda v: str(v))
def test_the_answer_carries_the_declared_code(error, code):
    if error is StaleResultError:
        raised = error("changed", changed_by=None, changed_at=None)
    else:
        raised = error("refused by a rule")
    response = exception_handler(raised, {})
    assert response.status_code == status.HTTP_409_CONFLICT
    assert response.data["error"]["code"] == code
    assert response.data["error"]["message"] == str(raised)


def test_a_renamed_class_keeps_its_code():
    renamed = type("SomethingElse", (RoundStateError,), {})
    response = exception_handler(renamed("refused"), {})
    assert response.data["error"]["code"] == "round_state_error"
