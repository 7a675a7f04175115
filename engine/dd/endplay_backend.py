"""The only module that imports endplay (DDS 2.9): converts our positions to endplay deals.

DDS keeps per-thread state and endplay always uses DDS thread 0, so two concurrent calls
crash the process (docs/dds.md section 3): every call into DDS here holds one process-wide
lock, whichever backend object makes it. Use it through :class:`engine.dd.runner.SolverRunner`
(cache, validation, ordering).
"""

from __future__ import annotations

import os
import tempfile
import threading
from typing import Any

from engine.dd.results import CardScores
from engine.errors import SolverError
from engine.model.cards import SUIT_ORDER, Card, Rank, Suit, holding_str
from engine.model.position import Position
from engine.model.seats import SEATS, Seat, Side

# DDS is one library per process: every call into it, from any backend object, holds this lock
# (two threads inside DDS crash the process; docs/dds.md section 3).
_DDS_LOCK = threading.Lock()
_ATTR = {Seat.NORTH: "north", Seat.EAST: "east", Seat.SOUTH: "south", Seat.WEST: "west"}
_SUIT_TO_DENOM = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}


class EndplayBackend:
    """Solves one position at a time with ``endplay.dds.solve_board`` (all cards, mode 0).

    Args:
        threads: DDS threads to allocate (``SetMaxThreads``). ``solve_board`` itself is
            single-threaded; 1 keeps memory small (about 100 MB per thread under load).
        scratch_dir: the working directory DDS may write ``dump.txt`` into on an input error;
            our validation means it should never happen. Default: a private temp dir.
    """

    def __init__(self, threads: int = 1, scratch_dir: str | None = None) -> None:
        # endplay's import pulls in matplotlib (docs/dds.md trap 14); keep it headless and lazy.
        os.environ.setdefault("MPLBACKEND", "Agg")
        import endplay._dds as _dds
        from endplay.dds import solve_board
        from endplay.types import Card as EpCard
        from endplay.types import Deal as EpDeal
        from endplay.types import Denom, Player

        self._dds: Any = _dds
        self._solve_board: Any = solve_board
        self._EpDeal: Any = EpDeal
        self._EpCard: Any = EpCard
        self._Denom: Any = Denom
        self._Player: Any = Player
        self.scratch_dir = scratch_dir or tempfile.mkdtemp(prefix="advisor-dds-")
        with _DDS_LOCK:  # SetMaxThreads drops every TT: never while a solve is in flight
            _dds.SetMaxThreads(threads)
        import endplay

        self.version = f"endplay {getattr(endplay, '__version__', '0.5.12')} (DDS 2.9)"

    def solve(self, pos: Position) -> CardScores:
        """Solve one validated position: every legal card of the player to move.

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
            with _DDS_LOCK:
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
