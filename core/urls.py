"""URLs read the way Chromium reads them (the WHATWG URL standard), for every decision about where a URL
goes: reach, secrets, approvals and exports.

Python's `urlsplit` and Chromium disagree on hostile URLs: `http://a.test\\@b.test/` is b.test to
`urlsplit` and a.test to the browser. `read_url` follows the standard for the special schemes (http,
https, ws, wss, ftp, file): tabs and newlines dropped, a backslash is a slash, any number of slashes
after the scheme, userinfo up to the last "@" of the authority, a percent-encoded host decoded, numeric
IPv4 forms (`2130706433`, `0x7f.1`) made dotted, default ports dropped. A host outside ASCII is mapped as
Chromium maps it (UTS #46, non-transitional: `münchen.de` is `xn--mnchen-3ya.de`, `ＬＯＣＡＬＨＯＳＴ` and
`１２７．０．０．１` are `localhost` and `127.0.0.1`) with the `idna` package; what it cannot read exactly as
the browser does (a host IDNA 2008 refuses) it refuses.

Standard library and `idna` only: exported scripts carry this module verbatim. Without `idna` (a script
run where it is not installed) a host outside ASCII is refused: Python's own `idna` codec follows IDNA
2003, which reads `straße.de` as `strasse.de` where the browser goes to `xn--strae-oqa.de`.
"""

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import unquote_to_bytes

try:
    import idna
except ImportError:  # an exported script run without it: hosts outside ASCII are refused
    idna = None

SPECIAL_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "file": None}
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
_C0_OR_SPACE = "".join(chr(c) for c in range(0x21))
_FORBIDDEN_HOST = re.compile(r"[\x00-\x20#%/:<>?@\[\\\]^|\x7f]")
_AMBIGUOUS_AUTHORITY = re.compile(r"[\\@\x00-\x1f\x7f]")


class UnreadableUrl(ValueError):
    """A URL the browser would refuse, or that cannot be read here exactly as the browser reads it."""


@dataclass(frozen=True)
class Url:
    """A URL as the browser reads it. `host` is "" for schemes without one (about:, data:, javascript:)."""

    scheme: str
    host: str = ""
    port: int | None = None  # None for the scheme's default port
    userinfo: str = ""
    path: str = ""
    query: str | None = None
    fragment: str | None = None

    @property
    def origin(self) -> str:
        """scheme://host[:port] for web URLs, "file://" for local files, "" for URLs without an origin."""
        if self.scheme == "file":
            return "file://"
        if self.scheme not in SPECIAL_PORTS or not self.host:
            return ""
        return f"{self.scheme}://{self.host}" + (f":{self.port}" if self.port is not None else "")

    @property
    def text(self) -> str:
        """The URL written out as the browser reads it (slashes for backslashes, the host canonical)."""
        if self.scheme not in SPECIAL_PORTS:
            return f"{self.scheme}:{self.path}"
        authority = (
            (self.userinfo + "@" if self.userinfo else "") + self.host + (f":{self.port}" if self.port is not None else "")
        )
        return (
            f"{self.scheme}://{authority}{self.path}"
            + ("?" + self.query if self.query is not None else "")
            + ("#" + self.fragment if self.fragment is not None else "")
        )


def read_url(url: str) -> Url:
    """The URL as Chromium reads it; UnreadableUrl when Chromium would refuse it or it cannot be read as
    Chromium does."""
    text = re.sub(r"[\t\n\r]", "", url.strip(_C0_OR_SPACE))
    scheme_match = _SCHEME.match(text)
    if not scheme_match:
        raise UnreadableUrl(f"{_shown(url)} has no scheme")
    scheme, rest = scheme_match.group(1).lower(), text[scheme_match.end() :]
    if scheme not in SPECIAL_PORTS:
        return Url(scheme=scheme, path=rest)
    rest, fragment = _cut(rest, "#")
    rest, query = _cut(rest, "?")
    rest = rest.replace("\\", "/")
    if scheme == "file":
        authority, path = _authority_and_path(rest[2:]) if rest.startswith("//") else ("", rest)
        return Url(scheme=scheme, host=_host(authority, url) if authority else "", path=path, query=query, fragment=fragment)
    authority, path = _authority_and_path(rest.lstrip("/"))
    userinfo, _, hostport = authority.rpartition("@")
    host, port = _host_and_port(hostport, scheme, url)
    return Url(scheme=scheme, host=host, port=port, userinfo=userinfo, path=path or "/", query=query, fragment=fragment)


def read_strict(url: str) -> Url:
    """`read_url`, refusing besides a web URL that `misleads`."""
    problem = misleads(url)
    if problem:
        raise UnreadableUrl(problem)
    return read_url(url)


def misleads(url: str) -> str | None:
    """What is wrong with a web URL whose authority holds a backslash, userinfo or a control character:
    such URLs come from people and pages who mean to mislead, never from a recording. None when it has
    none of them (or is no web URL)."""
    text = url.strip(_C0_OR_SPACE)
    scheme = _SCHEME.match(re.sub(r"[\t\n\r]", "", text))
    if not scheme or scheme.group(1).lower() not in SPECIAL_PORTS or scheme.group(1).lower() == "file":
        return None
    after = re.split(r"[?#]", text.split(":", 1)[1], maxsplit=1)[0].lstrip("/")
    if "\\" in after.split("/", 1)[0] or _AMBIGUOUS_AUTHORITY.search(re.split(r"[/\\]", after, maxsplit=1)[0]):
        return f"{_shown(url)} has a backslash, a user name or a control character before its path"
    return None


def origin_of(url: str) -> str:
    """scheme://host[:port] as the browser reads the URL, "file://" for local files, "" for what has no
    origin or cannot be read (about:, garbage)."""
    try:
        return read_url(url).origin
    except UnreadableUrl:
        return ""


def url_host(url: str) -> str:
    """The host as the browser reads the URL; "" when it has none or cannot be read."""
    try:
        return read_url(url).host
    except UnreadableUrl:
        return ""


def _shown(url: str) -> str:
    return repr(url[:200])


def _cut(text: str, mark: str) -> tuple[str, str | None]:
    head, found, tail = text.partition(mark)
    return head, tail if found else None


def _authority_and_path(text: str) -> tuple[str, str]:
    authority, slash, path = text.partition("/")
    return authority, slash + path


def _host_and_port(hostport: str, scheme: str, url: str) -> tuple[str, int | None]:
    if hostport.startswith("["):
        end = hostport.find("]")
        if end < 0:
            raise UnreadableUrl(f"{_shown(url)} has an unclosed IPv6 address")
        host, after = hostport[: end + 1], hostport[end + 1 :]
        if after and not after.startswith(":"):
            raise UnreadableUrl(f"{_shown(url)} has text after its IPv6 address")
        port_text = after[1:] if after else ""
    else:
        host, _, port_text = hostport.partition(":")
    if port_text and not port_text.isascii() or port_text and not port_text.isdigit():
        raise UnreadableUrl(f"{_shown(url)} has an invalid port")
    port = int(port_text) if port_text else None
    if port is not None and port > 65535:
        raise UnreadableUrl(f"{_shown(url)} has a port above 65535")
    return _host(host, url), None if port == SPECIAL_PORTS[scheme] else port


def _host(text: str, url: str) -> str:
    if not text:
        raise UnreadableUrl(f"{_shown(url)} has no host")
    if text.startswith("["):
        try:
            return f"[{ipaddress.IPv6Address(text[1:-1]).compressed}]"
        except ValueError:
            raise UnreadableUrl(f"{_shown(url)} has an invalid IPv6 address") from None
    try:
        host = unquote_to_bytes(text).decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableUrl(f"{_shown(url)} has a host that is not UTF-8") from None
    host = _ascii_host(host, url).lower()
    if _FORBIDDEN_HOST.search(host) or not host:
        raise UnreadableUrl(f"{_shown(url)} has a character no host may hold")
    labels = host.split(".")
    last = labels[-2] if not labels[-1] and len(labels) > 1 else labels[-1]
    if re.fullmatch(r"[0-9]+|0[xX][0-9a-fA-F]*", last):
        return _ipv4(host, url)
    return host


def _ascii_host(host: str, url: str) -> str:
    """The host's ASCII form as Chromium maps it (UTS #46, non-transitional, no hyphen or STD3 rules);
    UnreadableUrl when IDNA 2008 refuses it (Chromium may accept some of those: they are refused here)."""
    if host.isascii():
        return host
    if idna is None:
        raise UnreadableUrl(f"{_shown(url)} has a host outside ASCII: write it in its xn-- form")
    try:
        return idna.encode(host, uts46=True, transitional=False, std3_rules=False).decode("ascii")
    except (idna.IDNAError, UnicodeError, ValueError):
        raise UnreadableUrl(f"{_shown(url)} has a host outside ASCII that the browser may read otherwise") from None


def _ipv4(host: str, url: str) -> str:
    """The dotted form of a host that the standard reads as an IPv4 address (1 to 4 numbers, each
    decimal, 0x hexadecimal or 0 octal, the last filling the remaining bytes)."""
    parts = host.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    if len(parts) > 4 or "" in parts:
        raise UnreadableUrl(f"{_shown(url)} has an invalid IPv4 address")
    numbers = []
    for part in parts:
        if re.fullmatch(r"0[xX][0-9a-fA-F]*", part):
            numbers.append(int(part[2:] or "0", 16))
        elif re.fullmatch(r"0[0-7]+", part):
            numbers.append(int(part, 8))
        elif re.fullmatch(r"[0-9]+", part) and not (len(part) > 1 and part.startswith("0")):
            numbers.append(int(part))
        else:
            raise UnreadableUrl(f"{_shown(url)} has an invalid IPv4 address")
    *first, last = numbers
    if any(n > 255 for n in first) or last >= 256 ** (5 - len(numbers)):
        raise UnreadableUrl(f"{_shown(url)} has an invalid IPv4 address")
    value = sum(n << (8 * (3 - i)) for i, n in enumerate(first)) + last
    return str(ipaddress.IPv4Address(value))
