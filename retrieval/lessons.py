"""Two-tier lesson memory: what the agent learned from its own errors.

Tier 1 (tool_fallback, best_practice) goes into every system prompt; Tier 2 (error_recovery,
site_specific) is recalled when a command fails (Trigger A) or the site changes (Trigger B).
Lessons are learned from runs (a failure followed by a different command that worked), deduplicated
on (failed_command, error_pattern), promoted once they prove general, and pruned when stale.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.errors import ShowMeHowError, describe_error
from core.sites import host_of, on_site
from procedures.lesson_table import LessonTable
from procedures.store import ProcedureStore

Category = Literal["tool_fallback", "best_practice", "error_recovery", "site_specific"]
TIER1 = ("tool_fallback", "best_practice")
TIER1_MAX = 10
PROMOTE_USES = 5
PROMOTE_DOMAINS = 3
PRUNE_AFTER_DAYS = 90
LESSONS_FILE = "lessons.json"


class Lesson(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    lesson: str = Field(min_length=1, max_length=1000)
    category: Category
    failed_command: str | None = Field(None, max_length=50)
    error_pattern: str | None = Field(None, max_length=200)
    domain: str | None = Field(None, max_length=253)
    use_count: int = Field(0, ge=0)
    created_at: str  # YYYY-MM-DD
    last_used: str
    source: Literal["seed", "learned"] = "learned"
    triggered_domains: list[str] = Field(default_factory=list)


class LessonFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    lessons: list[Lesson]


def seed_lessons(today: str) -> list[Lesson]:
    seeds = [
        ("If fill fails, click(ref) to focus the input, then type(text) to enter text.", "tool_fallback", "fill", None),
        (
            "After entering text in a search box, press Enter to submit. Avoid clicking submit buttons: autocomplete "
            "dropdowns often cover them.",
            "best_practice",
            None,
            None,
        ),
        (
            "If an overlay or popup is blocking an element, press Escape to dismiss it before interacting with the "
            "elements behind it.",
            "best_practice",
            None,
            None,
        ),
    ]
    return [
        Lesson(
            lesson=text,
            category=category,
            failed_command=command,
            error_pattern=pattern,  # type: ignore[arg-type]
            created_at=today,
            last_used=today,
            source="seed",
        )
        for text, category, command, pattern in seeds
    ]


def read_lesson_file(path: Path) -> list[Lesson]:
    """The lessons of a lessons file (LessonFile), each once."""
    try:
        lessons = LessonFile.model_validate_json(path.read_text(encoding="utf-8")).lessons
    except (ValidationError, ValueError) as exc:
        raise ShowMeHowError(f"{path} is not a valid lessons file ({describe_error(exc)}); fix or move it") from exc
    unique: dict[str, Lesson] = {}
    for lesson in lessons:
        unique.setdefault(lesson_id(lesson), lesson)
    return list(unique.values())


def error_pattern(error: str) -> str:
    """The key phrase of an error: its first line, without numbers, quoted parts and element refs."""
    line = (error or "").strip().splitlines()[0] if error and error.strip() else ""
    line = re.sub(r"\"[^\"]*\"|'[^']*'|\be\d+\b|\d+", "", line.lower())
    return " ".join(line.split())[:80].strip(" :.,")


def _kept(lesson: Lesson, cutoff: str) -> bool:
    """Whether pruning keeps a lesson: a seed, one used often, or one used since `cutoff`."""
    return lesson.source == "seed" or lesson.use_count >= PROMOTE_USES or lesson.last_used >= cutoff


def lesson_id(lesson: Lesson) -> str:
    """A lesson's key where it is stored: what makes two lessons one (`LessonStore._duplicates`), so that the same
    lesson learned on two machines is one lesson in a team store and after `showmehow store migrate`."""
    key = [lesson.failed_command, lesson.error_pattern, lesson.domain, lesson.lesson if lesson.failed_command is None else None]
    return hashlib.sha256(json.dumps(key).encode()).hexdigest()[:24]


class LessonStore:
    """Lessons in the procedure store's database (`store`: a ProcedureStore, or where one is: the local file by
    default, or the team store that the `store` setting names), shared by every agent that uses it; events go to
    `on_event`. Each change reads the lessons as stored and writes what it changed in one transaction. A path to a
    `.json` file (where lessons were once kept) keeps them in a database beside it, starting from that file's."""

    def __init__(
        self,
        store: ProcedureStore | Path | str | None = None,
        on_event: Callable[[dict[str, Any]], None] | None = None,
        today: Callable[[], date] = date.today,
    ) -> None:
        self._store: ProcedureStore | None = store if isinstance(store, ProcedureStore) else None
        self._location = None if isinstance(store, ProcedureStore) else store
        self._named_file: Path | None = None  # a lessons JSON file named by the caller, as lessons were once kept
        if isinstance(store, (str, Path)) and Path(store).suffix == ".json":
            self._named_file, self._location = Path(store), Path(store).with_suffix(".db")
        self.on_event = on_event
        self._today = today
        self.lessons: list[Lesson] = []

    @property
    def _rows(self) -> LessonTable:
        if self._store is None:
            self._store = ProcedureStore(self._location)
        return self._store.lesson_rows

    def _emit(self, event: str, **fields: Any) -> None:
        if self.on_event is not None:
            self.on_event({"event": event, **fields})

    def _date(self) -> str:
        return self._today().isoformat()

    # --- lifecycle -----------------------------------------------------------------------------

    def load(self) -> list[Lesson]:
        """Read the lessons (seeding them on first use, or taking those of a lessons.json of old) and prune the
        stale learned ones."""
        legacy = None
        with self._rows.changing():
            self.lessons = self._read()
            if not self.lessons:
                legacy = self._legacy_file()
                self.lessons = read_lesson_file(legacy) if legacy else seed_lessons(self._date())
                self.save()
            cutoff = (self._today() - timedelta(days=PRUNE_AFTER_DAYS)).isoformat()
            kept = [l for l in self.lessons if _kept(l, cutoff)]
            pruned = [l for l in self.lessons if not _kept(l, cutoff)]
            if pruned:
                self._rows.delete(lesson_id(l) for l in pruned)
                self.lessons = kept
                self._emit("lessons_pruned", pruned_count=len(pruned), remaining_count=len(kept))
        if legacy and legacy != self._named_file:
            legacy.replace(legacy.with_name(LESSONS_FILE + ".imported"))  # stored now: never read again
        return self.lessons

    def _read(self) -> list[Lesson]:
        """The lessons as stored now, in the order they were learned."""
        lessons = []
        for row_id, data in self._rows.rows():
            try:
                lessons.append(Lesson.model_validate_json(data))
            except ValidationError as exc:
                raise ShowMeHowError(f"stored lesson {row_id} is damaged ({describe_error(exc)})") from exc
        return lessons

    def _legacy_file(self) -> Path | None:
        """The lessons.json that ShowMeHow kept beside the local database before lessons moved into it, if any."""
        path = self._store.path if self._store is not None else None
        legacy = self._named_file or (path.parent / LESSONS_FILE if isinstance(path, Path) else None)
        return legacy if legacy is not None and legacy.is_file() else None

    def save(self) -> None:
        """Store every lesson as it is held here."""
        self._put(self.lessons)

    def _put(self, lessons: Iterable[Lesson]) -> None:
        self._rows.put((lesson_id(l), l.model_dump_json()) for l in lessons)

    # --- recall --------------------------------------------------------------------------------

    def get_tier1(self) -> list[Lesson]:
        """Lessons for every system prompt: fallbacks and best practices, seeds first, most used first."""
        eligible = [l for l in self.lessons if l.category in TIER1]
        chosen = sorted(eligible, key=lambda l: (l.source != "seed", -l.use_count))[:TIER1_MAX]
        self._emit("tier1_loaded", count=len(chosen), lessons=[l.lesson for l in chosen])
        return chosen

    def recall_on_error(self, command: str, error: str) -> list[Lesson]:
        """Trigger A: lessons for this command whose error pattern appears in the error."""
        text = (error or "").lower()
        matched = [
            l
            for l in self.lessons
            if l.failed_command == command
            and (not l.error_pattern or l.error_pattern.lower() in text or l.error_pattern == error_pattern(error))
        ]
        self._touch(matched)
        self._emit(
            "error_recall",
            command=command,
            error_snippet=(error or "")[:200],
            matched=len(matched),
            lessons=[l.lesson for l in matched],
        )
        return matched

    def recall_on_domain(self, domain: str) -> list[Lesson]:
        """Trigger B: lessons for this site, subdomains included."""
        matched = [l for l in self.lessons if l.domain and on_site(domain, l.domain)]
        self._touch(matched)
        self._emit("domain_recall", domain=domain, matched=len(matched), lessons=[l.lesson for l in matched])
        return matched

    def _touch(self, lessons: Iterable[Lesson]) -> None:
        """Mark the lessons used today, here and where they are stored (as they are stored now)."""
        today = self._date()
        lessons = list(lessons)
        stale = {lesson_id(l) for l in lessons if l.last_used != today}
        for lesson in lessons:
            lesson.last_used = today
        if stale:
            with self._rows.changing():
                stored = [l for l in self._read() if lesson_id(l) in stale]
                for lesson in stored:
                    lesson.last_used = today
                self._put(stored)

    # --- editing by hand ------------------------------------------------------------------------

    def _at(self, number: int) -> Lesson:
        if not 1 <= number <= len(self.lessons):
            raise ShowMeHowError(f"no lesson number {number}; `showmehow lessons` lists them")
        return self.lessons[number - 1]

    def promote(self, number: int) -> Lesson:
        """Make lesson `number` (1-based, as listed) a best practice, so it joins Tier 1; a lesson whose
        category is Tier 1's already is left as it is."""
        with self._rows.changing():
            self.lessons = self._read()
            return self._promote(number)

    def _promote(self, number: int) -> Lesson:
        lesson = self._at(number)
        if lesson.category in TIER1:
            raise ShowMeHowError(f"lesson {number} is in Tier 1 already ({lesson.category}); nothing to promote")
        lesson.category = "best_practice"
        self._emit(
            "lesson_promoted", lesson=lesson.lesson, use_count=lesson.use_count, triggered_domains=lesson.triggered_domains
        )
        self._put([lesson])
        return lesson

    def forget(self, number: int) -> Lesson:
        with self._rows.changing():
            self.lessons = self._read()
            lesson = self._at(number)
            self.lessons.remove(lesson)
            self._rows.delete([lesson_id(lesson)])
        return lesson

    # --- learning ------------------------------------------------------------------------------

    @staticmethod
    def _duplicates(lesson: Lesson, text: str, command: str | None, pattern: str | None, error: str, domain: str | None) -> bool:
        """The same (failed_command, error_pattern); a pattern-less lesson covers all its command's errors."""
        if command is None:
            return lesson.failed_command is None and lesson.lesson == text and lesson.domain == domain
        if lesson.failed_command != command:
            return False
        if lesson.error_pattern is None:
            return True
        return lesson.error_pattern == pattern or (bool(error) and lesson.error_pattern.lower() in error.lower())

    def add_lesson(
        self,
        lesson: str,
        category: Category,
        failed_command: str | None = None,
        error_pattern: str | None = None,
        domain: str | None = None,
        triggered_domain: str | None = None,
        error: str = "",
    ) -> Lesson:
        """Record a lesson, or count one more use of the lesson it duplicates (as stored now: a use that another
        agent counted meanwhile stays counted)."""
        with self._rows.changing():
            self.lessons = self._read()
            return self._add(lesson, category, failed_command, error_pattern, domain, triggered_domain, error)

    def _add(
        self,
        lesson: str,
        category: Category,
        failed_command: str | None,
        error_pattern: str | None,
        domain: str | None,
        triggered_domain: str | None,
        error: str,
    ) -> Lesson:
        today = self._date()
        for existing in self.lessons:
            if self._duplicates(existing, lesson, failed_command, error_pattern, error, domain):
                existing.use_count += 1
                existing.last_used = today
                if triggered_domain and triggered_domain not in existing.triggered_domains:
                    existing.triggered_domains = [*existing.triggered_domains, triggered_domain]
                self._emit("lesson_deduplicated", lesson=existing.lesson, new_use_count=existing.use_count)
                self._maybe_promote(existing)
                self._put([existing])
                return existing
        new = Lesson(
            lesson=lesson,
            category=category,
            failed_command=failed_command,
            error_pattern=error_pattern,
            domain=domain,
            use_count=1,
            created_at=today,
            last_used=today,
            source="learned",
            triggered_domains=[triggered_domain] if triggered_domain else [],
        )
        self.lessons.append(new)
        self._emit(
            "lesson_recorded",
            lesson=new.lesson,
            category=new.category,
            failed_command=failed_command,
            error_pattern=error_pattern,
        )
        self._put([new])
        return new

    def _maybe_promote(self, lesson: Lesson) -> None:
        if (
            lesson.category == "error_recovery"
            and lesson.use_count >= PROMOTE_USES
            and len(lesson.triggered_domains) >= PROMOTE_DOMAINS
            and lesson.domain is None
        ):
            lesson.category = "best_practice"
            self._emit(
                "lesson_promoted", lesson=lesson.lesson, use_count=lesson.use_count, triggered_domains=lesson.triggered_domains
            )

    def extract_lessons_from_run(self, actions: list[dict[str, Any]], domain: str | None = None) -> list[Lesson]:
        """Scan a run's actions for `command A -> error, then command B -> ok` with A != B."""
        learned = []
        for failed, recovered in zip(actions, actions[1:]):
            if failed.get("status") != "error" or recovered.get("status") != "ok":
                continue
            command, fix, error = failed.get("command"), recovered.get("command"), str(failed.get("error") or "")
            pattern = error_pattern(error)
            if not command or not fix or command == fix or len(pattern) < 5:
                continue  # the same command again, or no substantive error
            site = domain or host_of(str(failed.get("url") or ""))
            text = f"When {command} fails with '{pattern}', try {fix} instead."
            learned.append(
                self.add_lesson(
                    text,
                    "error_recovery",
                    failed_command=command,
                    error_pattern=pattern,
                    triggered_domain=site or None,
                    error=error,
                )
            )
        return learned
