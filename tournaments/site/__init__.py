"""The site's plumbing, apart from the tournament rules: failed logins counted and delayed
(``login_limits``), the size of uploads and request bodies (``upload_limits``), numbers read
from what people send (``inputs``), whether a document's or an import's job still runs
(``job_liveness``), the Content-Security-Policy (``csp``), and what a lost database
connection or an API error is answered (``failures``)."""
