"""Where a webhook may go: public internet addresses only, unless the operator allows a host.

A player chooses the callback URL, so a notice must never be turned against the server's own
network: its loopback, a cloud's metadata service (169.254.169.254), private or shared networks.
Every address a callback's host stands for must be a global unicast address, IPv4 hidden in IPv6
included (::ffff:127.0.0.1 is 127.0.0.1; 6to4 and NAT64 likewise), and a numeric host in any form the C library reads
(0x7f000001, 2130706433, 0177.0.0.1, 127.1) is taken for the address it is. The check is made
when the callback is set, and again at each delivery, which then connects to an address it has
just checked: looking the name up a second time could answer differently (DNS rebinding).

CHRONICLE_WEBHOOK_ALLOW_HOSTS (read by services.compose) lists the host names and addresses an
operator allows all the same, e.g. `127.0.0.1` for a receiver on the same machine.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass
from typing import Callable, Iterable
from urllib.parse import urlsplit

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], list[str]]
"""A host name and port -> the addresses it resolves to (OSError when it resolves to none)."""

MAX_URL = 500
SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT: not global, yet not "private" to ipaddress
NAT64 = ipaddress.ip_network("64:ff9b::/96")  # the well-known prefix; the local-use one is not global
UNSAFE_CHARACTERS = re.compile(r"[\x00-\x20\x7f\\]")  # http.client refuses them; a backslash confuses parsers


class Refused(ValueError):
    """The URL may not be called; the message says why, in words for the player."""


@dataclass(frozen=True)
class Target:
    """The parts of a callback URL a delivery needs."""

    scheme: str
    host: str  # lower case, ASCII (IDNA), no brackets, no trailing dot
    port: int
    path: str  # with its query; "/" when empty


def system_resolver(host: str, port: int) -> list[str]:
    """The addresses of `host`, as the machine's resolver gives them, in its order."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(sockaddr[0] for *_, sockaddr in found))


def parse(url: object) -> Target:
    """The target of an http(s) callback URL; Refused for anything else."""
    if not isinstance(url, str) or len(url) > MAX_URL or UNSAFE_CHARACTERS.search(url):
        raise Refused(f"callback_url is an http or https URL of at most {MAX_URL} characters, without spaces")
    try:
        parts = urlsplit(url)
        port = parts.port
        host = (parts.hostname or "").rstrip(".").encode("idna").decode("ascii")
    except (ValueError, UnicodeError):  # "http://[::1/", a port past 65535, a label too long
        raise Refused(f"callback_url is an http or https URL of at most {MAX_URL} characters, with a host") from None
    if parts.scheme not in ("http", "https") or not host or port == 0:
        raise Refused(f"callback_url is an http or https URL of at most {MAX_URL} characters, with a host")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, host, port if port is not None else 443 if parts.scheme == "https" else 80, path)


def is_ip_literal(host: str) -> bool:
    try:
        return bool(ipaddress.ip_address(host))
    except ValueError:
        return False


def numeric_address(host: str) -> Address | None:
    """The address a numeric host stands for, in any form the C library would read; None for a name."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))  # 0x7f000001, 2130706433, 0177.0.0.1, 127.1
    except OSError:
        return None


def translated_ipv4(address: Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries its packets to (IPv4-mapped, 6to4, NAT64), if any."""
    if not isinstance(address, ipaddress.IPv6Address):
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def refusal(address: Address) -> str | None:
    """Why a webhook may not go to `address`, or None when it may (a global unicast address).
    An IPv6 address that stands for an IPv4 one is judged as that IPv4 address."""
    inner = translated_ipv4(address)
    if inner is not None:
        return refusal(inner)
    for kind, hit in (
        ("an unspecified", address.is_unspecified),
        ("a loopback", address.is_loopback),
        ("a link-local", address.is_link_local),
        ("a multicast", address.is_multicast),
        ("a shared (carrier-grade NAT)", address in SHARED),
        ("a reserved", address.is_reserved),
        ("a private", address.is_private),
        ("not a public internet", not address.is_global),
    ):
        if hit:
            return f"{kind} address"
    return None


class Destinations:
    """Decides whether a callback may be called, and which addresses a delivery may connect to."""

    def __init__(self, allowed: Iterable[str] = (), resolver: Resolver = system_resolver):
        names = {entry.strip().lower().strip("[]").rstrip(".") for entry in allowed}
        names.discard("")
        self.allowed_addresses = {address for name in names if (address := numeric_address(name)) is not None}
        self.allowed_names = names
        self.resolver = resolver

    @classmethod
    def from_setting(cls, setting: str | None, resolver: Resolver = system_resolver) -> "Destinations":
        """From CHRONICLE_WEBHOOK_ALLOW_HOSTS: host names or addresses, separated by commas."""
        return cls((setting or "").split(","), resolver)

    def check_callback(self, url: object) -> Target:
        """Refuse, when it is set, a callback whose host is or resolves to an address it may not reach.
        A host that does not resolve now is accepted: each delivery looks it up again."""
        target = parse(url)
        try:
            self.addresses(target)
        except (OSError, UnicodeError):
            pass
        return target

    def addresses(self, target: Target) -> list[str]:
        """The addresses a delivery to `target` may connect to: all that its host resolves to, each
        checked (Refused if any may not be reached); OSError when the host resolves to nothing."""
        if target.host in self.allowed_names:
            return self._resolve(target)
        found = self._resolve(target)
        for text in found:
            try:
                address = ipaddress.ip_address(text)
            except ValueError:
                raise Refused(f"callback_url's host {target.host} resolves to {text!r}, which is no address") from None
            if address in self.allowed_addresses:
                continue
            if (reason := refusal(address)) is not None:
                shown = target.host if is_ip_literal(target.host) else f"{target.host} ({text})"
                raise Refused(f"callback_url may not point at {shown}: {reason}; notices go to public "
                              "internet addresses only")
        return found

    def _resolve(self, target: Target) -> list[str]:
        address = numeric_address(target.host)
        if address is not None:
            return [str(address)]  # a numeric host is never looked up: it is the address it names
        found = self.resolver(target.host, target.port)
        if not found:
            raise OSError(f"{target.host} resolves to no address")
        return found
