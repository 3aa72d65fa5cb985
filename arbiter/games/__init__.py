"""Games of the rule texts that are not draughts variants, each behind the GameBoard protocol."""
