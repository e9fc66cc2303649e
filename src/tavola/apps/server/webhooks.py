"""Where a webhook may point: public addresses only, unless the operator allows others.

Whoever creates a match names its seats' webhooks, and the server POSTs to them. Without
this check anyone could make the server send requests into its own network: its
database, an admin page on localhost, a cloud's metadata service at 169.254.169.254.
So a webhook's host must resolve to public (globally routable) addresses only; and when
a notification is sent, the host is resolved again and the request goes to the address
that was checked (the URL's host kept in the ``Host`` header and TLS's server name), so
a name that resolves elsewhere by then cannot slip past (DNS rebinding).
``tavola serve --private-webhooks`` lifts the rule, for a server on a home network whose
webhooks go to machines there.

>>> is_public("93.184.215.14"), is_public("127.0.0.1"), is_public("10.1.2.3")
(True, False, False)
>>> is_public("::ffff:169.254.169.254")
False
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from urllib.parse import urlsplit

RESOLVE_SECONDS = 5.0
LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")  # one label of a host name (RFC 1123)


class WebhookRefused(Exception):
    """A webhook's host cannot be resolved (``found`` false) or is not public."""

    def __init__(self, host: str, found: bool) -> None:
        super().__init__(f"the host {host!r} " + ("is not public" if found else "was not found"))
        self.host = host
        self.found = found


def well_formed(url: str) -> bool:
    """Whether ``url`` is an http(s) URL whose host is an IP address or a host name (labels
    of 1 to 63 letters, digits and inner hyphens; international names in IDNA) and whose
    port, if any, is a number from 1 to 65535.

    >>> [well_formed(u) for u in ("https://example.org/h", "http://[::1]:8080/", "http://ü.de")]
    [True, True, True]
    >>> [well_formed(u) for u in ("http://a..b/", "http://x:99999/", "http://[::1/", "ftp://x/")]
    [False, False, False, False]
    """
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:  # a port that is no number or out of range, a bracket unclosed
        return False
    host = parts.hostname
    if parts.scheme not in ("http", "https") or not host or port == 0:
        return False
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    try:
        name = host.rstrip(".").encode("idna").decode("ascii")
    except UnicodeError:  # a label over 63 characters, an empty one
        return False
    labels = name.split(".")
    return len(name) <= 253 and all(LABEL.fullmatch(label) for label in labels)


def is_public(address: str) -> bool:
    """Whether an IP address is globally routable (an IPv4-mapped one judged as IPv4)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


async def public_address(url: str) -> str:
    """The address a webhook's request may go to: its host's first address, if every
    address the host resolves to is public; else ``WebhookRefused``."""
    parts = urlsplit(url)
    host = parts.hostname
    if not host:
        raise WebhookRefused("", found=False)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    loop = asyncio.get_running_loop()
    try:
        found = await asyncio.wait_for(
            loop.getaddrinfo(host, port, type=socket.SOCK_STREAM), RESOLVE_SECONDS
        )
    except (OSError, TimeoutError):
        raise WebhookRefused(host, found=False) from None
    addresses = [str(info[4][0]) for info in found]
    if not addresses or not all(is_public(address) for address in addresses):
        raise WebhookRefused(host, found=True)
    return addresses[0]
