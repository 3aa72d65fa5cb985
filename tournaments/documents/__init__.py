"""Printed documents (PDF): the crosstable, the standings, the pairing sheet and the score
sheets of an event, built by Celery workers and served to the public, the admin and the API.

- ``models``: the :class:`~tournaments.documents.models.Document` row (registered in the
  ``tournaments`` app) and its kinds and states;
- ``data``: the event's rows turned into the plain values the layouts draw;
- ``services``: requests, builds and failures (the only writer of the rows);
- ``pdf``: the ReportLab layouts, pure functions from plain values to PDF bytes;
- ``views`` and ``urls``: the public addresses; ``admin``: the admin's page and actions;
  ``api``: the API's endpoints.
"""
