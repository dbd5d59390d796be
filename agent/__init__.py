"""Running tasks: parameter binding, deterministic replay, the LLM agent loop, run logs."""

from agent.orchestrator import run_task
from agent.replay import ReplayResult, replay
from agent.results import RunControls, RunResult, StepRecord
from procedures.binding import bind_parameters

__all__ = ["ReplayResult", "RunControls", "RunResult", "StepRecord", "bind_parameters", "replay", "run_task"]
