"""The admin's part of the player accounts: the action of the list of players that mails
each chosen player an invitation to claim his account (tournaments.hooks.PLAYER_ADMIN_ACTIONS;
the player's login account itself is the `user` field of his admin form)."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.services import invitations_send
from tournaments.admin.pages import staff_user
from tournaments.models import Player


@admin.action(
    description=gettext_lazy("Invite the selected players to claim their accounts"),
    permissions=["change"],
)
def send_invitations(
    model_admin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Player]
) -> None:
    outcome = invitations_send(
        players=queryset, user=staff_user(request), site=request.build_absolute_uri("/")
    )
    if outcome.sent:
        model_admin.message_user(
            request,
            _("Invitations sent to: %(players)s.")
            % {"players": ", ".join(str(player) for player in outcome.sent)},
            messages.SUCCESS,
        )
    for player, reason in outcome.skipped:
        model_admin.message_user(
            request,
            _("No invitation for %(player)s: %(reason)s.") % {"player": player, "reason": reason},
            messages.WARNING,
        )
