"""The case file on the director's page: save a ruling as a case (:mod:`app.web.casefile_save`),
the event's case list and every case (:mod:`app.web.casefile_lists`), the case page (the facts,
the ruling as stored, the director's decision, the appeals committee's review, the history, a
re-run and the one-page sheet: :mod:`app.web.casefile_page`, in words by
:mod:`app.web.casefile_scores`, :mod:`app.web.casefile_facts` and :mod:`app.web.casefile_history`,
its forms read by :mod:`app.web.casefile_forms`), and signing in with a token
(:mod:`app.web.signin`).

The use cases are :mod:`app.api.cases` (shared with the API), who may do what is :mod:`app.service.access`
(one policy for every route; the page's token is the ``advisor_token`` cookie, HttpOnly,
SameSite=Strict). A request without the right role never reaches these handlers: the door
refuses it and the page shows the reason in the director's words (:func:`app.web.signin.refusal_text`; 401:
the sign-in form with the way back; 403: "Anna is a viewer: recording a decision needs the
director role"), never a 500.
"""

from __future__ import annotations

from fastapi import APIRouter

from app.web.casefile_lists import install_case_lists
from app.web.casefile_page import install_case_page
from app.web.casefile_save import install_save_page
from app.web.page_common import Render
from app.web.signin import install_signin_pages


def install_case_pages(r: APIRouter, render: Render) -> None:
    """Add the case file's page routes to ``r``: ``/signin``, ``/signout``, ``POST /cases``,
    ``/events/{id}/cases`` (with the ruling log CSV and the JSON export), ``/cases/{id}`` and
    its decision, review and re-run forms."""
    install_signin_pages(r, render)
    install_save_page(r, render)
    install_case_lists(r, render)
    install_case_page(r, render)
