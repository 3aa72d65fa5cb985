"""The signed link, in the mail an entrant gets, that withdraws his entry (django.core.signing,
as accounts signs its invitations): it names the entry and a hash of the e-mail it was sent
to, so that no row is kept for it. It is void once the entry is no longer pending or on the
waiting list (entries.services.entry_withdraw says why), once the entry's e-mail changed, and
once the event is over."""

import hashlib

from django.core import signing
from django.utils import timezone
from django.utils.translation import gettext as _

from entries.models import Entry
from tournaments.services.errors import TournamentError

WITHDRAW_SALT = "entries.withdraw"


class WithdrawLinkError(TournamentError):
    """A withdrawal link that is not one, or no longer valid; `status` is the page's answer
    (400, or 404 when its entry no longer exists)."""

    default_code = "withdraw_link_error"

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def _email_key(email: str) -> str:
    return hashlib.sha256(email.encode()).hexdigest()[:20]


def withdraw_token(entry: Entry) -> str:
    """The signed token of the link that withdraws ``entry``, sent to the e-mail it has now."""
    return signing.dumps({"e": entry.pk, "m": _email_key(entry.email)}, salt=WITHDRAW_SALT)


def withdraw_link_entry(token: str) -> Entry:
    """The entry whose withdrawal link ``token`` is; WithdrawLinkError says why not (not a
    link of ours, its entry deleted or given another e-mail, its event over). The entry's
    status is checked by the service that withdraws it."""
    try:
        data = signing.loads(token, salt=WITHDRAW_SALT)
    except signing.BadSignature as error:
        raise WithdrawLinkError(
            _("This link is not a valid withdrawal link: check that it was copied whole.")
        ) from error
    if not isinstance(data, dict) or not isinstance(data.get("e"), int):
        raise WithdrawLinkError(
            _("This link is not a valid withdrawal link: check that it was copied whole.")
        )
    entry = Entry.objects.select_related("event").filter(pk=data["e"]).first()
    if entry is None:
        raise WithdrawLinkError(_("This entry no longer exists."), status=404)
    if not entry.email or _email_key(entry.email) != data.get("m"):
        raise WithdrawLinkError(
            _(
                "This link is no longer valid: the entry's e-mail has changed since it was "
                "sent. Ask the organizers of %(event)s."
            )
            % {"event": entry.event}
        )
    if entry.event.end_date < timezone.localdate():
        raise WithdrawLinkError(
            _("This link has expired: %(event)s is over.") % {"event": entry.event}
        )
    return entry
