"""A lenient reader for LIN, Bridge Base Online's record format, for the facts a ruling needs.

Our own reader because endplay's LIN reader fails on real vugraph files (../shared/docs/dds.md).
LIN is a flat run of ``tag|value|`` pairs. What this reader understands, as seen in real files
(../shared/data/lin-files, whose README lists them):

* a record per board: it starts at ``qx|o46|`` (open room, board 46; ``c`` the closed room),
  or, in files with no ``qx``, at a ``md|`` deal when the record being read already has one;
* ``pn|`` the players, South, West, North, East (BBO's order); 8 names in a vugraph session:
  the open room's four, then the closed room's; names given once apply to the records after;
* ``md|`` the dealer (1 South, 2 West, 3 North, 4 East) then the hands of South, West, North
  and East (``S..H..D..C..``), the last one often left out: it is then the cards left;
* ``sv|`` vulnerability (``o``/``0``/``-`` none, ``n``, ``e``, ``b``), ``ah|Board 7|``,
  ``vg|`` the session's title (its first field is the event), ``rs|`` BBO's own list of results;
* ``mb|`` calls (``p``, ``d``, ``r``, ``1N``, ``2H!`` with an alert mark), ``an|``
  explanations, ``nt|`` commentary, ``pg||`` page breaks and unknown tags (``zz|``) anywhere,
  including inside a trick;
* ``pc|`` cards (either case, ``cA``, ``S10``), ``mc|`` a claim: the declarer's total tricks,
  before or inside a trick; CRLF; a file that ends mid-record (the record keeps what was read).

A record becomes a :class:`engine.records.pbn_game.PbnGame` (tags ``Board``, ``Room``, ``Dealer``,
``Vulnerable``, ``Deal``, ``Contract``, ``Declarer``, ``Result``, the players, ``Event``, and
the ``[Play]`` section laid out in columns from the opening leader), so that everything that
reads PBN games (boards, screenings, rulings) reads LIN records the same way. Nothing here
checks that the cards were held: :meth:`engine.model.play.PlayRecord.build` does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.errors import InvalidBoardError, PbnError, clip
from engine.model.cards import FULL_DECK, SUIT_ORDER, Card, Rank
from engine.model.contract import Strain
from engine.model.deal import Deal
from engine.model.play import PlayedCard, Trick
from engine.model.seats import SEATS, Seat, Vulnerability
from engine.records.pbn_game import PbnGame, PlaySection
from engine.records.pbn_text import looks_like_lin

__all__ = ["LinRecord", "loads", "looks_like_lin", "pairs", "read_records"]

_PAIR = re.compile(r"([A-Za-z]{2})\|([^|]*)\|")
_LIN_DEALER = {"1": Seat.SOUTH, "2": Seat.WEST, "3": Seat.NORTH, "4": Seat.EAST}
_LIN_ORDER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)  # pn| and md| list the seats so
_VULNERABLE = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE, "n": Vulnerability.NS,
               "e": Vulnerability.EW, "b": Vulnerability.ALL}
_BID = re.compile(r"([1-7])(NT|N|S|H|D|C)", re.IGNORECASE)
_BOARD_TITLE = re.compile(r"board\s*(\d+)", re.IGNORECASE)
_ROOMS = {"o": "Open", "c": "Closed"}


@dataclass(frozen=True, slots=True)
class LinRecord:
    """One board of a LIN file, as written.

    Attributes:
        lineno: 1-based line of the record's first pair.
        board: the board number (from ``qx|o46|`` or ``ah|Board 46|``), or ``None``.
        room: ``"Open"`` or ``"Closed"`` (``qx|o..|``/``qx|c..|``), or ``None``.
        names: the players ``{seat: name}`` (empty names left out).
        dealer: from ``md|``'s first digit, ``None`` when not given.
        hands: the hands as written, in BBO's order South, West, North, East; ``None`` for a
            hand left out (the last one usually is).
        vulnerability: from ``sv|``, ``None`` when absent.
        calls: the calls in order from the dealer, normalised: ``"P"``, ``"X"``, ``"XX"``, or a
            bid like ``"1NT"``, ``"4H"`` (alert marks dropped); ``"?"`` for one not readable.
        cards: the cards played, in play order; ``None`` for a token that is not a card.
        claim: the declarer's total tricks from the last ``mc|``, or ``None``.
        event: the first field of the session's ``vg|`` title, or ``None``.
    """

    lineno: int
    board: str | None = None
    room: str | None = None
    names: MappingProxyType[Seat, str] = field(default_factory=lambda: MappingProxyType({}))
    dealer: Seat | None = None
    hands: tuple[str | None, ...] = ()
    vulnerability: Vulnerability | None = None
    calls: tuple[str, ...] = ()
    cards: tuple[Card | None, ...] = ()
    claim: int | None = None
    event: str | None = None

    def deal(self) -> Deal:
        """The four hands; a hand left out is the cards the other three do not hold.

        Raises:
            PbnError: no ``md|`` deal, or a hand that cannot be read (path ``"lin"``). A deal
                that is not 52 distinct cards is returned as is (see :meth:`Deal.verify_complete`).
        """
        if not self.hands:
            raise self._error("no deal (md|)", "lin_no_deal", {})
        held: dict[Seat, frozenset[Card]] = {}
        missing = [seat for seat, text in zip(_LIN_ORDER, self.hands, strict=False) if not text]
        missing += list(_LIN_ORDER[len(self.hands):])
        for seat, text in zip(_LIN_ORDER, self.hands, strict=False):
            if text:
                held[seat] = frozenset(self._hand(seat, text))
        if len(missing) == 1:
            given = {c for cards in held.values() for c in cards}
            held[missing[0]] = frozenset(c for c in FULL_DECK if c not in given)
        return Deal.from_hands(held)

    def _hand(self, seat: Seat, text: str) -> list[Card]:
        cards: list[Card] = []
        suit = None
        for ch in text.strip().upper().replace("10", "T"):
            if ch in "SHDC":
                suit = SUIT_ORDER[("S", "H", "D", "C").index(ch)]
            elif suit is not None:
                try:
                    cards.append(Card(suit, Rank.from_letter(ch)))
                except InvalidBoardError:
                    raise self._error(f"hand of {seat.value}: {ch!r} is not a rank in {clip(text)!r}", "hand_rank_of",
                                      {"seat": seat.value, "char": ch, "part": clip(text)}) from None
            elif not ch.isspace():
                raise self._error(f"hand of {seat.value} does not start with a suit letter: {clip(text)!r}",
                                  "lin_hand_suit", {"seat": seat.value, "text": clip(text)})
        return cards

    def auction_dealer(self) -> Seat | None:
        """The dealer: ``md|``'s digit, else the board number's (Law 2: board 1 North, 2 East...)."""
        if self.dealer is not None:
            return self.dealer
        if self.board and self.board.isdigit():
            return SEATS[(int(self.board) - 1) % 4]
        return None

    def final_contract(self) -> tuple[str, Seat] | None:
        """The contract and its declarer from the calls: ``("4HX", Seat.EAST)``.

        The last bid, doubled or redoubled by the calls after it; the declarer is the first
        player of the side that made it to name its strain (Law 22 and the definition of
        declarer). ``None``: no calls, no bid (passed out), an unreadable call, no dealer, or an
        auction that did not end (no three passes after the last bid) with no card played.
        """
        dealer = self.auction_dealer()
        if dealer is None or not self.calls or "?" in self.calls:
            return None
        if self.calls[-3:] != ("P", "P", "P") and not self.cards:
            return None  # the auction is not over (three passes) and no card was played: not played
        seats = [SEATS[(SEATS.index(dealer) + i) % 4] for i in range(len(self.calls))]
        last = max((i for i, c in enumerate(self.calls) if c[0].isdigit()), default=None)
        if last is None:
            return None
        bid = self.calls[last]
        strain = bid[1:]
        doubling = ""
        for call in self.calls[last + 1:]:
            if call in ("X", "XX"):
                doubling = call
        side = seats[last].side
        declarer = next(s for s, c in zip(seats, self.calls, strict=True)
                        if c[0].isdigit() and c[1:] == strain and s.side == side)
        return bid + doubling, declarer

    def _error(self, message: str, key: str, params: dict[str, object]) -> PbnError:
        reason = InvalidBoardError(message, key=key, params=params)
        return PbnError(f"{self.label}: {message}", lineno=self.lineno, path="lin",
                        key="pbn_game_room" if self.room else "pbn_game",
                        params={"board": clip(self.board or "?"), "room": clip(self.room or ""), "reason": reason})

    @property
    def label(self) -> str:
        """Where the record is, for messages: ``"board 46, room Closed"``."""
        room = f", room {clip(self.room)}" if self.room else ""
        return f"board {clip(self.board or '?')}{room}"

    def to_game(self) -> PbnGame:
        """The record as a PBN game (see the module's docstring); what it cannot say is left out:
        no ``Contract`` when passed out or not bid, no ``[Play]`` without a contract, the play
        stopping at the first token that is not a card.

        ``Result``: the claim (``mc|``) when there is one, else the declarer's tricks when all
        13 were played, else absent. ``Claim``: the claim's figure as BBO records it (the
        declarer's total tricks), read by :func:`engine.records.files.claim_tricks`.

        Raises:
            PbnError: the deal cannot be read (see :meth:`deal`).
        """
        tags: dict[str, str] = {"Site": "BBO"}
        if self.event:
            tags["Event"] = self.event
        if self.board:
            tags["Board"] = self.board
        if self.room:
            tags["Room"] = self.room
        for seat in SEATS:
            name = self.names.get(seat)
            if name:
                tags[{"N": "North", "E": "East", "S": "South", "W": "West"}[seat.value]] = name
        dealer = self.auction_dealer()
        if dealer is not None:
            tags["Dealer"] = dealer.value
        if self.vulnerability is not None:
            tags["Vulnerable"] = self.vulnerability.value
        section = None
        if self.hands:
            deal = self.deal()
            tags["Deal"] = deal.to_pbn()
            contract = self.final_contract()
            if self.claim is not None:
                tags["Claim"] = str(self.claim)  # the claim's figure: the declarer's total tricks (mc|)
            if contract is not None:
                tags["Contract"], declarer = contract[0], contract[1]
                tags["Declarer"] = declarer.value
                strain = Strain(contract[0][1:].rstrip("X"))
                section, won = _play_section(self.cards, declarer.lho, strain)
                result = self.claim if self.claim is not None else won
                if result is not None:
                    tags["Result"] = str(result)
            elif self.calls and all(c == "P" for c in self.calls) and len(self.calls) >= 4:
                tags["Contract"] = "Pass"
        lines = dict.fromkeys(tags, self.lineno)
        return PbnGame(MappingProxyType(tags), self.lineno, section, MappingProxyType(lines))


def _play_section(cards: Sequence[Card | None], leader: Seat,
                  strain: Strain) -> tuple[PlaySection | None, int | None]:
    """The cards in play order laid out as PBN's ``[Play]`` (a row per trick, columns from the
    opening leader), and the declarer's side's tricks when all 13 tricks were played (else
    ``None``). The play stops at the first token that is not a card. ``(None, None)`` when no
    card was played."""
    known: list[Card] = []
    for card in cards:
        if card is None:
            break
        known.append(card)
    if not known:
        return None, None
    first = SEATS.index(leader)
    declaring = leader.rho.side  # the opening leader is declarer's left-hand opponent
    rows: list[tuple[Card | None, ...]] = []
    won = 0
    to_lead = leader
    for start in range(0, len(known), 4):
        chunk = known[start:start + 4]
        row: list[Card | None] = [None] * 4
        played = []
        for offset, card in enumerate(chunk):
            seat = SEATS[(SEATS.index(to_lead) + offset) % 4]
            row[(SEATS.index(seat) - first) % 4] = card
            played.append(PlayedCard(seat, card))
        rows.append(tuple(row))
        if len(chunk) == 4:
            to_lead = Trick(len(rows), to_lead, tuple(played)).winner(strain.trump)
            won += to_lead.side == declaring
    complete = len(known) == 52
    return PlaySection(leader, tuple(rows), frozenset(), not complete), (won if complete else None)


def _call(value: str) -> str:
    """A ``mb|`` value normalised: ``"P"``, ``"X"``, ``"XX"``, ``"1NT"``...; ``"?"`` if unreadable."""
    text = value.strip().rstrip("!").strip().upper()
    if text in ("P", "PASS"):
        return "P"
    if text in ("D", "X", "DBL"):
        return "X"
    if text in ("R", "XX", "RDBL"):
        return "XX"
    match = _BID.fullmatch(text)
    if match is None:
        return "?"
    strain = match.group(2)
    return match.group(1) + ("NT" if strain in ("N", "NT") else strain)


def _card(value: str) -> Card | None:
    """A ``pc|`` value as a card, ``None`` if it is not one."""
    try:
        return Card.from_str(value.strip())
    except InvalidBoardError:
        return None


def pairs(text: str) -> Iterator[tuple[int, str, str]]:
    """The ``(line, tag, value)`` pairs of a LIN text, tags lower-cased; anything between pairs
    that is not one (stray characters, a record cut off) is skipped."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    line = 1
    at = 0
    for match in _PAIR.finditer(text):
        line += text.count("\n", at, match.start())
        at = match.start()
        yield line, match.group(1).lower(), match.group(2)


@dataclass(slots=True)
class _Draft:
    """A record while it is read (mutable; :class:`LinRecord` is what comes out)."""

    lineno: int
    board: str | None
    room: str | None
    names: MappingProxyType[Seat, str]
    dealer: Seat | None = None
    hands: tuple[str | None, ...] | None = None
    vulnerability: Vulnerability | None = None
    calls: list[str] = field(default_factory=list)
    cards: list[Card | None] = field(default_factory=list)
    claim: int | None = None


class _Builder:
    """The record being read, and what carries over to the next ones (names, event)."""

    def __init__(self) -> None:
        self.records: list[LinRecord] = []
        self.names: tuple[str, ...] = ()
        self.event: str | None = None
        self.current: _Draft | None = None

    def start(self, lineno: int, board: str | None = None, room: str | None = None) -> _Draft:
        self.finish()
        self.current = _Draft(lineno, board, room, self.seated(room))
        return self.current

    def seated(self, room: str | None) -> MappingProxyType[Seat, str]:
        """The names of the players in ``room``: the last 4 of 8 names sit in the closed room."""
        names = self.names[4:8] if len(self.names) >= 8 and room == "Closed" else self.names[:4]
        return MappingProxyType({seat: name.strip() for seat, name in zip(_LIN_ORDER, names, strict=False)
                                 if name.strip()})

    def finish(self) -> None:
        draft, self.current = self.current, None
        if draft is None or draft.hands is None:
            return
        self.records.append(LinRecord(
            lineno=draft.lineno, board=draft.board, room=draft.room, names=draft.names, dealer=draft.dealer,
            hands=draft.hands, vulnerability=draft.vulnerability, calls=tuple(draft.calls),
            cards=tuple(draft.cards), claim=draft.claim, event=self.event))


def read_records(text: str) -> list[LinRecord]:
    """Every board of a LIN text, in file order (see the module's docstring for what is read).

    A record with no deal (``md|``) is left out: there is nothing to rule on. Never raises on
    content: what cannot be read is left out of the record (an unreadable call is ``"?"``, a
    card token that is not a card ``None``, a claim that is not 0-13 ignored).
    """
    build = _Builder()
    for lineno, tag, value in pairs(text):
        current = build.current
        if tag == "qx":
            room, board = value[:1].lower(), value[1:].split(",")[0].strip()
            build.start(lineno, board or None, _ROOMS.get(room))
        elif tag == "pn":
            build.names = tuple(value.split(","))
            if current is not None and current.hands is None:  # the names of the record begun
                current.names = build.seated(current.room)
        elif tag == "vg":
            build.event = value.split(",")[0].strip() or None
        elif tag == "md":
            if current is None or current.hands is not None:
                current = build.start(lineno)
            body = value.strip()
            if body[:1].isdigit():
                current.dealer = _LIN_DEALER.get(body[0])
                body = body[1:]
            current.hands = tuple(h.strip() or None for h in body.split(","))[:4] if body else None
        elif current is None:
            continue
        elif tag == "ah":
            found = _BOARD_TITLE.search(value)
            if found and not current.board:
                current.board = found.group(1)
        elif tag == "sv":
            current.vulnerability = _VULNERABLE.get(value.strip().lower()[:1])
        elif tag == "mb":
            current.calls.append(_call(value))
        elif tag == "pc":
            current.cards.append(_card(value))
        elif tag == "mc":
            claim = value.strip()
            if claim.isdigit() and int(claim) <= 13:
                current.claim = int(claim)
    build.finish()
    return build.records


def loads(text: str) -> list[PbnGame]:
    """Every board of a LIN text as PBN games (:meth:`LinRecord.to_game`), in file order.

    Raises:
        PbnError: a record's deal cannot be read (path ``"lin"``, the record's line).
    """
    return [record.to_game() for record in read_records(text)]

