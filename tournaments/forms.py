"""Admin forms: CSV upload, registration, round choice for the standings, hand edits of a
pairing and the per-round result sheet. Forms validate input; the services decide."""

import base64
from typing import ClassVar

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import (
    Event,
    Game,
    Pairing,
    Player,
    ProhibitedPairing,
    Registration,
)
from tournaments.results import result_choices
from tournaments.scoring.tiebreaks import TIEBREAKS
from tournaments.selectors.events import event_slug_free
from tournaments.site.upload_limits import check_upload


class TiebreakCodesField(forms.CharField):
    """The event's tie-breaks as codes separated by commas, in order ("TSOL, SB"); the model's
    validator checks each code against the registry."""

    def __init__(self, **kwargs) -> None:
        kwargs.pop("encoder", None)
        kwargs.pop("decoder", None)
        kwargs.pop("max_length", None)
        super().__init__(**kwargs)

    def prepare_value(self, value: object) -> object:
        return ", ".join(value) if isinstance(value, list) else value

    def to_python(self, value: str | None) -> list[str]:
        text = super().to_python(value)
        return [code.strip().upper() for code in text.split(",") if code.strip()]


class RatingBoundsField(TiebreakCodesField):
    """The lower bounds of the rating groups as whole numbers separated by commas
    ("1850, 1950"); the model's validator checks that they increase."""

    def prepare_value(self, value: object) -> object:
        return ", ".join(str(bound) for bound in value) if isinstance(value, list) else value

    def to_python(self, value: str | None) -> list[int]:
        bounds = []
        for text in forms.CharField.to_python(self, value).split(","):
            if not text.strip():
                continue
            if not text.strip().isdigit():
                raise forms.ValidationError(
                    _("%(value)r is not a whole number.") % {"value": text.strip()}
                )
            bounds.append(int(text))
        return bounds


class EventForm(forms.ModelForm):
    """An event's settings. A slug left empty is made from the name (event_slug_free)."""

    class Meta:
        model = Event
        fields = "__all__"
        field_classes: ClassVar = {
            "tiebreaks": TiebreakCodesField,
            "rating_groups": RatingBoundsField,
        }
        error_messages: ClassVar = {
            "slug": {"unique": _("Another event already has this slug (its web address).")}
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if "slug" in self.fields:
            self.fields["slug"].required = False
            self.fields["slug"].help_text = _(
                "The end of the event's web address, as in /events/spring-open/: letters, "
                "digits and hyphens. Left empty, it is made from the name."
            )
        known = ", ".join(f"{t.code} ({gettext(t.label)})" for t in TIEBREAKS.values())
        self.fields["tiebreaks"].help_text = _(
            "Codes separated by commas, in order of application. Known codes: %(known)s."
        ) % {"known": known}

    def clean(self) -> dict:
        cleaned = super().clean()
        name = cleaned.get("name")
        if "slug" in self.fields and not cleaned.get("slug") and name:
            slug = event_slug_free(name, exclude_pk=self.instance.pk)
            if slug:
                cleaned["slug"] = slug
            else:
                self.add_error(
                    "slug",
                    _(
                        "Enter a slug: the name “%(name)s” has no letter or digit a web "
                        "address can hold."
                    )
                    % {"name": name},
                )
        return cleaned


class PlayersCsvImportForm(forms.Form):
    """A players CSV file (columns of tournaments.services.players_import.CSV_COLUMNS)."""

    file = forms.FileField(
        label=_("CSV file"),
        help_text=_(
            "Comma or semicolon separated, UTF-8 or Windows-1252 (Latin-1), a header row "
            "naming the columns. Nothing is written before you confirm the preview."
        ),
    )

    def clean_file(self) -> bytes:
        check_upload(self.cleaned_data["file"])
        return self.cleaned_data["file"].read()


class PlayersImportConfirmForm(forms.Form):
    """The previewed file (base64) and the fingerprint of the preview the organizer saw."""

    content = forms.CharField(widget=forms.HiddenInput)
    digest = forms.CharField(widget=forms.HiddenInput)

    def clean_content(self) -> bytes:
        return self.decoded(self.cleaned_data["content"])

    @staticmethod
    def decoded(content: str) -> bytes:
        """The previewed file sent back in base64."""
        try:
            return base64.b64decode(content, validate=True)
        except ValueError:
            raise forms.ValidationError(
                _("The previewed file was damaged; upload it again.")
            ) from None


class ImportJobConfirmForm(forms.Form):
    """The fingerprint of the preview an import job showed (tournaments.imports)."""

    digest = forms.CharField(widget=forms.HiddenInput)


class RegisterPlayersForm(forms.Form):
    """The event into which the players selected on the changelist are entered."""

    event = forms.ModelChoiceField(label=_("event"), queryset=Event.objects.none())

    def __init__(self, *args, events, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = events


class EventRegisterForm(forms.Form):
    """Players (not yet in the event) ticked on the event's own registration page."""

    players = forms.ModelMultipleChoiceField(
        label=_("players"), queryset=Player.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, players, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = players


class PairingNumbersForm(forms.Form):
    """A round robin's pairing numbers typed by hand: one field per registered player, named
    after the registration, prefilled with its current number; each of 1..n once."""

    def __init__(self, *args, registrations, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.registrations = list(registrations)
        count = len(self.registrations)
        for registration in self.registrations:
            self.fields[f"number_{registration.pk}"] = forms.IntegerField(
                label=str(registration.player),
                min_value=1,
                max_value=count,
                initial=registration.pairing_number,
            )

    def clean(self) -> dict:
        cleaned = super().clean() or {}
        seen: dict[int, str] = {}
        for name in self.fields:
            number = cleaned.get(name)
            if number is None:
                continue
            if number in seen:
                error = gettext("Number %(number)s is given to two players.") % {"number": number}
                self.add_error(seen[number], error)
                self.add_error(name, error)
            else:
                seen[number] = name
        return cleaned

    def numbers(self) -> dict[int, int]:
        """Registration id -> pairing number, as typed."""
        return {
            registration.pk: self.cleaned_data[f"number_{registration.pk}"]
            for registration in self.registrations
        }


class RegistrationAddForm(forms.ModelForm):
    """A new entry: the pairing number is given by the service (registration_add)."""

    rating = forms.IntegerField(
        label=_("rating at start"),
        required=False,
        min_value=0,
        help_text=_("Leave empty to take the player's current rating."),
    )
    joined_round = forms.IntegerField(
        label=_("joined in round"),
        required=False,
        min_value=1,
        help_text=_("Leave empty for the next round not yet paired."),
    )

    class Meta:
        model = Registration
        fields = ("event", "player", "rating", "joined_round", "missed_rounds_half_point")

    def _post_clean(self) -> None:
        """registration_add validates the row it builds (and names a repeated entry); the form
        only checks its fields."""


class ProhibitedPairingForm(forms.ModelForm):
    class Meta:
        model = ProhibitedPairing
        fields = ("first", "second", "reason", "note")

    def _post_clean(self) -> None:
        """prohibited_pairing_add orders the two players and validates the row."""


class WithdrawForm(forms.Form):
    from_round = forms.IntegerField(label=_("withdrawn from round"), min_value=1)


class ByeRequestForm(forms.Form):
    round_number = forms.IntegerField(label=_("half-point bye in round"), min_value=1)


class StandingsRoundForm(forms.Form):
    after_round = forms.TypedChoiceField(label=_("after round"), coerce=int)

    def __init__(self, *args, rounds: list[int], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["after_round"].choices = [(n, str(n)) for n in rounds]


class PairingEditForm(forms.Form):
    """A hand edit of one board: its white and black players (a player taken from another
    board is replaced there by the one displaced; a bye board keeps black empty)."""

    white = forms.ModelChoiceField(label=_("white"), queryset=Registration.objects.none())
    black = forms.ModelChoiceField(
        label=_("black"),
        queryset=Registration.objects.none(),
        required=False,
        help_text=_("Empty only on a bye board: give the bye to another player by choosing white."),
    )

    def __init__(self, *args, pairing: Pairing, **kwargs) -> None:
        kwargs.setdefault("initial", {"white": pairing.white_id, "black": pairing.black_id})
        super().__init__(*args, **kwargs)
        players = pairing.round.event.registrations.select_related("player").order_by(
            "pairing_number"
        )
        self.fields["white"].queryset = players
        self.fields["black"].queryset = players


def game_field_names(game_id: int) -> tuple[str, str, str]:
    """Names of one game's fields on the result sheet: the result select, and hidden, the
    result and the version the sheet was read at."""
    return f"result-{game_id}", f"seen-{game_id}", f"version-{game_id}"


class RoundResultsForm(forms.Form):
    """One result select per game of a round, with the result and version it was read at.

    A game counts as changed when its select differs from the result read: a result changed
    meanwhile by someone else is left alone unless this sheet changes it too, and then the
    service refuses the stale version.
    """

    def __init__(self, *args, games: list[Game], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.games = games
        # One round: one variant, hence one notation for every select.
        choices = result_choices(games[0].pairing.round.event.variant) if games else []
        for game in games:
            result, seen, version = game_field_names(game.pk)
            self.fields[result] = forms.ChoiceField(
                label=str(game), choices=choices, initial=game.result
            )
            self.fields[seen] = forms.ChoiceField(
                choices=choices, initial=game.result, widget=forms.HiddenInput
            )
            self.fields[version] = forms.IntegerField(
                initial=game.version, min_value=0, widget=forms.HiddenInput
            )

    def changes(self) -> list[tuple[Game, str, int]]:
        """(game, new result, version read) for every game whose select was changed."""
        changed = []
        for game in self.games:
            result, seen, version = (self.cleaned_data[n] for n in game_field_names(game.pk))
            if result != seen:
                changed.append((game, result, version))
        return changed
