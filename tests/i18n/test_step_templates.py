"""The English step templates (``app/i18n/en/steps.json``) against the engine's own English.

Every law explanation the engine writes is a :class:`Step` with its English ``text`` and a
catalogue ``key`` with ``params``; the English catalogue is what the API, the CLI and the page
translate from. For many real rulings (the revoke and incorrect-cards cases the other tests
build, and randomly generated revoke boards), the English template filled with the step's
parameters must give exactly the engine's sentence: the catalogue and the code cannot drift.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from app.i18n import catalogue, step_template_text
from benchmarks.cases import generated_cases
from engine.errors import InvalidBoardError
from engine.laws.editions import LAWS_2007, LAWS_2017
from engine.laws.facts import FacedCard, LeadRestriction, Noticed, PenaltyCard, RevokeFacts, RevokeReport
from engine.laws.steps import Step
from engine.model import Seat
from engine.model.cards import Card, Suit
from engine.rulings.revoke import advise_revoke
from tests.helpers import board

# Keys whose English sentence carries a word form that is not among the step's parameters (a suit
# written as a word, "trick"/"tricks", "revoke"/"revokes", a count of cards): their templates keep
# the parameters every language shares, so only their fixed words are checked against the engine.
WORD_FORMS = frozenset({"revoke.reported_suit", "revoke.reported_card_suit", "revoke.failure_to_follow",
                        "tr.64A2_open", "tr.64A2_capped_open", "ex.64B2", "eq.64C1", "eq.64C1_not", "loss",
                        "cc.67B2_highest"})


def _walk(step: Step) -> Iterator[Step]:
    yield step
    for v in step.params.values():
        for x in (v if isinstance(v, tuple) else (v,)):
            if isinstance(x, Step):
                yield from _walk(x)


def _revoke_steps(dds) -> list[Step]:
    from tests.engine.rulings.test_rulings_dd import R1_DEAL, R1_PLAY, R11_DEAL, R11_PLAY
    from tests.web.test_web import SPONVO_DEAL, SPONVO_PLAY

    boards = [(board(R1_DEAL, "4S", "S", R1_PLAY, vul="EW"), RevokeFacts()),
              (board("N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76", "4H", "W",
                     "CJ C3 C2 CK HA H6 HJ H2 HK S2 D3 D4 HQ D5 D7 H7"), RevokeFacts(claim_declarer_tricks=1)),
              (board(SPONVO_DEAL, "4H", "W", SPONVO_PLAY[:12]),
               RevokeFacts(claim_declarer_tricks=7, claim_by=Seat.NORTH, claim_contested=True)),
              (board(SPONVO_DEAL, "4H", "W", SPONVO_PLAY[:12]), RevokeFacts(claim_by=Seat.WEST, claim_contested=True)),
              (board(R11_DEAL, "4H", "S", R11_PLAY),
               RevokeFacts(noticed=Noticed.AFTER_ROUND_ENDED, claim_declarer_tricks=8)),
              (board(R11_DEAL, "4H", "S", R11_PLAY),
               RevokeFacts(noticed=Noticed.AFTER_ROUND_ENDED, claim_declarer_tricks=8, losses_induced_by_revoke=True))]
    from tests.engine.rulings.test_equity_measures import DEAL_4S, DEAL_6S, PLAY_4S, PLAY_6S  # issue 34's measures

    four = board(DEAL_4S, "4S", "W", PLAY_4S)
    boards += [(four, RevokeFacts()), (four, RevokeFacts(losses_induced_by_revoke=True)),
               (four, RevokeFacts(offender_card=Card.from_str("S7"))),
               (four, RevokeFacts(likely_without_revoke=11, likely_reason="declarer would have crossed to the SQ")),
               (four, RevokeFacts(likely_without_revoke=10)),
               (board(DEAL_4S, "4S", "W", PLAY_4S.split()[:12]), RevokeFacts(claim_declarer_tricks=6)),
               (board(DEAL_6S, "6S", "S", PLAY_6S), RevokeFacts())]
    for i, body in enumerate(generated_cases(40, seed=16)):
        facts = (RevokeFacts(rest_valued_double_dummy=True), RevokeFacts(noticed=Noticed.DURING_PLAY),
                 RevokeFacts(losses_induced_by_revoke=True, rest_valued_double_dummy=True),
                 RevokeFacts(noticed=Noticed.AFTER_ROUND_ENDED, rest_valued_double_dummy=True))[i % 4]
        boards.append((board(body["deal"], body["contract"], body["declarer"], body["play"], vul=body["vulnerable"]),
                       facts))
    b21 = board(SPONVO_DEAL, "4H", "W", SPONVO_PLAY)
    more = [RevokeFacts(noticed=n, rest_valued_double_dummy=True) for n in Noticed] + [
        RevokeFacts(noticed=Noticed.DURING_PLAY, table_result=9),
        RevokeFacts(penalty_cards=(PenaltyCard(Seat.SOUTH, Card.from_str("H9")),), rest_valued_double_dummy=True),
        RevokeFacts(penalty_cards=(PenaltyCard(Seat.SOUTH, Card.from_str("H9"), major=False),),
                    rest_valued_double_dummy=True),
        RevokeFacts(lead_restrictions=(LeadRestriction(2, Seat.WEST, Suit.HEARTS, forbidden=True),),
                    rest_valued_double_dummy=True),
        RevokeFacts(faced_cards=(FacedCard(Seat.SOUTH, Card.from_str("H9")),), rest_valued_double_dummy=True),
        RevokeFacts(claim_declarer_tricks=0, claim_by=Seat.SOUTH, claim_contested=True),
        RevokeFacts(claim_declarer_tricks=0, claim_by=Seat.SOUTH),
        RevokeFacts(claim_declarer_tricks=0, claim_by=Seat.WEST),
    ]
    boards += [(board(SPONVO_DEAL, "4H", "W", SPONVO_PLAY[:n]), f) for f in more for n in (11, 12, 16, 36)]
    from tests.engine.laws.test_law_62_during_play import R20_DEAL, R20_PLAY  # corrected during play (62A, 62B1, 50D)
    boards += [(board(R20_DEAL, "6S", "S", R20_PLAY, vul="NS"), f)
               for f in (RevokeFacts(noticed=Noticed.DURING_PLAY), RevokeFacts(noticed=Noticed.DURING_PLAY,
                                                                               table_result=12))]
    reports = [RevokeReport(3, Seat.SOUTH, Seat.WEST, 5), RevokeReport(6, Seat.SOUTH, Seat.SOUTH, 4),
               RevokeReport(6, Seat.SOUTH, Seat.SOUTH, 0),
               RevokeReport(3, Seat.SOUTH, Seat.WEST, 5, Card.from_str("D4")),
               RevokeReport(3, Seat.SOUTH, Seat.WEST, 5, None, Suit.HEARTS),
               RevokeReport(3, Seat.SOUTH, Seat.WEST, 5, Card.from_str("D4"), Suit.HEARTS),
               RevokeReport(12, Seat.SOUTH, Seat.WEST, 0), RevokeReport(3, Seat.WEST, Seat.WEST, 0)]
    boards += [(board(SPONVO_DEAL, "4H", "W", []), RevokeFacts(table_result=t, reported=r, noticed=n))
               for r in reports for t in (8, 11, 13) for n in (Noticed.AFTER_PLAY, Noticed.AFTER_ROUND_ENDED)]
    boards.append((b21, RevokeFacts(rest_valued_double_dummy=True)))
    steps: list[Step] = []
    for i, (b, facts) in enumerate(boards):
        for edition in (LAWS_2017, LAWS_2007) if i % 3 == 0 or facts.faced_cards else (LAWS_2017,):
            try:  # the 2007 Laws word some steps their own way (step.ed2007.*)
                steps += advise_revoke(b, facts=facts, solver=dds, edition=edition).steps
            except InvalidBoardError:
                continue  # facts this board contradicts (a figure out of range): no ruling to word
    return steps


def _card_steps(dds) -> list[Step]:
    from pydantic import ValidationError

    from app.api.schemas.cards import IncorrectCardsRequest
    from engine.rulings.incorrect_cards import advise_incorrect_cards
    from tests.web.test_web import _cases

    steps: list[Step] = []
    for body in _cases(None):  # type: ignore[arg-type]
        steps += advise_incorrect_cards(IncorrectCardsRequest.model_validate(body).to_case(), solver=dds).steps
        for changed in ({"discovered": d} for d in ("before_call", "during_auction", "during_play", "after_play")):
            for more in ({}, {"missing_found": "not_found"}, {"missing_found": "elsewhere"},
                         {"auction_would_be_unchanged": False}, {"hand_record": None}):
                try:  # the same hands found at another moment, or with other facts
                    case = IncorrectCardsRequest.model_validate({k: v for k, v in (body | changed | more).items()
                                                                 if v is not None}).to_case()
                    steps += advise_incorrect_cards(case, solver=dds).steps
                except (ValidationError, InvalidBoardError):
                    continue  # facts these hands contradict
    return steps


@pytest.fixture(scope="module")
def emitted(dds) -> list[Step]:
    """Every step (nested phrases included) of the rulings above that has a catalogue key."""
    return [s for top in _revoke_steps(dds) + _card_steps(dds) for s in _walk(top) if s.key]


def test_the_english_template_with_the_steps_params_is_the_engines_sentence(emitted):
    en = catalogue("en")
    checked = set()
    for s in emitted:
        assert f"step.{s.key}" in en, f"no English template for step.{s.key}"
        if any(x.key in WORD_FORMS for x in _walk(s)):
            continue  # the word-form phrase is checked below; the rest of this sentence by other steps
        said = step_template_text("en", s) or ""  # a sentence's first letter is raised: compared as written
        assert said[:1].lower() + said[1:] == s.text[:1].lower() + s.text[1:], \
            f"step.{s.key}: the template gives {said!r}, the engine wrote {s.text!r}"
        checked.add(s.key)
    assert len(checked) >= 110  # most of the 162 step keys (148, and the 2007 wordings) are met exactly
    assert any(k.startswith("ed2007.") for k in checked)


def test_the_word_form_templates_keep_the_engines_fixed_words(emitted):
    en = catalogue("en")
    met = set()
    for s in emitted:
        if s.key in WORD_FORMS:
            met.add(s.key)
            for words in re.split(r"\{\w+\}", en[f"step.{s.key}"]):
                for part in re.split(r"\(|\)", words):
                    if len(part.strip(" ;,.:")) > 3:
                        assert part.strip(" ;,.:") in s.text, f"step.{s.key}: {part!r} not in {s.text!r}"
    assert {"revoke.failure_to_follow", "loss"} <= met


def test_every_step_the_engine_builds_has_a_key():
    """A static look at the engine: no ``Step(`` is written without its catalogue key (the third
    argument or ``key=``), except the class itself."""
    import ast
    from pathlib import Path

    root = Path(__file__).parent.parent.parent / "engine"
    keyless = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Step":
                if len(node.args) < 3 and not any(k.arg == "key" for k in node.keywords):
                    keyless.append(f"{path.name}:{node.lineno}")
    assert keyless == []
