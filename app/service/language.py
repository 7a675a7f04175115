"""The language of the API's answers (``/v1/...``): ``?lang=`` or ``Accept-Language``.

:class:`LanguageMiddleware`, a pure ASGI middleware, chooses the language of each ``/v1``
request with :func:`app.i18n.negotiate` (``?lang=ru`` first; else the best language of the
``Accept-Language`` header by its q-values; else English), makes it :func:`app.i18n.current`
while the request is answered (ruling steps, explanations and error ``msg``s are written in it)
and says it in the ``Content-Language`` header. An unknown ``?lang=`` is a 422 naming ``lang``
and listing the languages there are. Field names, law codes, enum values and numbers never
change with the language. The director's page (not under ``/v1``) chooses its own language.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qsl

from fastapi import Header, Query
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import i18n

LANG_DESCRIPTION = ("The language of the explanations (ruling steps, explanation lines, error messages): "
                    "en (default), pl, ru, el (those installed). Overrides Accept-Language. Field names, law codes, "
                    "enum values and numbers never change with the language; the answer's Content-Language "
                    "header says the language used. An unknown value is a 422 naming `lang`.")


def documented_language(
    lang: str | None = Query(None, description=LANG_DESCRIPTION, max_length=16),
    accept_language: str | None = Header(None, description="Used when `lang` is not given: the best language "
                                         "available by q-value (e.g. `ru, pl;q=0.8`), else English."),
) -> None:
    """A dependency that only documents the two ways to ask for a language in the OpenAPI
    description; :class:`LanguageMiddleware` does the work (before any validation, so that a
    422 about the body is already in the language asked for)."""


class LanguageMiddleware:
    """Negotiates the language of every ``/v1`` request (see the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer the request in its language, or 422 for an unknown ``?lang=``."""
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith("/v1"):
            await self.app(scope, receive, send)
            return
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True))
        header = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"accept-language"), None)
        try:
            lang = i18n.negotiate(query.get("lang"), header)
        except i18n.UnknownLanguageError as exc:
            await _unknown_language(send, exc, i18n.from_accept_language(header) or i18n.DEFAULT)
            return

        async def with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"content-language"]
                message = {**message, "headers": [*headers, (b"content-language", lang.encode())]}
            await send(message)

        with i18n.use(lang):
            await self.app(scope, receive, with_language)


async def _unknown_language(send: Send, exc: i18n.UnknownLanguageError, lang: str) -> None:
    msg = i18n.gettext(lang, "api.unknown_lang", asked=repr(exc.asked[:16]), available=", ".join(exc.available))
    body = json.dumps({"detail": [{"loc": ["query", "lang"], "msg": msg, "type": "unknown_language",
                                   "law": None}]}, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": 422,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"content-language", lang.encode())]})
    await send({"type": "http.response.body", "body": body})
