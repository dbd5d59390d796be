from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from core.errors import ShowMeHowError
from procedures.store import ProcedureStore
from retrieval.lessons import Lesson, LessonFile, LessonStore, seed_lessons

TODAY = date(2026, 3, 12)
_DATES = {"created_at": "2026-03-01", "last_used": "2026-03-10"}


def _store(location: str, events: list[dict[str, Any]], today: date = TODAY) -> LessonStore:
    store = LessonStore(location, on_event=events.append, today=lambda: today)
    store.load()
    return store


def test_first_load_seeds_three_lessons_and_tier1(store_location: str) -> None:
    events: list[dict[str, Any]] = []
    store = _store(store_location, events)
    assert [l.source for l in store.lessons] == ["seed"] * 3
    assert [l.category for l in store.lessons] == ["tool_fallback", "best_practice", "best_practice"]
    tier1 = store.get_tier1()
    assert [l.lesson for l in tier1][0].startswith("If fill fails, click(ref)")
    assert events[-1] == {"event": "tier1_loaded", "count": 3, "lessons": [l.lesson for l in tier1]}
    assert LessonStore(store_location).load() == store.lessons  # stored, for any connection to the store


def test_example_1_fill_error_recall_and_dedup_into_the_seed(store_location: str) -> None:
    events: list[dict[str, Any]] = []
    store = _store(store_location, events)
    error = "too many arguments: expected 2, received 3"
    (tip,) = store.recall_on_error("fill", error)
    assert tip.lesson == "If fill fails, click(ref) to focus the input, then type(text) to enter text."
    assert events[-1] == {
        "event": "error_recall",
        "command": "fill",
        "error_snippet": error,
        "matched": 1,
        "lessons": [tip.lesson],
    }
    actions = [
        {"step": 3, "command": "fill", "status": "error", "error": error, "url": "https://www.google.com/"},
        {"step": 4, "command": "click", "status": "ok", "url": "https://www.google.com/"},
        {"step": 5, "command": "type", "status": "ok", "url": "https://www.google.com/"},
        {"step": 6, "command": "press", "status": "ok", "url": "https://www.google.com/"},
    ]
    store.extract_lessons_from_run(actions)
    assert len(store.lessons) == 3 and store.lessons[0].use_count == 1
    assert events[-1] == {"event": "lesson_deduplicated", "lesson": tip.lesson, "new_use_count": 1}


def test_example_2_domain_recall_matches_subdomains(store_location: str) -> None:
    events: list[dict[str, Any]] = []
    store = _store(store_location, events)
    store.add_lesson(
        "Click the cookie acceptance banner before interacting with product elements.", "site_specific", domain="amazon.com"
    )
    (tip,) = store.recall_on_domain("www.amazon.com")
    assert tip.domain == "amazon.com"
    assert events[-1]["event"] == "domain_recall" and events[-1]["matched"] == 1
    assert store.recall_on_domain("notamazon.com") == []
    assert store.recall_on_domain("google.com") == []


def test_example_3_promotion_after_five_uses_on_three_domains(store_location: str) -> None:
    events: list[dict[str, Any]] = []
    store = _store(store_location, events)
    error = "Element <div class=overlay> intercepts pointer events"
    for site in ["google.com", "bing.com", "amazon.com", "yahoo.com", "reddit.com"]:
        store.extract_lessons_from_run(
            [
                {"command": "click", "status": "error", "error": error, "url": f"https://{site}/"},
                {"command": "press", "status": "ok", "url": f"https://{site}/"},
            ]
        )
    learned = store.lessons[-1]
    assert learned.source == "learned" and learned.use_count == 5
    assert learned.triggered_domains == ["google.com", "bing.com", "amazon.com", "yahoo.com", "reddit.com"]
    assert learned.category == "best_practice"
    kinds = [e["event"] for e in events]
    assert kinds.count("lesson_recorded") == 1 and kinds.count("lesson_deduplicated") == 4 and kinds[-1] == "lesson_promoted"
    assert learned.lesson in [l.lesson for l in store.get_tier1()]
    reloaded = LessonStore(store_location, today=lambda: TODAY)
    reloaded.load()
    assert reloaded.lessons[-1].category == "best_practice"


def test_no_promotion_for_site_lessons_or_too_few_domains(store_location: str) -> None:
    store = _store(store_location, [])
    for _ in range(6):
        store.extract_lessons_from_run(
            [
                {"command": "select", "status": "error", "error": "did not find some options", "url": "https://one.example/"},
                {"command": "click", "status": "ok", "url": "https://one.example/"},
            ]
        )
    assert store.lessons[-1].use_count == 6 and store.lessons[-1].category == "error_recovery"
    store.extract_lessons_from_run([{"command": "click", "status": "error", "error": "x"}, {"command": "press", "status": "ok"}])
    assert len(store.lessons) == 4  # "x" is not a substantive error


def test_pruning_on_load(store_location: str) -> None:
    store = _store(store_location, [])
    store.add_lesson("stale", "error_recovery", failed_command="goto", error_pattern="net::err timed out")
    store.add_lesson("well used", "error_recovery", failed_command="select", error_pattern="not a select")
    store.lessons[-1].use_count = 5
    store.save()
    later: list[dict[str, Any]] = []
    reloaded = _store(store_location, later, today=TODAY + timedelta(days=91))
    assert [l.lesson for l in reloaded.lessons if l.source == "learned"] == ["well used"]
    assert len([l for l in reloaded.lessons if l.source == "seed"]) == 3
    assert later == [{"event": "lessons_pruned", "pruned_count": 1, "remaining_count": 4}]


def test_tier1_caps_at_ten_seeds_first(store_location: str) -> None:
    store = _store(store_location, [])
    for i in range(12):
        lesson = store.add_lesson(f"practice {i}", "best_practice")
        lesson.use_count = 100 + i
    tier1 = store.get_tier1()
    assert len(tier1) == 10
    assert [l.source for l in tier1[:3]] == ["seed"] * 3
    assert tier1[3].lesson == "practice 11"


def test_two_agents_learning_the_same_lesson_count_both_uses(store_location: str) -> None:
    first, second = _store(store_location, []), _store(store_location, [])  # each loaded before the other learned
    for store in (first, second, first):
        store.add_lesson("When goto fails with 'timed out', try reload instead.", "error_recovery", "goto", "timed out")
    (learned,) = [l for l in _store(store_location, []).lessons if l.source == "learned"]
    assert learned.use_count == 3
    second.forget(4)
    assert [l.source for l in first.load()] == ["seed"] * 3


def test_the_lessons_file_of_old_moves_into_the_database_once(tmp_path: Path) -> None:
    learned = Lesson(lesson="Close the cookie banner first.", category="site_specific", domain="example.com", **_DATES)
    (tmp_path / "lessons.json").write_text(LessonFile(lessons=[*seed_lessons("2026-03-01"), learned, learned]).model_dump_json())
    store = _store(str(tmp_path / "s.db"), [])
    assert [l.lesson for l in store.lessons][-1] == learned.lesson and len(store.lessons) == 4
    assert not (tmp_path / "lessons.json").exists() and (tmp_path / "lessons.json.imported").exists()
    assert LessonStore(ProcedureStore(tmp_path / "s.db"), today=lambda: TODAY).load() == store.lessons


def test_a_corrupt_lessons_file_of_old_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    path.write_text('{"version": 1, "lessons": [{"lesson": ""}]}')
    with pytest.raises(ShowMeHowError, match="not a valid lessons file"):
        LessonStore(tmp_path / "s.db").load()
    assert path.read_text().startswith('{"version": 1')


def test_a_lessons_file_named_by_the_caller_starts_the_lessons_kept_beside_it(tmp_path: Path) -> None:
    learned = Lesson(lesson="Close the cookie banner first.", category="site_specific", domain="example.com", **_DATES)
    path = tmp_path / "team-lessons.json"
    path.write_text(LessonFile(lessons=[*seed_lessons("2026-03-01"), learned]).model_dump_json())
    first = LessonStore(path, today=lambda: TODAY)
    assert [l.lesson for l in first.load()][-1] == learned.lesson
    first.add_lesson(
        lesson="Wait for the spinner to go.", category="tool_fallback", failed_command="click", error_pattern="timeout"
    )
    assert len(LessonStore(path, today=lambda: TODAY).load()) == 5 and path.is_file()  # kept, and the file left as it was
