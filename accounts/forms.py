"""Forms of the player accounts: they read input only; accounts.services decides."""

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class ClaimForm(UserCreationForm):
    """The login name and password a player chooses when he claims his account (Django's
    checks of a new account: a free name, the password validators, both passwords alike)."""


class MailChoiceForm(forms.Form):
    round_mail = forms.BooleanField(
        label=_("Tell me my board, opponent and colour by mail when a round is published"),
        required=False,
    )
