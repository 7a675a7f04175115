"""A disputed claim after a revoke that is corrected, not established (WBFLC minute, 12 January
2000, item 3; docs/rulings.md R17/R18): the claim is ruled from the corrected position, through
the engine (:func:`engine.rulings.revoke.advise_revoke`) and the API (``POST /v1/rulings/revoke``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.laws.claims import Claim
from engine.laws.facts import RevokeFacts
from engine.model.seats import Seat
from engine.rulings.revoke import advise_revoke
from tests.helpers import board, laptop

# The minute's facts, as R17 (Bridge Winners, "Revoke or Not") tells them, in a deal of ours: 3NT by
# South. After seven tricks (North-South 5, East-West 2) the six-card ending is
#   N AK.KJ.AQ.-   E Q.Q.K.T98   S -.5432.43.-   W JT.T9.JT.-
# South leads the H2, West the H9, dummy the HJ, and East discards the DK although she holds the HQ
# (a revoke). South faces his hand and claims the rest; East disputes it and finds her queen.
DEAL = "N:AK82.AKJ.AQ52.A6 Q73.Q7.K7.T98743 96.85432.8643.Q2 JT54.T96.JT9.KJ5"
PLAY = ("CJ CA C4 CQ HA H7 H8 H6 S8 S7 S6 S4 C6 C3 C2 C5 D2 D7 D6 D9 CK D5 C7 D8 S5 S2 S3 S9 "
        "H2 H9 HJ DK").split()


@pytest.fixture(scope="module")
def client(dds) -> Iterator[TestClient]:
    with laptop(create_app(solver=dds), raise_server_exceptions=False) as c:
        yield c


def test_wbflc_2000_a_claim_after_a_corrected_revoke_is_ruled_from_the_corrected_position(dds, client):
    # Worked by hand. The claim is South's (a non-offender's) and East disputed it: the offending side did
    # not play to trick 9 nor agree to the claim, so the revoke is not established (63A4) and is corrected
    # (62A; WBFLC 2000): East plays the HQ (her only heart) and wins trick 8; the DK, a defender's withdrawn
    # card, is a major penalty card (62B1) that East must lead at once (50D1). North wins the DA and the
    # HK, DQ, SA, SK are all winners: North-South take tricks 9-13, 5 of the 6 tricks from trick 8.
    # In all 5 + 5 = 10 tricks, 3NT S +1 (430 not vulnerable).
    # Before the fix the claim was ruled on the uncorrected position (6 of 6 "stands") and the corrected
    # tricks were valued double dummy, where East, ignoring the penalty card, cashes three clubs: 3NT -2.
    b = board(DEAL, "3NT", "S", PLAY)
    a = advise_revoke(b, facts=RevokeFacts(claim_by=Seat.SOUTH, claim_contested=True,
                                           claim_detail=Claim(Seat.SOUTH, 5)), solver=dds)
    (ruling,) = a.rulings
    assert (ruling.establishment.law, ruling.establishment.penalty_card) == ("62A", True)
    assert (a.after_adjustment, a.suggested_tricks, a.score_ns_suggested) == (10, 10, 430)
    keys = [s.key for s in a.steps]
    assert "replay_claim" in keys and "replay" not in keys
    said = {s.key: s for s in a.steps}
    assert said["claim.claimed"].params == {"seat": "S", "n": 6, "left": 6}  # reopened from trick 8
    assert said["claim.worst_line"].params == {"n": 5, "left": 6}
    assert said["claim.penalty_card"].params == {"seat": "E", "card": "DK"}
    assert said["replay_claim"].params == {"k0": 8, "rest": 5, "total": 10}
    from app.i18n import catalogue, step_template_text

    for key in ("claim.penalty_card", "replay_claim"):  # said in the four languages, the English as the engine's
        assert step_template_text("en", said[key]) == said[key].text
        for lang in ("pl", "ru", "el"):
            assert f"step.{key}" in catalogue(lang)

    body = {"deal": DEAL, "contract": "3NT", "declarer": "S", "vulnerable": "None", "play": PLAY,
            "claim": {"by": "S", "tricks": 5}}
    r = client.post("/v1/rulings/revoke", json=body)
    assert r.status_code == 200, r.text[:500]
    out = r.json()
    assert out["suggested"]["result"] == "3NT S +1"
