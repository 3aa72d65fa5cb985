"""Team competitions: teams and rosters, lineups, team matches played as ordinary boards,
team standings (the rules: tournaments.scoring.teams, docs/rules/tournaments.md §7)."""
