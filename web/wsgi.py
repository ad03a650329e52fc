"""The WSGI entry point for gunicorn: `gunicorn web.wsgi:app`.

Each process keeps its read models (the game list, results, inboxes) caught up in a thread of its
own, woken by the news of every save (its own, and other processes' through the doorbell) and
looking at the store every CHRONICLE_PROJECTION_SECONDS (default 0.5) all the same, so that no
read has to.
Where bots play in-process (no RQ worker), the process also watches the clocks of games whose
decisions have a deadline, and tries again the bot turns that failed in it (every
CHRONICLE_CLOCK_SECONDS, default 5); and it posts each day's email digests (services.email.digests).
"""

import os

from projections.runner import EVERY_SECONDS, ProjectionRunner
from services.email.digests import DigestRound, DigestWatch
from services.email.setup import MailSetup
from services.reactions.overdue import ClockWatch
from web import metrics
from web.app import create_app, settle_heap

app = create_app()
metrics.start_sampling(app)

_services = app.extensions["chronicle"].services
ProjectionRunner(app.extensions["chronicle"].game_list,
                 float(os.environ.get("CHRONICLE_PROJECTION_SECONDS") or EVERY_SECONDS), news=_services.news,
                 others=[app.extensions["chronicle"].tournament_list]).start()

if _services.bots == "inprocess":
    ClockWatch(_services.commands, float(os.environ.get("CHRONICLE_CLOCK_SECONDS") or 5), _services.in_process).start()
    DigestWatch(DigestRound(_services.store, _services.mail, MailSetup.from_settings(os.environ).digest_hour)).start()

settle_heap()
