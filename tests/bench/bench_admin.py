"""A real web application's admin (Django's, pinned in the `bench` extra) as a benchmark.

A tiny Django project (tests/bench/admin_site: authors and books) is migrated into a SQLite file in a
temporary folder, seeded (tests/bench/admin_tasks.py) and served by Django's WSGI application on a threaded
server on 127.0.0.1. A scripted person demonstrates each task once with real mouse and keyboard inside a
RecordingSession (log in; add, change and delete a book; a bulk action; filter the list by genre; search;
add an author); each demonstration is built into a procedure titled with its task text and every procedure
goes into one store. Each task is then run with run_task(text, page=a page on the task's start, store,
mode="replay") on new instances: the demonstration's wording with new values, then rewordings. A run is
rewarded when the database holds the instance's values afterwards (for the list tasks: when the page shows
the rows the database has for them); a false success is an outcome verified or unverified that was not.

`SHOWMEHOW_ADMIN_TASKS="log in,search"` runs only those tasks; SHOWMEHOW_ADMIN_VERBOSE=1 prints every run.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from playwright.sync_api import Browser, BrowserContext, sync_playwright

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from recorder import RecordingSession
from recorder.browser import launch
from tests.bench import admin_tasks
from tests.bench.admin_tasks import Instance, Task
from tests.bench.common import false_success, isolated_home, serving

STEP_TIMEOUT_MS = 5000


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def served_admin() -> Iterator[str]:
    """The Django project migrated, seeded and served; yields its base URL."""
    folder = tempfile.mkdtemp(prefix="showmehow-admin-")
    os.environ["SHOWMEHOW_ADMIN_DB"] = str(Path(folder) / "admin.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.bench.admin_site.settings"
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # the judges query the ORM beside Playwright's loop
    import django
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.core.management import call_command
    from django.core.wsgi import get_wsgi_application

    django.setup()
    call_command("migrate", verbosity=0)
    admin_tasks.seed()
    with serving(make_server("127.0.0.1", 0, StaticFilesHandler(get_wsgi_application()), _Server, _Quiet)) as base:
        yield base


@dataclass
class Run:
    text: str
    outcome: str
    rewarded: bool
    procedure_id: str | None
    seconds: float
    error: str = ""
    binding: dict[str, str] = field(default_factory=dict)

    @property
    def false_success(self) -> bool:
        return false_success(self.outcome, self.rewarded)


@dataclass
class Figures:
    task: Task
    demo_ok: bool = False
    procedure_id: str | None = None
    steps: int = 0
    demo_error: str = ""
    runs: list[Run] = field(default_factory=list)


def new_context(browser: Browser, signed_in: dict | None) -> BrowserContext:  # type: ignore[type-arg]
    return browser.new_context(viewport={"width": 1280, "height": 800}, storage_state=signed_in)  # type: ignore[arg-type]


def demonstrate(browser: Browser, base: str, signed_in: dict, store: ProcedureStore, task: Task) -> Figures:  # type: ignore[type-arg]
    figures = Figures(task)
    context = new_context(browser, signed_in if task.logged_in else None)
    page = context.new_page()
    page.goto(base + task.start)
    session = RecordingSession(context, title=task.demo.text)
    session.start()
    before = admin_tasks.state()
    try:
        task.person(page, task.demo.values)
    except Exception as exc:  # noqa: BLE001 - a person who could not finish is reported, not fatal
        figures.demo_error = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    session.pump(300)
    recording = session.stop()
    figures.demo_ok = not figures.demo_error and task.judge(page, task.demo.values, before)
    if figures.demo_ok:
        procedure = build_procedure(recording)
        figures.procedure_id = store.add(procedure)
        figures.steps = len(procedure.steps)
    context.close()
    return figures


def replay(browser: Browser, base: str, signed_in: dict, store: ProcedureStore, figures: Figures, instance: Instance) -> None:  # type: ignore[type-arg]
    task = figures.task
    context = new_context(browser, signed_in if task.logged_in else None)
    page = context.new_page()
    page.goto(base + task.start)
    before = admin_tasks.state()
    started = time.perf_counter()
    try:
        result = run_task(instance.text, page=page, store=store, mode="replay", timeout_ms=STEP_TIMEOUT_MS)
        outcome, pid, error, binding = result.outcome, result.procedure_id, result.error or "", dict(result.binding)
    except Exception as exc:  # noqa: BLE001 - a crash of the app is a figure too
        outcome, pid, error, binding = "crashed", None, f"{type(exc).__name__}: {exc}", {}
    seconds = time.perf_counter() - started
    try:
        page.wait_for_load_state()
        rewarded = task.judge(page, instance.values, before)
    except Exception:  # noqa: BLE001 - a page the run left unusable is not rewarded
        rewarded = False
    first_line = error.splitlines()[0] if error else ""
    figures.runs.append(Run(instance.text, outcome, rewarded, pid, seconds, first_line, binding))
    context.close()


def line(f: Figures) -> str:
    n = len(f.runs)
    said = ", ".join(f"{k} {v}" for k, v in sorted(Counter(r.outcome for r in f.runs).items()))
    rewarded = sum(r.rewarded for r in f.runs)
    false = sum(r.false_success for r in f.runs)
    own = sum(r.procedure_id is not None and r.procedure_id == f.procedure_id for r in f.runs)
    demo = "" if f.demo_ok else f"  DEMO NOT DONE: {f.demo_error}"
    return f"{f.task.name:16s} rewarded {rewarded}/{n}  false successes {false}  own procedure {own}/{n}  outcomes: {said}{demo}"


def signed_in_state(browser: Browser, base: str) -> dict:  # type: ignore[type-arg]
    """A logged-in admin's cookies, for the tasks that start inside the admin (logged in outside any recording)."""
    context = new_context(browser, None)
    page = context.new_page()
    page.goto(base + "/admin/login/?next=/admin/")
    admin_tasks.log_in(page, {"user": "admin", "password": admin_tasks.USERS["admin"]})
    saved = context.storage_state()
    context.close()
    return saved  # type: ignore[return-value]


def main() -> None:
    try:
        import django  # noqa: F401
    except ImportError:
        print("the admin benchmark needs Django: pip install -e '.[bench]'")
        return
    isolated_home()
    chosen = [t.strip() for t in os.environ.get("SHOWMEHOW_ADMIN_TASKS", "").split(",") if t.strip()]
    verbose = bool(os.environ.get("SHOWMEHOW_ADMIN_VERBOSE"))
    tasks = [t for t in admin_tasks.TASKS if not chosen or t.name in chosen]
    store = ProcedureStore(Path(os.environ["SHOWMEHOW_HOME"]) / "admin.db")
    began = time.perf_counter()
    with served_admin() as base, sync_playwright() as playwright:
        browser = launch(playwright)
        signed_in = signed_in_state(browser, base)
        planned = [demonstrate(browser, base, signed_in, store, task) for task in tasks]
        recorded = time.perf_counter() - began
        for f in planned:
            for instance in f.task.instances:
                replay(browser, base, signed_in, store, f, instance)
            print(line(f), flush=True)
            if verbose:
                print(f"    demo ({f.steps} steps, {f.procedure_id}): {f.task.demo.text}")
                for r in f.runs:
                    print(
                        f"    {r.outcome} rewarded {r.rewarded} {r.procedure_id} {r.seconds:.1f}s: {r.text} | {r.binding} | {r.error}"
                    )
        browser.close()
    runs = [r for f in planned for r in f.runs]
    rewarded = sum(r.rewarded for r in runs)
    share = 100 * rewarded / len(runs) if runs else 0.0
    false = sum(r.false_success for r in runs)
    print(f"admin ({len(planned)} tasks): rewarded {rewarded}/{len(runs)} ({share:.0f}%), false successes {false}")
    print(f"time: {time.perf_counter() - began:.0f} s ({recorded:.0f} s recording)")


if __name__ == "__main__":
    main()
