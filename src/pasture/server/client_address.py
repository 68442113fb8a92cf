"""Whom a request comes from, for the per-client limits.

By default that is the TCP peer, and `X-Forwarded-For` is ignored: anyone can write that
header. Behind a reverse proxy every request has the proxy as its peer, so the operator
names the proxies (`pasture serve --trusted-proxy IP/CIDR`); then, for a request whose
peer is one of them, the header's hops are read from the right (each proxy appends the
address it was reached from) and the first one that is not a trusted proxy is the client.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True, slots=True)
class TrustedProxies:
    """The networks whose `X-Forwarded-For` is believed (none: the header never is)."""

    networks: tuple[Network, ...] = ()

    @classmethod
    def parse(cls, specs: Iterable[str]) -> TrustedProxies:
        """From addresses or CIDR networks ('10.0.0.5', '10.0.0.0/8', '::1'); ValueError
        names one that is neither."""
        networks: list[Network] = []
        for spec in specs:
            try:
                networks.append(ipaddress.ip_network(spec.strip(), strict=False))
            except ValueError:
                raise ValueError(
                    f"{spec!r} is not an IP address or network (e.g. 10.0.0.5 or 10.0.0.0/8)."
                ) from None
        return cls(tuple(networks))

    def trusts(self, address: Address) -> bool:
        return any(address in network for network in self.networks)


def parse_address(text: str) -> Address | None:
    """An address as a proxy writes it ('1.2.3.4', '1.2.3.4:5678', '[::1]:80', '::1'); an
    IPv4 address seen through an IPv6 socket ('::ffff:1.2.3.4') is the IPv4 one."""
    text = text.strip()
    if text.startswith("[") and "]" in text:
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_address(peer: str, forwarded_for: Sequence[str], proxies: TrustedProxies) -> str:
    """The client's address: `peer` itself unless it is a trusted proxy; then the right-most
    hop of the X-Forwarded-For headers (`forwarded_for`, in the order received) that is not
    a trusted proxy. A hop that is no address stops the walk at the last trusted one, so a
    malformed header can never pick a bucket of its own."""
    if not proxies.networks:  # the usual case: nothing to parse
        return peer
    nearest = parse_address(peer)
    if nearest is None or not proxies.trusts(nearest):
        return peer
    hops = [hop for header in forwarded_for for hop in header.split(",")]
    for hop in reversed(hops):
        address = parse_address(hop)
        if address is None:
            break
        nearest = address
        if not proxies.trusts(address):
            break
    return str(nearest)
