"""Under gevent, a request's CPU-bound work runs beside the event loop, not on it: the worker's
other requests and streams go on while an audit re-runs a game's bot moves."""

import subprocess
import sys
import textwrap

from cli.server_process import ROOT

PROGRAM = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import gevent
    from gevent.monkey import get_original
    from services.off_the_loop import off_the_loop

    lock = get_original("_thread", "allocate_lock")()  # the system's own lock: it blocks the thread
    lock.acquire()

    def work():
        # Waits for a greenlet of the loop: on the loop itself it could never be released.
        return lock.acquire(timeout=120)

    other = gevent.spawn(lock.release)
    print("released" if off_the_loop(work) else "held the loop")
    other.join()
""")


def test_work_run_off_the_loop_lets_the_other_greenlets_run_meanwhile():
    ran = subprocess.run([sys.executable, "-c", PROGRAM], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "released"


def test_without_gevent_the_work_runs_at_once_in_the_callers_thread():
    import threading

    from services.off_the_loop import off_the_loop

    assert off_the_loop(lambda: threading.current_thread()) is threading.current_thread()
