"""Choosing memory for a prompt: procedure retrieval, rendering, and the two-tier lessons."""

from retrieval.render import render_procedural_memory
from retrieval.retriever import Retriever
from retrieval.scoring import Breakdown, Match, near_tie, near_tie_note, standings

__all__ = ["Breakdown", "Match", "Retriever", "near_tie", "near_tie_note", "render_procedural_memory", "standings"]
