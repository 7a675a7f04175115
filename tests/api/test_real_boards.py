"""The three real revoke boards of ../shared/data (data/README.md), through the HTTP API and
the CLI, with the real double-dummy solver. Expected rulings are worked by hand from the
records (issue 3) and the 2017 Law 64."""

from __future__ import annotations

import json

import pytest

from app.cli import main as cli_main
from app.main import create_app
from tests.helpers import A1A10909, FINAL2, SPONVO30, laptop

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client(dds):
    with laptop(create_app(solver=dds)) as c:
        yield c


def _rule(client, path, board, room, **facts):
    said = {"table_result", "claim_declarer_tricks"} & facts.keys()  # else: a claim whose figure is not known
    r = client.post("/v1/rulings/revoke", json={"pbn": path.read_text(encoding="latin-1"), "board": board,
                                                "room": room, **facts} | ({} if said else
                                                                          {"rest_valued_double_dummy": True}))
    assert r.status_code == 200, r.text
    return r.json()


def test_sponvo30_board_21_closed_south_revokes_at_trick_3_64a2_one_trick(client):
    out = _rule(client, SPONVO30, "21", "Closed")
    [rv] = out["revokes"]
    assert (rv["trick"], rv["player"], rv["card"], rv["suit_led"]) == (3, "S", "D4", "H")
    assert rv["established"] and rv["law"] == "64A2" and rv["tricks_transferred"] == 1
    assert rv["dd_before"] - rv["dd_after"] == 1  # the revoke card changed the DD result by one trick
    assert set(rv["dd_by_card"]) == {"H9", "H8", "H7"}
    assert out["claim"] == {"assumed": True, "declarer_tricks": 3, "tricks_not_played": 4, "played_out": False,
                            "counted": "double_dummy", "adjudicated": False}
    t = out["declarer_tricks"]
    assert (t["table"], t["after_adjustment"], t["likely_without_revokes"]) == (8, 9, 9)
    assert out["law_64c"]["applies"] is False
    assert out["suggested"]["result"] == "4H W -1" and out["suggested"]["score_ns"] == 50  # the Score tag: NS 50
    assert out["board"]["recorded_result"] == 9
    assert all(line.startswith("Law ") for line in out["explanation"])


def test_final2_board_4_open_north_ruffs_holding_s9_64a2_one_trick(client):
    out = _rule(client, FINAL2, "4", "Open")
    [rv] = out["revokes"]
    assert (rv["trick"], rv["player"], rv["card"], rv["suit_led"]) == (5, "N", "H3", "S")
    assert rv["law"] == "64A2" and rv["tricks_transferred"] == 1
    assert out["declarer_tricks"]["after_adjustment"] == 9
    assert out["law_64c"]["applies"] is False
    assert (out["suggested"]["result"], out["suggested"]["score_ns"]) == ("4H W -1", 100)


@pytest.mark.parametrize(("claim", "table", "transferred", "after"), [
    (3, 9, 2, 11),  # E-W get 2 of the 5 claimed tricks: revoke trick + one later trick (64A1)
    (5, 11, 1, 12),  # E-W win nothing after trick 5: only the revoke trick (64A1)
])
def test_a1a10909_board_20_closed_west_ruffs_and_wins_64a1_depends_on_the_claim(client, claim, table, transferred,
                                                                                  after):
    out = _rule(client, A1A10909, "20", "Closed", claim_declarer_tricks=claim)
    [rv] = out["revokes"]
    assert (rv["trick"], rv["player"], rv["card"], rv["law"]) == (5, "W", "D7", "64A1")
    assert rv["tricks_transferred"] == transferred
    assert out["claim"] == {"assumed": False, "declarer_tricks": claim, "tricks_not_played": 5, "played_out": False,
                            "counted": "claim", "adjudicated": False}
    assert (out["declarer_tricks"]["table"], out["declarer_tricks"]["after_adjustment"]) == (table, after)


def test_cli_prints_the_ruling_for_a_td(capsys):
    assert cli_main(["revoke", str(SPONVO30), "--board", "21", "--room", "Closed", "--rest-dd"]) == 0
    text = capsys.readouterr().out
    assert "Revoke on trick 3: S played D4" in text
    assert "[64A2]" in text and "Result to enter: 4H W -1  (NS +50" in text


def test_cli_json_is_the_apis_json(capsys, client):
    assert cli_main(["revoke", str(FINAL2), "--board", "4", "--room", "Open", "--json", "--rest-dd"]) == 0
    cli = json.loads(capsys.readouterr().out)
    api = _rule(client, FINAL2, "4", "Open")
    assert cli["board"].pop("label") == "FINAL2.PBN board 4, room Open (line 179)"
    api["board"].pop("label")  # the API is given the text, not the file name
    assert cli == api


def test_cli_lists_the_games_when_the_room_is_missing(capsys):
    with pytest.raises(SystemExit, match="--room"):
        cli_main(["revoke", str(SPONVO30), "--board", "21"])
    err = capsys.readouterr().err
    assert "room Open" in err and "room Closed" in err


def test_cli_bad_board_exits_2_with_a_reason(capsys):
    assert cli_main(["revoke", str(SPONVO30), "--board", "999"]) == 2
    assert "no board 999" in capsys.readouterr().err
