"""The admin site of the tournament core: one module per model group, each registering its
pages when imported; TournamentsConfig.ready imports them, with the documents' and the team
competitions' admins (this file imports none of them, so that any of them may be imported
first)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy

admin.site.site_header = gettext_lazy("Damier administration")
admin.site.site_title = gettext_lazy("Damier administration")
admin.site.index_title = gettext_lazy("Events, players and games")
