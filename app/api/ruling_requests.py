"""The requests that rule: a revoke (``POST /v1/rulings/revoke``), an incorrect number of cards
(``POST /v1/rulings/incorrect-cards``), a claim (``POST /v1/rulings/claim``) and every game of a
PBN file screened for revokes (``POST /v1/screenings``). Who may: :data:`app.service.access.POLICY`."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, HTTPException, Query, Request, UploadFile
from fastapi.responses import JSONResponse

from app.api import claim_jobs, rulings
from app.api.card_traveller import cards_from_event, cards_response
from app.api.claim_traveller import claim_from_traveller, with_traveller
from app.api.schemas.cards import IncorrectCardsRequest, IncorrectCardsResponse
from app.api.schemas.claim import ClaimRulingRequest, ClaimRulingResponse
from app.api.schemas.common import ErrorResponse
from app.api.schemas.revoke import RevokeRulingRequest
from app.api.schemas.revoke_ruling import RevokeRulingResponse
from app.api.schemas.screening import ScreeningResponse
from app.api.screenings import ScreeningJobResponse, screen_upload
from app.service.jobs import Job
from app.service.limits import UPLOAD_BODY_BYTES, read_upload
from app.service.parse_sandbox import file_name, sandbox_of
from engine.errors import InvalidBoardError, PbnError
from engine.records.pbn_text import upload_text
from engine.rulings.claim_ruling import ClaimRuling
from engine.rulings.incorrect_cards import advise_incorrect_cards


def router() -> APIRouter:
    """The four routes; :func:`app.main.create_app` includes them with the language of the answers
    (``?lang=`` or ``Accept-Language``) as their dependency, as every ``/v1`` router."""
    r = APIRouter()
    unauthorised: dict[int | str, dict[str, Any]] = {
        401: {"model": ErrorResponse, "description": "No valid token (outside laptop mode)."}}

    @r.post(
        "/v1/rulings/revoke",
        response_model=RevokeRulingResponse,
        responses={**unauthorised,
                   422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."},
                   503: {"model": ErrorResponse, "description": "The solver is busy; retry later."}},
        summary="Rule on the revokes of one board (Laws 61-64)",
    )
    def rule_revoke(body: RevokeRulingRequest, request: Request) -> RevokeRulingResponse:
        """Find the revokes in the play record (61A), decide establishment (63A) or correction
        (62), the automatic trick transfer (64A/64B), replay the hand double dummy without the
        revoke to judge equity (64C), and give the score to enter (Law 77, North-South's view).

        A record that stops before trick 13 ends in a claim: give `claim_declarer_tricks`, or the
        engine values the unplayed tricks double dummy and says so (`claim.assumed`).
        """
        # A plain `def`: FastAPI runs it in its thread pool, so the event loop never waits on DDS;
        # the solver runner serialises every DDS call behind one lock.
        body, from_traveller = rulings.prefill_from_traveller(body, request.app.state.events)
        advice = rulings.rule_revoke(body, request.app.state.events, request.app.state.solver)
        out = RevokeRulingResponse.from_advice(advice, body.scoring)
        return out.model_copy(update={"from_traveller": from_traveller}) if from_traveller else out

    @r.post(
        "/v1/rulings/incorrect-cards",
        response_model=IncorrectCardsResponse,
        responses={**unauthorised,
                   422: {"model": ErrorResponse, "description": "Bad or contradictory input: the field and the "
                                                                "reason."},
                   503: {"model": ErrorResponse, "description": "The solver is busy; retry later."}},
        summary="Rule on an incorrect number of cards, a surplus or a missing card (Laws 13, 14)",
    )
    def rule_incorrect_cards(body: IncorrectCardsRequest, request: Request) -> IncorrectCardsResponse:
        """Find what is wrong with the hands as found (which hand has too many or too few, which
        cards moved, which card is surplus or missing), choose the law path from when it was
        discovered and the facts (13A1..13D, 14A, 14B1..14B4), replay the corrected deal double
        dummy (DD table, par, the contract reached, the result from the point of discovery), and
        propose the score: assigned (12C1(b)) when it can be judged, else artificial by fault
        (12C2). A restored card (14B4) or a defective trick (14B1, Law 67B) goes through the
        revoke laws. Hands of unequal length never reach the solver.
        """
        # A plain `def`: FastAPI runs it in its thread pool, so the event loop never waits on DDS.
        body, from_traveller = cards_from_event(body, request.app.state.events)
        advice = advise_incorrect_cards(body.to_case(), solver=request.app.state.solver, profile=body.profile())
        return cards_response(advice, body.scoring).model_copy(update={"from_traveller": from_traveller})

    @r.post(
        "/v1/rulings/claim",
        response_model=ClaimRulingResponse,
        responses={**unauthorised,
                   202: {"model": claim_jobs.ClaimJobResponse, "description": "A big position (or job=true): the "
                                                                               "job, to poll."},
                   422: {"model": ErrorResponse, "description": "Bad or contradictory input: the field and the "
                                                                "reason."},
                   429: {"model": ErrorResponse, "description": "The asker's share of rulings or claim jobs is "
                                                                "taken; retry after `Retry-After` seconds."},
                   503: {"model": ErrorResponse, "description": "The solver is busy; retry later."}},
        summary="Rule on a claim or concession (Laws 68-71)",
    )
    def rule_claim_route(
        body: ClaimRulingRequest, request: Request,
        job: Annotated[bool | None, Query(description="true: always answer 202 with a job; false: the ruling when "
                                          "ready within 2 s, else 202 with the job (no request waits longer); "
                                          "default: a job when a hand holds more than 8 cards at the claim "
                                          "(`ADVISOR_CLAIM_JOB_CARDS`), else the ruling when ready within 2 s "
                                          "(`ADVISOR_CLAIM_SYNC_SECONDS`), else the job.")] = None,
    ) -> Any:
        """Adjudicate a disputed claim (70), a withdrawn agreement (69B) or a concession (71): the
        fewest tricks the claiming side takes when the opponents may play any card and its own side
        only normal plays (the statement, 70C trumps, 70D1, 70E1 finesses, 70E2 suit order, the class
        of player), with the worst line trick by trick, every doubtful point with its figure, the
        double-dummy value for reference, and the score when the whole board is known. A search that
        reaches its node budget answers with an interval for the director.

        A play that shows a revoke is ruled with the revoke laws as `POST /v1/rulings/revoke` rules it
        with this claim (`revoke` in the answer): a revoke not yet established when the claim was
        disputed is corrected and the claim ruled from the corrected position; an established one
        stands and its trick transfer follows the claim (WBFLC minute, 12 January 2000). With
        `event`, `board` and `table` or `pairs`, contract and declarer come from the traveller line
        and the result to enter is scored against the rest of the traveller (`from_traveller`,
        `scores`).

        A claim with more than 8 cards in a hand (or `job=true`) is answered 202 at once with a job
        (`Location: /v1/rulings/claim/jobs/{job}`): poll it for the progress and the ruling, or
        `DELETE` it to cancel it. Any other claim is ruled as a job too, and answered 200 with the
        ruling when it is ready within 2 s (`ADVISOR_CLAIM_SYNC_SECONDS`), else 202 with the job: no
        request holds its thread longer, `job=false` included. `time_limit` and `node_budget` are
        capped by the asker's role (a director's or committee's: 120 s and 100 million nodes; a
        viewer's and laptop mode's: 45 s and 50 million). A holder has at most 3 claim jobs at once
        (`ADVISOR_JOBS_PER_HOLDER`): 429 with `Retry-After` beyond.
        """
        # A plain `def`: FastAPI runs it in its thread pool; DDS is reached only through the runner.
        body, came = claim_from_traveller(body, request.app.state.events)
        setting = body.to_setting(request.app.state.events)
        if claim_jobs.needs_job(request, setting, job):
            got: ClaimRuling | Job = claim_jobs.start_claim_job(request, body, setting, {"from_traveller": came})
        else:  # the ruling if it is ready within 2 s, else the job (ADVISOR_CLAIM_SYNC_SECONDS; job=false too)
            got = claim_jobs.rule_or_job(request, body, setting, {"from_traveller": came}, job=job)
        if isinstance(got, ClaimRuling):
            return with_traveller(ClaimRulingResponse.from_ruling(got, body), came)
        out = claim_jobs.ClaimJobResponse.from_job(got).model_dump(mode="json")
        return JSONResponse(status_code=202, content=out, headers={"Location": claim_jobs.job_location(got)})

    @r.post(
        "/v1/screenings", max_body_size=UPLOAD_BODY_BYTES,
        response_model=ScreeningResponse,
        responses={**unauthorised,
                   202: {"model": ScreeningJobResponse, "description": "A big file (or job=true): the job, to poll."},
                   413: {"model": ErrorResponse, "description": "The file is larger than 5 MiB."},
                   422: {"model": ErrorResponse, "description": "No file, or a file that is not PBN."},
                   503: {"model": ErrorResponse, "description": "The solver is busy; retry later."}},
        summary="Screen every game of a PBN file for revokes",
    )
    def screen_file(
        request: Request,
        file: Annotated[UploadFile, File(description="A PBN file (multipart form field `file`), at most 5 MiB; "
                                         "UTF-8, cp1252 or latin-1.")],
        job: Annotated[bool | None, Query(description="true: always answer 202 with a job; false: never (a 422 "
                                          "for a file over the synchronous cap); default: a job above the cap.")]
        = None,
    ) -> Any:
        """Read every game of the uploaded PBN file: games without a play record are skipped,
        play records without a revoke are counted as clean, games with a revoke get the same
        ruling as `/v1/rulings/revoke` (no claim figure: the tricks not played out are valued
        double dummy), and records that cannot be ruled on (passed out, a card not held or
        played twice, a deal with 14 and 12 cards...) are flagged with the reason.

        A file of at most 500 games (`ADVISOR_SYNC_SCREENING_GAMES`) is screened in the request:
        200 with the report. A bigger one, or `job=true`, is answered 202 at once with a job
        (`Location: /v1/screenings/jobs/{job}`): poll it for the progress and the report. Rulings
        go before screenings on the solver; a screening whose client disconnects is cancelled.
        """
        # A plain `def`: the solver blocks, so FastAPI runs this in its thread pool.
        data = read_upload(file.file)
        if data is None:
            raise HTTPException(status_code=413)  # the project's 413 (app.service.errors.too_large)
        name = (file.filename or "").replace("\\", "/").rsplit("/", 1)[-1] or "upload.pbn"
        try:
            text = upload_text(data)  # "not a PBN file: ..." for empty, UTF-16, binary, tag-less bytes
        except PbnError as exc:
            raise InvalidBoardError(f"{name}: {exc.message}", path="file", key="file_named",
                                    params={"name": name, "reason": exc}) from None
        try:  # PBN or LIN, by the content; read apart from the server, bounded (app.service.parse_sandbox)
            games = sandbox_of(request.app.state).read_games(text, file_name(name))
        except PbnError as exc:
            raise InvalidBoardError(f"{name}: not a readable PBN file: {exc.message}", path="file",
                                    key="file_unreadable", params={"name": name, "reason": exc}) from None
        return screen_upload(request, name, games, job)

    return r
