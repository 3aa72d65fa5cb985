"""The TRF import's forms: the upload with the settings a TRF file does not hold, and the
confirmation that sends the previewed file back. Forms validate input; the import decides."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms import PlayersImportConfirmForm
from tournaments.models import Ranking, variant_choices
from tournaments.site.upload_limits import check_upload


class TrfImportSettingsForm(forms.Form):
    """What a TRF file does not say about the event it describes."""

    variant = forms.ChoiceField(label=_("variant"), choices=variant_choices)
    games_per_pairing = forms.TypedChoiceField(
        label=_("games per pairing"), choices=((1, "1"), (2, "2")), coerce=int, initial=1
    )
    ranking = forms.ChoiceField(
        label=_("ranking"), choices=Ranking.choices, initial=Ranking.GAME_POINTS
    )


class TrfImportForm(TrfImportSettingsForm):
    """A TRF file written by a pairing program (Swiss-Manager, Vega, bbpPairings, Damier)."""

    file = forms.FileField(
        label=_("TRF file"),
        help_text=_(
            "A FIDE Tournament Report File (TRF16 or TRF-2026). Nothing is written before you "
            "confirm the preview."
        ),
    )

    field_order = ("file", "variant", "games_per_pairing", "ranking")

    def clean_file(self) -> bytes:
        check_upload(self.cleaned_data["file"])
        return self.cleaned_data["file"].read()


class TrfImportConfirmForm(TrfImportSettingsForm):
    """The previewed file (base64) and the settings it was previewed with, all hidden."""

    content = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in ("variant", "games_per_pairing", "ranking"):
            self.fields[name].widget = forms.HiddenInput()

    def clean_content(self) -> bytes:
        return PlayersImportConfirmForm.decoded(self.cleaned_data["content"])
