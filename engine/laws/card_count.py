"""Laws 13 and 14 (2017): an incorrect number of cards, a surplus card, a missing card.

Two pure steps, no solver:

* :func:`engine.laws.card_irregularity.find_irregularity` compares the hands as found at the
  table (each may hold 12, 13, 14 cards or a duplicate) with the hand record when there is one:
  which hand has too many, which too few, which cards moved, which card is surplus (13C),
  which is missing (Law 14), and the deal as it should have been when that can be told.
* :func:`decide_card_count` chooses the law path from when the irregularity was discovered
  and the facts the director establishes: 13A1, 13A2, 13B1, 13B2, 13C, 13D, 14A, 14B1-14B4,
  with 12C1(b) (assigned) or 12C2 (artificial, by fault) when an adjusted score is due.

Terms follow the Polish text of Law 13 (``../shared/seeds``): *niewłaściwa liczba kart*
(incorrect number of cards), *karta dodatkowa* (surplus card), *wynik rozjemczy* (adjusted
score). docs/laws.md sections 2, 3 and 10; docs/rulings.md part B (N1-N9).

This module holds the second step; the play made with the incorrect hands (who played each
card, the 67B1 transfer) is read by :mod:`engine.laws.card_count_play`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine.laws.card_irregularity import CardIrregularity
from engine.laws.defective_trick import DefectiveTrick, DefectKind
from engine.laws.facts import Noticed
from engine.laws.steps import Step
from engine.model.cards import Card
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


