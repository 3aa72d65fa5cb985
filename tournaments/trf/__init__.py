"""An event's FIDE Tournament Report File (TRF) in the app: the event written as a TRF-2026
file, and an event created from a TRF file another program wrote, after a preview.

- ``export``: the event's official record as a TRF-2026 file (the standings' ranks);
- ``imports``: a TRF file read, checked and previewed, then created as an event;
- ``forms``: the upload and the confirmation of the import;
- ``admin``: the event's TRF export and the import page, routed by the event admin.

The file format itself, read and written without Django, is ``tournaments/pairing/trf.py``
(the pairing engine and its command line read it too).
"""
