"""MiniWoB++ (1.1.0, the HTML tasks of the `miniwob` wheel, run from file://) as the development benchmark.

For each task of the development split a scripted person (tests/bench/miniwob_people.py) does the task
with real input inside a RecordingSession on one seed; the demonstration is built into a procedure
(heuristic builder) titled with the episode's task text, and every procedure goes into one store. Each
task is then run with run_task(task text, page=the task's page with a new episode started, store,
mode="replay") on 5 new seeds, without saying which procedure to use. Per task it prints how many runs
MiniWoB rewarded (WOB_RAW_REWARD_GLOBAL > 0), the app's own outcomes and the false successes (outcome
verified or unverified while the reward is not positive). The stretch tasks, whose answer a person
reads off the page, are counted apart.

Where one task's text comes in several shapes that need different steps (reply, forward, delete or
star an email; sign and agree, sign and cancel, or only cancel; an item that starts with some letters, or
that also ends with others), the person demonstrates each shape once,
as a person teaching the app would; each shape is one procedure in the store.

No task of the split is left out: a person can do every one from its text and its page. One of them
cannot be replayed from one demonstration, and stays an honest task fault: number-checkboxes asks to
draw a digit in a grid of checkboxes "using the example on the right", and that example is a picture (a
PNG of ticked boxes, with no text, no alt text and nothing else in the page that says which boxes). A
person reads the picture; replay reads no pictures (no vision model may be used here), the digit in the
task says nothing about the boxes, and the demonstration only shows which boxes its own digit takes. So
a task with another digit stops before the first tick ("no parameter takes it"), and only a task with
the demonstrated digit is done.

The wheel is fetched with `pip download miniwob==1.1.0 --no-deps` into SHOWMEHOW_BENCH_CACHE
(default ~/.cache/showmehow-bench) and unpacked there once. `SHOWMEHOW_MINIWOB_TASKS=a,b` runs only
those tasks; SHOWMEHOW_MINIWOB_SEEDS sets how many new seeds each task is run on (default 5).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from agent import run_task
from procedures import build_procedure
from procedures.store import ProcedureStore
from recorder import RecordingSession
from recorder.browser import launch
from tests.bench import miniwob_people as people
from tests.bench.common import false_success, isolated_home

VERSION = "1.1.0"
START = "Math.seedrandom({seed!r}); core.EPISODE_MAX_TIME = 120000; core.startEpisodeReal();"
STEP_TIMEOUT_MS = 3000

# task -> (scripted person, the shapes of its text that need their own demonstration)
SPLIT: dict[str, tuple[people.Person, tuple[str, ...]]] = {
    "click-test": (people.click_test, ()),
    "click-test-transfer": (people.click_test_transfer, ()),
    "click-checkboxes-large": (people.click_checkboxes, ()),
    "click-checkboxes-soft": (people.click_checkboxes_soft, ()),
    "click-checkboxes-transfer": (people.click_checkboxes, ("Select nothing", ",")),
    "click-collapsible": (people.click_collapsible, ()),
    "click-collapsible-2": (people.click_collapsible_2, ()),
    "click-tab-2": (people.click_tab_2, ()),
    "click-tab-2-medium": (people.click_tab_2_medium, ()),
    "click-tab-2-hard": (people.click_tab_2, ()),
    "choose-date": (people.choose_date, ()),
    "choose-date-medium": (people.choose_date, ()),
    "book-flight": (people.book_flight, ()),
    "use-autocomplete": (people.use_autocomplete, ("ends with", "starts with")),
    "email-inbox": (people.email_inbox, ("reply to them", "forward that email", "trash icon", "star icon")),
    "email-inbox-forward-nl": (people.email_inbox, ()),
    "email-inbox-important": (people.email_inbox, ()),
    "email-inbox-reply": (people.email_inbox, ()),
    "email-inbox-star-reply": (people.email_inbox, ("reply to them", "star icon")),
    "email-inbox-noscroll": (people.email_inbox, ("reply to them", "forward that email", "trash icon", "star icon")),
    "social-media-all": (people.social_media, ()),
    "social-media-some": (people.social_media, ()),
    "enter-text-2": (people.enter_text_2, ()),
    "form-sequence": (people.form_sequence, ()),
    "form-sequence-2": (people.form_sequence_2, ()),
    "form-sequence-3": (people.form_sequence_3, ()),
    "click-menu": (people.click_menu, ()),
    "click-menu-2": (people.click_menu_2, ("labeled", "icon")),
    "click-widget": (people.click_widget, ()),
    "click-scroll-list": (people.click_scroll_list, ()),
    "number-checkboxes": (people.number_checkboxes, ()),
    "use-spinner": (people.use_spinner, ()),
    "sign-agreement": (people.sign_agreement, ("Click the cancel button", 'press "Agree"', 'press "Cancel"')),
    "drag-items": (people.drag_items, ("to the top", "to the bottom", "down by one", "up by one", "position")),
    "drag-box": (people.drag_box, ()),
    "drag-sort-numbers": (people.drag_sort_numbers, ()),
    "use-slider": (people.use_slider, ()),
    "hover-shape": (people.hover_shape, ()),
    "scroll-text": (people.scroll_text, ()),
    "resize-textarea": (people.resize_textarea, ("width is larger", "width is smaller", "height is larger", "height is smaller")),
}
STRETCH: dict[str, tuple[people.Person, tuple[str, ...]]] = {
    "read-table": (people.read_table, ()),
    "phone-book": (people.phone_book, ()),
    "copy-paste": (people.copy_paste, ()),
    "find-word": (people.find_word, ()),
    "text-transform": (people.text_transform, ()),
}
DEMO_SEEDS = range(1000, 1200)  # demonstrations are recorded on seeds from here, replays on others
REPLAY_SEEDS = range(1, 1 + int(os.environ.get("SHOWMEHOW_MINIWOB_SEEDS", "5")))


def tasks_folder() -> Path:
    """The wheel's HTML tasks, fetched and unpacked into the benchmark cache on first use."""
    cache = Path(os.environ.get("SHOWMEHOW_BENCH_CACHE", Path.home() / ".cache" / "showmehow-bench"))
    unpacked = cache / f"miniwob-{VERSION}"
    folder = unpacked / "miniwob" / "html" / "miniwob"
    if folder.is_dir():
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    wheel = next(cache.glob(f"miniwob-{VERSION}-*.whl"), None)
    if wheel is None:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", f"miniwob=={VERSION}", "--no-deps", "-d", str(cache)], check=True
        )
        wheel = next(cache.glob(f"miniwob-{VERSION}-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(unpacked, [n for n in archive.namelist() if n.startswith("miniwob/html/")])
    return folder


@dataclass
class Episode:
    utterance: str
    fields: dict  # type: ignore[type-arg]


def start_episode(page: Page, url: str, seed: int) -> Episode:
    """Open the task's page (a fresh load) and start the episode of `seed`."""
    page.goto(url)
    page.evaluate(START.format(seed=str(seed)))
    said = page.evaluate("core.getUtterance()")
    if isinstance(said, dict):  # tasks worded in natural language also say which words are which
        return Episode(said["utterance"], said.get("fields") or {})
    return Episode(said, {})


def reward(page: Page) -> float:
    return float(page.evaluate("WOB_RAW_REWARD_GLOBAL"))


def demo_seeds(browser: Browser, url: str, shapes: tuple[str, ...]) -> list[int]:
    """One seed per shape of the task's text (the first seed when it has one shape)."""
    if not shapes:
        return [DEMO_SEEDS[0]]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    found: dict[str, int] = {}
    for seed in DEMO_SEEDS:
        utterance = start_episode(page, url, seed).utterance
        shape = next((s for s in shapes if s in utterance), None)
        if shape and shape not in found:
            found[shape] = seed
        if len(found) == len(shapes):
            break
    context.close()
    return sorted(found.values())


@dataclass
class Demo:
    task: str
    seed: int
    utterance: str
    rewarded: bool
    procedure_id: str | None = None
    steps: int = 0
    error: str = ""


def demonstrate(browser: Browser, store: ProcedureStore, task: str, url: str, person: people.Person, seed: int) -> Demo:
    """The scripted person does the task on `seed` while the app records; the recording becomes a stored procedure.
    An episode with nothing to show (a list in order already) is left for the next seed, as a person teaching would."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    episode = start_episode(page, url, seed)
    session = RecordingSession(context, title=episode.utterance)
    session.start()
    demo = Demo(task, seed, episode.utterance, False)
    try:
        person(page, episode.utterance, episode.fields)
        page.wait_for_function("WOB_DONE_GLOBAL", timeout=5000)
    except people.NothingToShow:
        session.stop()
        context.close()
        return demonstrate(browser, store, task, url, person, seed + 1)
    except Exception as exc:  # noqa: BLE001 - a person who could not finish is reported, not fatal
        demo.error = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    session.pump(300)
    recording = session.stop()
    demo.rewarded = reward(page) > 0
    if demo.rewarded:
        procedure = build_procedure(recording)
        demo.procedure_id = store.add(procedure)
        demo.steps = len(procedure.steps)
    context.close()
    return demo


@dataclass
class Run:
    seed: int
    utterance: str
    outcome: str
    rewarded: bool
    procedure_id: str | None
    seconds: float
    error: str = ""

    @property
    def false_success(self) -> bool:
        return false_success(self.outcome, self.rewarded)


@dataclass
class TaskFigures:
    task: str
    demos: list[Demo]
    runs: list[Run] = field(default_factory=list)

    @property
    def rewarded(self) -> int:
        return sum(r.rewarded for r in self.runs)

    @property
    def false_successes(self) -> int:
        return sum(r.false_success for r in self.runs)

    @property
    def own(self) -> int:
        ids = {d.procedure_id for d in self.demos}
        return sum(r.procedure_id in ids for r in self.runs)


def replay_task(browser: Browser, store: ProcedureStore, figures: TaskFigures, url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    for seed in REPLAY_SEEDS:
        episode = start_episode(page, url, seed)
        started = time.perf_counter()
        try:
            result = run_task(episode.utterance, page=page, store=store, mode="replay", timeout_ms=STEP_TIMEOUT_MS)
            outcome, pid, error = result.outcome, result.procedure_id, result.error or ""
        except Exception as exc:  # noqa: BLE001 - a crash of the app is a figure too
            outcome, pid, error = "crashed", None, f"{type(exc).__name__}: {exc}"
        seconds = time.perf_counter() - started
        got = reward(page) > 0
        figures.runs.append(Run(seed, episode.utterance, outcome, got, pid, seconds, error.splitlines()[0] if error else ""))
    context.close()


def line(f: TaskFigures) -> str:
    outcomes = Counter(r.outcome for r in f.runs)
    said = ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
    demo = "" if all(d.rewarded for d in f.demos) else "  DEMO NOT REWARDED: " + "; ".join(d.error for d in f.demos)
    return (
        f"{f.task:28s} rewarded {f.rewarded}/{len(f.runs)}  false successes {f.false_successes}  "
        f"own procedure {f.own}/{len(f.runs)}  outcomes: {said}{demo}"
    )


def total(name: str, all_figures: list[TaskFigures]) -> None:
    runs = [r for f in all_figures for r in f.runs]
    rewarded = sum(r.rewarded for r in runs)
    false = sum(r.false_success for r in runs)
    share = 100 * rewarded / len(runs) if runs else 0.0
    print(f"{name}: rewarded {rewarded}/{len(runs)} ({share:.0f}%), false successes {false}")


def main() -> None:
    isolated_home()
    folder = tasks_folder()
    chosen = [t for t in os.environ.get("SHOWMEHOW_MINIWOB_TASKS", "").split(",") if t]
    verbose = bool(os.environ.get("SHOWMEHOW_MINIWOB_VERBOSE"))
    groups = {"split": SPLIT, "stretch": STRETCH}
    store = ProcedureStore(Path(os.environ["SHOWMEHOW_HOME"]) / "miniwob.db")
    began = time.perf_counter()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        planned: dict[str, list[TaskFigures]] = {}
        for group, tasks in groups.items():
            for task, (person, shapes) in tasks.items():
                if chosen and task not in chosen:
                    continue
                url = (folder / f"{task}.html").as_uri()
                demos = [demonstrate(browser, store, task, url, person, s) for s in demo_seeds(browser, url, shapes)]
                planned.setdefault(group, []).append(TaskFigures(task, demos))
        recorded = time.perf_counter() - began
        for figures in planned.values():
            for f in figures:
                replay_task(browser, store, f, (folder / f"{f.task}.html").as_uri())
                print(line(f), flush=True)
                if verbose:
                    for d in f.demos:
                        print(f"    demo seed {d.seed} ({d.steps} steps, {d.procedure_id}): {d.utterance} {d.error}")
                    for r in f.runs:
                        print(
                            f"    seed {r.seed} {r.outcome} reward {r.rewarded} {r.procedure_id} {r.seconds:.1f}s: {r.utterance} | {r.error}"
                        )
        browser.close()
    for group, figures in planned.items():
        total(f"{group} ({len(figures)} tasks)", figures)
    print(f"time: {time.perf_counter() - began:.0f} s ({recorded:.0f} s recording)")


if __name__ == "__main__":
    main()
