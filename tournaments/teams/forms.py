"""Forms of a team competition shared by the admin's match page, the team round page and
the captain's page."""

from collections.abc import Sequence

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.teams.models import Team, TeamMatch, TeamMember
from tournaments.teams.services import lineup_of, lineup_version, roster


class LineupForm(forms.Form):
    """One team's lineup for a match: a roster member (or nobody) per board, starting from
    the lineup entered or the default one (``initial_lineup``), and the version of the lineup
    the form was drawn from (lineup_set refuses the form once someone else changed it).
    ``members`` is the team's roster when the caller has read it."""

    version = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(
        self,
        *args,
        match: TeamMatch,
        team: Team,
        boards: int,
        members: list[TeamMember] | None = None,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        if members is None:
            members = roster(team)
        initial = lineup_of(match, team, members=members)
        self.initial_lineup = initial
        self.team = team
        self.fields["version"].initial = lineup_version(match, team)
        self.board_names = []
        for board in range(1, boards + 1):
            current = initial[board - 1]
            name = f"board_{board}"
            self.board_names.append(name)
            self.fields[name] = forms.ModelChoiceField(
                queryset=TeamMember.objects.filter(pk__in=[m.pk for m in members]).select_related(
                    "registration__player"
                ),
                required=False,
                label=_("Board %(board)d") % {"board": board},
                initial=current.pk if current else None,
                empty_label=_("(empty: forfeit)"),
            )

    def lineup(self) -> list[TeamMember | None]:
        return [self.cleaned_data[name] for name in self.board_names]

    def expected_version(self) -> str | None:
        """The version the writer read (None from a page that did not send one)."""
        return self.cleaned_data.get("version") or None

    def board_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.board_names]


class _TiebreakSelects(forms.MultiWidget):
    """One select per place in the order of the team tie-breaks."""

    def __init__(self, choices: Sequence[tuple[str, object]], places: int) -> None:
        super().__init__([forms.Select(choices=choices) for _place in range(places)])

    def decompress(self, value) -> list[str | None]:
        codes = list(value or [])
        return codes + [None] * (len(self.widgets) - len(codes))


class TeamTiebreaksField(forms.MultiValueField):
    """The team tie-breaks in their order of application, each chosen by its name from
    TEAM_TIEBREAKS (docs/rules/tournaments.md §7.3): the first place, then the second..., a
    blank place ends the list; a code chosen twice is refused, naming it."""

    def __init__(self, *, tiebreaks: dict[str, str], **kwargs) -> None:
        # Lazy: the field is built once, when the admin's form class is defined; its labels
        # are read in each page's language.
        choices = [("", gettext_lazy("(none)"))] + [
            (code, format_lazy("{} ({})", gettext_lazy(name), code))
            for code, name in tiebreaks.items()
        ]
        self.names = tiebreaks
        fields = [forms.ChoiceField(choices=choices, required=False) for _code in tiebreaks]
        kwargs.setdefault("require_all_fields", False)
        kwargs.setdefault("required", False)
        super().__init__(fields=fields, widget=_TiebreakSelects(choices, len(tiebreaks)), **kwargs)

    def compress(self, data_list) -> list[str]:
        codes = [code for code in data_list or [] if code]
        seen: set[str] = set()
        for code in codes:
            if code in seen:
                raise forms.ValidationError(
                    _("%(name)s is chosen twice: each tie-break is applied once.")
                    % {"name": _(self.names[code])}
                )
            seen.add(code)
        return codes
