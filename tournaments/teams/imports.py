"""The teams CSV import of a team competition: a preview of every line (the player joins a new
or an existing team at his board, or the line is refused, naming the field), then, once the
organizer confirms, every accepted line written in one transaction.

The file: a header row naming the columns (TEAM_COLUMNS, their English, Dutch, French or
Russian names: "Équipe", "Ploeg", "Команда", "Achternaam", "Réserve", "Invaller"...), then one
roster place per line, separated by commas, semicolons or tabs, in UTF-8, UTF-16 or
Windows-1252 / Latin-1 (as the players import reads it,
:func:`tournaments.services.csv_import.decode_upload`). ``team``, ``order`` and the player
are required; the player is one registered in the event, named by ``fmjd_id`` or else by
``last_name`` and ``first_name`` (accents and case aside). ``reserve`` (yes/no, ja/nee,
oui/non, да/нет, 1/0)
puts him among the reserves; ``club`` and ``federation`` are the team's. A team of the file
that the event has already gets the players added to its roster; a new one is numbered after
the event's teams, in the order of the file.
"""

import hashlib
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Event, Registration
from tournaments.names import fold
from tournaments.services import csv_import
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import ImportChangedError
from tournaments.teams.models import Team, TeamMember
from tournaments.teams.services import competition_of

TEAM_COLUMNS = (
    "team",
    "order",
    "last_name",
    "first_name",
    "fmjd_id",
    "reserve",
    "club",
    "federation",
)
#: Header names beside the codes (any case, accents aside), in English, Dutch, French and
#: Russian.
TEAM_COLUMN_ALIASES = {
    "team": ("equipe", "ploeg", "команда"),
    "order": ("board", "board order", "ordre", "echiquier", "volgorde", "bord", "порядок", "доска"),
    "last_name": ("last name", "surname", "nom", "achternaam", "фамилия"),
    "first_name": ("first name", "given name", "prenom", "voornaam", "имя"),
    "fmjd_id": ("fmjd id", "fmjd", "fmjd nummer", "номер fmjd"),
    "reserve": ("reservist", "invaller", "reservespeler", "remplacant", "запасной", "резерв"),
    "club": ("vereniging", "клуб"),
    "federation": ("federatie", "bond", "федерация"),
}
TEAM_COLUMN_NAMES = {
    csv_import.header_key(name): column
    for column, names in TEAM_COLUMN_ALIASES.items()
    for name in (column, *names)
}
#: The words of a yes/no column (folded: case and accents aside), in English, Dutch, French
#: and Russian.
YES = frozenset({"yes", "y", "oui", "o", "ja", "j", "да", "д", "1", "true", "vrai", "waar"})
YES |= {"r", "x"}
NO = frozenset({"no", "n", "non", "nee", "нет", "0", "false", "faux", "onwaar", ""})

NEW_TEAM, EXISTING_TEAM, REFUSED = "new_team", "existing_team", "refused"


@dataclass
class TeamImportLine:
    number: int
    action: str
    team: str = ""
    player: str = ""
    order: int | None = None
    reserve: bool = False
    error: str = ""
    registration_id: int | None = None


@dataclass
class TeamImportPlan:
    """What the file would do, line by line; ``data`` is the file itself (kept for the
    confirmation), ``digest`` fingerprints the plan so a confirmation applies what was shown.
    ``new_teams`` are the teams the file creates, with their number, club and federation."""

    data: bytes
    encoding: str
    lines: list[TeamImportLine]
    new_teams: dict[str, tuple[int, str, str]] = field(default_factory=dict)

    def count(self, action: str) -> int:
        return sum(1 for line in self.lines if line.action == action)

    @property
    def writes(self) -> int:
        return self.count(NEW_TEAM) + self.count(EXISTING_TEAM)

    @property
    def digest(self) -> str:
        shown = [
            (line.number, line.action, line.team, line.registration_id, line.order, line.error)
            for line in self.lines
        ]
        return hashlib.sha256(repr((self.data, shown, self.new_teams)).encode()).hexdigest()


def _column(name: str) -> str:
    key = csv_import.header_key(name)
    return TEAM_COLUMN_NAMES.get(key, key)


def team_import_plan(event: Event, data: bytes) -> TeamImportPlan:
    """Read the file and say what each line would do; writes nothing. Raises
    ImportFormatError when the file as a whole cannot be read (empty, no header, a required
    column missing, the event not a team competition)."""
    competition_of(event)
    text, encoding = csv_import.decode_upload(data)
    numbered = csv_import.numbered_lines(text)
    read = csv_import.header_read(numbered, column=_column)
    header = read.columns
    missing = [name for name in ("team", "order") if name not in header]
    if "fmjd_id" not in header and not {"last_name", "first_name"} <= set(header):
        missing.append("fmjd_id / last_name, first_name")
    csv_import.header_require(read, missing, known=TEAM_COLUMNS)
    unknown = [name for name in header if name not in TEAM_COLUMNS]
    if unknown:
        raise ImportFormatError(
            _("The header row names unknown column(s) %(columns)s. Known columns: %(known)s.")
            % {"columns": ", ".join(unknown), "known": ", ".join(TEAM_COLUMNS)}
        )
    teams = {team.name: team for team in event.teams.all()}
    taken_orders = {
        (member.team.name, member.order): member
        for member in TeamMember.objects.filter(team__event=event).select_related("team")
    }
    in_teams = set(
        TeamMember.objects.filter(team__event=event).values_list("registration_id", flat=True)
    )
    registrations = list(Registration.objects.filter(event=event).select_related("player"))
    plan = TeamImportPlan(data=data, encoding=encoding, lines=[])
    next_number = max((team.number for team in teams.values()), default=0) + 1
    placed: dict[int, int] = {}
    orders: dict[tuple[str, int], int] = {}
    for number, line in numbered[1:]:
        result = _plan_line(number, line, read, registrations)
        plan.lines.append(result)
        # A line not refused by _plan_line names its registration and its place.
        if result.action == REFUSED or result.registration_id is None or result.order is None:
            continue
        problems: list[str] = []
        name = result.team
        if result.registration_id in in_teams:
            problems.append(_("%(player)s is already in a team.") % {"player": result.player})
        if result.registration_id in placed:
            problems.append(
                _("%(player)s is already placed by line %(line)d.")
                % {"player": result.player, "line": placed[result.registration_id]}
            )
        key = (name, result.order)
        if key in taken_orders:
            problems.append(
                _("order: %(team)s already has %(player)s at place %(order)d.")
                % {"team": name, "player": taken_orders[key].registration, "order": result.order}
            )
        elif key in orders:
            problems.append(
                _("order: place %(order)d of %(team)s is already given by line %(line)d.")
                % {"order": result.order, "team": name, "line": orders[key]}
            )
        if problems:
            result.action, result.error = REFUSED, " ".join(problems)
            continue
        placed[result.registration_id] = number
        orders[key] = number
        if name in teams:
            result.action = EXISTING_TEAM
        else:
            result.action = NEW_TEAM
            if name not in plan.new_teams:
                club, federation = _team_fields(line, read)
                plan.new_teams[name] = (next_number, club, federation)
                next_number += 1
    return plan


def team_import_apply(
    event: Event, data: bytes, *, digest: str, user: AbstractBaseUser | None
) -> TeamImportPlan:
    """Write what the preview of ``data`` showed, in one transaction: the new teams, then
    every accepted line's roster place. Refused, and nothing written, when the preview no
    longer holds (a team or a registration changed since: ``digest`` differs)."""
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        plan = team_import_plan(event, data)
        if plan.digest != digest:
            raise ImportChangedError(
                _(
                    "The teams changed since the preview was made; nothing was imported. "
                    "Check the new preview below, then confirm again."
                )
            )
        teams = {team.name: team for team in event.teams.all()}
        for name, (number, club, federation) in plan.new_teams.items():
            teams[name] = Team.objects.create(
                event=event, number=number, name=name, club=club, federation=federation
            )
        TeamMember.objects.bulk_create(
            TeamMember(
                team=teams[line.team],
                registration_id=line.registration_id,
                order=line.order,
                reserve=line.reserve,
            )
            for line in plan.lines
            if line.action in (NEW_TEAM, EXISTING_TEAM)
            and line.registration_id is not None
            and line.order is not None
        )
    return plan


def team_import_summary(plan: TeamImportPlan) -> str:
    """One sentence: the teams created and the players placed by a confirmed import."""
    teams = ngettext("%(count)d team created", "%(count)d teams created", len(plan.new_teams))
    players = ngettext("%(count)d player placed", "%(count)d players placed", plan.writes)
    return _("Import done: %(teams)s, %(players)s.") % {
        "teams": teams % {"count": len(plan.new_teams)},
        "players": players % {"count": plan.writes},
    }


def _team_fields(line: str, header: csv_import.Header) -> tuple[str, str]:
    given = csv_import.line_values(line, header)
    assert not isinstance(given, str)  # the line was read by _plan_line
    return given.get("club", ""), given.get("federation", "").upper()


def _plan_line(
    number: int, line: str, header: csv_import.Header, registrations: list[Registration]
) -> TeamImportLine:
    given = csv_import.line_values(line, header)
    if isinstance(given, str):
        return TeamImportLine(number, REFUSED, error=given)
    result = TeamImportLine(number, REFUSED, team=given.get("team", ""))
    problems: list[str] = []
    if not result.team:
        problems.append(_("team: it is empty."))
    try:
        result.order = int(given["order"])
        if result.order < 1:
            raise ValueError
    except ValueError:
        problems.append(
            _("order: %(value)r is not a whole number from 1.") % {"value": given["order"]}
        )
    reserve = fold(given.get("reserve", ""))
    if reserve in YES:
        result.reserve = True
    elif reserve not in NO:
        problems.append(
            _("reserve: %(value)r is neither yes nor no.") % {"value": given["reserve"]}
        )
    registration, problem = _registration(given, registrations)
    if registration is None:
        problems.append(problem)
    else:
        result.registration_id = registration.pk
        result.player = str(registration.player)
    lengths = {f.name: f.max_length for f in Team._meta.concrete_fields}
    for name, limit in (("team", lengths["name"]), ("club", lengths["club"])):
        if limit is not None and len(given.get(name, "")) > limit:
            problems.append(
                _("%(field)s: it has %(length)d characters; at most %(limit)d.")
                % {"field": name, "length": len(given[name]), "limit": limit}
            )
    if len(given.get("federation", "")) > 3:
        problems.append(
            _("federation: %(value)r is longer than 3 letters.") % {"value": given["federation"]}
        )
    if problems:
        result.error = " ".join(problems)
        result.action = REFUSED
    else:
        result.action = NEW_TEAM
    return result


def _registration(
    given: dict[str, str], registrations: list[Registration]
) -> tuple[Registration | None, str]:
    fmjd_id = given.get("fmjd_id", "")
    if fmjd_id:
        found = [r for r in registrations if r.player.fmjd_id == fmjd_id]
        if not found:
            return None, _("fmjd_id: no player of the event has the FMJD id %(id)s.") % {
                "id": fmjd_id
            }
        return found[0], ""
    last, first = given.get("last_name", ""), given.get("first_name", "")
    if not last:
        return None, _("last_name: it is empty (or give fmjd_id).")
    found = [
        r
        for r in registrations
        if fold(r.player.last_name) == fold(last) and fold(r.player.first_name) == fold(first)
    ]
    if len(found) != 1:
        message = (
            _("last_name, first_name: no player of the event is named %(name)s.")
            if not found
            else _(
                "last_name, first_name: %(count)d players of the event are named %(name)s; "
                "give fmjd_id."
            )
        )
        return None, message % {"name": f"{last}, {first}", "count": len(found)}
    return found[0], ""
