"""The admin's pages for event archives (games.archive): an organizer downloads an event
they organize, and any staff member who may add events imports an archive after a preview.

Between the preview and the confirmation the uploaded archive waits in the storage under a
random token that only the uploader's session knows; confirming imports it and deletes it,
and a new upload deletes the one that was waiting.
"""

import secrets

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.files.storage import default_storage
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.translation import gettext as _

from games.archive.read import archive_import, archive_open, archive_preview
from games.archive.write import archive_filename, event_archive
from games.forms import ArchiveConfirmForm, ArchiveUploadForm
from games.services.errors import ArchiveError
from tournaments.access import organized_events
from tournaments.admin.pages import render_page
from tournaments.models import Event

#: The session key listing the tokens of the archives this session uploaded.
SESSION_KEY = "archive_imports"


def _pending(token: str) -> str:
    return f"archive-imports/{token}.zip"


class EventArchiveAdmin:
    """Mixed into a model admin (games.admin.GameAdmin) for its site and rendering."""

    def archive_urls(self) -> list:
        view = self.admin_site.admin_view
        return [
            path(
                "archive/<int:event_id>/",
                view(self.archive_download_view),
                name="tournaments_event_archive",
            ),
            path(
                "archive/import/",
                view(self.archive_import_view),
                name="tournaments_event_archive_import",
            ),
        ]

    def archive_download_view(self, request: HttpRequest, event_id: int) -> HttpResponse:
        """The whole event as one zip file, for its organizers only."""
        event = organized_events(request.user).filter(pk=event_id).first()
        if event is None:
            raise Http404(_("No event with id %(id)r that you organize.") % {"id": event_id})
        response = HttpResponse(event_archive(event=event, user=request.user))
        response["Content-Type"] = "application/zip"
        response["Content-Disposition"] = f'attachment; filename="{archive_filename(event)}"'
        return response

    def archive_import_view(self, request: HttpRequest) -> HttpResponse:
        """Upload an archive, see what it creates and what it conflicts with, confirm."""
        if not request.user.has_perm("tournaments.add_event"):
            raise PermissionDenied
        upload = ArchiveUploadForm()
        preview = confirm = None
        if request.method == "POST" and "token" in request.POST:
            confirm = ArchiveConfirmForm(request.POST)
            if confirm.is_valid():
                token = confirm.cleaned_data["token"]
                data, name = self._archive_bytes(request, token)
                try:
                    report = archive_import(
                        archive=archive_open(data, name=name),
                        user=request.user,
                        slug=confirm.cleaned_data["slug"],
                    )
                except ArchiveError as exc:
                    confirm.add_error(None, str(exc))
                    preview = self._archive_preview(request, token, upload)
                else:
                    self._archive_forget(request, token)
                    messages.success(
                        request,
                        _("%(event)s is imported as a draft: check it, then publish it.")
                        % {"event": report.event},
                    )
                    return HttpResponseRedirect(
                        reverse("admin:tournaments_event_change", args=(report.event.pk,))
                    )
        elif request.method == "POST":
            upload = ArchiveUploadForm(request.POST, request.FILES)
            if upload.is_valid():
                file = upload.cleaned_data["file"]
                for previous in list(request.session.get(SESSION_KEY, {})):
                    self._archive_forget(request, previous)  # one archive waits per session
                token = secrets.token_hex(16)
                default_storage.save(_pending(token), file)
                request.session[SESSION_KEY] = {token: file.name}
                preview = self._archive_preview(request, token, upload)
                if preview is not None:
                    confirm = ArchiveConfirmForm(initial={"token": token, "slug": preview.slug})
        return render_page(
            self,
            request,
            "games/admin/archive_import.html",
            title=_("Import an event archive"),
            opts=Event._meta,
            form=upload,
            preview=preview,
            confirm=confirm,
        )

    def _archive_bytes(self, request: HttpRequest, token: str) -> tuple[bytes, str]:
        """The archive this session uploaded under ``token``, and its file name."""
        names = request.session.get(SESSION_KEY, {})
        if token not in names or not default_storage.exists(_pending(token)):
            raise Http404(_("This archive is no longer waiting: upload it again."))
        with default_storage.open(_pending(token), "rb") as handle:
            return handle.read(), names[token]

    def _archive_preview(self, request: HttpRequest, token: str, form: ArchiveUploadForm):
        """The preview, or None with the archive's fault shown on ``form``."""
        data, name = self._archive_bytes(request, token)
        try:
            return archive_preview(archive=archive_open(data, name=name), user=request.user)
        except ArchiveError as exc:
            self._archive_forget(request, token)
            form.add_error(None, str(exc))
            return None

    def _archive_forget(self, request: HttpRequest, token: str) -> None:
        default_storage.delete(_pending(token))
        names = request.session.get(SESSION_KEY, {})
        request.session[SESSION_KEY] = {t: n for t, n in names.items() if t != token}
