"""A bounded shutdown: on SIGTERM (or Ctrl-C) the screenings stop first, then the server.

uvicorn, told to stop, first waits for the requests in flight, then runs the app's lifespan
shutdown. A synchronous screening is a request in flight, so it must be told to stop when the
signal arrives, not at the lifespan's end: :func:`on_stop_signal` runs a callback first, then
the handler that was there (uvicorn's). The callback cancels the screenings and starts the clock
of ``ADVISOR_SHUTDOWN_SECONDS``.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
"""The signals that stop the service (uvicorn's own)."""


@contextmanager
def on_stop_signal(callback: Callable[[], None]) -> Iterator[bool]:
    """While the body runs, SIGTERM and SIGINT first start ``callback()`` (once, in a thread of its
    own), then call the handler that was installed before (uvicorn's, which starts its graceful
    shutdown). Yields whether the
    hook is installed: signals can only be caught in the main thread (not, e.g., under a test client
    that runs the app in a thread of its own). The previous handlers are restored on exit.
    """
    if threading.current_thread() is not threading.main_thread():
        yield False
        return
    previous: dict[signal.Signals, Any] = {sig: signal.getsignal(sig) for sig in STOP_SIGNALS}
    called = threading.Event()

    def handler(sig: int, frame: FrameType | None) -> None:
        if not called.is_set():
            called.set()
            # In a thread of its own: a signal handler runs in the main thread between two bytecodes,
            # maybe while that thread holds a lock the callback needs (the event loop reading /healthz).
            threading.Thread(target=callback, name="advisor-stop", daemon=True).start()
        before = previous[signal.Signals(sig)]
        if callable(before):
            before(sig, frame)
        elif before == signal.SIG_DFL:  # nobody else listens: stop as the signal would have
            signal.signal(sig, signal.SIG_DFL)
            signal.raise_signal(sig)

    for sig in STOP_SIGNALS:
        signal.signal(sig, handler)
    try:
        yield True
    finally:
        for sig, before in previous.items():
            if signal.getsignal(sig) is handler:
                signal.signal(sig, before)
