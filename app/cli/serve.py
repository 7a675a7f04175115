"""``advisor serve``: the service (API and page) under uvicorn, with its logging
(:func:`log_config`); any address but loopback requires tokens.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from app.cli.common import _t


def _serve(args: argparse.Namespace) -> int:
    """``advisor serve``: uvicorn on the app factory; any address but loopback requires tokens.

    The host names the service answers to (``ADVISOR_ALLOWED_HOSTS``, see
    :func:`app.service.middleware.allowed_hosts`) get ``--host`` when it is a name or a specific address;
    on a wildcard address (``0.0.0.0``, ``::``) without ``ADVISOR_ALLOWED_HOSTS`` it warns that only
    this machine's names are answered. ``X-Forwarded-For`` / ``X-Forwarded-Proto`` are read only
    from the proxies of ``ADVISOR_TRUSTED_PROXIES`` (addresses or networks, comma-separated; empty,
    the default: from nobody, so the client is the peer that connected)."""
    import ipaddress
    import os

    import uvicorn

    from app.service.middleware import host_pattern

    try:
        address: ipaddress.IPv4Address | ipaddress.IPv6Address | None = ipaddress.ip_address(args.host)
    except ValueError:
        address = None
    local = address.is_loopback if address is not None else args.host == "localhost"
    if not local:
        os.environ["ADVISOR_REQUIRE_TOKENS"] = "1"
    hosts = os.environ.get("ADVISOR_ALLOWED_HOSTS", "").strip()
    if address is not None and address.is_unspecified:
        if not hosts:
            print(_t("serve_no_allowed_hosts", host=args.host), file=sys.stderr)
    elif host_pattern(args.host):
        os.environ["ADVISOR_ALLOWED_HOSTS"] = ",".join(x for x in (hosts, host_pattern(args.host)) if x)
    proxies = os.environ.get("ADVISOR_TRUSTED_PROXIES", "").strip()
    uvicorn.run("app.main:create_app", factory=True, host=args.host, port=args.port, access_log=False,
                log_config=log_config(), proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None)
    return 0


def log_config() -> dict[str, object]:
    """``advisor serve``'s logging (a ``logging.config.dictConfig`` dict): uvicorn's own, and the
    service's ``advisor`` loggers on stderr as they are, INFO and above: one JSON line per request
    on ``advisor.access`` (uvicorn's access log is off: ``access_log=False``), the unhandled
    exceptions with their traceback on ``advisor.error`` (see :mod:`app.service.middleware`)."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["advisor"] = {"format": "%(message)s"}
    config["handlers"]["advisor"] = {"formatter": "advisor", "class": "logging.StreamHandler",
                                     "stream": "ext://sys.stderr"}
    config["loggers"]["advisor"] = {"handlers": ["advisor"], "level": "INFO", "propagate": False}
    return config
