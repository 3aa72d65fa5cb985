"""Ratings: the rating lists as published and each event's ratings at start.

- ``models``: the lists (:class:`~tournaments.ratings.models.RatingList`), a player's rating
  in one (``Rating``), their sources and the events' rating policies, all registered in the
  ``tournaments`` app;
- ``lists_import``: a list file previewed, then written once confirmed (import jobs of
  ``tournaments.imports``, registered by name in ``TournamentsConfig.ready``);
- ``services``: an event's rating snapshot, taken at round 1 and for a late entry;
- ``selectors``: an event's rating report, a player's rating history, his ratings list by
  list (the player directory's);
- ``hooks``: what the core reaches through ``tournaments.hooks`` (the ratings at start when
  round 1 is opened and for a late entry, a player's ratings and history on the public pages);
- ``admin``: the lists' admin pages (their upload form: ``forms``) and the event's rating
  report (page, CSV, XLSX); ``api``: the rating report's API endpoint;
- ``chart``: pure geometry of the history chart (no Django).

This file imports nothing, so that importing the pure modules stays free of Django.
"""
