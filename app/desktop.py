"""Whether this machine can show the desktop app, and what to install when it cannot (Qt-free)."""

from __future__ import annotations

import ctypes.util
import os

from recorder.browser import has_display

QT_XCB_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-keysyms": "libxcb-keysyms1",
    "xkbcommon-x11": "libxkbcommon-x11-0",
}


NO_DISPLAY = "no display here: start the desktop app under a virtual one with `xvfb-run -a showmehow`"


def lacks_display() -> bool:
    """True when no window can open here and the person chose no Qt platform (offscreen, wayland, ...)."""
    return not os.environ.get("QT_QPA_PLATFORM") and not has_display()


def desktop_problem() -> str | None:
    """None when the window can open; else one line saying what is missing and how to fix it."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return None  # the person chose a Qt platform (offscreen, wayland, ...)
    if not has_display():
        return NO_DISPLAY
    missing = [package for library, package in QT_XCB_LIBRARIES.items() if ctypes.util.find_library(library) is None]
    if missing:
        return f"the desktop app needs {', '.join(missing)}: `sudo apt-get install -y {' '.join(QT_XCB_LIBRARIES.values())}`"
    return None
