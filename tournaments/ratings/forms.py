"""The rating list upload form of the admin (tournaments.ratings.admin)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms import PlayersCsvImportForm
from tournaments.ratings.models import RatingSource


class RatingListUploadForm(PlayersCsvImportForm):
    """A rating list file (tournaments.ratings.lists_import), its source and date."""

    file = forms.FileField(
        label=_("list file"),
        help_text=_(
            "The FMJD list as the FMJD rating site exports it: quoted, comma separated, a "
            "header row naming the fields. Nothing is written before you confirm the preview."
        ),
    )
    source = forms.ChoiceField(label=_("source"), choices=RatingSource.choices)
    published = forms.DateField(
        label=_("publication date"), widget=forms.DateInput(attrs={"type": "date"})
    )
