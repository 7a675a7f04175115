"""Laws 13 and 14 (2017): an incorrect number of cards, a surplus card, a missing card.

Two pure steps, no solver:

* :func:`find_irregularity` compares the hands as found at the table (each may hold 12, 13,
  14 cards or a duplicate) with the hand record when there is one: which hand has too many,
  which too few, which cards moved, which card is surplus (13C), which is missing (Law 14),
  and the deal as it should have been when that can be told.
* :func:`decide_card_count` chooses the law path from when the irregularity was discovered
  and the facts the director establishes: 13A1, 13A2, 13B1, 13B2, 13C, 13D, 14A, 14B1-14B4,
  with 12C1(b) (assigned) or 12C2 (artificial, by fault) when an adjusted score is due.

Terms follow the Polish text of Law 13 (``../shared/seeds``): *niewłaściwa liczba kart*
(incorrect number of cards), *karta dodatkowa* (surplus card), *wynik rozjemczy* (adjusted
score). docs/laws.md sections 2, 3 and 10; docs/rulings.md part B (N1-N9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine.laws.defective_trick import DefectiveTrick, DefectKind
from engine.laws.facts import Noticed
from engine.laws.steps import Step
from engine.model.cards import FULL_DECK, Card, Suit
from engine.model.deal import Deal
from engine.model.play import PlayedCard, Trick
from engine.model.seats import SEATS, Seat, Side
from engine.scoring import Fault


class Discovery(StrEnum):
    """When the irregularity came to light (it decides the law path).

    * ``before_call``: no player holding an incorrect hand has yet called (13A; for a missing
      card, before the opening lead is faced: 14A).
    * ``during_auction``: after a call by a player with an incorrect hand, before the opening
      lead is faced (13B; 14A).
    * ``during_play``: the opening lead has been faced (13B; 14B).
    * ``after_play``: play has ended, within the correction period (13D; 14B).
    """

    BEFORE_CALL = "before_call"
    DURING_AUCTION = "during_auction"
    DURING_PLAY = "during_play"
    AFTER_PLAY = "after_play"


class MissingCardFound(StrEnum):
    """Where the search of Law 14 found the missing card.

    * ``among_played_cards``: in the quitted tricks (14B1: Law 67, a defective trick);
    * ``elsewhere``: on the floor, in another board... (14A / 14B2: restored to the hand);
    * ``not_found``: the deal is reconstructed with another pack (14A / 14B3).
    """

    AMONG_PLAYED_CARDS = "among_played_cards"
    ELSEWHERE = "elsewhere"
    NOT_FOUND = "not_found"


class Action(StrEnum):
    """What the director does at the table."""

    NO_IRREGULARITY = "no_irregularity"
    CORRECT_AND_PLAY_ON = "correct_and_play_on"
    SEARCH_FOR_MISSING_CARD = "search_for_missing_card"
    SCORE_STANDS = "score_stands"
    SCORE_AFTER_REVOKE_RULING = "score_after_revoke_ruling"
    ASSIGNED_ADJUSTED_SCORE = "assigned_adjusted_score"
    ARTIFICIAL_ADJUSTED_SCORE = "artificial_adjusted_score"


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


@dataclass(frozen=True, slots=True)
class CardCountFacts:
    """What the director establishes at the table (Laws 13 and 14).

    Attributes:
        discovered: when the irregularity came to light.
        card_seen: a player saw a card of another player (13A2).
        calls_unaffected: the director judges the deal can be corrected and played normally
            without change of call (13B1). Not possible once a moved card has been played.
        surplus_played_to_quitted_trick: a surplus card was played to a quitted trick (13C);
            ``None``: read it from the play record (a surplus copy played to a completed trick).
        missing_found: where the missing card was found (14A, 14B1-14B3); ``None``: not searched yet.
        defective_trick: 14B1, the trick among whose cards the missing card was found (1-13).
        defect: 14B1 when the play is not given trick by trick: the offender failed to play to
            the defective trick (67B1) or played too many cards to it (67B2). Read from the
            record when the play is given trick by trick (a trick of three or five cards).
        faced_card: 67B2: the card the offender faced in playing to the defective trick, when
            the director can tell (else the card found among the played cards was the hidden
            one; failing that, the highest-ranking card he could legally have played stays).
        revoke_noticed: when attention was first drawn to a revoke that the restored card
            (14B4) or the defective trick (67B2) reveals, for Law 64B4/64B5; ``None``: as
            ``discovered`` says (during or after play).
        fault: 12C2(a) responsibility by side, overriding the default (the sides whose players
            held incorrect hands failed to count their cards, Law 7B1: directly at fault).
        auction_would_be_unchanged: the director judges the table's contract would have been
            reached with the correct hands: an assigned score is then proposed from the double-
            dummy result of that contract on the corrected deal (12C1(b)).
    """

    discovered: Discovery
    card_seen: bool = False
    calls_unaffected: bool = False
    surplus_played_to_quitted_trick: bool | None = None
    missing_found: MissingCardFound | None = None
    defective_trick: int | None = None
    fault: Mapping[Side, Fault] | None = None
    auction_would_be_unchanged: bool = True
    defect: DefectKind | None = None
    faced_card: Card | None = None
    revoke_noticed: Noticed | None = None


@dataclass(frozen=True, slots=True)
class CardCountDecision:
    """The law path and the director's action.

    Attributes:
        action: what the director does.
        steps: each step with its law, in order.
        adjusted: an adjusted score is due (assigned when ``assign`` is True, else artificial).
        assign: an assigned adjusted score (12C1(b)) is possible from the corrected deal.
        fault: 12C2(a) responsibility of each side (used for an artificial score).
        revoke_check: a restored card (14B4) or a defective trick (14B1/67B) makes the revoke
            laws apply: the advisor runs the Law 64 engine on the corrected deal.
        optional_adjustment: the law lets the director award an adjusted score without
            requiring it (13C: a surplus card played to a quitted trick): the assigned or
            artificial score is proposed as his option, not as the ruling.
    """

    action: Action
    steps: tuple[Step, ...]
    adjusted: bool = False
    assign: bool = False
    fault: Mapping[Side, Fault] = field(default_factory=dict)
    revoke_check: bool = False
    optional_adjustment: bool = False


def default_fault(irr: CardIrregularity) -> dict[Side, Fault]:
    """12C2(a) responsibility as the Laws presume it: a side whose player held an incorrect hand
    failed to count his cards (Law 7B1) and is directly at fault; a surplus card that replaced a
    card of the deal in a 13-card hand came with the board: nobody at this table is at fault
    (docs/rulings.md N1, N2, N3)."""
    wrong: set[Seat] = set()
    for s in irr.incorrect_hands:
        if irr.counts[SEATS.index(s)] != 13 or any(m.found_in is s or m.belongs_to is s for m in irr.moved):
            wrong.add(s)
        elif any(m.belongs_to is s for m in irr.missing) and not any(x.found_in is s for x in irr.surplus):
            wrong.add(s)
    return {side: Fault.DIRECTLY if any(s.side is side for s in wrong) else Fault.NONE for side in Side}


def decide_defective_tricks(defects: Sequence[DefectiveTrick], facts: CardCountFacts,
                            irr: CardIrregularity) -> CardCountDecision:
    """Law 67B alone: every hand holds its 13 cards, but the play record shows a defective trick
    (a player who did not play to a trick, or who played two cards to one).

    Returns:
        The decision: each defect's step (67B1 or 67B2), then the revoke laws (``revoke_check``).
    """
    steps = [Step("67B", "The play record shows a defective trick; both sides have played to the next trick, so "
                  "Law 67B rectifies it.", "cc.67B")]
    steps += [d.step() for d in defects]
    action = Action.CORRECT_AND_PLAY_ON if facts.discovered is Discovery.DURING_PLAY else \
        Action.SCORE_AFTER_REVOKE_RULING
    return CardCountDecision(action, tuple(steps), fault=default_fault(irr), revoke_check=True)


def decide_card_count(irr: CardIrregularity, facts: CardCountFacts, *, has_contract: bool,
                      moved_card_played: bool = False, surplus_in_quitted_trick: bool = False,
                      defects: Sequence[DefectiveTrick] = ()) -> CardCountDecision:
    """The law path of Laws 13 and 14 (docs/laws.md section 10).

    Args:
        irr: what :func:`find_irregularity` found (not regular).
        facts: the director's facts.
        has_contract: a contract was reached (False: passed out, or the auction is not over).
        moved_card_played: a card of an incorrect hand was played by the wrong hand (read from
            the play record): the deal can no longer be corrected and played normally.
        surplus_in_quitted_trick: the play record shows a surplus copy in a completed trick.
        defects: the defective tricks read from a play record given trick by trick (Law 67):
            with a missing card found among the played cards (14B1) they decide between 67B1
            and 67B2.

    Returns:
        The :class:`CardCountDecision`.
    """
    fault = dict(facts.fault) if facts.fault else default_fault(irr)
    steps: list[Step] = []
    law = irr.law
    correctable = irr.corrected is not None
    assign = correctable and has_contract and facts.auction_would_be_unchanged

    def adjusted(first: Step, *more: Step) -> CardCountDecision:
        steps.append(first)
        steps.extend(more)
        if assign:
            steps.append(Step("12C1(b)", "Assigned adjusted score: the probable outcome had the infraction not "
                                         "occurred, from the double-dummy result of the contract on the corrected "
                                         "deal (the director judges the auction would have reached it).",
                              "cc.assigned"))
            return CardCountDecision(Action.ASSIGNED_ADJUSTED_SCORE, tuple(steps), True, True, fault)
        why_key = "no_deal" if not correctable else "no_contract" if not has_contract else "auction_differs"
        why = ("the deal as it should have been cannot be told" if not correctable else
               "no contract to assess" if not has_contract else
               "the director judges the auction would have differed")
        fault_phrases = tuple(Step("", f"{side.value} {_FAULT_TEXT[fault.get(side, Fault.NONE)]}",
                                   f"cc.fault.{fault.get(side, Fault.NONE).value}", {"side": side.value})
                              for side in Side)
        steps.append(Step("12C2(a)", f"No result can be obtained ({why}): artificial adjusted score by "
                                     "responsibility: " + _fault_text(fault) + ".", "cc.artificial",
                          {"why": Step("", why, f"cc.why.{why_key}"), "fault": fault_phrases}))
        return CardCountDecision(Action.ARTIFICIAL_ADJUSTED_SCORE, tuple(steps), True, False, fault)

    if irr.surplus:
        names = ", ".join(f"{s.card} ({s.found_in.value})" for s in irr.surplus)
        quitted = facts.surplus_played_to_quitted_trick
        if quitted is None:
            quitted = surplus_in_quitted_trick
        text = f"Remove the surplus card(s) {names}; the auction and play continue without further rectification."
        steps.append(Step("13C", text + (" A surplus card was played to a quitted trick: an adjusted score may "
                                         "be awarded." if quitted else
                                         " No surplus card was played to a quitted trick: no adjusted score "
                                         "on that account."), "cc.13C_quitted" if quitted else "cc.13C",
                          {"cards": names}))
        if law == "13C":  # nothing else is wrong: each hand has its own 13 cards once it is removed
            if quitted and facts.discovered in (Discovery.DURING_PLAY, Discovery.AFTER_PLAY):
                # 13C: an adjusted score "may" be awarded: the director's option, not the ruling
                after = facts.discovered is Discovery.AFTER_PLAY
                steps.append(Step("13C", "The adjusted score is the director's option, not a requirement: he takes "
                                  "it if he judges that the surplus card affected the result (the proposals below); "
                                  "otherwise " + ("the result stands." if after else "play continues."),
                                  "cc.13C_option_after" if after else "cc.13C_option_play_on"))
                return CardCountDecision(Action.SCORE_STANDS if after else Action.CORRECT_AND_PLAY_ON, tuple(steps),
                                         assign=assign, fault=fault, optional_adjustment=True)
            if facts.discovered is Discovery.AFTER_PLAY:
                steps.append(Step("13C", "The result stands.", "cc.result_stands"))
                return CardCountDecision(Action.SCORE_STANDS, tuple(steps), fault=fault)
            steps.append(Step("13C", "Play on; the current trick is sorted out under Laws 53-57 if the surplus "
                                     "card was played to it.", "cc.13C_play_on"))
            return CardCountDecision(Action.CORRECT_AND_PLAY_ON, tuple(steps), fault=fault)

    # A surplus card that took the place of one of the hand's own cards (the hand is short once it
    # is removed) made that hand incorrect when its player called: Law 13B/13D, not 14 (N1).
    replaced = bool(irr.surplus) and any(irr.count_after_removal(x.found_in) < 13 for x in irr.surplus)
    if law == "13" or (replaced and facts.discovered is not Discovery.BEFORE_CALL):
        if facts.discovered is Discovery.BEFORE_CALL:
            if facts.card_seen:
                steps.append(Step("13A2", "No player with an incorrect hand has called, but a player saw another "
                                          "player's card: correct the deal, play and score it normally; if the "
                                          "extra information affected the result, award an adjusted score "
                                          "(12C1(b)); the offender may be penalised.", "cc.13A2"))
            else:
                steps.append(Step("13A1", "No player with an incorrect hand has called and nobody saw another "
                                          "player's card: correct the deal and play it normally.", "cc.13A1"))
            return CardCountDecision(Action.CORRECT_AND_PLAY_ON, tuple(steps), fault=fault)
        if facts.discovered is Discovery.AFTER_PLAY:
            return adjusted(Step("13D", "Found after play ended: the result obtained is cancelled and an adjusted "
                                        "score awarded (in teams Law 86B may apply); the offender is subject to a "
                                        "procedural penalty.", "cc.13D"))
        if facts.calls_unaffected and not moved_card_played:
            steps.append(Step("13B1", "The director judges the deal can be corrected and played normally without "
                                      "change of call: correct it and play on; at the end of play the director "
                                      "may award an adjusted score.", "cc.13B1"))
            return CardCountDecision(Action.CORRECT_AND_PLAY_ON, tuple(steps), fault=fault)
        reason = ("a card of an incorrect hand has been played by the wrong hand" if moved_card_played else
                  "a call was made with an incorrect number of cards and the director does not judge that the "
                  "deal can be played normally without change of call")
        return adjusted(Step("13B2", f"Adjusted score: {reason}; the offender may be penalised.",
                             "cc.13B2_played" if moved_card_played else "cc.13B2"))

    # Law 14: cards missing, no hand over 13 (after any surplus card was removed)
    before_lead = facts.discovered in (Discovery.BEFORE_CALL, Discovery.DURING_AUCTION)
    if before_lead:
        found = facts.missing_found
        how = ("restore it to the deficient hand" if found is MissingCardFound.ELSEWHERE else
               "reconstruct the deal with another pack" if found is MissingCardFound.NOT_FOUND else
               "search for it; if found, restore it to the deficient hand, if not, reconstruct the deal with "
               "another pack")
        how_key = ("restore" if found is MissingCardFound.ELSEWHERE else
                   "reconstruct" if found is MissingCardFound.NOT_FOUND else "search")
        steps.append(Step("14A", f"Before the opening lead is faced: {how}. The auction and play continue "
                                 "normally; calls stand and the hand is deemed to have held all its cards "
                                 "throughout (14A3).", f"cc.14A_{how_key}"))
        steps.append(Step("14C", "Knowledge of the replacement is unauthorised information for the partner of "
                                 "the player whose hand was deficient.", "cc.14C"))
        return CardCountDecision(Action.CORRECT_AND_PLAY_ON, tuple(steps), fault=fault)

    found = facts.missing_found
    if found is None:
        steps.append(Step("14B", "After the opening lead: search for the missing card. If it is among the played "
                                 "cards, Law 67 applies (14B1); if found elsewhere, restore it to the hand (14B2); "
                                 "if not found, reconstruct the deal with another pack (14B3).", "cc.14B"))
        return CardCountDecision(Action.SEARCH_FOR_MISSING_CARD, tuple(steps), fault=fault)
    if not has_contract:
        return adjusted(Step("14A3", "The board was passed out with a deficient hand; by analogy with 14A3 the "
                                     "auction stands.", "cc.14A3_passed_out"),
                        Step("12A2", "No rectification permits normal play of the board: artificial adjusted "
                                     "score.", "cc.12A2"))
    if found is MissingCardFound.AMONG_PLAYED_CARDS:
        steps.append(Step("14B1", "The missing card was found among the played cards: Law 67 (defective trick) "
                                  "applies.", "cc.14B1"))
        if defects:
            steps += [d.step() for d in defects]
        elif facts.defect is DefectKind.FAILED_TO_PLAY:
            steps.append(Step("67B1", "The offender's card is placed among his played cards of the defective trick; "
                                      "it does not change who won that trick. He is deemed to have revoked on the "
                                      "defective trick: one trick is transferred under 64A2 if his side won that "
                                      "trick or a later one.", "cc.67B1"))
        elif facts.defect is DefectKind.PLAYED_TOO_MANY:
            steps.append(Step("67B2", "The offender played the card to the defective trick with another: it is "
                                      "restored to his hand and deemed to have belonged to it continuously; the "
                                      "ownership of the trick does not change. Failure to have played it to a later "
                                      "trick may be a revoke: give the play trick by trick to check.", "cc.67B2_need"))
        else:
            steps.append(Step("67B", "Tell which Law 67B paragraph applies: give the play trick by trick (a trick of "
                                     "five cards: the offender played two cards to it, 67B2, the card is restored "
                                     "to his hand; a trick of three: he did not play to it, 67B1, a deemed revoke), "
                                     "or say which (defect).", "cc.67B_need"))
    else:
        steps.append(Step("14B2" if found is MissingCardFound.ELSEWHERE else "14B3",
                          "The card was found elsewhere: it is restored to the deficient hand." if
                          found is MissingCardFound.ELSEWHERE else
                          "The card was not found: the deal is reconstructed with another pack.",
                          "cc.14B2" if found is MissingCardFound.ELSEWHERE else "cc.14B3"))
        steps.append(Step("14B4", "The restored card is deemed to have belonged to the deficient hand "
                                  "throughout: it may become a penalty card (Law 50), and failure to have played "
                                  "it may be a revoke (Laws 61-64).", "cc.14B4"))
    steps.append(Step("14C", "Knowledge of the replacement is unauthorised information for the partner of the "
                             "player whose hand was deficient.", "cc.14C"))
    if facts.discovered is Discovery.DURING_PLAY:
        steps.append(Step("14B4", "Play continues with the card in the hand; at the end of play the revoke laws "
                                  "are applied to any trick where the card should have been played.",
                          "cc.14B4_play_on"))
        return CardCountDecision(Action.CORRECT_AND_PLAY_ON, tuple(steps), fault=fault, revoke_check=True)
    return CardCountDecision(Action.SCORE_AFTER_REVOKE_RULING, tuple(steps), fault=fault, revoke_check=True)


_FAULT_TEXT = {Fault.NONE: "in no way at fault: average plus", Fault.PARTLY: "partly at fault: average",
               Fault.DIRECTLY: "directly at fault: average minus"}


def _fault_text(fault: Mapping[Side, Fault]) -> str:
    return "; ".join(f"{side.value} {_FAULT_TEXT[fault.get(side, Fault.NONE)]}" for side in Side)


def players_of(cards: Sequence[Card], opening_leader: Seat, trump: Suit | None
               ) -> tuple[tuple[Seat, ...], tuple[Seat, ...]]:
    """Who played each card of a play record made with incorrect hands, and who won each
    completed trick: rotation from the opening leader, the winner of each trick leading the
    next (Law 44). Nothing is checked against the hands (they were wrong).

    Returns:
        ``(players, winners)``: one seat per card; one seat per completed trick.
    """
    players: list[Seat] = []
    winners: list[Seat] = []
    leader = opening_leader
    current: list[PlayedCard] = []
    for card in cards:
        seat = leader.rotation()[len(current)]
        players.append(seat)
        current.append(PlayedCard(seat, card))
        if len(current) == 4:
            leader = Trick(0, leader, tuple(current)).winner(trump)
            winners.append(leader)
            current = []
    return tuple(players), tuple(winners)


def deemed_revoke_transfer(offender: Seat, defective_trick: int, winners: Sequence[Seat],
                           claim_tricks_to_offenders: int = 0) -> int:
    """Law 67B1 (2017): tricks transferred for the deemed revoke on a defective trick.

    The offender is deemed to have revoked on the defective trick, and one trick is
    transferred under 64A2 if his side won that trick or any later one (the card he places
    among his played cards does not change who won the defective trick).

    Args:
        offender: the player who failed to play to the trick (the deficient hand, 14B1).
        defective_trick: the trick number, 1-13.
        winners: the winners of the completed tricks, in order.
        claim_tricks_to_offenders: tricks the offending side got in a claim of the rest.

    Returns:
        1 or 0.
    """
    later = [w for n, w in enumerate(winners, start=1) if n >= defective_trick]
    won = any(w.side is offender.side for w in later) or claim_tricks_to_offenders > 0
    return 1 if won else 0


def play_facts(irr: CardIrregularity, cards: Sequence[Card], players: Sequence[Seat]) -> tuple[bool, bool]:
    """``(moved_card_played, surplus_in_quitted_trick)`` read from the play so far.

    A moved card played by the hand it was found in can no longer be put back (13B1 is then
    out of reach); a surplus copy played by the hand that held it, in a trick that was
    completed, is a surplus card "played to a quitted trick" (13C).
    """
    moved = {(m.card, m.found_in) for m in irr.moved}
    surplus = {(x.card, x.found_in) for x in irr.surplus}
    complete = len(cards) - len(cards) % 4
    moved_played = any((c, s) in moved for c, s in zip(cards, players, strict=True))
    in_quitted = any((c, s) in surplus for c, s in zip(cards[:complete], players[:complete], strict=True))
    return moved_played, in_quitted
