"""What an exported script runs: placeholders, checks and playback, in that order.

procedures.script_export writes these three modules' source verbatim into every exported Playwright
script, after core.urls, core.sites and core.masking (the URL reader, site helpers and masking the app
uses too), so they import only the standard library, Playwright, each other and those three
(import-linter contracts in pyproject.toml say so). Replay in the app runs the same code.
"""
