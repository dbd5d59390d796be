from collections.abc import Iterator
from pathlib import Path

import pytest

from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record
from tests.retrieval.corpus import DEMOS


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests on the corpus run on one worker, which records it once (each worker would record it again)."""
    for item in items:
        if "corpus" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("corpus"))


@pytest.fixture(scope="session")
def corpus(browser, site: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ProcedureStore, dict[str, str]]]:  # type: ignore[no-untyped-def]
    """A store with one procedure per demonstration, each recorded in Chromium; and demo key -> procedure id."""
    home = tmp_path_factory.mktemp("corpus")
    store = ProcedureStore(Path(home) / "showmehow.db")
    ids = {}
    context = browser.new_context()
    for demo in DEMOS:
        recording = record(
            context, f"{site}/{demo.path}", demo.actions, title=demo.title, description=demo.description, home=home
        )
        ids[demo.key] = store.add(build_procedure(recording))
    context.close()
    yield store, ids
    store.close()
