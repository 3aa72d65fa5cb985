"""An event's arbiters: an organizer appoints an existing account or creates one.

An arbiter's account is an ordinary site account (not admin staff): it logs in at
/accounts/login/ and works at /desk/. The organizer sets its first password and gives it to
the arbiter, who may change it later. Only the event's organizers (and superusers) appoint
or remove its arbiters.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games.services.errors import NotAllowedError
from tournaments.models import Event
from tournaments.services.errors import TournamentError


class ArbiterError(TournamentError):
    """An arbiter cannot be appointed (unknown account, name taken, weak password...).
    `reasons` holds each reason on its own (several password rules may fail at once), so
    that a form lists them one per line instead of running them together."""

    default_code = "arbiter_error"

    def __init__(self, *reasons: str) -> None:
        self.reasons = tuple(str(reason) for reason in reasons)
        super().__init__(" ".join(self.reasons))


def may_appoint(user: AbstractBaseUser, event: Event) -> bool:
    """Whether ``user`` may appoint and remove ``event``'s arbiters: its organizers."""
    if not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or event.organizers.filter(pk=user.pk).exists()


def _require_organizer(user: AbstractBaseUser, event: Event) -> None:
    if not may_appoint(user, event):
        raise NotAllowedError(
            _("%(user)s may not appoint the arbiters of %(event)s") % {"user": user, "event": event}
        )


@transaction.atomic
def arbiter_appoint(*, event: Event, username: str, by: AbstractBaseUser) -> AbstractBaseUser:
    """Make the existing account ``username`` an arbiter of ``event``."""
    _require_organizer(by, event)
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise ArbiterError(_("no account is named %(name)r") % {"name": username.strip()})
    if not user.is_active:
        raise ArbiterError(_("the account %(name)r is disabled") % {"name": user.username})
    event.arbiters.add(user)
    return user


@transaction.atomic
def arbiter_account_create(
    *,
    event: Event,
    username: str,
    password: str,
    by: AbstractBaseUser,
    first_name: str = "",
    last_name: str = "",
    email: str = "",
) -> AbstractBaseUser:
    """Create a site account (not admin staff) with ``password`` and make it an arbiter of
    ``event``. A name already taken or a password the site's validators refuse is refused
    with their reasons; nothing is written then."""
    _require_organizer(by, event)
    model = get_user_model()
    username = username.strip()
    if model.objects.filter(username=username).exists():
        raise ArbiterError(
            _("an account named %(name)r already exists: appoint it instead") % {"name": username}
        )
    user = model(
        username=username,
        first_name=first_name.strip(),
        last_name=last_name.strip(),
        email=email.strip(),
        is_staff=False,
    )
    try:
        user.full_clean(exclude=["password"])
        validate_password(password, user)
    except ValidationError as error:
        raise ArbiterError(*error.messages) from error
    user.set_password(password)
    user.save()
    event.arbiters.add(user)
    return user


@transaction.atomic
def arbiter_remove(*, event: Event, user: AbstractBaseUser, by: AbstractBaseUser) -> None:
    """``user`` no longer arbitrates ``event`` (the account and its rulings stay)."""
    _require_organizer(by, event)
    event.arbiters.remove(user)
