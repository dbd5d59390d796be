import fcntl
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from procedures import build_procedure
from procedures.store import ProcedureStore
from tests.helpers import record
from tests.retrieval.corpus import DEMOS


def _record_corpus(request: pytest.FixtureRequest, site: str, home: Path) -> None:
    """One procedure per demonstration, each recorded in Chromium, into `home`'s store; `made.json` says the site
    they were recorded on and demo key -> procedure id."""
    store = ProcedureStore(home / "showmehow.db")
    ids = {}
    context = request.getfixturevalue("browser").new_context()
    for demo in DEMOS:
        recording = record(
            context, f"{site}/{demo.path}", demo.actions, title=demo.title, description=demo.description, home=home
        )
        ids[demo.key] = store.add(build_procedure(recording))
    context.close()
    store.close()
    (home / "made.json").write_text(json.dumps({"site": site, "ids": ids}))


@pytest.fixture(scope="session")
def corpus_made(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> dict:  # type: ignore[type-arg]
    """The corpus's folder and what `made.json` says. Recorded once per test session: under xdist the first worker
    that needs it records it into the session's shared temporary folder while the others wait on its lock (each
    worker recorded it again before, a minute or more each on a busy machine)."""
    if worker_id == "master":
        home = tmp_path_factory.mktemp("corpus")
        _record_corpus(request, request.getfixturevalue("site"), home)
    else:
        shared = tmp_path_factory.getbasetemp().parent  # the session's, above each worker's own
        home = shared / "corpus"
        with open(shared / "corpus.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not home.is_dir():  # recorded aside, then moved in whole: a recording that failed leaves nothing
                aside = tmp_path_factory.mktemp("corpus")
                _record_corpus(request, request.getfixturevalue("site"), aside)
                aside.rename(home)
    return {"home": home, **json.loads((home / "made.json").read_text())}


@pytest.fixture(scope="session")
def corpus(corpus_made: dict) -> Iterator[tuple[ProcedureStore, dict[str, str]]]:  # type: ignore[type-arg]
    """A store with one procedure per demonstration, each recorded in Chromium; and demo key -> procedure id."""
    store = ProcedureStore(Path(corpus_made["home"]) / "showmehow.db")
    yield store, corpus_made["ids"]
    store.close()


@pytest.fixture(scope="session")
def corpus_site(corpus_made: dict) -> str:  # type: ignore[type-arg]
    """The base URL of the fixture sites as the corpus was recorded on them (another worker's server, perhaps)."""
    return corpus_made["site"]
