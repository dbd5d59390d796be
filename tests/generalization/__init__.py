"""Generalization suite: one demonstration, many new instances, judged by what the fixture server received."""
