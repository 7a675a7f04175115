"""Work for a client that went away is cancelled: an ASGI middleware.

Every request that sends a body (POST, PUT, PATCH, DELETE) runs as cancellable interactive work
(:mod:`engine.dd.work`): once the app has read the whole body, the middleware listens for the
client closing the connection (``http.disconnect``) and then sets the work's cancel flag, with the
reason "the client went away". A ruling still waiting for a solver worker gives up its place,
and a synchronous screening stops between two games. FastAPI's thread pool runs a ``def`` route
in a copy of the request's context, so the route's solver calls see the flag.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from engine.dd.work import Lane, new_work, working

GONE = "the client went away"
"""The reason given to work cancelled because its client disconnected."""


class CancelOnDisconnect:
    """ASGI middleware: cancel a request's work when its client disconnects (see the module docstring).

    Args:
        app: the ASGI app to wrap.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the request as cancellable work, listening for the disconnect once the body is read."""
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        work = new_work(Lane.INTERACTIVE)
        cancel = work.cancel
        assert cancel is not None
        listener: asyncio.Task[Message] | None = None

        async def listen() -> Message:
            message = await receive()
            if message["type"] == "http.disconnect":
                cancel.set(GONE)
            return message

        async def receive_and_watch() -> Message:
            nonlocal listener
            if listener is not None:  # the body was read: the next message is the one the listener waits for
                return await asyncio.shield(listener)
            message = await receive()
            if message["type"] == "http.disconnect":
                cancel.set(GONE)
            elif message["type"] == "http.request" and not message.get("more_body", False):
                listener = asyncio.get_running_loop().create_task(listen())
            return message

        try:
            with working(work):
                await self.app(scope, receive_and_watch, send)
        finally:
            if listener is not None and not listener.done():
                listener.cancel()
                await asyncio.gather(listener, return_exceptions=True)

