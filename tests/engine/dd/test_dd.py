"""The double-dummy layer: validation before DDS, the cache, and one lock around DDS."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from engine.dd import CardScores, SolverRunner, default_solver
from engine.dd.analysis import analyse_play
from engine.dd.cache import PositionCache
from engine.errors import InvalidBoardError
from engine.model import Card, Deal, Position, Seat, Strain, Suit
from engine.model.seats import SEATS, Side, Vulnerability
from tests.helpers import SPONVO30_DEAL, SPONVO30_PLAY, board

DEAL = Deal.from_pbn(SPONVO30_DEAL)


class CountingBackend:
    """A fake backend: every legal card is worth 0 tricks to North-South; counts calls."""

    def __init__(self) -> None:
        self.calls = 0

    def solve_batch(self, positions):
        return [self.solve(p) for p in positions]

    def solve(self, pos: Position) -> CardScores:
        self.calls += 1
        hand = pos.hand(pos.to_play)
        led = pos.trick[0].suit if pos.trick else None
        legal = [c for c in hand if c.suit == led] or list(hand)
        return CardScores(pos.to_play, pos.tricks_left, tuple((c, 0) for c in sorted(legal)))


def test_repeat_positions_are_answered_from_the_cache():
    backend = CountingBackend()
    runner = SolverRunner(backend)
    p = Position.of_deal(DEAL, Suit.HEARTS, Seat.NORTH)
    runner.solve_positions([p, p])
    runner.solve_positions([p])
    assert backend.calls == 1
    assert (runner.cache.stats.hits, runner.cache.stats.misses) == (1, 1)


def test_cache_keeps_at_most_its_bound_least_recently_used_first():
    cache = PositionCache(max_entries=2)
    ps = [Position.of_deal(DEAL, Suit.HEARTS, s) for s in (Seat.NORTH, Seat.EAST, Seat.SOUTH)]
    scores = CardScores(Seat.NORTH, 13, ())
    cache.put(ps[0], scores)
    cache.put(ps[1], scores)
    assert cache.get(ps[0]) is scores  # now ps[1] is the least recently used
    cache.put(ps[2], scores)
    assert len(cache) == 2 and cache.get(ps[1]) is None and cache.get(ps[0]) is scores


def test_positions_reached_differently_are_equal_and_hash_equal():
    cj = Card.from_str("CJ")
    a = Position.from_cards({s: DEAL.hand(s) - {cj} for s in SEATS}, Suit.HEARTS, Seat.NORTH, (cj,))
    b = Position(a.hands, Suit.HEARTS, Seat.NORTH, (cj,))
    assert a == b and hash(a) == hash(b)
    assert a != Position(a.hands, Suit.SPADES, Seat.NORTH, (cj,))


@pytest.mark.parametrize("why", ["unequal hands", "card held and in the trick", "four cards in the trick"])
def test_invalid_positions_never_reach_the_solver(why):
    backend = CountingBackend()
    hands = {s: DEAL.hand(s) for s in SEATS}
    cj = Card.from_str("CJ")
    if why == "unequal hands":
        bad = Position(tuple(0 if s is Seat.NORTH else Position.of_deal(DEAL, None, Seat.NORTH).hands[i]
                             for i, s in enumerate(SEATS)), None, Seat.NORTH, ())  # type: ignore[arg-type]
    elif why == "card held and in the trick":
        bad = Position(Position.from_cards(hands, None, Seat.NORTH).hands, None, Seat.NORTH, (cj,))
    else:
        bad = Position(Position.from_cards(hands, None, Seat.NORTH).hands, None, Seat.NORTH, (cj,) * 4)
    with pytest.raises(InvalidBoardError):
        SolverRunner(backend).solve_positions([bad])
    assert backend.calls == 0


@pytest.mark.slow
def test_two_runners_in_four_threads_do_not_crash_dds(dds):
    # Two threads inside DDS at once kill the process (docs/dds.md section 3). Every DDS call
    # holds one process-wide lock, whichever runner makes it: this test would die, not fail.
    runners = [dds, default_solver()]
    deals = [Deal.from_pbn(SPONVO30_DEAL)]
    errors: list[BaseException] = []
    results: list[int] = []

    def work(i: int) -> None:
        try:
            runner = runners[i % 2]
            for leader in SEATS:
                p = Position.of_deal(deals[0], Suit.HEARTS if i % 2 else None, leader)
                results.append(runner.solve_positions([p])[p].best_ns())
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(results) == 16


@pytest.mark.slow
def test_opening_position_agrees_with_an_independent_dd_table(dds):
    # oracle: endplay's calc_dd_table (a different DDS entry point) for West declaring hearts
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    west_tricks = calc_dd_table(EpDeal(SPONVO30_DEAL))[Denom.hearts, Player.west]
    p = Position.of_deal(DEAL, Suit.HEARTS, Seat.NORTH)  # North leads against West
    assert 13 - dds.solve_positions([p])[p].best_ns() == west_tricks


def test_disk_layer_keeps_answers_across_runners(tmp_path):
    from engine.dd.disk import DiskLayer

    p = Position.of_deal(DEAL, Suit.HEARTS, Seat.NORTH)
    first = CountingBackend()
    a = SolverRunner(first, disk=DiskLayer(str(tmp_path)))
    want = a.solve_positions([p])[p]
    a.close()
    second = CountingBackend()  # a restarted service: empty memory, same directory
    b = SolverRunner(second, disk=DiskLayer(str(tmp_path)))
    assert b.solve_positions([p])[p] == want and second.calls == 0


def test_a_corrupt_disk_cache_is_ignored_never_fatal(tmp_path):
    from engine.dd.disk import DiskLayer

    (tmp_path / "cache.db").write_bytes(b"this is not an sqlite file" * 100)
    disk = DiskLayer(str(tmp_path))
    backend = CountingBackend()
    p = Position.of_deal(DEAL, Suit.HEARTS, Seat.NORTH)
    assert len(SolverRunner(backend, disk=disk).solve_positions([p])) == 1
    assert backend.calls == 1 and disk.disabled_reason is not None


@pytest.mark.slow
def test_dds_never_writes_dump_txt_into_the_working_directory(tmp_path, monkeypatch):
    # bypass our validation to make DDS fail (a hand with a card too many): DDS writes dump.txt
    # into its working directory on input errors (docs/dds.md section 5)
    from engine.dd.endplay_backend import EndplayBackend
    from engine.errors import SolverError

    monkeypatch.chdir(tmp_path)
    backend = EndplayBackend()
    good = Position.of_deal(DEAL, Suit.HEARTS, Seat.NORTH)
    bad = Position((good.hands[0] | good.hands[1], good.hands[1], good.hands[2], good.hands[3]),
                   Suit.HEARTS, Seat.NORTH, ())
    with pytest.raises(SolverError):
        backend.solve_batch([bad])
    assert not (tmp_path / "dump.txt").exists()
    assert (Path(backend.scratch_dir) / "dump.txt").exists()


@pytest.mark.slow
def test_dd_table_agrees_with_the_opening_lead_solves_for_every_strain_and_declarer(dds):
    # two DDS entry points (calc_all_tables and solve_board) must give the same 20 numbers
    from engine.model import Side, Strain

    table = dds.solve_tables([DEAL])[DEAL]
    for strain in Strain:
        for declarer in SEATS:
            p = Position.of_deal(DEAL, strain.trump, declarer.lho)
            ns = dds.solve_positions([p])[p].best_ns()
            assert table.get(strain, declarer) == (ns if declarer.side is Side.NS else 13 - ns), (strain, declarer)


@pytest.mark.slow
def test_dd_tables_are_chunked_to_the_solvers_limit(monkeypatch):
    from engine.dd import endplay_backend

    monkeypatch.setattr(endplay_backend, "MAX_TABLES", 2)  # 3 deals: chunks of 2 and 1
    deals = [DEAL, Deal.from_hands({s: DEAL.hand(s.lho) for s in SEATS}),
             Deal.from_hands({s: DEAL.hand(s.partner) for s in SEATS})]
    tables = default_solver().solve_tables(deals)
    assert len(tables) == 3
    # rotating the hands one seat rotates the table: West's hearts in the deal is North's in
    # the deal where North holds West's cards
    from engine.model import Strain

    assert tables[deals[1]].get(Strain.HEARTS, Seat.NORTH) == tables[DEAL].get(Strain.HEARTS, Seat.WEST)


def test_an_incomplete_deal_never_reaches_the_solver_for_a_table():
    backend = CountingBackend()
    bad = Deal.from_hands({s: DEAL.hand(s) for s in SEATS[:3]})
    with pytest.raises(InvalidBoardError):
        SolverRunner(backend).solve_tables([bad])
    assert backend.calls == 0


# --- par (DDS DealerParBin on the table) -------------------------------------------------------

GRAND = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
# East-West make 11 tricks in hearts, North-South 8 in spades (the table below): worked by hand
# from those two figures and Law 77.
SACRIFICE = Deal.from_pbn("N:KQT2.AT.J6542.85 A87.QJ8762.AQ3.7 96543.K3.T.JT943 J.954.K987.AKQ62")


@pytest.mark.slow
def test_par_of_a_laydown_grand_is_7nt_by_either_north_or_south(dds):
    table = dds.solve_tables([GRAND])[GRAND]
    none = table.par(Vulnerability.NONE, Seat.EAST)
    assert none.score_ns == 1520  # 7NT: 220 + 300 + 1000
    [c] = none.contracts
    assert (c.level, c.strain, c.declarers, c.doubled, c.result) == (7, Strain.NOTRUMP, (Seat.NORTH, Seat.SOUTH),
                                                                     False, 0)
    assert table.par(Vulnerability.NS, Seat.EAST).score_ns == 2220  # 220 + 500 + 1500


@pytest.mark.slow
def test_par_takes_the_cheap_sacrifice_only_when_it_pays(dds):
    table = dds.solve_tables([SACRIFICE])[SACRIFICE]
    assert table.get(Strain.HEARTS, Seat.EAST) == 11 and table.get(Strain.SPADES, Seat.NORTH) == 8
    # Nobody vulnerable: 5H making is -450; 5SX three down not vulnerable is -500, dearer: no sacrifice.
    assert table.par(Vulnerability.NONE, Seat.NORTH).score_ns == -450
    # East-West vulnerable: 5H is -650, 5SX -3 not vulnerable -500: North-South sacrifice.
    ew = table.par(Vulnerability.EW, Seat.NORTH)
    assert ew.score_ns == -500
    assert [str(c) for c in ew.contracts] == ["5SX N/S -3"]
    # Both vulnerable: 5SX -3 vulnerable is -800, worse than -650.
    assert table.par(Vulnerability.ALL, Seat.NORTH).score_ns == -650


# --- play analysis ------------------------------------------------------------------------------


@pytest.mark.slow
def test_play_analysis_of_r1_shows_what_the_dk_lead_cost(dds):
    from tests.engine.rulings.test_rulings_dd import R1_DEAL, R1_PLAY

    record = board(R1_DEAL, "4S", "S", R1_PLAY, vul="EW").play_record()
    a = analyse_play(dds, record, Side.NS)
    lead = a.cards[0]
    assert (lead.seat, lead.card) == (Seat.WEST, Card.from_str("DK"))
    assert lead.after == 9  # docs/rulings.md R1: after the DK lead the defence has 4 tricks DD
    assert min(t for c, t in lead.by_card if c.suit is Suit.HEARTS) == 12  # R1: 12 after a heart lead
    assert a.end == 9  # the record is complete: 4S one down, as at the table
    assert len(a.cards) == 52
    for ca in a.cards:  # each legal card's value is the one listed for it; no legal card gains
        assert dict(ca.by_card)[ca.card] == ca.after
        assert ca.cost >= 0
    assert all(a.cards[i].after == a.cards[i + 1].before for i in range(51))


@pytest.mark.slow
def test_play_analysis_values_a_revoke_card_outside_the_legal_cards(dds):
    b = board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY)
    record = b.play_record()
    a = analyse_play(dds, record, Side.EW)
    revoke = a.cards[11]  # trick 3, South's D4 on West's HK lead (South still held hearts)
    assert (revoke.seat, revoke.card) == (Seat.SOUTH, Card.from_str("D4"))
    assert revoke.card not in dict(revoke.by_card)
    assert len(a.cards) == len(record.cards)


@pytest.mark.slow
def test_an_in_process_solver_removes_its_own_scratch_directory_but_not_one_it_was_given(tmp_path):
    import gc

    from engine.dd.endplay_backend import EndplayBackend

    own = EndplayBackend()
    scratch = Path(own.scratch_dir)
    assert scratch.is_dir() and scratch.name.startswith("advisor-dds-")
    given = EndplayBackend(scratch_dir=str(tmp_path))
    del own, given
    gc.collect()
    assert not scratch.exists()  # DDS's dump.txt directory does not pile up in /tmp
    assert tmp_path.is_dir()
