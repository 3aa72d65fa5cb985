"""The mails of the player accounts, each sent by a Celery task (accounts.tasks: in-process
without a broker) queued after the commit that calls for it:

- the invitation to claim an account (``invitation_mail``);
- a published round: each player of it with an e-mail, who has not turned them off, is told
  his board, opponent and colour, or his bye (``round_mails``), in the event's language, with
  a link that turns them off;
- a disputed report: the event's organizers with an e-mail are told (``dispute_mail``).
"""

from django.conf import settings
from django.core.mail import send_mail, send_mass_mail
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.services import mail_off_token
from games.models import ResultReport
from tournaments.models import Pairing, Player, Round, System
from tournaments.selectors.names import full_name
from tournaments.selectors.schedule import Seat, player_round_summary


def invitation_mail(*, player_id: int, link: str, language: str) -> int:
    """Mail player ``player_id`` the invitation ``link``; the number of mails sent (0: he
    has no e-mail any more, or was deleted)."""
    player = Player.objects.filter(pk=player_id).exclude(email="").first()
    if player is None:
        return 0
    with translation.override(language):
        subject = _("Your player account on Damier")
        body = render_to_string(
            "accounts/mail/invitation.txt",
            {"player": player, "link": link, "days": settings.INVITATION_SECONDS // 86400},
        )
    return send_mail(subject, body, None, [player.email])


def round_mails(*, round_id: int) -> int:
    """Tell each player of round ``round_id`` (published) his board, or his bye; the number of
    mails sent. Players without an e-mail, or who turned the mails off, are left out."""
    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None:
        return 0
    event = round_.event
    rest = event.system != System.SWISS
    pairings = (
        Pairing.objects.filter(round=round_)
        .select_related("white__player__mail_choice", "black__player__mail_choice")
        .filter(Q(white__player__email__gt="") | Q(black__player__email__gt=""))
    )
    messages = []
    with translation.override(event.language or settings.LANGUAGE_CODE):
        subject = _("%(event)s: round %(number)s is published") % {
            "event": event.name,
            "number": round_.number,
        }
        for pairing in pairings:
            for white, registration, other in (
                (True, pairing.white, pairing.black),
                (False, pairing.black, pairing.white),
            ):
                if registration is None or not _wants(registration.player):
                    continue
                seat = Seat(
                    board=pairing.board,
                    white=white,
                    opponent=full_name(other.player.last_name, other.player.first_name)
                    if other
                    else None,
                    bye_kind=pairing.bye_kind,
                )
                body = render_to_string(
                    "accounts/mail/round.txt",
                    {
                        "player": registration.player,
                        "summary": player_round_summary(event, round_.number, seat, rest=rest),
                        "round_url": settings.SITE_URL
                        + reverse("public:round", args=[event.slug, round_.number]),
                        "off_url": settings.SITE_URL
                        + reverse("accounts:mail_off", args=[mail_off_token(registration.player)]),
                        # A player who claimed his account reports his result from his page.
                        "me_url": settings.SITE_URL + reverse("accounts:me")
                        if registration.player.user_id
                        else None,
                    },
                )
                messages.append((subject, body, None, [registration.player.email]))
    return send_mass_mail(messages) if messages else 0


def _wants(player: Player) -> bool:
    if not player.email:
        return False
    choice = getattr(player, "mail_choice", None)
    return choice is None or choice.round_mail


def dispute_mail(*, report_id: int) -> int:
    """Tell the organizers of the event of report ``report_id`` that it opened or joined a
    dispute; the number of mails sent."""
    report = (
        ResultReport.objects.select_related(
            "game__pairing__round__event", "game__white__player", "game__black__player", "dispute"
        )
        .filter(pk=report_id, dispute__isnull=False)
        .first()
    )
    if report is None or report.dispute is None:
        return 0
    game = report.game
    event = game.pairing.round.event
    recipients = list(
        event.organizers.exclude(email="").order_by("pk").values_list("email", flat=True)
    )
    if not recipients:
        return 0
    with translation.override(event.language or settings.LANGUAGE_CODE):
        subject = _("%(event)s: a disputed result on board %(board)s of round %(number)s") % {
            "event": event.name,
            "board": game.pairing.board,
            "number": game.pairing.round.number,
        }
        body = render_to_string(
            "accounts/mail/dispute.txt",
            {
                "game": game,
                "statement": report.dispute.statement,  # the filter keeps disputed reports
                "url": settings.SITE_URL + reverse("desk:dispute", args=[report.dispute_id]),
            },
        )
    return send_mail(subject, body, None, recipients)
