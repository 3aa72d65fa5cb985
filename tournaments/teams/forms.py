"""Forms of a team competition shared by the admin's match page and the captain's page."""

from django import forms
from django.utils.translation import gettext as _

from tournaments.teams.models import Team, TeamMatch, TeamMember
from tournaments.teams.services import lineup_of, roster


class LineupForm(forms.Form):
    """One team's lineup for a match: a roster member (or nobody) per board, starting from
    the lineup entered or the default one (``initial_lineup``). ``members`` is the team's
    roster when the caller has read it."""

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
        for board in range(1, boards + 1):
            current = initial[board - 1]
            self.fields[f"board_{board}"] = forms.ModelChoiceField(
                queryset=TeamMember.objects.filter(pk__in=[m.pk for m in members]).select_related(
                    "registration__player"
                ),
                required=False,
                label=_("Board %(board)d") % {"board": board},
                initial=current.pk if current else None,
                empty_label=_("(empty: forfeit)"),
            )

    def lineup(self) -> list[TeamMember | None]:
        return [self.cleaned_data[name] for name in self.fields]
