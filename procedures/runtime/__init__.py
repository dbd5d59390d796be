"""What an exported script runs: placeholders, checks and playback, in that order.

procedures.script_export writes these three modules' source verbatim into every exported Playwright
script, so they import only the standard library, Playwright and each other (an import-linter contract
in pyproject.toml says so). Replay in the app runs the same code.
"""
