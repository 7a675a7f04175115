"""The HTTP API (app/main.py): every 422 path names the field and the reason, and the service
keeps answering after it; the happy path and the OpenAPI document.

One module-scoped client: the real solver (endplay) is built once, by the app's lifespan.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd.cpus import available_cpus
from tests.helpers import laptop

URL = "/v1/rulings/revoke"

# Sponvo 30, board 21. West declares 4H, so North leads to trick 1.
DEAL = "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76"
# Trick 1: N CJ, E C3, S C2, W CK (W wins). Trick 2: W HA, N H6, E HJ, S H2 (W wins).
TWO_TRICKS = "CJ C3 C2 CK HA H6 HJ H2".split()
# Trick 3: W HK, N S2, E D3, S D4 (South revokes: he holds H987). The record then runs to trick 9.
WITH_REVOKE = TWO_TRICKS + "HK S2 D3 D4 HQ D5 D7 H7 HT D6 C4 H8 S4 S5 SQ SK D9 D2 DQ D8 C9 C8 C5 C6 CT CQ CA C7".split()


def parts(**changes: Any) -> dict[str, Any]:
    """A valid request by parts, with some fields changed (``None`` removes a field)."""
    body: dict[str, Any] = {"deal": DEAL, "contract": "4H", "declarer": "W", "vulnerable": "None",
                            "play": list(TWO_TRICKS)}
    body.update(changes)
    return {k: v for k, v in body.items() if v is not None}


def pbn_game(board: str, room: str, play: str = "CJ C3 C2 CK\n*") -> str:
    return (f'[Board "{board}"]\n[Room "{room}"]\n[Deal "{DEAL}"]\n[Declarer "W"]\n[Contract "4H"]\n'
            f'[Vulnerable "None"]\n[Play "N"]\n{play}\n')


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    # raise_server_exceptions=False: a crash shows as the 500 a caller would get
    with laptop(create_app(), raise_server_exceptions=False) as c:
        yield c


def assert_alive(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.json()["status"] == "ok"


def assert_422(client: TestClient, body: Any, loc: list[str | int], *fragments: str,
               law: str | None = None) -> dict[str, Any]:
    """POST ``body``: a 422 with an item at ``loc`` whose ``msg`` holds every fragment
    (case-insensitive). Then the service must still answer /healthz."""
    r = client.post(URL, json=body)
    assert r.status_code == 422, (r.status_code, r.text[:500])
    detail = r.json()["detail"]
    assert isinstance(detail, list) and detail
    items = [d for d in detail if list(d["loc"]) == loc]
    assert items, f"no error item at {loc}: {detail}"
    item: dict[str, Any] = items[0]
    assert isinstance(item["msg"], str) and item["msg"]
    for f in fragments:
        assert f.lower() in item["msg"].lower(), (f, item["msg"])
    if law is not None:
        assert item.get("law") == law, item
    assert_alive(client)
    return item


# --------------------------------------------------------------------------------------------
# Happy paths and documentation
# --------------------------------------------------------------------------------------------


def test_healthz(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.json()["status"] == "ok"
    assert r.json()["version"]


def test_healthz_reports_the_worker_pool_and_the_cache(client: TestClient) -> None:
    # the default app solves in worker processes, one per usable CPU; a ruling fills the cache
    assert client.post(URL, json=parts(rest_valued_double_dummy=True)).status_code == 200
    solver = client.get("/healthz").json()["solver"]
    assert solver["workers_size"] == available_cpus()  # the CPU quota and affinity, not the host's cores
    assert solver["worker_restarts"] == 0
    assert solver["cache_misses"] >= 1 and solver["cache_entries"] >= 1


def test_openapi_documents_the_ruling_path_with_examples(client: TestClient) -> None:
    r = client.get("/openapi.json")
    assert r.status_code == 200
    doc = r.json()
    post = doc["paths"]["/v1/rulings/revoke"]["post"]
    assert {"200", "422", "503"} <= set(post["responses"])
    ref = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    schema = doc["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    examples = schema["examples"]
    assert len(examples) >= 2
    assert any("pbn" in e for e in examples)
    assert any({"deal", "contract", "declarer", "play"} <= set(e) for e in examples)


def test_openapi_examples_are_accepted(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["RevokeRulingRequest"]
    for example in schema["examples"]:
        r = client.post(URL, json=example)
        assert r.status_code == 200, r.text[:500]
        body = r.json()
        assert [(x["trick"], x["player"], x["card"]) for x in body["revokes"]] == [(3, "S", "D4")]


def test_legal_record_without_revoke(client: TestClient) -> None:
    r = client.post(URL, json=parts(claim_declarer_tricks=8))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["revokes"] == []
    assert body["board"]["cards_played"] == 8
    assert body["claim"] == {"assumed": False, "declarer_tricks": 8, "tricks_not_played": 11, "played_out": False,
                             "counted": "claim", "adjudicated": False}
    # West won tricks 1 and 2; the claim gives the declarer's side 8 of the other 11.
    assert body["declarer_tricks"]["table"] == 10
    assert body["declarer_tricks"]["after_adjustment"] == 10
    assert body["declarer_tricks"]["likely_without_revokes"] is None
    assert body["suggested"]["declarer_tricks"] == body["declarer_tricks"]["table"]
    assert body["suggested"]["result"] == "4H W ="
    assert body["suggested"]["score_ns"] == body["score_ns"]["table"] == -420
    assert body["laws_edition"] == "2017"


def test_legal_record_without_revoke_claim_valued_double_dummy(client: TestClient) -> None:
    r = client.post(URL, json=parts(rest_valued_double_dummy=True))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["revokes"] == []
    assert body["claim"]["assumed"] is True
    assert body["claim"]["tricks_not_played"] == 11
    assert 0 <= body["claim"]["declarer_tricks"] <= 11
    assert body["declarer_tricks"]["table"] == 2 + body["claim"]["declarer_tricks"]
    assert body["suggested"]["declarer_tricks"] == body["declarer_tricks"]["table"]
    assert body["score_ns"]["table"] == body["suggested"]["score_ns"]


def test_revoke_by_parts(client: TestClient) -> None:
    r = client.post(URL, json=parts(play=WITH_REVOKE, vulnerable="NS", claim_declarer_tricks=1))
    assert r.status_code == 200, r.text
    body = r.json()
    [rev] = body["revokes"]
    assert (rev["trick"], rev["player"], rev["card"], rev["suit_led"]) == (3, "S", "D4", "H")
    assert rev["established"] is True and rev["establishment_law"] == "63A1"
    assert rev["law"] == "64A2" and rev["tricks_transferred"] == 1
    assert set(rev["dd_by_card"]) == {"H9", "H8", "H7"}
    # The table result counts the nine completed tricks plus the claim; South's revoke moves one trick to EW.
    assert body["claim"] == {"assumed": False, "declarer_tricks": 1, "tricks_not_played": 4, "played_out": False,
                             "counted": "claim", "adjudicated": False}
    assert body["declarer_tricks"]["after_adjustment"] == body["declarer_tricks"]["table"] + 1


def test_law_63a3_offenders_disputed_claim_establishes_the_revoke_and_transfers(client: TestClient) -> None:
    # South revoked at trick 3 (D4 on hearts, holding H987); North then claims 3 of the last 10
    # tricks for North-South and East-West dispute it. 63A3: established by the offending side's
    # claim. West won trick 3 (HK), North-South get tricks in the claim: 64A2, one trick. West has
    # tricks 1-3 and 7 of the 10: 10 tricks, 11 after the transfer: 4H W +1, EW not vulnerable: 450.
    r = client.post(URL, json=parts(play=WITH_REVOKE[:12], vulnerable="NS", claim_declarer_tricks=7,
                                    claim_by="N", claim_contested=True))
    assert r.status_code == 200, r.text
    body = r.json()
    [rev] = body["revokes"]
    assert (rev["established"], rev["establishment_law"], rev["correction"]) == (True, "63A3", None)
    assert (rev["law"], rev["tricks_transferred"]) == ("64A2", 1)
    assert (body["declarer_tricks"]["table"], body["declarer_tricks"]["after_adjustment"]) == (10, 11)
    assert body["suggested"]["result"] == "4H W +1" and body["suggested"]["score_ns"] == -450
    # the claim itself is still the director's to rule on (Law 70)
    assert any(s["law"] == "70A" for s in body["steps"])


def test_disputed_claim_without_the_claimer_is_422(client: TestClient) -> None:
    assert_422(client, parts(play=WITH_REVOKE[:12], claim_declarer_tricks=7, claim_contested=True),
               ["body", "claim_by"], "say who made it", law="63A")


def test_law_64c1_induced_losses_through_the_api(client: TestClient) -> None:
    # tests/engine/rulings/test_rulings_dd.py R11 deal, found after the round ended (64B5): the later loss is
    # East's duck at trick 2; 13 tricks stand until the director judges it induced, then 12 (64C1).
    from tests.engine.rulings.test_rulings_dd import R11_DEAL, R11_PLAY

    body = {"deal": R11_DEAL, "contract": "4H", "declarer": "S", "play": R11_PLAY.split(),
            "claim_declarer_tricks": 8, "noticed": "after_round_ended"}
    out = client.post(URL, json=body).json()
    assert out["induced_damage"] == {"double_dummy_without_revoke": 12, "table_plus_swing": 13,
                                     "later_losses": [{"trick": 2, "player": "E", "card": "C5", "tricks_lost": 1}],
                                     "judged_induced": False}
    assert (out["suggested"]["result"], out["suggested"]["score_ns"]) == ("4H S +3", 510)
    assert {o["score_ns"] for o in out["scores"]["plausible"]} == {510, 480}
    judged = client.post(URL, json={**body, "losses_induced_by_revoke": True}).json()
    assert judged["induced_damage"]["judged_induced"] is True
    assert (judged["suggested"]["result"], judged["suggested"]["score_ns"], judged["suggested"]["law"]) == (
        "4H S +2", 480, "64C1")


def test_law_64c2a_cited_for_the_equity_of_a_repeated_revoke(client: TestClient) -> None:
    # South discards on hearts at trick 3 (D4) and again at trick 4 (D9, still holding H987):
    # the second is 64B2, and its double-dummy equity is judged under 64C2(a)
    play = [*WITH_REVOKE[:12], "HQ", "D5", "D7", "D9", "HT", "D6", "C4", "H8"]
    out = client.post(URL, json=parts(play=play, claim_declarer_tricks=5)).json()
    first, second = out["revokes"]
    assert (first["law"], second["law"], second["tricks_transferred"]) == ("64A2", "64B2", 0)
    dd_steps = [s["law"] for s in out["steps"] if s["text"].startswith("Double dummy, declarer's side")]
    assert dd_steps == ["64C", "64C2(a)"]


def test_pbn_with_several_games_picks_board_and_room(client: TestClient) -> None:
    text = pbn_game("1", "Open") + "\n" + pbn_game("1", "Closed")
    r = client.post(URL, json={"pbn": text, "board": "1", "room": "closed", "rest_valued_double_dummy": True})
    assert r.status_code == 200, r.text
    assert "Closed" in r.json()["board"]["label"]
    assert r.json()["revokes"] == []


# --------------------------------------------------------------------------------------------
# 422: the request's shape (pydantic)
# --------------------------------------------------------------------------------------------


def test_missing_both_pbn_and_parts(client: TestClient) -> None:
    assert_422(client, {}, ["body"], "give `pbn`", "missing: deal, contract, declarer, play")


def test_missing_some_parts(client: TestClient) -> None:
    assert_422(client, parts(play=None, declarer=None), ["body"], "missing: declarer, play")


def test_pbn_and_parts_together(client: TestClient) -> None:
    assert_422(client, {"pbn": pbn_game("1", "Open"), "deal": DEAL}, ["body"], "not both", "deal")


@pytest.mark.parametrize("body", [["x"], "x", 3, None])
def test_body_not_an_object(client: TestClient, body: Any) -> None:
    assert_422(client, body, ["body"], "")


def test_unknown_field_is_forbidden(client: TestClient) -> None:
    assert_422(client, parts(revoker="S"), ["body", "revoker"], "extra inputs are not permitted")


def test_unknown_field_in_penalty_card(client: TestClient) -> None:
    pen = {"seat": "N", "card": "ST", "colour": "red"}
    assert_422(client, parts(penalty_cards=[pen]), ["body", "penalty_cards", 0, "colour"], "extra inputs")


@pytest.mark.parametrize("seat", ["X", "North", "", "n"])
def test_bad_declarer(client: TestClient, seat: str) -> None:
    assert_422(client, parts(declarer=seat), ["body", "declarer"], "'N', 'E', 'S' or 'W'")


@pytest.mark.parametrize("vul", ["Both", "ns", "", "Love"])
def test_bad_vulnerable(client: TestClient, vul: str) -> None:
    assert_422(client, parts(vulnerable=vul), ["body", "vulnerable"], "'None', 'NS', 'EW' or 'All'")


def test_unknown_noticed_value(client: TestClient) -> None:
    assert_422(client, parts(noticed="yesterday"), ["body", "noticed"], "after_play", "during_play")


def test_negative_claim(client: TestClient) -> None:
    assert_422(client, parts(claim_declarer_tricks=-1), ["body", "claim_declarer_tricks"], "greater than or equal to 0")


def test_claim_above_thirteen(client: TestClient) -> None:
    assert_422(client, parts(claim_declarer_tricks=14), ["body", "claim_declarer_tricks"], "less than or equal to 13")


def test_more_than_52_cards(client: TestClient) -> None:
    assert_422(client, parts(play=WITH_REVOKE + ["CJ"] * 17), ["body", "play"], "at most 52")


@pytest.mark.parametrize(("field", "value", "limit"), [
    ("deal", "N:" + "A" * 5000, "200"),
    ("contract", "4" + "H" * 100, "8"),
    ("board", "1" * 1000, "20"),
    ("room", "Open" * 100, "40"),
])
def test_huge_string_field(client: TestClient, field: str, value: str, limit: str) -> None:
    body = parts(**{field: value}) if field in ("deal", "contract") else {"pbn": pbn_game("1", "Open"), field: value}
    assert_422(client, body, ["body", field], f"at most {limit} characters")


def test_huge_pbn(client: TestClient) -> None:
    assert_422(client, {"pbn": "%" + "x" * 200_000}, ["body", "pbn"], "at most 200000 characters")


def test_huge_play_item(client: TestClient) -> None:
    assert_422(client, parts(play=["CJ", "C" * 10_000]), ["body", "play"], "card 2: not a card")
    assert_422(client, parts(play=[["CJ", "C3", "C2", "CK"], ["C" * 10_000]]), ["body", "play"],
               "trick 2, card 1: not a card")


def test_penalty_card_bad_card_text(client: TestClient) -> None:
    assert_422(client, parts(penalty_cards=[{"seat": "N", "card": "ZZ"}]),
               ["body", "penalty_cards", 0, "card"], "pattern")


def test_lead_restriction_bad_trick(client: TestClient) -> None:
    assert_422(client, parts(lead_restrictions=[{"trick": 0, "seat": "N", "suit": "S"}]),
               ["body", "lead_restrictions", 0, "trick"], "greater than or equal to 1")


# --------------------------------------------------------------------------------------------
# 422: bad bridge facts (the engine's InvalidBoardError, mapped by app/service/errors.py)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("i", "text"), [(0, "XX"), (2, "C1"), (3, "K"), (1, "HS"), (5, "  ")])
def test_bad_card_text_in_play(client: TestClient, i: int, text: str) -> None:
    play = list(TWO_TRICKS)
    play[i] = text
    item = assert_422(client, parts(play=play), ["body", "play", i], "not a card", repr(text))
    assert item["type"] == "invalid_board"


def test_card_not_held_by_player_on_turn(client: TestClient) -> None:
    # Trick 1: N CJ, E C3, S C2; then it is West's turn, but C4 is East's.
    item = assert_422(client, parts(play=["CJ", "C3", "C2", "C4"]), ["body", "play", 3],
                      "C4", "not in W's hand", "gives it to E")
    assert item["type"] == "invalid_board"


def test_opening_lead_from_wrong_hand(client: TestClient) -> None:
    # West declares, so North leads; SA is East's card.
    assert_422(client, parts(play=["SA"]), ["body", "play", 0], "SA", "not in N's hand", "gives it to E")


def test_card_played_twice(client: TestClient) -> None:
    assert_422(client, parts(play=[*TWO_TRICKS, "HA"]), ["body", "play", 8], "HA", "played twice", "card 5", "card 9")


@pytest.mark.parametrize(("deal", "law", "fragments"), [
    # West's CK moved to South: South 14 cards, West 12: Law 13
    ("N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52K 64.AKQT543.2.76", "13", ("S has 14", "W has 12")),
    # West 12 cards, the CK missing everywhere: Law 14
    ("N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.76", "14", ("W has 12",)),
    # an unknown hand '-': Law 14
    ("N:T8752.6.AQ65.JT9 - K3.9872.KJ94.A52 64.AKQT543.2.K76", "14", ("E has 0",)),
    # C5 in both South's and West's hands: Law 13C
    ("N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K75", "13C", ("C5", "S/W")),
])
def test_incomplete_or_duplicate_deal(client: TestClient, deal: str, law: str, fragments: tuple[str, ...]) -> None:
    assert_422(client, parts(deal=deal), ["body", "deal"], *fragments, law=law)


@pytest.mark.parametrize(("deal", "fragment"), [
    ("X:foo", "first seat and a colon"),
    ("T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76", "first seat and a colon"),
    ("N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843", "four hands"),
    ("N:T8752.6.AQ65 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76", "four suits"),
    ("N:T8752.6.AQ65.JZ9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76", "'Z' is not a rank"),
    ("N:T8752.6.AQ65.JJ9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76", "twice"),
    ("  ", "first seat"),
    ("", "first seat"),
])
def test_malformed_deal_string(client: TestClient, deal: str, fragment: str) -> None:
    assert_422(client, parts(deal=deal), ["body", "deal"], fragment)


@pytest.mark.parametrize("contract", ["8H", "4Z", "0NT", "H4", "4HXXX", "NT"])
def test_bad_contract(client: TestClient, contract: str) -> None:
    assert_422(client, parts(contract=contract), ["body", "contract"], "not a contract", repr(contract))


@pytest.mark.parametrize("contract", ["Pass", "pass", "AP", "P", " ", ""])
def test_passed_out_contract(client: TestClient, contract: str) -> None:
    assert_422(client, parts(contract=contract), ["body", "contract"], "passed out")


def test_claim_larger_than_tricks_not_played(client: TestClient) -> None:
    # two tricks completed: at most 11 for the claim
    assert_422(client, parts(claim_declarer_tricks=12), ["body", "claim_declarer_tricks"], "12", "only 11")


def test_claim_larger_than_tricks_left_after_nine_tricks(client: TestClient) -> None:
    # nine complete tricks leave four not played
    assert_422(client, parts(play=WITH_REVOKE, claim_declarer_tricks=5), ["body", "claim_declarer_tricks"], "only 4")


def test_penalty_card_of_declarer(client: TestClient) -> None:
    assert_422(client, parts(penalty_cards=[{"seat": "W", "card": "HA"}]), ["body", "penalty_cards", 0],
               "W is declarer or dummy", "penalty card")


def test_penalty_card_of_dummy(client: TestClient) -> None:
    assert_422(client, parts(penalty_cards=[{"seat": "E", "card": "SA"}]), ["body", "penalty_cards", 0],
               "E is declarer or dummy")


def test_penalty_card_not_held(client: TestClient) -> None:
    pens = [{"seat": "N", "card": "ST"}, {"seat": "N", "card": "HA"}]
    assert_422(client, parts(penalty_cards=pens), ["body", "penalty_cards", 1], "N was not dealt HA")


def test_lead_restriction_for_player_not_on_lead(client: TestClient) -> None:
    # West won trick 1 and led to trick 2.
    assert_422(client, parts(lead_restrictions=[{"trick": 2, "seat": "N", "suit": "S"}]),
               ["body", "lead_restrictions", 0], "N was not on lead at trick 2", "W led")


def test_lead_restriction_for_a_trick_not_in_the_record(client: TestClient) -> None:
    assert_422(client, parts(lead_restrictions=[{"trick": 5, "seat": "W", "suit": "S"}]),
               ["body", "lead_restrictions", 0], "trick 5 is not in the play record")


def test_three_players_failing_to_follow_in_one_trick(client: TestClient) -> None:
    # North leads the CJ; East (C3 held) plays DT, South (clubs held) D4, West (clubs held) D2.
    assert_422(client, parts(play=["CJ", "DT", "D4", "D2"]), ["body", "play", 1], "3 players fail to follow")


# --------------------------------------------------------------------------------------------
# 422: PBN input
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "fragment"), [
    ("hello world", "no game with a play record"),
    ("", "no game with a play record"),
    ('[Board "1"\nCJ C3', "malformed tag line"),
    ("\x00\x01\x02 garbage {", "control character u+0000"),  # issue 35: refused before the PBN reader
])
def test_pbn_garbage(client: TestClient, text: str, fragment: str) -> None:
    item = assert_422(client, {"pbn": text}, ["body", "pbn"], fragment)
    assert item["type"] == ("unfit_json" if "\x00" in text else "invalid_board")


def test_pbn_with_several_games_and_no_board(client: TestClient) -> None:
    text = pbn_game("1", "Open") + "\n" + pbn_game("1", "Closed") + "\n" + pbn_game("2", "Open")
    assert_422(client, {"pbn": text}, ["body", "pbn"], "several games", "board 1, room Open",
               "board 1, room Closed", "board 2, room Open")


def test_pbn_with_several_games_board_only(client: TestClient) -> None:
    text = pbn_game("1", "Open") + "\n" + pbn_game("1", "Closed")
    assert_422(client, {"pbn": text, "board": "1"}, ["body", "pbn"], "several games", "room Open", "room Closed")


def test_pbn_board_not_in_file(client: TestClient) -> None:
    text = pbn_game("1", "Open") + "\n" + pbn_game("1", "Closed")
    assert_422(client, {"pbn": text, "board": "7"}, ["body", "pbn"], "no game", "board 7")


def test_pbn_game_without_play_section(client: TestClient) -> None:
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n[Declarer "W"]\n[Contract "4H"]\n[Vulnerable "None"]\n'
    assert_422(client, {"pbn": text}, ["body", "pbn"], "no play record")


def test_pbn_with_bad_contract(client: TestClient) -> None:
    text = pbn_game("1", "Open").replace('[Contract "4H"]', '[Contract "9Q"]')
    item = assert_422(client, {"pbn": text}, ["body", "pbn"], "not a contract")
    assert item["type"] == "invalid_board"


def test_pbn_with_card_not_held(client: TestClient) -> None:
    # the play section gives East's column the C2 (South's card)
    text = pbn_game("1", "Open", "CJ C2 C3 CK\n*")
    assert_422(client, {"pbn": text}, ["body", "pbn", "play", 1], "C2", "not in E's hand")


def test_pbn_with_incomplete_deal(client: TestClient) -> None:
    # errors from a PBN record point into `pbn`, never at a field the request did not send
    text = pbn_game("1", "Open").replace(DEAL, DEAL[:-1])  # West without the C6
    assert_422(client, {"pbn": text}, ["body", "pbn", "deal"], "W has 12", law="14")


def test_pbn_with_duplicate_card(client: TestClient) -> None:
    text = pbn_game("1", "Open").replace(DEAL, DEAL[:-1] + "5")  # C5 in South's and West's hands
    assert_422(client, {"pbn": text}, ["body", "pbn", "deal"], "C5", law="13C")


def test_pbn_with_card_played_twice(client: TestClient) -> None:
    # trick 1 as before (West wins with the CK); at trick 2 West leads the CK again
    text = pbn_game("1", "Open", "CJ C3 C2 CK\nH6 HJ H2 CK\n*")
    assert_422(client, {"pbn": text}, ["body", "pbn", "play", 4], "CK", "played twice")


def test_pbn_with_malformed_deal(client: TestClient) -> None:
    text = pbn_game("1", "Open").replace(DEAL, "N:AKQ")
    item = assert_422(client, {"pbn": text}, ["body", "pbn"], "board 1", "four hands")
    assert item["type"] == "invalid_board"


def test_board_and_room_with_the_parts_are_refused(client: TestClient) -> None:
    assert_422(client, parts(board="21"), ["body"], "not used with the parts")
