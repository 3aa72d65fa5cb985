"""The player's pages: /me/ (his events, his games, the results he is to report, his choice
of mails), claiming his account from an invitation, and turning the rounds' mails off from
the link in one of them. Thin views over accounts.selectors and accounts.services."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.forms import ClaimForm, MailChoiceForm
from accounts.selectors import my_page
from accounts.services import (
    AccountError,
    invitation_accept,
    invitation_player,
    mail_choice_set,
    mail_off_player,
)
from tournaments.access import captained_teams, officiated_events
from tournaments.models import Player


def landing(request: HttpRequest) -> HttpResponse:
    """Where the site's login leads (LOGIN_REDIRECT_URL): a player who officiates no event
    and captains no team to his own page, anyone else to the arbiter's desk."""
    user = request.user
    if (
        user.is_authenticated
        and Player.objects.filter(user_id=user.pk).exists()
        and not officiated_events(user).exists()
        and not captained_teams(user).exists()
    ):
        return redirect("accounts:me")
    return redirect("desk:home")


@login_required
def me(request: HttpRequest) -> HttpResponse:
    """The logged-in player's own page; a POST records his choice of mails."""
    user = request.user
    assert isinstance(user, AbstractBaseUser)  # login_required
    page = my_page(user)
    data = request.POST if request.method == "POST" else None  # an unticked box sends nothing
    form = MailChoiceForm(data, initial={"round_mail": page.round_mail})
    if request.method == "POST" and page.player is not None and form.is_valid():
        mail_choice_set(player=page.player, round_mail=form.cleaned_data["round_mail"], user=user)
        messages.success(request, _("Your choice of mails is saved."))
        return redirect("accounts:me")
    return render(request, "accounts/me.html", {"page": page, "form": form})


def claim(request: HttpRequest, token: str) -> HttpResponse:
    """A player claims his account from his invitation: he chooses a login name and a
    password, and is logged in on his page."""
    try:
        player = invitation_player(token)
    except AccountError as error:
        return render(request, "accounts/claim.html", {"refusal": str(error)})
    form = ClaimForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = invitation_accept(
                token=token,
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
            )
        except AccountError as error:
            return render(request, "accounts/claim.html", {"refusal": str(error)})
        login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
        messages.success(request, _("Your account is ready: this is your page."))
        return redirect("accounts:me")
    return render(request, "accounts/claim.html", {"player": player, "form": form})


def mail_off(request: HttpRequest, token: str) -> HttpResponse:
    """The link in a round's mail: a button turns the mails off (a GET changes nothing, so
    that a mail reader's look at the link does not)."""
    try:
        player = mail_off_player(token)
    except AccountError as error:
        return render(request, "accounts/mail_off.html", {"refusal": str(error)})
    done = False
    if request.method == "POST":
        mail_choice_set(player=player, round_mail=False, user=None)
        done = True
    return render(request, "accounts/mail_off.html", {"player": player, "done": done})
