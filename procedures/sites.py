"""Which site a host belongs to."""

from __future__ import annotations


def on_site(host: str, site: str) -> bool:
    """True when `host` is `site` or one of its subdomains (host names ignore case and a trailing dot)."""
    host, site = host.lower().strip("."), site.lower().strip(".")
    return host == site or host.endswith("." + site)
