"""The entry form of the public page, one row of a club secretary's list."""

from typing import ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _

from entries.models import Entry
from entries.services import ENTRY_FIELDS


class EntryForm(forms.ModelForm):
    """What a person types to enter an event; the limits are the service's."""

    class Meta:
        model = Entry
        fields = ENTRY_FIELDS
        widgets: ClassVar = {"birth_date": forms.DateInput(attrs={"type": "date"})}
        help_texts: ClassVar = {
            "fmjd_id": _("Give your FMJD id or your national id: the entry is matched by them."),
            "email": _("Seen by the organizers only."),
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rating"].required = False

    def clean_rating(self) -> int:
        return self.cleaned_data.get("rating") or 0

    def entry_fields(self) -> dict:
        return {name: self.cleaned_data[name] for name in ENTRY_FIELDS}


#: A club secretary enters up to this many people at once.
SECRETARY_ROWS = 5

EntryFormSet = forms.formset_factory(EntryForm, extra=SECRETARY_ROWS, max_num=SECRETARY_ROWS)
