"""Forms of the dispute desk: they read input only; the services decide."""

from django import forms
from django.core.validators import MaxValueValidator
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games.models import DisputeClaim, RecordSource, RulingDecision
from tournaments.models import Event, GameResult, Round
from tournaments.results import result_choices
from tournaments.site.upload_limits import check_upload


class DisputeOpenForm(forms.Form):
    claim = forms.ChoiceField(label=_("Claim"), choices=DisputeClaim.choices)
    ply = forms.IntegerField(
        label=_("Ply"),
        min_value=0,
        required=False,
        help_text=_("The half-move the claim is about (1 is the first move), if any."),
    )
    statement = forms.CharField(label=_("Statement"), widget=forms.Textarea(attrs={"rows": 4}))


class ReportForm(forms.Form):
    """A player's report of his game's result: one of the results a player reports, written
    as the event's variant writes them."""

    result = forms.ChoiceField(label=_("Result"), choices=())

    def __init__(self, *args, choices: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        result = self.fields["result"]
        assert isinstance(result, forms.ChoiceField)
        result.choices = choices


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
        help_text=_(
            "Required to order a replay: the game resumes from the position after this ply "
            "(0: the start position)."
        ),
    )
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 4}))
    expected_version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, variant: str = "", last_ply: int | None = None, **kwargs) -> None:
        """``last_ply``: the last ply the record can play, the highest ply to resume after
        (the form says so rather than the service refusing it after the submit)."""
        super().__init__(*args, **kwargs)
        if last_ply is not None:
            ply = self.fields["ply"]
            ply.max_value = last_ply
            ply.validators.append(MaxValueValidator(last_ply))
            ply.widget.attrs["max"] = last_ply
        if variant:
            self.fields["result"].choices = [("", _("unchanged")), *result_choices(variant)]


class DeskUploadForm(forms.Form):
    """A round's PDN file, or its text pasted (the file wins when both are given)."""

    round = forms.ModelChoiceField(label=_("Round"), queryset=Round.objects.none())
    file = forms.FileField(label=_("PDN file"), required=False)
    pdn = forms.CharField(
        label=_("or the PDN text"), widget=forms.Textarea(attrs={"rows": 6}), required=False
    )

    def __init__(self, *args, rounds: QuerySet[Round], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["round"].queryset = rounds

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        data["text"] = upload.read() if upload else data.get("pdn", "")
        data["source"] = RecordSource.UPLOAD if upload else RecordSource.TYPED
        if not data["text"]:
            raise forms.ValidationError(_("Choose a PDN file or paste the PDN text."))
        return data


class AssignForm(forms.Form):
    """Give a game of the file that was not matched to a game of the round, by hand."""

    item = forms.IntegerField(widget=forms.HiddenInput)
    game = forms.TypedChoiceField(label=_("Board"), coerce=int)

    def __init__(self, *args, games: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "—"), *games]


class RelayAssignForm(forms.Form):
    """Give a relayed game the matching left out to a board of its round, on the desk."""

    game = forms.TypedChoiceField(label=_("Board"), coerce=int)

    def __init__(self, *args, games: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["game"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", "—"), *games]


class ArbiterAppointForm(forms.Form):
    event = forms.ModelChoiceField(label=_("Event"), queryset=Event.objects.none())
    username = forms.CharField(label=_("User name of an existing account"), max_length=150)

    def __init__(self, *args, events: QuerySet[Event], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = events


class ArbiterCreateForm(forms.Form):
    event = forms.ModelChoiceField(label=_("Event"), queryset=Event.objects.none())
    username = forms.CharField(label=_("User name"), max_length=150)
    first_name = forms.CharField(label=_("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Last name"), max_length=150, required=False)
    email = forms.EmailField(label=_("Email"), required=False)
    password1 = forms.CharField(
        label=_("Password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_("Give it to the arbiter; they log in at /desk/ with it."),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def __init__(self, *args, events: QuerySet[Event], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = events

    def clean(self):
        data = super().clean()
        if data.get("password1") and data.get("password1") != data.get("password2"):
            self.add_error("password2", _("The two passwords differ."))
        return data


class ArchiveUploadForm(forms.Form):
    """An event archive to preview (games.archive)."""

    file = forms.FileField(
        label=_("Event archive (.zip)"),
        help_text=_("Nothing is written before you confirm the preview."),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        check_upload(upload)
        return upload


class ArchiveConfirmForm(forms.Form):
    """The slug to import a previewed archive (its import job) under."""

    slug = forms.SlugField(
        label=_("Slug of the imported event"),
        max_length=200,
        help_text=_("Its address on this site; it must not be taken."),
    )
