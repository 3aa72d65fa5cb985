"""The public pages of the tournament core, one module per group: the event's pages
(``events``), the player directory (``players``), the tables as spreadsheets (``sheets``) and
the calendars (``calendars``); routed by the modules of the same names in tournaments.urls.
This file imports nothing."""
