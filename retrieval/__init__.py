"""Choosing memory for a prompt: procedure retrieval, rendering, and the two-tier lessons."""

from retrieval.render import render_procedural_memory
from retrieval.retriever import Retriever
from retrieval.scoring import Breakdown, Match, standings

__all__ = ["Breakdown", "Match", "Retriever", "render_procedural_memory", "standings"]
