"""The event archive: a whole event in one zip file, written on one instance and read on
another (docs/archive.md describes the format).

`games.archive.write` writes an event's archive; `games.archive.check` opens one and checks
it, `games.archive.preview` previews what importing it would create and `games.archive.load`
imports it. The archive lives in `games` because it holds the game records, their
verifications and the disputes as well as the tournament rows.
"""

#: The manifest's `format`: what this zip is.
FORMAT = "damier-event-archive"

#: The manifest's `version`: raised whenever a reader of the previous version would misread
#: an archive of the new one. Version 2 added teams.json (a team competition).
VERSION = 2

MANIFEST = "manifest.json"

#: The JSON files of an archive, each described in docs/archive.md.
EVENT = "event.json"
PLAYERS = "players.json"
REGISTRATIONS = "registrations.json"
ROUNDS = "rounds.json"
BALLOTS = "ballots.json"
RECORDS = "records.json"
DISPUTES = "disputes.json"
DOCUMENTS = "documents.json"
JSON_FILES = (EVENT, PLAYERS, REGISTRATIONS, ROUNDS, BALLOTS, RECORDS, DISPUTES, DOCUMENTS)
#: A team competition's settings, teams, rosters, adjustments, team matches, their boards and
#: lineups: only in the archive of a team competition (from version 2).
TEAMS = "teams.json"
OPTIONAL_JSON_FILES = (TEAMS,)

#: The fields of a player that only those allowed to read them receive
#: (tournaments.access.player_access).
PRIVATE_PLAYER_FIELDS = ("email", "phone", "birth_date")


def record_path(round_number: int, board: int, index: int) -> str:
    """Where a game's PDN record stands in the archive."""
    return f"records/round-{round_number:02d}/board-{board:03d}-game-{index}.pdn"
