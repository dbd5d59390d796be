"""The PySide6 desktop app: one module per tab, the main window, and the worker thread that owns the browser."""

from app.qt.window import MainWindow, main

__all__ = ["MainWindow", "main"]
