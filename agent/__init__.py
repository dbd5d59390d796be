"""Running tasks: run_task (retrieve, then replay, the LLM agent, or both), deterministic replay, the LLM
agent loop with its tools and approval policy, fixes learned from runs, run results and run logs.
`bind_parameters` is re-exported from procedures.binding.values, where binding lives."""

from agent.orchestrator import run_task
from agent.replay import ReplayResult, replay
from agent.results import RunControls, RunResult, StepRecord
from procedures.binding.values import bind_parameters

__all__ = ["ReplayResult", "RunControls", "RunResult", "StepRecord", "bind_parameters", "replay", "run_task"]
