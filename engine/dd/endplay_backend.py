"""The only module that imports endplay (DDS 2.9): converts our positions to endplay deals.

DDS keeps per-thread state and endplay always uses DDS thread 0, so two concurrent calls
crash the process (docs/dds.md section 3): every call into DDS here holds one process-wide
lock, whichever backend object makes it. Use it through :class:`engine.dd.runner.SolverRunner`
(cache, validation, ordering).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from engine.dd.results import PAR_KEYS, CardScores, DDTable, ParContract, ParResult
from engine.errors import SolverBusyError, SolverError
from engine.model.cards import SUIT_ORDER, Card, Rank, Suit, holding_str
from engine.model.contract import Strain
from engine.model.deal import Deal
from engine.model.position import Position
from engine.model.seats import SEATS, Seat, Side, Vulnerability

# DDS is one library per process: every call into it, from any backend object, holds this lock
# (two threads inside DDS crash the process; docs/dds.md section 3).
_DDS_LOCK = threading.Lock()
MAX_TABLES = 40  # calc_all_tables with all five strains (docs/dds.md section 1.2)
_ATTR = {Seat.NORTH: "north", Seat.EAST: "east", Seat.SOUTH: "south", Seat.WEST: "west"}
_SUIT_TO_DENOM = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
# DDS's par structures number strains differently from its tables: 0 = NT, 1 = S ... 4 = C,
# and seats 4 / 5 mean "N or S" / "E or W" (measured: 7NT came back as denom 0).
_PAR_STRAIN = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_PAR_SEATS = ((Seat.NORTH,), (Seat.EAST,), (Seat.SOUTH,), (Seat.WEST,), (Seat.NORTH, Seat.SOUTH),
              (Seat.EAST, Seat.WEST))
_PAR_VUL = {Vulnerability.NONE: 0, Vulnerability.ALL: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}


class EndplayBackend:
    """Solves one position at a time with ``endplay.dds.solve_board`` (all cards, mode 0).

    Args:
        threads: DDS threads to allocate (``SetMaxThreads``). ``solve_board`` itself is
            single-threaded; 1 keeps memory small (about 100 MB per thread under load).
        scratch_dir: the directory DDS runs in, so that its ``dump.txt`` (written on an input
            error, which our validation should prevent) never lands in the user's working
            directory. Default: a private temp dir, removed when the backend is garbage-collected
            or the process exits.
        lock_timeout: seconds a batch waits for DDS before :class:`SolverBusyError`.
        max_memory_mb: DDS's memory cap for its transposition tables (``SetResources``); a
            thread's TT grows to about 90-160 MB under load (docs/dds.md section 1.6).
        isolate_cwd: switch the process's working directory to ``scratch_dir`` for each batch
            (inside the DDS lock). Right for the CLI and tests; a worker process that already
            runs in its scratch directory passes ``False``.
    """

    def __init__(self, threads: int = 1, scratch_dir: str | None = None, lock_timeout: float = 30.0,
                 max_memory_mb: int = 200, isolate_cwd: bool = True) -> None:
        # endplay's import pulls in matplotlib (docs/dds.md trap 14); keep it headless and lazy.
        os.environ.setdefault("MPLBACKEND", "Agg")
        import endplay._dds as _dds
        from endplay.dds import calc_all_tables, solve_board
        from endplay.types import Card as EpCard
        from endplay.types import Deal as EpDeal
        from endplay.types import Denom, Player

        self._dds: Any = _dds
        self._solve_board: Any = solve_board
        self._calc_all_tables: Any = calc_all_tables
        self._EpDeal: Any = EpDeal
        self._EpCard: Any = EpCard
        self._Denom: Any = Denom
        self._Player: Any = Player
        self.scratch_dir = scratch_dir or tempfile.mkdtemp(prefix="advisor-dds-")
        if scratch_dir is None:  # ours: removed when the backend is dropped or the process exits
            weakref.finalize(self, shutil.rmtree, self.scratch_dir, True)
        self.lock_timeout = lock_timeout
        self.isolate_cwd = isolate_cwd
        with _DDS_LOCK:  # these drop every TT: never while a solve is in flight
            _dds.SetMaxThreads(threads)
            _dds._dll.SetResources(max_memory_mb, threads)
        import endplay

        self.version = f"endplay {getattr(endplay, '__version__', '0.5.12')} (DDS 2.9)"

    @contextmanager
    def _holding_dds(self) -> Iterator[None]:
        """Hold the process-wide DDS lock (at most ``lock_timeout`` s to get it) and, with
        ``isolate_cwd``, run in the scratch directory: DDS writes dump.txt into the working
        directory on bad input.

        Raises:
            SolverBusyError: DDS stayed busy for ``lock_timeout`` seconds.
        """
        if not _DDS_LOCK.acquire(timeout=self.lock_timeout):
            raise SolverBusyError(f"the double-dummy solver stayed busy for {self.lock_timeout:g} s")
        cwd = os.getcwd() if self.isolate_cwd else None
        try:
            if cwd is not None:
                os.chdir(self.scratch_dir)
            yield
        finally:
            if cwd is not None:
                os.chdir(cwd)
            _DDS_LOCK.release()

    def solve_batch(self, positions: Sequence[Position]) -> list[CardScores]:
        """Solve validated positions in the order given, holding the DDS lock for the batch.

        Raises:
            SolverBusyError: DDS stayed busy for ``lock_timeout`` seconds.
            SolverError: DDS rejected a position.
        """
        with self._holding_dds():
            return [self._solve(p) for p in positions]

    def solve_tables(self, deals: Sequence[Deal]) -> list[DDTable]:
        """DD tables of validated deals, in chunks of at most 40 (``calc_all_tables``' limit,
        which endplay does not chunk itself: docs/dds.md trap 3), holding the DDS lock.

        Raises:
            SolverBusyError: DDS stayed busy for ``lock_timeout`` seconds.
            SolverError: DDS rejected a deal.
        """
        out: list[DDTable] = []
        with self._holding_dds():
            for i in range(0, len(deals), MAX_TABLES):
                chunk = [self._EpDeal(d.to_pbn()) for d in deals[i : i + MAX_TABLES]]
                try:
                    tables = self._calc_all_tables(chunk)
                except Exception as exc:
                    raise SolverError(f"DDS could not solve the tables: {exc}") from exc
                out += [DDTable(tuple(tuple(row) for row in t.to_list()), self._pars(t)) for t in tables]
        return out

    def _pars(self, table: Any) -> tuple[ParResult, ...]:
        """The par of a solved endplay table for every (vulnerability, dealer) of ``PAR_KEYS``
        (DDS ``DealerParBin`` on the table: about 10 microseconds each; the caller holds the lock).

        endplay's own ``ParList`` is not used: it mutates the DDS struct while iterating and
        reports a two-seat par contract ("N or S") as the same seat twice.
        """
        out: list[ParResult] = []
        for vul, dealer in PAR_KEYS:
            res = self._dds.parResultsMaster()
            self._dds.DealerParBin(table._data, res, SEATS.index(dealer), _PAR_VUL[vul])
            contracts = tuple(
                ParContract(c.level, _PAR_STRAIN[c.denom], _PAR_SEATS[c.seats], c.underTricks > 0,
                            c.overTricks - c.underTricks)
                for c in res.contracts[: res.number] if c.level > 0)
            out.append(ParResult(int(res.score), contracts))
        return tuple(out)

    def _solve(self, pos: Position) -> CardScores:
        """Solve one validated position (the caller holds the DDS lock): every legal card.

        Raises:
            SolverError: DDS rejected the position (it carries DDS's message).
        """
        deal = self._EpDeal()
        already = pos.leader.rotation()[: len(pos.trick)]
        for seat in SEATS:
            hand = pos.hand(seat)
            if seat in already:  # the card it played to the current trick goes back, then is played
                hand = hand | {pos.trick[already.index(seat)]}
            setattr(deal, _ATTR[seat], ".".join(holding_str(hand, s) for s in SUIT_ORDER))
        deal.first = self._Player(SEATS.index(pos.leader))
        deal.trump = self._Denom(4 if pos.trump is None else _SUIT_TO_DENOM[pos.trump])
        for c in pos.trick:
            deal.play(self._EpCard(f"{c.suit.value}{c.rank.letter}"))
        try:
            pairs = list(self._solve_board(deal))
        except Exception as exc:  # endplay raises DDSError (a RuntimeError) with DDS's text
            raise SolverError(f"DDS could not solve {pos}: {exc}") from exc
        to_play = pos.to_play
        left = pos.tricks_left
        out: list[tuple[Card, int]] = []
        for ep_card, score in pairs:
            card = Card(Suit("SHDC"[int(ep_card.suit)]), Rank(_rank_of(ep_card.rank)))
            out.append((card, score if to_play.side is Side.NS else left - score))
        return CardScores(to_play, left, tuple(out))


def _rank_of(ep_rank: Any) -> int:
    # endplay's Rank values are bit flags: R2 = 4 ... RA = 16384 (1 << rank)
    return int(ep_rank).bit_length() - 1
