"""run_task, the one place that runs a task: retrieve the procedures that fit it, then replay one
("replay"), let the LLM agent work with them in its prompt ("agent"), or both ("auto": replay first,
the agent takes over where replay fails, and a verified run past the failure proposes a revision of the
procedure). Every outcome is recorded on the procedures it used, with what the run cost."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from agent.approval import start_question
from agent.asking import answered, ask_for_values
from agent.evidence import disputed, propose_check_removal
from agent.healing import accept_when_confirmed, confirm_left_out, propose_fix, reached_end, remapped, stands_for
from agent.learning import Taught, teach, watch_run
from agent.loop import Agent, AgentState
from agent.replay import DONE_WAIT_MS, SETTLED_WAIT_MS, Playing, ReplayResult, bound_checks, end_checks, play
from agent.results import CheckRecord, Cost, Mode, Outcome, RunControls, RunResult
from agent.run_log import RunLog
from agent.run_trace import RunTrace
from agent.secret_scope import ScopedSecret, SecretScope
from core.errors import ShowMeHowError
from core.llm import LLMError, Usage
from core.secrecy import is_secret_name, named_secrets
from core.settings import Settings, load_settings
from core.untrusted import readable_text
from procedures.binding.contradiction import Contradiction, find_contradiction
from procedures.binding.date_values import read_dates
from procedures.binding.values import invalid_values, parameter_variables, secret_sites
from procedures.models import Procedure, ProcedureStep
from procedures.revisions import Revision
from procedures.runtime.placeholders import fill_placeholders
from procedures.runtime.playback import Player
from procedures.runtime.stepping import named_selectors, plain_error, settled, unreachable
from procedures.search import place
from procedures.store import ProcedureStore
from recorder.browser import open_browser
from retrieval import Match, Retriever, near_tie_note, render_procedural_memory
from retrieval.lessons import LessonStore
from retrieval.render import ReplayProgress, render_progress, target_words


@contextmanager
def _page_for(page: Page | None, settings: Settings) -> Iterator[Page]:
    if page is not None:
        yield page
        return
    with open_browser(headless=True, settings=settings) as handle:
        yield handle.context.new_page()


def secret_values(
    matches: list[Match], given: dict[str, str], task: str = "", secrets: dict[str, str] | None = None
) -> list[ScopedSecret]:
    """The run's secret values, bound to a parameter or not: never logged, never shown to a model. They are
    the values of the matches' secret parameters, each tied to the sites it may go to (the site whose
    variable gave it, else its procedure's), and, tied to no site, those of given values with
    secret-sounding names, those the task's words name as secrets (`password "x3h"`) and those given as secrets."""
    out = [ScopedSecret(name, value) for name, value in named_secrets(task)]
    for match in matches:
        values = match.binding.values
        for name, sites in secret_sites(match.procedure, values).items():
            out.append(ScopedSecret(name, values[name], tuple(sites)))
    out += [ScopedSecret(name, value) for name, value in given.items() if is_secret_name(name)]
    out += [ScopedSecret(name, value) for name, value in (secrets or {}).items()]
    return [secret for secret in dict.fromkeys(out) if secret.value]


def first_complete(matches: list[Match], picked: bool = False) -> Match | None:
    """The match to replay: the best one when it has a value for every required parameter and no reading
    the task leaves open. Never a lower-ranked one in its place, unless the person `picked` the matches
    (then the first of theirs that can run)."""
    candidates = matches if picked else matches[:1]
    return next((match for match in candidates if not match.missing and not match.binding.ambiguous), None)


def choose_for_replay(matches: list[Match], param_env: dict[str, str], picked: bool = False) -> Match:
    """The match to replay, or an error that says what is missing and how to give it."""
    if not matches:
        raise ShowMeHowError("no stored procedure fits this task; record one with `showmehow record URL`")
    match = first_complete(matches, picked)
    if match is not None:
        return match
    best = matches[0]
    if best.binding.ambiguous:
        raise ShowMeHowError(_ambiguous(best))
    missing = best.missing
    variables = " or ".join(parameter_variables(best.procedure, missing[0], param_env))
    others = [m for m in matches[1:] if not m.missing]
    instead = (
        f" Another procedure is not run in its place; to run '{others[0].procedure.title}', pick it: "
        f"--procedure {others[0].procedure.id[:8]} (or tick it in the Run tab)."
        if others and not picked
        else ""
    )
    raise ShowMeHowError(
        f"'{best.procedure.title}' needs {', '.join(missing)}: give them in the task, as parameters (--param NAME=VALUE, "
        f"or the Run tab's Parameters and Secrets), or set {variables} in the environment "
        f"(the param_env setting names a variable for a parameter on a site: {missing[0]}@SITE=VARIABLE).{instead}"
    )


def _ambiguous(match: Match) -> str:
    """What the task leaves open for a match, in a message that says what to do."""
    return (
        f"ShowMeHow could not read the task for '{match.procedure.title}': {'; '.join(match.binding.ambiguous)}. "
        "Say each value once, next to its field's name, or give it as a parameter (--param NAME=VALUE, or the Run "
        "tab's Parameters; run it from a terminal or the GUI and it asks); "
        "leave out what the procedure does not do"
    )


def run_task(
    task: str,
    page: Page | None = None,
    store: ProcedureStore | None = None,
    mode: Mode = "auto",
    model: str | None = None,
    url: str | None = None,
    params: dict[str, str] | None = None,
    controls: RunControls | None = None,
    settings: Settings | None = None,
    timeout_ms: float = 10_000,
    procedure_ids: list[str] | None = None,
    secrets: dict[str, str] | None = None,
) -> RunResult:
    """Run a task and record its outcome on every procedure it used; see the module docstring.
    `params` are values the person gives, which win over the task's; `procedure_ids` limits the run to
    those of the matched procedures (the person's choice); `secrets` are given values that are secret
    whatever their names. No secret value of the run is in its logs, its progress records, its result or a
    prompt. Auto mode without a model (none given, none set) is replay."""
    started = time.perf_counter()
    task = readable_text(task)
    settings = settings or load_settings()
    if mode == "auto" and not (model or settings.model):
        mode = "replay"
    given = dict(params or {}) | dict(secrets or {})
    run = _Run(task, store or ProcedureStore(), given, controls or RunControls(), settings, timeout_ms)
    run.picked = procedure_ids is not None
    where = url or (page.url if page is not None and place(page.url) else None)  # file: pages too
    matches = Retriever(run.store, settings).retrieve(task, url=where, k=3 if procedure_ids is None else 50)
    if procedure_ids is not None:
        matches = [m for m in matches if m.procedure.id in procedure_ids]
        _refuse_deprecated(run.store, procedure_ids, matches)
    matches = [_dates_read(m.given(given)) for m in matches]
    answers = ask_for_values(matches, run.controls, run.picked) if mode != "agent" else {}
    given.update(answers)  # the person's answers are values they gave
    matches = [_dates_read(answered(m, answers)) for m in matches] if answers else matches
    run.secrets = secret_values(matches, given, task, secrets)
    run.log.hide(secret.value for secret in run.secrets)  # the task text itself may hold a password
    run.log.memory_event(_retrieved(task, matches))
    fault = run.task_fault(matches, mode)  # a value the procedure does not allow: fail before the browser is touched
    sites = matches[0].procedure.abstract.domains if matches and mode != "agent" else []
    question = start_question(url, sites, run.controls.allow_other_sites) if url else None
    if question and not (run.controls.ask and run.controls.ask(question)):
        raise ShowMeHowError(f"not run: {question}; allow other sites to run it there, or start on {sites[0]}")
    if fault is not None:
        result = fault
    else:
        with _page_for(page, settings) as current:
            result = _unreachable(current, url, mode) if url and not current.url.startswith(url) else None
            if result is None:
                result = run.replay_mode(current, matches) if mode == "replay" else run.agent_mode(current, matches, mode, model)
        run.count_run(result)
    result = run.log.masked_model(result)
    result.counted = run.counted
    result.near_tie = near_tie_note(matches) if procedure_ids is None else ""
    result.run_dir = str(run.log.dir)
    result.cost = _cost(run.usage, started)
    run.log.summary(result.model_dump())
    return result


def _dates_read(match: Match) -> Match:
    """The match with each date the task wrote without its year made whole, its binding saying so."""
    reading = read_dates(match.procedure, match.binding.values)
    if not reading.read:
        return match
    binding = dataclasses.replace(match.binding, values=reading.values, sources=match.binding.sources | reading.read)
    return match.model_copy(update={"binding": binding})


def _unreachable(page: Page, url: str, mode: Mode) -> RunResult | None:
    """Open the page the run starts on: None once there, else the run's result (the environment's fault)."""
    try:
        page.goto(url)
    except PlaywrightError as exc:
        if not unreachable(exc, {"action": "navigate"}):
            raise
        error = f"{plain_error(exc)}: the site could not be reached"
        return RunResult(success=False, error=error, mode=mode, outcome="environment")
    return None


def _refuse_deprecated(store: ProcedureStore, picked: list[str], matches: list[Match]) -> None:
    """Procedures the person picked that retrieval leaves out because they are deprecated: said, with the way back."""
    if matches:
        return
    for procedure_id in picked:
        try:
            procedure = store.get(procedure_id)
        except ShowMeHowError:  # not stored: nothing to restore
            continue
        if procedure.deprecated:
            raise ShowMeHowError(
                f"'{procedure.title}' ({procedure.id[:12]}) is deprecated: {procedure.failure_count} of its "
                f"{procedure.success_count + procedure.failure_count} runs failed, so runs no longer use it; "
                f"`showmehow restore {procedure.id[:12]}` lets them use it again"
            )


def _retrieved(task: str, matches: list[Match]) -> dict[str, Any]:
    """The memory event of what the retrieval found, and where each bound value came from."""
    return {
        "event": "procedures_retrieved",
        "task": task,
        "matches": [
            {
                "id": m.procedure.id,
                "title": m.procedure.title,
                "score": m.score,
                "breakdown": m.breakdown.model_dump(),
                "binding": m.binding.sources,
            }
            for m in matches
        ],
    }


def _cost(usage: Usage, started: float) -> Cost:
    return Cost(
        llm_calls=usage.calls,
        prompt_tokens=usage.prompt_tokens,
        completion_tokens=usage.completion_tokens,
        llm_seconds=round(usage.seconds, 3),
        seconds=round(time.perf_counter() - started, 3),
    )


def why_stopped(replayed: ReplayResult, steps: list[ProcedureStep]) -> str:
    """Why a replay stopped, in the words the model and a revision read: a step whose element is not on the
    page, by the role and name it was recorded with (not the selectors tried); else the replay's error (which
    names the selectors of a step recorded without a role and name)."""
    index = replayed.failed_step
    if replayed.missing and index is not None and named_selectors(steps[index].selectors):
        step = steps[index]
        return f"step {index + 1} ({step.description or step.action}): {target_words(step)} is not on the page as it is now"
    return replayed.error or ""


CLAIM_WAIT_MS = 2000  # how long a model's claim to be done waits for the end checks to hold
Verifier = tuple[Procedure, dict[str, str]]  # the procedure whose end checks judge a run, with its values


@dataclass
class _Resume:
    """Auto mode's replay that failed, which the agent takes over: the procedure, the steps played (a
    pending revision's, or its own), what the replay did, where it stopped, and the matches as the agent
    sees them (this one first, with the steps played)."""

    procedure: Procedure
    played: list[ProcedureStep]
    replayed: ReplayResult
    progress: ReplayProgress
    matches: list[Match]
    values: dict[str, str]


class _Run:
    """One run_task call: what every mode needs."""

    def __init__(
        self,
        task: str,
        store: ProcedureStore,
        given: dict[str, str],
        controls: RunControls,
        settings: Settings,
        timeout_ms: float,
    ) -> None:
        self.task, self.store, self.given = task, store, given  # given: the values the person gave
        self.settings, self.timeout_ms = settings, timeout_ms
        self.log = RunLog()
        self.usage = Usage()
        self.secrets: list[ScopedSecret] = []
        self.picked = False  # the person chose the procedures: a lower-ranked one may run
        self.used: set[str] = set()  # the procedures this run was counted as a use of
        self.counted: dict[str, bool] = {}  # by procedure: the outcome recorded on it (True: a success)
        shown = controls.on_progress
        masked = None if shown is None else (lambda record: shown(self.log.masked_model(record)))
        self.controls = dataclasses.replace(controls, on_progress=masked)  # the same stop event

    def task_fault(self, matches: list[Match], mode: Mode) -> RunResult | None:
        """The run's result when the task gives a value that the procedure to replay does not allow. This
        is the run's one check of the values: what it replays afterwards is played as given."""
        if mode != "agent" and matches and not self.picked and matches[0].binding.ambiguous:
            best = matches[0]  # what the task leaves open: said before the browser is touched, instead of a guess
            return RunResult(
                success=False,
                error=_ambiguous(best),
                mode=mode,
                procedure_id=best.procedure.id,
                binding=best.binding.sources,
                outcome="task_fault",
            )
        match = None if mode == "agent" else first_complete(matches, self.picked)
        problems = (
            [
                *self._unknown_names(match.procedure),
                *invalid_values(match.procedure, match.binding.values),
                *read_dates(match.procedure, match.binding.values).problems,
            ]
            if match
            else []
        )
        if match is None or not problems:
            return None
        return RunResult(
            success=False,
            error=f"'{match.procedure.title}' cannot run this task: {'; '.join(problems)}",
            mode=mode,
            procedure_id=match.procedure.id,
            binding=match.binding.sources,
            outcome="task_fault",
        )

    def _unknown_names(self, procedure: Procedure) -> list[str]:
        """A value the person gave under a name the procedure has no parameter for (a misspelt `--param`)."""
        names = [p.name for p in procedure.abstract.parameters]
        listed = ", ".join(names) or "none"
        return [f'it has no parameter "{name}" (its parameters: {listed})' for name in self.given if name not in names]

    def replay_mode(self, page: Page, matches: list[Match]) -> RunResult:
        try:
            match = choose_for_replay(matches, self.settings.param_env, self.picked)
        except ShowMeHowError as exc:  # nothing fits, or the task lacks values: no procedure is blamed
            return RunResult(success=False, error=str(exc), mode="replay", outcome="task_fault" if matches else "failed")
        outcome = self._play(page, match.procedure, match.binding.values, contradiction=self._contradiction(match))
        self._count(match.procedure.id, outcome.outcome, outcome.failed_step, disputed(outcome.outcome, outcome.evidence))
        self._watch_left_out(match.procedure, outcome)
        self._propose_without_wrong_checks(match.procedure, outcome)
        return RunResult(
            success=outcome.success,
            steps=outcome.steps,
            procedure_id=match.procedure.id,
            error=outcome.error,
            mode="replay",
            procedures_used=[match.procedure.id],
            binding=match.binding.sources,
            outcome=outcome.outcome,
            checks=outcome.checks,
            failed_step=None if outcome.failed_step is None else outcome.failed_step + 1,
            evidence=outcome.evidence,
        )

    def _count(self, procedure_id: str, outcome: Outcome, failed_step: int | None = None, disputed: bool = False) -> None:
        """The honest UPDATE: only a verified success or a failure of the procedure itself changes its
        confidence; an unverified run is one more run that does not, and a stop, a fault of the task (values missing,
        invalid or in a form the page cannot take) and a fault of the environment (the site unreachable) are no run
        of it. Nor is a failure that the request evidence `disputed` (the site received exactly the task's values):
        a procedure is deprecated only by failures the evidence agrees with."""
        counted = outcome in ("verified", "failed") and not disputed
        if counted:
            self.store.record_outcome(procedure_id, success=outcome == "verified", step_failed=failed_step)
            self.counted[procedure_id] = outcome == "verified"
        elif outcome in ("unverified", "failed"):
            self.store.record_other_run(procedure_id)
        if outcome in ("verified", "failed", "unverified"):
            self.used.add(procedure_id)
        self.log.memory_event(
            {
                "event": "outcome_recorded" if counted else "outcome_not_counted",
                "procedure_id": procedure_id,
                "outcome": outcome,
                "failed_step": None if failed_step is None else failed_step + 1,
            }
        )

    def count_run(self, result: RunResult) -> None:
        """Every run that used a procedure and did something is a run of it, once: one that no outcome counted
        yet (a replay repaired by the fix it learned, an agent's run that its checks did not confirm) is one
        more run that leaves the confidence as it was."""
        procedure_id = result.procedure_id
        if procedure_id is None or self.used or result.outcome in ("task_fault", "stopped", "environment"):
            return
        if not result.steps:
            return  # nothing done on the page
        self.store.record_other_run(procedure_id)
        self.used.add(procedure_id)
        self.log.memory_event({"event": "run_counted", "procedure_id": procedure_id, "outcome": result.outcome})

    def _propose_without_wrong_checks(self, procedure: Procedure, replayed: ReplayResult) -> None:
        """A run verified by its request though end checks failed proposes removing those checks."""
        if replayed.outcome == "verified" and replayed.wrong_checks:
            revision = propose_check_removal(self.store, procedure, replayed.wrong_checks, str(self.log.dir))
            if revision is not None:
                revision = accept_when_confirmed(self.store, revision, self.settings)
                self.log.memory_event({"event": "revision_proposed", "id": revision.id, "status": revision.status})

    def _watch_left_out(self, procedure: Procedure, replayed: ReplayResult) -> None:
        """A verified replay of the procedure's steps counts one more run without each step that a revision
        left out and this run skipped (see confirm_left_out)."""
        if replayed.outcome != "verified" or not any(step.left_out for step in procedure.steps):
            return
        records = [r for r in replayed.steps if r.source == "replay"]
        skipped = {r.step - 1 for r in records if r.status == "skipped"} | set(replayed.left_out)
        played = {r.step - 1 for r in records if r.status == "ok"}
        revision = confirm_left_out(self.store, procedure.steps, procedure.id, skipped, played, str(self.log.dir))
        if revision is not None:
            self.log.memory_event({"event": "steps_removed", "id": revision.id, "changes": revision.changes})

    def _count_replay(self, resume: _Resume) -> None:
        """The failure of the replay that the agent took over counts against its procedure (unless its requests
        show the site received the task's values)."""
        replayed = resume.replayed
        self._count(resume.procedure.id, replayed.outcome, replayed.failed_step, disputed(replayed.outcome, replayed.evidence))

    @staticmethod
    def _verifier(matches: list[Match]) -> Verifier | None:
        """The procedure whose end checks judge an agent's run: the best match with an end check that its
        bound values fill (the checks that need a missing value are left out)."""
        match = next((m for m in matches if bound_checks(m.procedure, m.binding.values)[0]), None)
        return None if match is None else (match.procedure, match.binding.values)

    def _end_checks(
        self, page: Page, verifier: Verifier | None, wait_ms: float | None = None, until_failure: bool = False
    ) -> list[CheckRecord]:
        """The verifier's end checks on the page, waiting up to `wait_ms` (else the step timeout) for them
        (`until_failure`: up to the first that fails)."""
        if verifier is None:
            return []
        procedure, values = verifier
        return end_checks(Player(page, values, timeout_ms=self.timeout_ms), procedure, page, wait_ms, until_failure)

    def _contradiction(self, match: Match) -> Contradiction | None:
        """The first step that would act on a demonstrated value the task does not want."""
        return find_contradiction(match.procedure, match.binding, self.task)

    def agent_mode(self, page: Page, matches: list[Match], mode: Mode, model: str | None) -> RunResult:
        """The LLM agent with the matches in its prompt; in auto mode, after a replay that failed. When the
        agent says it is done, the end checks of the procedure it worked from say whether it is."""
        model = model or self.settings.model
        if not model:
            return RunResult(
                success=False, error=f"mode {mode} needs a model: `showmehow config set model NAME` or pass model=", mode=mode
            )
        lessons = LessonStore(self.store, on_event=self.log.memory_event)  # the lessons of the store the run uses
        lessons.load()
        verifier = self._verifier(matches)
        values = matches[0].binding.values if matches else dict(self.given)
        resume = self._replay_before_agent(page, matches) if mode == "auto" else None
        if isinstance(resume, RunResult):
            return resume  # the replay went through, or was stopped
        if resume is not None:
            matches, values = resume.matches, resume.values
            verifier = (resume.procedure, values) if resume.procedure.outcome_checks() else verifier
        agent = self._agent(page, matches, values, verifier, model, lessons)
        trace = watch_run(agent, self.log, self.secrets) if resume is None else None  # a run of its own may teach
        handback = _Handback(self, page, matches, values, resume.progress) if resume is not None else None
        memory = handback.context() if handback else render_procedural_memory(matches, max_tokens=self.settings.token_budget)
        procedure = resume.procedure if resume is not None else None
        used = list(dict.fromkeys(([procedure.id] if procedure else []) + [m.procedure.id for m in matches]))
        replayed_steps = resume.replayed.steps if resume is not None else []
        try:
            state = agent.run(memory, resume=handback)
        except LLMError as exc:
            if trace is not None:
                trace.stop()
            if resume is not None:
                self._count_replay(resume)
            return RunResult(
                success=False,
                steps=replayed_steps + agent.state.steps,
                error=str(exc),
                mode=mode,
                procedure_id=procedure.id if procedure else None,
                procedures_used=used,
            )
        lessons.extract_lessons_from_run([self.log.masked_data(s.model_dump()) for s in state.steps if s.source == "agent"])
        outcome, error, checks, taught = self._judge_and_teach(page, agent, trace, verifier)
        if outcome == "verified" and verifier is not None and not (procedure is not None and verifier[0].id == procedure.id):
            self._count(verifier[0].id, "verified")  # its checks confirmed the result it describes
        revision = self._learn_fix(page, state, outcome, resume, handback) if resume and handback else None
        if resume is not None and revision is None:
            self._count_replay(resume)  # unless the run learned the fix that repairs the procedure
        return RunResult(
            success=outcome == "verified",
            steps=replayed_steps + state.steps,
            procedure_id=procedure.id if procedure else (used[0] if used else None),
            error=error,
            mode=mode,
            procedures_used=used,
            outcome=outcome,
            checks=checks,
            revision_id=revision.id if revision else None,
            checks_left_out=bound_checks(*verifier)[1] if verifier is not None and checks else [],
            **(taught.fields() if taught else {}),
        )

    def _replay_before_agent(self, page: Page, matches: list[Match]) -> RunResult | _Resume | None:
        """Auto mode's replay before the agent: the run's result when it went through or was stopped (counted
        already), else where the agent resumes; None when no match can be replayed."""
        match = first_complete(matches, self.picked)
        if match is None:
            return None  # nothing to replay: the agent starts from scratch
        procedure, values = match.procedure, match.binding.values
        pending = self.store.revisions.pending(procedure)  # a learned fix not yet accepted: its steps first
        played = pending.steps if pending else procedure.steps
        contradiction = None if pending else self._contradiction(match)  # its step numbers are the procedure's
        replayed = self._play(page, procedure.model_copy(update={"steps": played}), values, contradiction=contradiction)
        if replayed.success or replayed.outcome in ("stopped", "environment"):  # the agent cannot reach the site either
            self._count(procedure.id, replayed.outcome, replayed.failed_step)
            if pending is None:
                self._watch_left_out(procedure, replayed)
                self._propose_without_wrong_checks(procedure, replayed)
            revision = self._learn_left_out(procedure, played, replayed) if replayed.left_out else None
            revision_id = revision.id if revision else pending.id if pending else None
            return self._replayed(procedure.id, replayed, revision_id, match.binding.sources, counted=revision is not None)
        failed_at = len(played) if replayed.failed_step is None else replayed.failed_step  # None: at its end checks
        shown = match.model_copy(update={"procedure": procedure.model_copy(update={"steps": played})})
        return _Resume(
            procedure=procedure,
            played=played,
            replayed=replayed,
            progress=ReplayProgress(procedure.id, failed_at, why_stopped(replayed, played)),
            matches=[shown, *(m for m in matches if m.procedure.id != procedure.id)],
            values=values,
        )

    def _agent(
        self,
        page: Page,
        matches: list[Match],
        values: dict[str, str],
        verifier: Verifier | None,
        model: str,
        lessons: LessonStore,
    ) -> Agent:
        """The LLM agent for this run, on the sites of the matches; when a procedure's end checks can judge
        the run, the agent may ask them before it says it is done."""

        def verify() -> list[str]:
            """The end checks that fail, once they all hold, the page has settled, or CLAIM_WAIT_MS has gone."""
            deadline = time.monotonic() + min(self.timeout_ms, CLAIM_WAIT_MS) / 1000
            while True:
                checks = self._end_checks(page, verifier, SETTLED_WAIT_MS, until_failure=True)
                if all(c.passed for c in checks) or time.monotonic() >= deadline or settled(page):
                    return [f"{c.description}: {c.detail}" for c in checks if not c.passed]
                page.wait_for_timeout(100)

        return Agent(
            self.task,
            page,
            model,
            self.settings,
            self.log,
            self.controls,
            lessons,
            self.store,
            SecretScope.of(self.secrets),
            self.timeout_ms,
            sites=[d for m in matches for d in m.procedure.abstract.domains],
            verify=verify if verifier is not None else None,
            values=values,
            usage=self.usage,
        )

    def _judge(self, page: Page, state: AgentState, verifier: Verifier | None) -> tuple[Outcome, str | None, list[CheckRecord]]:
        """The outcome of the agent's run: what it claims, checked by the verifier's end checks."""
        claimed = state.finished is not None and state.finished.success
        checks = self._end_checks(page, verifier) if claimed else []
        for check in checks:
            self.log.check(check)
        failed = [c for c in checks if not c.passed]
        if not claimed:
            outcome: Outcome = "stopped" if state.stop_reason == "stopped on request" else "failed"
            outcome = "environment" if state.page_trouble else outcome
            return (
                outcome,
                state.stop_reason or (state.finished.summary if state.finished else "the agent did not finish"),
                checks,
            )
        if failed:
            return (
                "failed",
                "the agent said it finished, but " + "; ".join(f"{c.description}: {c.detail}" for c in failed),
                checks,
            )
        return ("verified" if checks else "unverified"), None, checks

    def _judge_and_teach(
        self, page: Page, agent: Agent, trace: RunTrace | None, verifier: Verifier | None
    ) -> tuple[Outcome, str | None, list[CheckRecord], Taught | None]:
        """The agent's run judged (see _judge); a run of its own (`trace`) judged by the task's own values where no
        procedure's checks judged it, and what it taught (agent.learning)."""
        outcome, error, checks = self._judge(page, agent.state, verifier)
        if trace is None:
            return outcome, error, checks, None
        taught = teach(self.store, self.settings, self.task, agent, trace, outcome, error, bool(checks))
        return taught.outcome, taught.error, checks, taught  # type: ignore[return-value]

    def _learn_fix(
        self, page: Page, state: AgentState, outcome: Outcome, resume: _Resume, handback: _Handback
    ) -> Revision | None:
        """The revision the agent's run proposes for the procedure whose replay it took over. A fix is learned
        only from a run known to have done the task: its checks passed, or (a procedure without checks) the
        page is where the demonstration ended."""
        done = outcome == "verified" or (outcome == "unverified" and reached_end(page.url, resume.played, resume.values))
        if not done:
            return None
        progress = resume.progress
        revision = propose_fix(
            self.store,
            resume.procedure,
            resume.played,
            progress.failed,
            state.learned,
            progress.error,
            str(self.log.dir),
            handback.gone_steps,
            found=progress.failed < len(resume.played) and not resume.replayed.missing,
            chosen=handback.chosen,
        )
        if revision is not None:
            revision = accept_when_confirmed(self.store, revision, self.settings)
            self.log.memory_event({"event": "revision_proposed", "id": revision.id, "status": revision.status})
        return revision

    def _learn_left_out(self, procedure: Procedure, played: list[ProcedureStep], replayed: ReplayResult) -> Revision | None:
        """The revision a verified replay teaches when it left out steps that had nothing to act on: those
        steps optional (None when they are already)."""
        first = replayed.left_out[0]
        revision = propose_fix(
            self.store,
            procedure,
            played,
            first,
            [],
            "steps with nothing to act on: the task was done without them",
            str(self.log.dir),
        )
        if revision is not None:
            revision = accept_when_confirmed(self.store, revision, self.settings)
            self.log.memory_event({"event": "revision_proposed", "id": revision.id, "status": revision.status})
        return revision

    def _replayed(
        self, procedure_id: str, replayed: ReplayResult, revision_id: str | None, sources: dict[str, str], counted: bool = False
    ) -> RunResult:
        """Auto mode whose replay went through (counted already): with a pending revision's steps, one more
        verified run of it (`counted`: a revision this run proposed, its first)."""
        if revision_id is not None and replayed.outcome == "verified" and not counted:
            accept_when_confirmed(self.store, self.store.revisions.count_success(revision_id), self.settings)
        return RunResult(
            success=replayed.success,
            steps=replayed.steps,
            procedure_id=procedure_id,
            error=replayed.error,
            mode="replay",
            procedures_used=[procedure_id],
            revision_id=revision_id,
            binding=sources,
            outcome=replayed.outcome,
            checks=replayed.checks,
            evidence=replayed.evidence,
        )

    def _play(
        self,
        page: Page,
        procedure: Procedure,
        values: dict[str, str],
        start: int = 0,
        contradiction: Contradiction | None = None,
    ) -> ReplayResult:
        playing = Playing(
            log=self.log,
            timeout_ms=self.timeout_ms,
            on_step=self.controls.on_progress,
            should_stop=self.controls.stop.is_set,
            ask=self.controls.ask,
            allow_other_sites=self.controls.allow_other_sites,
        )
        return play(page, procedure, values, playing, contradiction=contradiction, start=start)


class _Handback:
    """Auto mode past a broken step: the agent sees the procedure marked up to where replay stopped, and
    once it has done the step that replay could not (or said that step no longer exists, or the page shows
    a later step's element again), replay takes the rest back, so that the model is asked only about the
    broken part."""

    def __init__(self, run: _Run, page: Page, matches: list[Match], values: dict[str, str], progress: ReplayProgress) -> None:
        self.run, self.page, self.matches, self.values, self.progress = run, page, matches, values, progress
        self.procedure = matches[0].procedure  # with the steps that were played
        self.shown_once = False
        self.gone_steps: dict[int, str] = {}  # 0-based steps the model said no longer exist, with its words
        self.chosen: dict[str, tuple[str, str]] = {}  # by parameter: the run's value, the changed option the agent chose for it
        self.present = self._present_now()  # the steps left whose elements were on the page when replay failed

    def context(self) -> str:
        """The procedure with its progress the first time; then its progress only."""
        steps, failed = self.procedure.steps, self.progress.failed
        if self.shown_once:
            memory = render_progress(self.procedure, self.progress)
        else:
            memory = render_procedural_memory(self.matches, max_tokens=self.run.settings.token_budget, progress=self.progress)
            self.shown_once = True
        if failed >= len(steps):
            return f"{memory}\n\nEvery step of the procedure was replayed, but the page is not where it ended; finish the task."
        return (
            f"{memory}\n\nReplaying the procedure '{self.procedure.title}' failed at step {failed + 1}; the steps before it "
            "are done. Continue from the current page: do the failed step as the page is now; replay takes over again after it. "
            f"If step {failed + 1} no longer exists on the site as it is now, say so with step_gone."
        )

    def __call__(self, agent: Agent, done: ProcedureStep) -> bool:
        """After an action of the agent: replay the rest from the first step whose element, by role and name,
        is on the page now and was not when replay failed (the agent cleared the way to it), or after the
        failed step when the action did that step. True when that ends the task."""
        steps, failed = self.procedure.steps, self.progress.failed
        if failed >= len(steps):
            return self._done()
        done = self._chose_for(agent, steps[failed], done)
        if stands_for(steps[failed], done):
            return self._replay_from(agent, failed + 1)
        back = next((k for k in range(failed, len(steps)) if k not in self.present and self._present(steps[k])), None)
        return self._done() if back is None else self._replay_from(agent, back)

    def _chose_for(self, agent: Agent, failed: ProcedureStep, done: ProcedureStep) -> ProcedureStep:
        """An agent's select on the failed select step's element, whose options changed so that none stands
        for the run's value: the option it chose is that value now. It is learned as the step with its
        parameter, remembered for the revision (see revised_parameters), and the run's value becomes what
        the form sends for it, for the rest of the replay and the end checks (`values` is the verifier's)."""
        name = (failed.value or "")[1:-1]
        if failed.action != "select" or done.action != "select" or failed.value != f"{{{name}}}" or name not in self.values:
            return done
        if not done.value or done.value == failed.value:
            return done
        learned = done.model_copy(update={"value": failed.value})
        param = next((p for p in self.procedure.abstract.parameters if p.name == name and p.closed), None)
        if param is None or not stands_for(failed, learned):
            return done
        by_value = dict(zip(done.option_values, done.options))
        label = done.value if done.value in done.options else by_value.get(done.value, done.value)
        others = {new for old, new in remapped(param, learned, None).items() if old.casefold() != self.values[name].casefold()}
        if label in others:
            return done  # the option of another allowed value: not what this value is now
        self.chosen[name] = (self.values[name], label)
        self.values[name] = dict(zip(done.options, done.option_values)).get(label, label)
        agent.state.learned[-1] = learned
        return learned

    def gone(self, agent: Agent, step: int, reason: str) -> bool:
        """The model says the failed step no longer exists: believed only for that step, and only when its
        element is not on the page; replay goes on after it."""
        steps, failed = self.procedure.steps, self.progress.failed
        if step != failed + 1 or failed >= len(steps):
            raise ValueError(f"replay is waiting at step {failed + 1}, not step {step}")
        if self._present(steps[failed]):
            raise ValueError(f"step {step}'s element is on the page now: do it, or do what the page needs instead")
        self.gone_steps[failed] = self.run.log.masked(reason)
        self.run.log.memory_event({"event": "step_gone", "step": step, "reason": self.gone_steps[failed]})
        return self._replay_from(agent, failed + 1)

    def _replay_from(self, agent: Agent, start: int) -> bool:
        steps = self.procedure.steps
        replayed = self.run._play(self.page, self.procedure, self.values, start=start)
        agent.state.steps.extend(replayed.steps)
        agent.state.learned.extend(steps[r.step - 1] for r in replayed.steps if r.status == "ok")
        if replayed.success and reached_end(self.page.url, steps, self.values):
            return True
        every_step = replayed.success or replayed.failed_step is None  # None: its end checks failed
        after = len(steps) if every_step else replayed.failed_step or 0
        error = "the page is not where the procedure ended" if replayed.success else why_stopped(replayed, steps)
        self.progress = ReplayProgress(self.procedure.id, after, error)
        self.present = self._present_now()
        agent.context = self.context()
        return False

    def _done(self) -> bool:
        """Whether, every step replayed, the procedure's end checks pass now: the task is done, the model need
        not say so."""
        if not self.procedure.outcome_checks():
            return False
        checks = self.run._end_checks(self.page, (self.procedure, self.values), DONE_WAIT_MS, until_failure=True)
        return all(c.passed for c in checks)

    def _present(self, step: ProcedureStep) -> bool:
        """Whether the step's element, by its recorded role and name, is on the page now."""
        for selector in named_selectors(step.selectors):
            try:
                if self.page.locator(fill_placeholders(selector, self.values, "selector")).count() == 1:
                    return True
            except (KeyError, PlaywrightError):
                continue
        return False

    def _present_now(self) -> set[int]:
        steps = self.procedure.steps
        return {k for k in range(self.progress.failed, len(steps)) if self._present(steps[k])}
