"""Building a procedure from a recording: the heuristic builder (heuristic) and its parts (titles, parameters,
placeholders, fields, flow, checks, marks, and one module per widget idiom under idioms), the LLM's refinement
(llm_builder), imports from Chrome DevTools recordings (devtools), loops found in the steps (repetition), and
merging a demonstration into a stored procedure (merging)."""
