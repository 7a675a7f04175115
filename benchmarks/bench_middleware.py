"""What app.service.middleware.SecurityMiddleware costs a request: the headers, the request id, the
access-log line (to a handler that drops it, so the figure is the middleware's and not the
terminal's) and, for a JSON error, the body rewritten with its request id.

``.venv/bin/python benchmarks/bench_middleware.py`` calls the ASGI apps directly (no server, no
socket): a bare app answering 200 or 404 JSON, then the same wrapped; median of 5 rounds of
20,000 requests, in microseconds per request. Prints the load average with the figures.
"""

from __future__ import annotations

import logging
import os
import statistics
import time
from typing import Any

import anyio

from app.service.middleware import SecurityMiddleware

OK = b'{"status":"ok"}'
NOT_FOUND = b'{"detail":[{"loc":["path","event_id"],"msg":"there is no event 7","type":"not_found","law":null}]}'


def _app(status: int, body: bytes) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
    return app


async def _send(message: Any) -> None:
    return None


async def _receive() -> Any:
    return {"type": "http.request", "body": b"", "more_body": False}


async def _per_request_us(app: Any, n: int = 20_000) -> float:
    start = time.perf_counter()
    for _ in range(n):
        scope = {"type": "http", "method": "GET", "path": "/v1/events/7", "query_string": b"lang=pl",
                 "headers": [(b"host", b"127.0.0.1:8000"), (b"x-request-id", b"bench-1")],
                 "client": ("127.0.0.1", 50000)}
        await app(scope, _receive, _send)
    return (time.perf_counter() - start) / n * 1e6


async def main() -> None:
    """Print the median µs per request of each app, bare and wrapped."""
    logging.getLogger("advisor").setLevel(logging.INFO)
    logging.getLogger("advisor").addHandler(logging.NullHandler())
    logging.getLogger("advisor").propagate = False
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    for name, app in (("200 JSON, bare", _app(200, OK)), ("200 JSON, wrapped", SecurityMiddleware(_app(200, OK))),
                      ("404 JSON, bare", _app(404, NOT_FOUND)),
                      ("404 JSON, wrapped (request id added to the body)", SecurityMiddleware(_app(404, NOT_FOUND)))):
        rounds = [await _per_request_us(app) for _ in range(5)]
        print(f"{name}: {statistics.median(rounds):.1f} us/request (rounds {min(rounds):.1f}-{max(rounds):.1f})")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    anyio.run(main)
