"""Imports of large files run as Celery jobs: the upload answers at once with a page that
follows the job's progress, then shows the preview and confirms it as another job.

The kinds of import (a rating list and a players file here; other apps register theirs) are
named in a registry (tournaments.imports.services.IMPORT_KINDS) so that this package never
imports the apps that use it."""
