"""The playing hall: check-in before a round (on the player's phone or on the hall's tablet)
and the hall screen (a TV showing the round's boards, the players by name and the standings).

It uses `tournaments` and is never imported by it: a player marked absent is left out of the
round through `tournaments.hooks.ROUND_ABSENTEES`, which `HallConfig.ready` fills.
"""
