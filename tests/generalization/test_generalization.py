"""One demonstration serves every later task of the same shape (issue 13): judged by what the fixture
server received. The fixtures' own checks (done by hand with Playwright) prove the pages and the
expected data right, so a failure of the suite test is the product's."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.generalization.server import GenServer, serving
from tests.generalization.shapes import SHAPES, Shape, Values
from tests.generalization.suite import CONTEXT_OPTIONS, TARGET, SuiteResult, judge, run_shape


@pytest.fixture(scope="module")
def gen_server() -> Iterator[GenServer]:
    with serving() as server:
        yield server


def _wording(text: str, values: Values) -> str:
    """The task's words with its values cut out: two tasks with the same wording differ only in values."""
    pieces = sorted({p for v in values.values() for p in v.split("|") if p.strip()}, key=len, reverse=True)
    for piece in pieces:
        text = re.sub(re.escape(piece), "{}", text, flags=re.IGNORECASE)
    return " ".join(re.sub(r"[\"'“”.!?,:;]", " ", text).lower().split())


def test_the_suite_is_wide_enough() -> None:
    assert len(SHAPES) >= 16 and len({s.name for s in SHAPES}) == len(SHAPES)
    for shape in SHAPES:
        assert len(shape.instances) >= 5, shape.name
        assert all(i.values != shape.demo_values for i in shape.instances), f"{shape.name}: an instance repeats the demonstration"
        title = _wording(shape.title, shape.demo_values)
        reworded = [i.task for i in shape.instances if _wording(i.task, i.values) != title]
        assert len(reworded) >= 2, f"{shape.name}: only {reworded} worded differently from {shape.title!r}"


def _by_hand(browser, server: GenServer, shape: Shape) -> list[str]:  # type: ignore[no-untyped-def]
    problems = []
    context = browser.new_context(**CONTEXT_OPTIONS)
    page = context.new_page()
    try:
        cases = [("demo", shape.title, shape.demo_query, shape.demo_values, shape.demo_expected)]
        cases += [(f"#{n + 1}", i.task, i.query, i.values, i.expected) for n, i in enumerate(shape.instances)]
        for label, task, query, values, expected in cases:
            server.set_instance(shape.page, query)
            page.goto(server.url + shape.path)
            server.clear()
            try:
                shape.perform(page, values)
            except Exception as exc:  # noqa: BLE001 - reported with the others
                problems.append(f"{shape.name} {label} {task!r}: could not be done by hand: {str(exc).splitlines()[0]}")
                continue
            why = judge(shape, expected, server.wait_for_outcomes(1, timeout_s=3.0, settle_s=0.1))
            if why:
                problems.append(f"{shape.name} {label} {task!r}: {why}")
    finally:
        context.close()
    return problems


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: shape.name)
def test_the_fixture_sites_receive_what_each_task_asks_when_done_by_hand(browser, gen_server: GenServer, shape: Shape) -> None:  # type: ignore[no-untyped-def]
    problems = _by_hand(browser, gen_server, shape)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: shape.name)
def test_one_demonstration_serves_new_instances_of_its_task(browser, gen_server: GenServer, shape: Shape) -> None:  # type: ignore[no-untyped-def]
    """Each shape on its own, so that workers can share the suite out. Every shape held to the suite's
    target holds the whole suite to it too (and, with fewer than 20 instances a shape, to all of them)."""
    result = SuiteResult([run_shape(browser, gen_server, shape)])
    print(result.table())
    assert result.rate >= TARGET, f"generalization of {shape.name} {result.rate:.0%} < {TARGET:.0%}\n{result.table()}"
