"""Services: every write to the tournament tables goes through these functions.

Each takes keyword-only arguments and the acting user (recorded in the history), runs in one
transaction, and raises a TournamentError subclass whose message names what was refused.
"""
