"""The WSGI entry point for gunicorn: `gunicorn web.wsgi:app`.

Where bots play in-process (no RQ worker), the process also watches the clocks of games whose
decisions have a deadline (every CHRONICLE_CLOCK_SECONDS, default 5).
"""

import os

from services.overdue import ClockWatch
from web.app import create_app

app = create_app()

_services = app.extensions["chronicle"].services
if _services.bots == "inprocess":
    ClockWatch(_services.commands, float(os.environ.get("CHRONICLE_CLOCK_SECONDS") or 5)).start()
