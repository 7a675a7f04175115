"""Laws 13 and 14 (2017), the first pure step: what is wrong with the hands as found at the table.

:func:`find_irregularity` compares the hands as found (each may hold 12, 13, 14 cards or a
duplicate) with the hand record when there is one: which hand has too many, which too few,
which cards moved, which card is surplus (13C), which is missing (Law 14), and the deal as it
should have been when that can be told (:class:`CardIrregularity`). No solver. The law path is
chosen next by :func:`engine.laws.card_count.decide_card_count`.

docs/laws.md sections 2, 3 and 10; docs/rulings.md part B (N1-N9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.laws.steps import Step
from engine.model.cards import FULL_DECK, Card
from engine.model.deal import Deal
from engine.model.seats import SEATS, Seat


@dataclass(frozen=True, slots=True)
class MovedCard:
    """A card found in ``found_in`` that the hand record gives to ``belongs_to``."""

    card: Card
    found_in: Seat
    belongs_to: Seat



@dataclass(frozen=True, slots=True)
class SurplusCard:
    """A card not belonging to the deal (13C), found in ``found_in``: a second copy of ``card``.

    ``certain`` is False when the two copies cannot be told apart without the hand record
    (then ``found_in`` is one candidate and the finding says so).
    """

    card: Card
    found_in: Seat
    certain: bool = True



@dataclass(frozen=True, slots=True)
class MissingCard:
    """A card of the pack that no hand holds (Law 14); ``belongs_to`` when it can be told."""

    card: Card
    belongs_to: Seat | None



@dataclass(frozen=True, slots=True)
class CardIrregularity:
    """What is wrong with the hands as found.

    Attributes:
        counts: cards held as found, N/E/S/W order (surplus copies included).
        surplus: cards not belonging to the deal (13C), to be removed.
        missing: cards of the pack that no hand holds (Law 14).
        moved: cards in the wrong hand according to the hand record (Law 13).
        corrected: the deal as it should have been (52 distinct cards, 13 each), or ``None``
            when it cannot be told from what was given (``why_not_corrected`` says why).
        why_not_corrected: the reason ``corrected`` is ``None``.
        differs_from_record: the hands are a complete deal but not the hand record's (a
            fouled board, Law 87: not a Law 13 or 14 case).
        why_key: the message key of ``why_not_corrected`` (for the page's languages).
    """

    counts: tuple[int, int, int, int]
    surplus: tuple[SurplusCard, ...]
    missing: tuple[MissingCard, ...]
    moved: tuple[MovedCard, ...]
    corrected: Deal | None
    why_not_corrected: str | None = None
    differs_from_record: bool = False
    why_key: str = ""

    @property
    def oversized_hands(self) -> tuple[Seat, ...]:
        """Hands that still hold more than 13 cards once the surplus cards are removed (Law 13)."""
        extra = Counter(s.found_in for s in self.surplus)
        return tuple(s for s in SEATS if self.counts[SEATS.index(s)] - extra[s] > 13)

    def count_after_removal(self, seat: Seat) -> int:
        """Cards ``seat`` holds once the surplus cards are removed."""
        return self.counts[SEATS.index(seat)] - sum(1 for s in self.surplus if s.found_in is seat)

    @property
    def law(self) -> str | None:
        """``"13"`` when a hand holds more than 13 cards of the deal (Law 13's footnote),
        ``"14"`` when cards are missing and no hand holds more than 13, ``"13C"`` for surplus
        cards alone, ``None`` when the hands are correct."""
        if self.oversized_hands:
            return "13"
        if self.missing:
            return "14"
        if self.surplus:
            return "13C"
        return None

    @property
    def incorrect_hands(self) -> tuple[Seat, ...]:
        """Hands that did not hold exactly their 13 cards of the deal (too many, too few, or a
        surplus card in place of one of theirs)."""
        wrong = {m.found_in for m in self.moved} | {m.belongs_to for m in self.moved}
        wrong |= {s for s in SEATS if self.count_after_removal(s) != 13}
        wrong |= {s.found_in for s in self.surplus}
        return tuple(s for s in SEATS if s in wrong)

    @property
    def is_regular(self) -> bool:
        """True when every hand holds its 13 cards (and the hand record's, when given)."""
        return self.law is None and not self.moved and not self.differs_from_record

    def describe(self) -> str:
        """One plain sentence per finding, for the director."""
        return " ".join(p.text for p in self.findings())

    def findings(self) -> tuple[Step, ...]:
        """The findings as translatable sentences (keyed :class:`Step` phrases), in order."""
        out: list[Step] = []
        counts = ", ".join(f"{s.value} {n}" for s, n in zip(SEATS, self.counts, strict=True))
        out.append(Step("", f"Cards held as found: {counts}.", "cc.f.counts", {"counts": counts}))
        for sc in self.surplus:
            tail = "" if sc.certain else " (one of the copies; without the hand record it cannot be told which)"
            out.append(Step("", f"{sc.card} in {sc.found_in.value}'s hand is a second copy: a surplus card{tail}.",
                            "cc.f.surplus" if sc.certain else "cc.f.surplus_unsure",
                            {"card": str(sc.card), "seat": sc.found_in.value}))
        for mv in self.moved:
            out.append(Step("", f"{mv.card} was in {mv.found_in.value}'s hand; the hand record gives it to "
                            f"{mv.belongs_to.value}.", "cc.f.moved",
                            {"card": str(mv.card), "seat": mv.found_in.value, "owner": mv.belongs_to.value}))
        for mc in self.missing:
            who = f" (it belongs to {mc.belongs_to.value})" if mc.belongs_to else ""
            out.append(Step("", f"{mc.card} is missing{who}.", "cc.f.missing_of" if mc.belongs_to else "cc.f.missing",
                            {"card": str(mc.card), "owner": mc.belongs_to.value if mc.belongs_to else ""}))
        if self.differs_from_record:
            out.append(Step("", "Every hand has 13 cards but they are not the hand record's hands: a fouled board "
                            "(Law 87), not Law 13 or 14.", "cc.f.fouled"))
        if self.corrected is None and self.why_not_corrected:
            out.append(Step("", self.why_not_corrected, f"cc.f.{self.why_key}"))
        return tuple(out)



def find_irregularity(found: Mapping[Seat, Sequence[Card]], record: Deal | None = None) -> CardIrregularity:
    """Compare the hands as found with the pack and, when given, the hand record.

    Args:
        found: each seat's cards as found at the table, in any number (a card may appear
            twice: a surplus card from another pack).
        record: the hand record (52 distinct cards, 13 each), or ``None``.

    Returns:
        The :class:`CardIrregularity`; ``is_regular`` when nothing is wrong.

    Raises:
        InvalidBoardError: the hand record is not a complete deal (from ``verify_complete``).
    """
    if record is not None:
        record.verify_complete()
    hands = {s: list(found.get(s, ())) for s in SEATS}
    n, e, s_, w = (len(hands[s]) for s in SEATS)
    counts = (n, e, s_, w)
    where: dict[Card, list[Seat]] = {}
    for s in SEATS:
        for c in hands[s]:
            where.setdefault(c, []).append(s)

    surplus: list[SurplusCard] = []
    kept: dict[Seat, set[Card]] = {s: set() for s in SEATS}
    size = {s: len(hands[s]) for s in SEATS}
    for card in sorted(where, reverse=True):
        seats = where[card]
        keep, certain = _copy_to_keep(card, seats, record, size)
        kept[keep].add(card)
        extra = list(seats)
        extra.remove(keep)
        for s in extra:
            surplus.append(SurplusCard(card, s, certain))
            size[s] -= 1
    missing_cards = sorted(FULL_DECK - set(where), reverse=True)

    moved: list[MovedCard] = []
    if record is not None:
        for s in SEATS:
            for c in sorted(kept[s], reverse=True):
                owner = record.holder(c)
                if owner is not None and owner is not s:
                    moved.append(MovedCard(c, s, owner))
    short = [s for s in SEATS if len(kept[s]) < 13]
    sure = all(x.certain for x in surplus)  # else which hand is short depends on a guess
    missing: list[MissingCard] = []
    for c in missing_cards:
        owner = record.holder(c) if record is not None else (short[0] if len(short) == 1 and sure else None)
        missing.append(MissingCard(c, owner))

    corrected, why, why_key = _corrected(kept, missing, record, surplus)
    differs = (record is not None and not surplus and not missing_cards and all(n == 13 for n in counts)
               and bool(moved))
    return CardIrregularity(counts, tuple(surplus), tuple(missing), tuple(moved), corrected, why, differs, why_key)



def _copy_to_keep(card: Card, seats: list[Seat], record: Deal | None, size: dict[Seat, int]) -> tuple[Seat, bool]:
    """Which copy of ``card`` belongs to the deal: the hand record's holder when it holds one;
    else the copy that is not in the largest hand (removing a copy from a 14-card hand leaves
    13); ``certain`` is False when the copies cannot be told apart."""
    holder = record.holder(card) if record is not None else None
    if len(seats) == 1:
        return seats[0], True
    if holder is not None and holder in seats:
        return holder, True
    distinct = list(dict.fromkeys(seats))
    if len(distinct) == 1:  # written twice in one hand: either copy
        return seats[0], True
    ranked = sorted(distinct, key=lambda s: size[s])
    if size[ranked[-1]] > size[ranked[-2]]:  # the copy in the one oversized hand is the extra one
        remove_from = ranked[-1]
        # with a hand record that gives the card to a third hand, this is a guess: say so
        return next(s for s in seats if s is not remove_from), record is None
    return ranked[0], False



def _corrected(kept: dict[Seat, set[Card]], missing: list[MissingCard], record: Deal | None,
               surplus: list[SurplusCard]) -> tuple[Deal | None, str | None, str]:
    """The deal as it should have been, or ``None`` with the reason and its message key."""
    if record is not None:
        return record, None, ""
    if any(not s.certain for s in surplus):
        return None, ("Which copy of the surplus card belongs to the deal, and so which hand the missing card "
                      "belongs to, cannot be told without the hand record."), "why_copy"
    hands = {s: set(kept[s]) for s in SEATS}
    for m in missing:
        if m.belongs_to is None:
            return None, ("The missing cards cannot be placed without the hand record (more than one hand is "
                          "short)."), "why_missing"
        hands[m.belongs_to].add(m.card)
    if any(len(h) > 13 for h in hands.values()):
        return None, ("Which of the cards of the hand with too many belongs in the short hand cannot be told "
                      "without the hand record."), "why_moved"
    deal = Deal.from_hands({s: frozenset(h) for s, h in hands.items()})
    if any(len(h) != 13 for h in hands.values()):
        return None, "The hands cannot be completed to 13 cards each without the hand record.", "why_incomplete"
    return deal, None, ""
