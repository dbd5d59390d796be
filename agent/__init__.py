"""Running tasks: parameter binding, deterministic replay, the LLM agent loop, run logs."""

from procedures.binding import bind_parameters
from agent.replay import ReplayResult, replay
from agent.tasks import RunControls, RunResult, run_task

__all__ = ["ReplayResult", "RunControls", "RunResult", "bind_parameters", "replay", "run_task"]
