"""core.urls reads URLs as Chromium does: every URL here is read by Chromium's own parser too, and the
two readings must agree, or ours must refuse."""

from __future__ import annotations

import pytest

from core.urls import UnreadableUrl, origin_of, read_strict, read_url

HOSTILE = [
    "http://localhost:8000\\@127.0.0.1:8000/collect.html?p=secret",
    "http://localhost:8000\\\\@127.0.0.1/",
    "http:\\\\localhost:8000\\@127.0.0.1:8000/",
    "http:localhost:8000/x",
    "http:///localhost/x",
    "http:/\\localhost/x",
    "HTTP://LocalHost:80/",
    "https://localhost:443/",
    "http://user:pw@localhost@127.0.0.1/",
    "http://127.0.0.1@localhost/",
    "http://127.0.0.1:8000#@localhost/",
    "http://127.0.0.1:8000?@localhost/",
    "http://0x7f.1/",
    "http://2130706433:81/",
    "http://0177.0.0.1/",
    "http://0x7f000001/",
    "http://local%68ost/",
    "http://LOCAL%48OST/",
    "http://127.0.0.1%2e/",
    "http://local\thost/",
    "http://local\nhost:90/",
    "  http://localhost/  ",
    "\x01http://localhost/",
    "http://[::1]:9/",
    "http://[0:0::1]/",
    "http://example.com./",
    "ws://localhost/",
    "file:///etc/passwd",
    "http://a%2fb/",
    "http://1.2.3.4.5/",
    "http://foo.09/",
    "http://local host/",
    "http://localhost:99999/",
    "http://localhost:8a/",
    "http://[::1/",
    "http:///",
    "http://münchen.de/",
    "http://ＬＯＣＡＬＨＯＳＴ:8000/x",
    "http://１２７．０．０．１/",
    "http://127。0。0。1:81/",
    "http://straße.de/",
    "http://exаmple.com/",  # a Cyrillic а: another site than example.com
    "http://☃.net/",
    "http://a．b／@c/",
    "http://ａ＠localhost/",
    "http://local\u200bhost/",
    "http://%C3%A9.com/",
    "http://xn--mnchen-3ya.de/",
    "http://ΣΑΣ.gr/",
]

# Hosts outside ASCII that are read, not refused: (URL, its origin as Chromium reads it).
IDN = [
    ("http://münchen.de/", "http://xn--mnchen-3ya.de"),
    ("http://ＬＯＣＡＬＨＯＳＴ:8000/x", "http://localhost:8000"),
    ("http://１２７．０．０．１/", "http://127.0.0.1"),
    ("http://straße.de/", "http://xn--strae-oqa.de"),
    ("http://exаmple.com/", "http://xn--exmple-4nf.com"),
    ("http://%C3%A9.com/", "http://xn--9ca.com"),
]


@pytest.fixture(scope="module")
def chromium_page(browser):  # type: ignore[no-untyped-def]
    page = browser.new_page()
    yield page
    page.close()


@pytest.mark.parametrize("url", HOSTILE)
def test_reads_hosts_and_origins_as_chromium_does_or_refuses(chromium_page, url: str) -> None:
    chromium = chromium_page.evaluate(
        "u => { try { const p = new URL(u); return [p.protocol, p.hostname, p.port, p.origin] } catch (e) { return null } }",
        url,
    )
    try:
        ours = read_url(url)
    except UnreadableUrl:
        return  # refusing is always allowed
    assert chromium is not None, f"{url!r}: Chromium refuses what we read as {ours}"
    protocol, hostname, port, origin = chromium
    assert ours.scheme + ":" == protocol
    assert ours.host == hostname
    assert (str(ours.port) if ours.port is not None else "") == port
    if ours.scheme in ("http", "https", "ws", "wss"):
        assert ours.origin == origin


@pytest.mark.parametrize(("url", "origin"), IDN)
def test_hosts_outside_ascii_are_read_as_chromium_maps_them(chromium_page, url: str, origin: str) -> None:
    assert read_url(url).origin == origin == chromium_page.evaluate("u => new URL(u).origin", url)


def test_the_backslash_attack_reads_as_localhost() -> None:
    url = "http://localhost:8000\\@127.0.0.1:8000/collect.html?p={password}"
    assert origin_of(url) == "http://localhost:8000"
    with pytest.raises(UnreadableUrl, match="backslash"):
        read_strict(url)


@pytest.mark.parametrize(
    "url", ["http://a\\@b/", "http:\\\\b/", "http://u@b/", "http://u:p@b/", "http://b\x01c/", "http://b\t/", "https://b\\"]
)
def test_strict_reading_refuses_authorities_that_mislead(url: str) -> None:
    with pytest.raises(UnreadableUrl):
        read_strict(url)


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8000/login.html?next=a@b\\c", "https://example.com/p\\q", "about:blank", "file:///tmp/x"]
)
def test_strict_reading_keeps_ordinary_urls(url: str) -> None:
    assert read_strict(url) == read_url(url)
