"""Printed documents (PDF): the crosstable, the standings, the pairing sheet and the score
sheets of an event, built by Celery workers and served to the public, the admin and the API.

- ``models``: the :class:`~tournaments.documents.models.Document` row (registered in the
  ``tournaments`` app) and its kinds and states;
- ``data``: the event's rows turned into the plain values the layouts draw;
- ``services``: requests, builds and failures (the only writer of the rows);
- ``pdf``: the ReportLab layouts, pure functions from plain values to PDF bytes;
- ``views`` and ``urls``: the public addresses; ``admin``: the admin's page and actions;
  ``api`` and ``api_urls``: the API's endpoints; ``templatetags``: the admin's panel of
  documents and the event page's links (the library ``documents``, named in
  ``settings.TEMPLATES``);
- ``tasks``: the Celery tasks that build them; ``hooks``: what a completed round and the admin
  list of events reach through ``tournaments.hooks``; ``follow``: the rule by which every
  change marks the built documents queued; ``watch``: the check of lost jobs without a broker.

The rest of ``tournaments`` never imports this room: ``TournamentsConfig.ready`` wires it in
(its admin, tasks, hooks and ``follow``), ``tournaments.models`` registers its model, and
``config.urls`` serves its routes.
"""
