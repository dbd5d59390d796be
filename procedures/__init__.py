"""Procedures: the public API of the package (its models, ProcedureStore, and build_procedure, which this
module holds), for `from procedures import ...`.

The package's modules: models; building from recordings, the LLM's refinement, DevTools imports and merging
demonstrations (the building sub-package); how tasks and pages word things (wording); the store and
its parts (store, the front over a backend: backends.sqlite the local file, backends.postgres the team store;
store_rules, search_index, revision_store, revisions, search) and copying between stores (store_copy);
the person's values for a run (binding); files in and out (transfer, script_export); and what exported
scripts carry and replay runs (runtime)."""

from __future__ import annotations

from core.settings import Settings, load_settings
from procedures.building.heuristic import build_heuristic
from procedures.evidence import learn_evidence
from procedures.models import Abstract, Parameter, Procedure, ProcedureStep
from procedures.store import ProcedureStore, open_store
from recorder.models import Recording


def build_procedure(
    recording: Recording, model: str | None = None, settings: Settings | None = None, **llm_options: object
) -> Procedure:
    """A procedure from a recording: heuristic by default; with `model`, refined by that LLM through litellm
    (connected as `settings` say, by default the saved ones), falling back to the heuristic result (with a
    BuilderFallbackWarning) on any failure. Where its steps sent requests, the procedure keeps where each
    parameter's value travelled (procedures.evidence)."""
    procedure = build_heuristic(recording)
    if model is not None:
        from procedures.building.llm_builder import refine_with_llm

        procedure = refine_with_llm(procedure, model=model, settings=settings or load_settings(), **llm_options)  # type: ignore[arg-type]
    return procedure.model_copy(update={"evidence": learn_evidence(procedure, recording)})


__all__ = ["Abstract", "Parameter", "Procedure", "ProcedureStep", "ProcedureStore", "build_procedure", "open_store"]
