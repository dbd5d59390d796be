"""Hosts and sites: the host of a URL, and which site a host belongs to."""

from __future__ import annotations

import re
from functools import lru_cache

from core.urls import url_host

_HAS_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:(?!\d)", re.IGNORECASE)  # "about:", "https:", not "localhost:8000"


def host_of(url: str) -> str:
    """The host of a URL as the browser reads it (core.urls), or of a bare host name ("example.org:8000");
    "" when it has none or cannot be read (about:blank, file: URLs, garbage)."""
    return url_host(url if _HAS_SCHEME.match(url.strip()) else "http://" + url.strip().lstrip("/"))


@lru_cache(maxsize=10_000)
def on_site(host: str, site: str) -> bool:
    """True when `host` is `site` or one of its subdomains (host names ignore case and a trailing dot; a
    site written with a port, "127.0.0.1:8000", is its host)."""
    host, site = host.lower().strip("."), (host_of(site) or site).lower().strip(".")
    return host == site or host.endswith("." + site)
