"""The display of the person's session, for a process started without one in its environment (an MCP client
that passes a minimal environment): an X server's socket that this user may use, with the authority file their
desktop session wrote (Chromium opens its windows through X, XWayland on a Wayland desktop)."""

from __future__ import annotations

import os
import re
import socket
import struct
from pathlib import Path

from core.errors import ShowMeHowError

X11_SOCKETS = Path("/tmp/.X11-unix")
NO_DISPLAY = (
    "no display found for this user (no X server socket in /tmp/.X11-unix): set DISPLAY (e.g. DISPLAY=:0, with "
    'XAUTHORITY=~/.Xauthority if the desktop needs it) in the MCP server\'s environment (the client\'s server entry: "env": {"DISPLAY": ":0"})'
)


def _cookies(authority: str | None, number: int) -> list[tuple[bytes, bytes]]:
    """The (name, data) entries of an X authority file for display `number` (or for any display)."""
    try:
        data = Path(authority).read_bytes() if authority else b""
    except OSError:
        return []
    entries, at = [], 0
    while at + 2 <= len(data):
        fields = []
        at += 2  # the address family
        for _ in range(4):  # address, display number, name, data
            (size,) = struct.unpack(">H", data[at : at + 2])
            fields.append(data[at + 2 : at + 2 + size])
            at += 2 + size
        if fields[1] in (b"", str(number).encode()):
            entries.append((fields[2], fields[3]))
    return entries


def _padded(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 4)


def _accepts(path: Path, number: int, authority: str | None) -> bool:
    """Whether the X server of display `number` lets this process in (X's connection setup, with each cookie)."""
    for name, cookie in [*_cookies(authority, number), (b"", b"")]:
        hello = b"l\0" + struct.pack("<HHHH", 11, 0, len(name), len(cookie)) + b"\0\0" + _padded(name) + _padded(cookie)
        try:
            with socket.socket(socket.AF_UNIX) as conn:
                conn.settimeout(2)
                conn.connect(str(path))
                conn.sendall(hello)
                if conn.recv(1) == b"\1":
                    return True
        except OSError:
            continue
    return False


def _authority(runtime: Path) -> str | None:
    """The X authority file a desktop session writes for its user, when there is one."""
    candidates = [Path.home() / ".Xauthority", runtime / "gdm" / "Xauthority", *sorted(runtime.glob(".mutter-Xwaylandauth.*"))]
    return next((str(c) for c in candidates if c.is_file() and os.access(c, os.R_OK)), None)


def find_display(x11: Path = X11_SOCKETS, runtime: Path | None = None) -> dict[str, str] | None:
    """The environment variables that reach the person's display (the lowest X display whose socket this user
    may use, with an authority file when one is found); None when there is none."""
    try:
        numbers = sorted(int(m.group(1)) for p in x11.iterdir() if (m := re.fullmatch(r"X(\d+)", p.name)))
    except OSError:
        return None
    runtime = runtime or Path(os.environ.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid()}")
    authority = os.environ.get("XAUTHORITY") or _authority(runtime)
    number = next((n for n in numbers if _accepts(x11 / f"X{n}", n, authority)), None)
    if number is None:
        return None
    return {"DISPLAY": f":{number}"} | ({"XAUTHORITY": authority} if authority else {})


def use_person_display() -> None:
    """Make this process's browsers open on the person's display when its environment names none; a
    ShowMeHowError saying exactly what to set when there is none."""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return
    found = find_display(X11_SOCKETS)
    if found is None:
        raise ShowMeHowError(NO_DISPLAY)
    os.environ.update(found)
