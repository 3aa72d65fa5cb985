"""Forms of the dispute desk: they read input only; the services decide."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import DisputeClaim, GameResult, RulingDecision


class DisputeOpenForm(forms.Form):
    claim = forms.ChoiceField(label=_("Claim"), choices=DisputeClaim.choices)
    ply = forms.IntegerField(
        label=_("Ply"),
        min_value=0,
        required=False,
        help_text=_("The half-move the claim is about (1 is the first move), if any."),
    )
    statement = forms.CharField(label=_("Statement"), widget=forms.Textarea(attrs={"rows": 4}))


class RulingForm(forms.Form):
    decision = forms.ChoiceField(label=_("Decision"), choices=RulingDecision.choices)
    result = forms.ChoiceField(
        label=_("Result"),
        choices=[("", _("unchanged")), *GameResult.choices],
        required=False,
        help_text=_("Required to adjust the result; optional when upholding."),
    )
    ply = forms.IntegerField(
        label=_("Replay from ply"),
        min_value=0,
        required=False,
        help_text=_("Required to order a replay."),
    )
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 4}))
    expected_version = forms.IntegerField(widget=forms.HiddenInput, required=False)
