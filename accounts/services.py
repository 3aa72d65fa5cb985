"""Writes of the player accounts: an organizer invites a player to claim his account, the
player claims it (his Player.user is linked, never replacing a link), and chooses whether he
is told of each published round by mail.

An invitation is a signed link (django.core.signing) naming the player and the e-mail it was
sent to, valid INVITATION_SECONDS: no row is kept for it. It is used once the player's
account is linked; it is void if the player's e-mail changed since.
"""

from dataclasses import dataclass, field
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, User
from django.core import signing
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import MailChoice
from tournaments.access import changeable_players
from tournaments.models import Player
from tournaments.services.errors import TournamentError
from tournaments.services.history import recorded_by
from tournaments.task_names import task_queue

INVITATION_SALT = "accounts.invitation"
MAIL_OFF_SALT = "accounts.round-mail-off"


class AccountError(TournamentError):
    """An invitation cannot be sent or used (expired, already used, no e-mail...)."""

    default_code = "account_error"


def invitation_token(player: Player) -> str:
    """The signed token of ``player``'s invitation, to the e-mail he has now."""
    return signing.dumps({"p": player.pk, "e": player.email}, salt=INVITATION_SALT)


def invitation_player(token: str) -> Player:
    """The player whose invitation ``token`` is, still to be claimed; AccountError says why
    not (expired, not an invitation, already used, sent to an e-mail he no longer has)."""
    try:
        data = signing.loads(token, salt=INVITATION_SALT, max_age=settings.INVITATION_SECONDS)
    except signing.SignatureExpired as error:
        raise AccountError(
            _("This invitation has expired: ask your organizer to send a new one.")
        ) from error
    except signing.BadSignature as error:
        raise AccountError(
            _("This link is not a valid invitation: check that it was copied whole.")
        ) from error
    player = Player.objects.filter(pk=data.get("p")).first()
    if player is None or player.email != data.get("e"):
        raise AccountError(
            _("This invitation is no longer valid: ask your organizer to send a new one.")
        )
    if player.user_id is not None:
        raise AccountError(
            _("This invitation was already used: %(player)s has an account. Log in with it.")
            % {"player": player}
        )
    return player


@dataclass
class Invitations:
    """What ``invitations_send`` did: the players invited, and those left out with why."""

    sent: list[Player] = field(default_factory=list)
    skipped: list[tuple[Player, str]] = field(default_factory=list)


def invitations_send(
    *, players: QuerySet[Player], user: AbstractBaseUser, site: str
) -> Invitations:
    """Mail each of ``players`` an invitation to claim his account (links under ``site``,
    the address the organizer reached the site at). Only the players ``user`` may change
    (those of his own events), with an e-mail and without an account yet."""
    mine = set(changeable_players(user).filter(pk__in=players).values_list("pk", flat=True))
    outcome = Invitations()
    for player in players.order_by("pk"):
        if player.pk not in mine:
            outcome.skipped.append((player, _("a player of an event you do not organize")))
        elif not player.email:
            outcome.skipped.append((player, _("no e-mail address")))
        elif player.user_id is not None:
            outcome.skipped.append((player, _("already has an account")))
        else:
            link = site.rstrip("/") + reverse("accounts:claim", args=[invitation_token(player)])
            language = translation.get_language() or settings.LANGUAGE_CODE
            transaction.on_commit(
                partial(task_queue, "accounts.tasks.invite_task", player.pk, link, language)
            )
            outcome.sent.append(player)
    return outcome


@transaction.atomic
def invitation_accept(*, token: str, username: str, password: str) -> User:
    """Claim the account of ``token``'s player: a login account ``username`` with
    ``password`` (validated by the caller's form) is created and linked to him."""
    player = invitation_player(token)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.user_id is not None:  # claimed meanwhile
        raise AccountError(
            _("This invitation was already used: %(player)s has an account. Log in with it.")
            % {"player": player}
        )
    user: User = get_user_model().objects.create_user(
        username=username,
        password=password,
        email=player.email,
        first_name=player.first_name[:150],
        last_name=player.last_name[:150],
    )
    player.user = user
    recorded_by(player, user).save(update_fields=["user"])
    return user


def mail_off_token(player: Player) -> str:
    """The signed token of the link, in each round's mail, that stops them."""
    return signing.dumps({"p": player.pk}, salt=MAIL_OFF_SALT)


def mail_off_player(token: str) -> Player:
    """The player whose stop link ``token`` is; AccountError for a link that is not one."""
    try:
        data = signing.loads(token, salt=MAIL_OFF_SALT)
    except signing.BadSignature as error:
        raise AccountError(_("This link is not valid: check that it was copied whole.")) from error
    player = Player.objects.filter(pk=data.get("p")).first()
    if player is None:
        raise AccountError(_("This link is not valid: check that it was copied whole."))
    return player


@transaction.atomic
def mail_choice_set(
    *, player: Player, round_mail: bool, user: AbstractBaseUser | None
) -> MailChoice:
    """Record ``player``'s choice of being told (or not) of each published round."""
    choice, _created = MailChoice.objects.select_for_update().get_or_create(player=player)
    choice.round_mail = round_mail
    choice.changed_at = timezone.now()
    recorded_by(choice, user).save()
    return choice
