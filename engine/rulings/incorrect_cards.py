"""Use case: a ruling on an incorrect number of cards, a surplus or a missing card (Laws 13, 14).

``advise_incorrect_cards`` finds the irregularity (:mod:`engine.laws.card_count`), decides the
law path, asks the double-dummy layer for the evidence on the corrected deal (its DD table,
par, the DD tricks of the contract reached, and the DD result from the point of discovery
when the play so far fits the corrected deal), reuses the Law 64 engine when a restored card
(14B4) or a defective trick (14B1, Law 67B) makes a revoke, and proposes the score: assigned
(12C1(b), North-South view) when the outcome can be judged, otherwise artificial by fault
(12C2(a)), with the artificial split always shown as the alternative of an assigned score.

The case, the evidence and the advice it returns are in :mod:`engine.rulings.incorrect_cards_advice`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.dd.protocol import DoubleDummySolver
from engine.errors import IllegalPlayError, InvalidBoardError
from engine.laws.card_count import (
    Action,
    CardCountDecision,
    Discovery,
    MissingCardFound,
    decide_card_count,
    decide_defective_tricks,
)
from engine.laws.card_count_play import deemed_revoke_transfer, play_facts, players_of, short_at_last_trick
from engine.laws.card_irregularity import CardIrregularity, find_irregularity
from engine.laws.defective_trick import DefectiveTrick, DefectKind, TricksRead, read_tricks
from engine.laws.equity import declarer_tricks_from
from engine.laws.facts import Noticed, RevokeFacts
from engine.laws.steps import Step
from engine.model.board import BoardRecord
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.play import PlayRecord
from engine.model.seats import SEATS, Seat, Side, Vulnerability
from engine.rulings.incorrect_cards_advice import (
    DDEvidence,
    IncorrectCardsAdvice,
    IncorrectCardsCase,
    OffenderGain,
    ScoredResult,
    TableBeside,
)
from engine.rulings.revoke import advise_revoke
from engine.rulings.revoke_advice import RevokeAdvice
from engine.scoring import ARTIFICIAL, PROFILES, Fault, Profile, score_ns

_NOTICED = {Discovery.DURING_PLAY: Noticed.DURING_PLAY, Discovery.AFTER_PLAY: Noticed.AFTER_PLAY}


def advise_incorrect_cards(case: IncorrectCardsCase, *, solver: DoubleDummySolver,
                           profile: Profile = PROFILES["wbf"]) -> IncorrectCardsAdvice:
    """Rule on a Law 13 / 14 case: findings, law path, DD evidence and the proposed score.

    A double-dummy result better for the only side at fault than its table result is never
    assigned (Law 12B1): the table result is assigned for both sides. ``profile`` gives the usual
    procedural penalty. A deficient hand that had nothing for trick 13 is ruled under Law 14B
    (the play read with that hand passed over; the restored card completes trick 13, 14B4).

    Raises:
        InvalidBoardError: contradictory input (path names the field): a hand record that is
            not a complete deal, hands that are a complete deal but not the hand record's (a
            fouled board, Law 87), play with no contract, a play record longer than the hands,
            a defective trick outside the play, a table result out of range.
        SolverError: the solver failed (never given hands of unequal length).
    """
    irr = find_irregularity(case.found, case.hand_record)
    _check(case, irr)
    contract = case.contract
    trump = contract.strain.trump if contract else None
    held = _held(case, irr) if irr.law == "14" else None
    read = _read_tricks(case, irr) if case.tricks is not None and contract is not None else None
    if read is not None:
        players, winners, defects = read.flat_players, read.winners, read.defects
        short_end: tuple[Seat, ...] = (read.short_at_end,) if read.short_at_end else ()
    else:
        players, winners = players_of(case.play, contract.declarer.lho, trump, held) if contract else ((), ())
        defects = ()
        short_end = short_at_last_trick(players, held) if held else ()
    _check_play(case, irr, players)
    facts = case.facts
    if facts.missing_found is None and any(set(d.restored) & {m.card for m in irr.missing} for d in defects):
        facts = replace(facts, missing_found=MissingCardFound.AMONG_PLAYED_CARDS)  # the record shows where it was
    moved_played, surplus_quitted = play_facts(irr, case.play, players)
    if irr.is_regular and defects:
        decision = decide_defective_tricks(defects, facts, irr)
    elif irr.is_regular:
        decision = CardCountDecision(Action.NO_IRREGULARITY, (Step(
            "13/14", "Every hand holds 13 cards of the deal" + (" (the hand record's)" if case.hand_record else "")
            + ": Laws 13 and 14 do not apply.", "cc.regular"),))
    else:
        decision = decide_card_count(irr, facts, has_contract=contract is not None, moved_card_played=moved_played,
                                     surplus_in_quitted_trick=surplus_quitted, defects=defects)

    steps: list[Step] = [Step("13/14" if irr.law is None else irr.law, irr.describe(), "cc.findings",
                              {"items": irr.findings()})]
    steps += _short_end_steps(short_end, len(winners))
    steps += decision.steps
    # the play as it stands after Law 67B2 (the restored card back in its hand); none after 67B1
    play = case.play if read is None else read.corrected_play or ()
    if short_end and contract is not None and facts.missing_found in (MissingCardFound.ELSEWHERE,
                                                                     MissingCardFound.NOT_FOUND):
        play, restored_step = _restore_to_trick_13(play, players, winners, short_end, irr)
        steps += restored_step
    record = _record_on(irr.corrected, contract, play)
    evidence = _evidence(case, irr, record, solver) if irr.corrected is not None and not irr.is_regular else None
    if evidence is not None:
        steps.append(_evidence_step(evidence, contract))

    table_tricks = _table_tricks(case, record, winners)
    table_score = score_ns(contract, table_tricks, case.vulnerability) if contract and table_tricks is not None \
        else None
    revoke, ruled = None, None
    failed = next((d for d in defects if d.kind is DefectKind.FAILED_TO_PLAY), None)
    too_many = any(d.kind is DefectKind.PLAYED_TOO_MANY for d in defects)
    if decision.revoke_check and contract is not None:
        if failed is not None or (not defects and facts.missing_found is MissingCardFound.AMONG_PLAYED_CARDS
                                  and facts.defect is DefectKind.FAILED_TO_PLAY):
            ruled, step = _deemed_revoke(case, irr, contract, winners, table_tricks, failed)
            steps.append(step)
        elif not too_many and facts.missing_found is MissingCardFound.AMONG_PLAYED_CARDS:
            pass  # 67B2 or 67B not yet told apart: the decision's steps ask for the play trick by trick
        elif record is not None and irr.corrected is not None:
            revoke = _revoke_ruling(case, irr.corrected, contract, record, solver)
            steps += _failures_to_follow(irr, record)
            if revoke is not None:
                ruled = _scored(contract, revoke.suggested_tricks, case.vulnerability)
                if revoke.rulings:
                    steps.append(Step(revoke.suggested_law, "Revoke laws on the corrected deal: " + "; ".join(
                        x.revoke.describe() for x in revoke.rulings) + f"; result {revoke.suggested_result}.",
                        "cc.revoke_laws", {"revokes": tuple(x.revoke.phrase() for x in revoke.rulings),
                                           "result": revoke.suggested_result}))
                else:
                    steps.append(Step(revoke.suggested_law, "No revoke on the corrected deal: the card was never "
                                      "needed to follow suit.", "cc.no_revoke_needed"))
    assigned, gain = None, None
    offered = decision.adjusted or decision.optional_adjustment  # 13C: the director's option only
    option = "Director's option (13C): " if decision.optional_adjustment else ""
    table_result = _scored(contract, table_tricks, case.vulnerability) if contract and table_tricks is not None \
        else None
    if offered and decision.assign and evidence is not None and contract is not None:
        tricks = evidence.from_discovery if evidence.from_discovery is not None else evidence.contract_tricks
        if tricks is not None:
            assigned = _scored(contract, tricks, case.vulnerability)
            if table_result is not None:
                gain = _offender_gain(decision.fault, table_result, assigned, profile)
            if gain is None:
                steps.append(Step("12C1(b)", f"{option}Proposed assigned adjusted score: {assigned.result}, "
                                             f"NS {assigned.score_ns:+d}.",
                                  "cc.option_assigned" if option else "cc.proposed_assigned",
                                  {"result": assigned.result, "score": f"{assigned.score_ns:+d}"}))
            else:
                steps += _offender_gain_steps(gain, irr, case.facts.fault is not None,
                                              "13D" if any(s.law == "13D" for s in decision.steps) else "90")
                assigned = gain.table  # 12B1: the table result, for both sides
    artificial = {side: ARTIFICIAL[decision.fault[side]] for side in Side} if offered else {}
    if artificial:
        items = tuple(Step("", f"{side.value} {a.label} ({a.percent}% / {a.imps:+d} IMPs)",
                           f"cc.art.{decision.fault[side].value}",
                           {"side": side.value, "percent": a.percent, "imps": f"{a.imps:+d}"})
                      for side, a in artificial.items())
        text = "; ".join(i.text for i in items)
        key = "cc.alternative" if assigned or gain else "cc.option_artificial" if option else "cc.proposed_artificial"
        steps.append(Step("12C2(a)", ("Alternative, if the director judges no result can be assigned: "
                                      if assigned or gain
                                      else f"{option}Proposed artificial adjusted score: ") + text + ".",
                          key, {"items": items}))
    beside = None
    if table_result is not None and (offered or ruled is not None):
        proposal = table_result if decision.optional_adjustment else assigned or ruled
        beside = TableBeside(table_result, proposal, {} if proposal is not None else artificial, gain is not None)
        steps.append(_beside_step(beside, bool(artificial)))
    return IncorrectCardsAdvice(case, irr, decision, evidence, assigned, artificial, revoke, ruled, table_score,
                                tuple(steps), table_tricks, gain, beside)


def _offender_gain(fault: Mapping[Side, Fault], table: ScoredResult, dd: ScoredResult,
                   profile: Profile) -> OffenderGain | None:
    """Law 12B1: an :class:`OffenderGain` when exactly one side is at fault and the double-dummy
    result ``dd`` is better for it than the ``table`` result: an adjustment never gives the side
    at fault more than its table score and never leaves the non-offending side with less, so the
    table result is assigned. ``None`` (``dd`` is assigned as it stands) when ``dd`` moves only
    towards the non-offending side, or when no side or both sides are at fault."""
    at_fault = [side for side in Side if fault.get(side, Fault.NONE) is not Fault.NONE]
    if len(at_fault) != 1:
        return None
    off = at_fault[0]
    sign = 1 if off is Side.NS else -1
    if sign * dd.score_ns <= sign * table.score_ns:
        return None
    return OffenderGain(off, table, dd, profile)


def _offender_gain_steps(gain: OffenderGain, irr: CardIrregularity, fault_given: bool, pp_law: str) -> list[Step]:
    """The steps of a double-dummy result that favours the side at fault: who is at fault and
    why (7B1, or as the director gave it), 12B1 (the table result is assigned for both sides),
    and the procedural penalty (13D or Law 90) with the profile's usual figure."""
    off, nos = gain.offending, gain.offending.other
    t, d = gain.table, gain.double_dummy
    hands = ", ".join(f"{s.value} {n}" for s, n in zip(SEATS, irr.counts, strict=True)
                      if s.side is off and n != 13) or ", ".join(s.value for s in irr.incorrect_hands
                                                                 if s.side is off)
    if fault_given:
        why = Step("", f"{off.value} are at fault, as the director gave the responsibility", "cc.og.fault_given",
                   {"side": off.value})
    else:
        why = Step("", f"{off.value} are at fault: their hands held an incorrect number of cards ({hands}) and a "
                   "player counts his cards before the auction (7B1)", "cc.og.fault_hands",
                   {"side": off.value, "hands": hands})
    steps = [Step("12B1", f"{why.text}. Double dummy on the corrected deal gives {d.result} (NS {d.score_ns:+d}), "
                  f"better for {off.value} than the table result, {t.result} (NS {t.score_ns:+d}). Law 12B1: an "
                  "adjustment redresses damage to the non-offending side and takes away any advantage gained by "
                  f"the offending side; {nos.value} were not damaged, and {off.value} may not gain: the table "
                  f"result, {t.result}, is the assigned adjusted score for both sides.", "cc.og.12B1",
                  {"why": why, "dd": d.result, "dd_score": f"{d.score_ns:+d}", "side": off.value,
                   "nos": nos.value, "table": t.result, "table_score": f"{t.score_ns:+d}"})]
    name = gain.profile.name.upper()
    pp = gain.profile.procedural_penalty
    if pp is not None:
        steps.append(Step(pp_law, f"The offender is subject to a procedural penalty (Law 90): its amount is the "
                          f"director's; {name} practice is {pp}% of a top, a suggestion the director edits.",
                          "cc.og.pp_figure", {"profile": name, "percent": pp}))
    else:
        steps.append(Step(pp_law, "The offender is subject to a procedural penalty (Law 90): its amount is the "
                          "director's.", "cc.og.pp"))
    return steps


def _beside_step(b: TableBeside, artificial_offered: bool) -> Step:
    """The table's score for both sides beside the proposal (law ``"77"``, the scoring law), each side's own
    points; an artificial proposal (or alternative) is said not to be bounded by the table score."""
    t = b.table
    table = Step("", f"The table's score: {t.result}, North-South {b.table_points(Side.NS):+d}, East-West "
                 f"{b.table_points(Side.EW):+d}", "cc.beside.table",
                 {"result": t.result, "ns": f"{b.table_points(Side.NS):+d}", "ew": f"{b.table_points(Side.EW):+d}"})
    parts = [table]
    if b.proposal is not None:
        ns, ew = b.proposal_points(Side.NS), b.proposal_points(Side.EW)
        assert ns is not None and ew is not None
        key = "cc.beside.same" if b.proposal.score_ns == t.score_ns else "cc.beside.proposal"
        parts.append(Step("", f"the proposal: {b.proposal.result}, North-South {ns:+d}, East-West {ew:+d}"
                          + (" (the same)" if key == "cc.beside.same" else ""), key,
                          {"result": b.proposal.result, "ns": f"{ns:+d}", "ew": f"{ew:+d}"}))
    if b.artificial:
        a_ns, a_ew = b.artificial[Side.NS], b.artificial[Side.EW]
        parts.append(Step("", f"the proposal is an artificial adjusted score, for a board the director rules "
                          f"unplayable (no result can be obtained): North-South {a_ns.percent}%, East-West "
                          f"{a_ew.percent}%; it is not bounded by the table's score", "cc.beside.artificial",
                          {"ns": a_ns.percent, "ew": a_ew.percent}))
    elif artificial_offered:
        parts.append(Step("", "the artificial alternative is for a board the director rules unplayable: it is not "
                          "bounded by the table's score", "cc.beside.artificial_alternative"))
    return Step("77", "; ".join(p.text for p in parts) + ".", "cc.beside", {"items": tuple(parts)})


def _held(case: IncorrectCardsCase, irr: CardIrregularity) -> dict[Seat, int]:
    """Law 14: the cards each hand could play: as found, plus a missing card of its own that the
    record shows played (found among the played cards, 14B1); a deficient hand runs out before
    trick 13 only when its missing card was never played."""
    held = dict(zip(SEATS, irr.counts, strict=True))
    played = set(case.play)
    for m in irr.missing:
        if m.belongs_to is not None and m.card in played:
            held[m.belongs_to] += 1
    return held


def _short_end_steps(short: tuple[Seat, ...], completed: int) -> list[Step]:
    """Law 14B: the deficient hand(s) that had nothing for trick 13 (found after the opening lead)."""
    return [Step("14B", f"{seat.value} had no card for trick 13: his hand was deficient (a card missing), found "
                 "after the opening lead: Law 14B applies (the trick is read with the other three cards"
                 + (")." if completed == 13 else "; play stopped there)."), "cc.14B_short_end" if completed == 13
                 else "cc.14B_short_end_stopped", {"seat": seat.value}) for seat in short]


def _restore_to_trick_13(play: tuple[Card, ...], players: tuple[Seat, ...], winners: tuple[Seat, ...],
                         short: tuple[Seat, ...], irr: CardIrregularity) -> tuple[tuple[Card, ...], list[Step]]:
    """14B2/14B3 with 14B4: the card restored to the deficient hand is played to trick 13, the
    only trick it had no card for; trick 13 is then four cards in rotation from the winner of
    trick 12, and the play is complete (the revoke laws are applied to it). Returns the play on
    the corrected deal and the step; the play as given and no step when the card cannot be told
    (more than one missing card of that hand, or its owner unknown)."""
    seat = short[0]
    cards = [m.card for m in irr.missing if m.belongs_to is seat]
    if len(short) != 1 or len(cards) != 1 or len(winners) < 12 or len(play) < 48:
        return play, []
    lead = winners[11]
    by_seat = dict(zip(players[48:], play[48:], strict=True)) | {seat: cards[0]}
    if set(by_seat) != set(SEATS):
        return play, []
    last = tuple(by_seat[s] for s in lead.rotation())
    return play[:48] + last, [Step("14B4", f"{cards[0]} is restored to {seat.value}'s hand and played to trick 13: "
                                           "it is deemed to have belonged to the hand throughout (14B4), and the play "
                                           "is complete.", "cc.14B4_trick_13",
                                   {"card": str(cards[0]), "seat": seat.value})]


def _failures_to_follow(irr: CardIrregularity, record: PlayRecord) -> list[Step]:
    """14B4: the tricks where a deficient hand failed to follow suit while it held its restored
    card (deemed to have belonged to it throughout): each may be a revoke (Laws 61-64); when one
    player failed to follow several times, 64B2 (no automatic transfer for a later revoke in the
    same suit by the same player) is named."""
    out: list[Step] = []
    for m in irr.missing:
        seat = m.belongs_to
        if seat is None:
            continue
        tricks = [t.number for t in record.tricks
                  if any(pc.seat is seat for pc in t.cards) and t.cards[0].card.suit == m.card.suit
                  and next(pc.card for pc in t.cards if pc.seat is seat).suit != m.card.suit
                  and m.card not in [pc.card for u in record.tricks if u.number < t.number for pc in u.cards]]
        if not tricks:
            continue
        listed = ", ".join(str(n) for n in tricks)
        if len(tricks) == 1:
            out.append(Step("14B4", f"{seat.value} did not follow suit to trick {listed} while holding {m.card}: the "
                            "revoke laws apply to it.", "cc.14B4_failed_once",
                            {"seat": seat.value, "card": str(m.card), "tricks": listed}))
        else:
            out.append(Step("64B2", f"{seat.value} did not follow suit to tricks {listed} while holding {m.card}: "
                            "each may be a revoke; for a later revoke in the same suit by the same player there is "
                            "no automatic trick transfer (64B2).", "cc.14B4_failed_several",
                            {"seat": seat.value, "card": str(m.card), "tricks": listed, "n": len(tricks)}))
    return out


def _scored(contract: Contract, tricks: int, vulnerability: Vulnerability) -> ScoredResult:
    return ScoredResult(contract, tricks, contract.result_str(tricks), score_ns(contract, tricks, vulnerability))


def _deemed_revoke(case: IncorrectCardsCase, irr: CardIrregularity, contract: Contract,
                   winners: tuple[Seat, ...], table_tricks: int | None,
                   defect: DefectiveTrick | None) -> tuple[ScoredResult | None, Step]:
    """Law 67B1: the player who did not play to the defective trick is deemed to have revoked on
    it. ``defect``: as read from the play given trick by trick; else the facts give the trick and
    the missing card's owner is the offender (14B1)."""
    owners = {m.belongs_to for m in irr.missing}
    k = defect.trick if defect else case.facts.defective_trick
    if defect is None and (len(owners) != 1 or None in owners or k is None):
        return None, Step("67B1", "Give the defective trick and the hand the card belongs to: the deemed revoke "
                                  "transfers one trick under 64A2 if the offending side won that trick or a later one.",
                          "cc.67B1_need")
    offender = defect.offender if defect else next(iter(owners))
    assert offender is not None and k is not None
    claim_to_offenders = 0
    if table_tricks is not None and len(winners) < 13:
        decl_won = sum(1 for w in winners if w.side is contract.declaring_side)
        rest_decl = table_tricks - decl_won
        rest = 13 - len(winners)
        claim_to_offenders = rest_decl if offender.side is contract.declaring_side else rest - rest_decl
    n = deemed_revoke_transfer(offender, k, winners, claim_to_offenders)
    text = (f"{offender.value} is deemed to have revoked on trick {k}: "
            + ("his side won that trick or a later one, so one trick goes to the non-offending side (64A2)."
               if n else "his side won neither that trick nor a later one: no trick to transfer (64A2)."))
    deemed = Step("", text, "cc.deemed_1" if n else "cc.deemed_0", {"seat": offender.value, "trick": k})
    if table_tricks is None:
        return None, Step("67B1", text + " Give the table result to score it.", "cc.67B1_no_result",
                          {"deemed": deemed})
    tricks = table_tricks - n if offender.side is contract.declaring_side else table_tricks + n
    ruled = _scored(contract, tricks, case.vulnerability)
    return ruled, Step("67B1", text + f" Result {ruled.result}, NS {ruled.score_ns:+d}.", "cc.67B1_result",
                       {"deemed": deemed, "result": ruled.result, "score": f"{ruled.score_ns:+d}"})


def _check(case: IncorrectCardsCase, irr: CardIrregularity) -> None:
    """Contradictions in the input, each reported against its field."""
    if irr.differs_from_record:
        raise InvalidBoardError(
            "every hand holds 13 distinct cards but not the hand record's: this is a fouled board (Law 87), "
            "not an incorrect number of cards (Laws 13 and 14)", path="hands", law="87", key="fouled_board")
    if case.play and case.contract is None:
        raise InvalidBoardError("a play record needs the contract and declarer", path="contract",
                                key="play_needs_contract")
    held = sum(irr.counts) + len(irr.missing)  # a missing card may have been played (14B1)
    if len(case.play) > held:
        raise InvalidBoardError(f"the play record has {len(case.play)} cards but the hands hold only {held}",
                                path="play", key="play_over_held", params={"n": len(case.play), "held": held})
    if case.table_tricks is not None and not 0 <= case.table_tricks <= 13:
        raise InvalidBoardError(f"tricks must be 0 to 13, got {case.table_tricks}", path="table_tricks",
                                key="tricks_range", params={"n": case.table_tricks})
    k = case.facts.defective_trick
    if k is not None and not 1 <= k <= 13:
        raise InvalidBoardError(f"the defective trick must be 1 to 13, got {k}", path="defective_trick",
                                key="defective_trick_range", params={"n": k})
    if k is not None and case.facts.missing_found is not MissingCardFound.AMONG_PLAYED_CARDS:
        raise InvalidBoardError("a defective trick is given only when the missing card was found among the "
                                "played cards (14B1)", path="defective_trick", key="defective_trick_unexpected")


def _check_play(case: IncorrectCardsCase, irr: CardIrregularity, players: tuple[Seat, ...]) -> None:
    """Each card of the play must have been in its player's hand as found (a copy each time),
    or be the hand's missing card (found among the played cards, 14B1).

    Raises:
        InvalidBoardError: path ``play/<i>`` (0-based), naming the trick, the player and the card.
    """
    left = {s: list(case.found.get(s, ())) for s in SEATS}
    missing = {m.card: m.belongs_to for m in irr.missing}
    for i, (card, seat) in enumerate(zip(case.play, players, strict=True)):
        if card in left[seat]:
            left[seat].remove(card)
        elif card in missing and missing[card] in (seat, None):
            del missing[card]
        else:
            raise InvalidBoardError(
                f"{card} at trick {i // 4 + 1} ({seat.value} to play) is not in {seat.value}'s hand as found "
                "(or already played): the play record does not fit the hands", path=f"play/{i}",
                key="card_not_in_found_hand", params={"card": str(card), "trick": i // 4 + 1, "seat": seat.value})


def _read_tricks(case: IncorrectCardsCase, irr: CardIrregularity) -> TricksRead:
    """The play given trick by trick, read with the hands as found (and each missing card's owner)."""
    assert case.tricks is not None and case.contract is not None
    held: dict[Card, Seat] = {}
    for seat in SEATS:
        for card in case.found.get(seat, ()):
            held.setdefault(card, seat)
    for m in irr.missing:
        if m.belongs_to is not None:
            held.setdefault(m.card, m.belongs_to)
    deficient = frozenset(m.belongs_to for m in irr.missing if m.belongs_to is not None
                          and case.facts.missing_found is not MissingCardFound.AMONG_PLAYED_CARDS
                          and irr.count_after_removal(m.belongs_to) < 13) if irr.law == "14" else frozenset()
    return read_tricks(case.tricks, held.get, case.contract.declarer.lho, case.contract.strain.trump,
                       hidden=frozenset(m.card for m in irr.missing), faced=case.facts.faced_card,
                       deficient=deficient)


def _record_on(deal: Deal | None, contract: Contract | None, play: tuple[Card, ...]) -> PlayRecord | None:
    """The play so far as a record on the corrected deal, or ``None`` if it does not fit it
    (a card played by a hand that should not have held it)."""
    if deal is None or contract is None or not play:
        return None
    try:
        return PlayRecord.build(deal, contract.strain.trump, contract.declarer.lho, play)
    except IllegalPlayError:
        return None


def _evidence(case: IncorrectCardsCase, irr: CardIrregularity, record: PlayRecord | None,
              solver: DoubleDummySolver) -> DDEvidence:
    deal = irr.corrected
    assert deal is not None
    table = solver.solve_tables([deal])[deal]
    contract = case.contract
    contract_tricks = table.get(contract.strain, contract.declarer) if contract else None
    from_discovery = None  # only while play is under way: after play the play itself is void (13D)
    if (record is not None and contract is not None and not record.is_complete
            and case.facts.discovered is Discovery.DURING_PLAY):
        end = record.position_before(len(record.cards))
        answers = solver.solve_positions([end])
        won = record.tricks_won_by(contract.declaring_side.seats)
        from_discovery = won + declarer_tricks_from(answers, end, contract)
    counts = ", ".join(f"{s.value} {n}" for s, n in zip(SEATS, irr.counts, strict=True))
    as_played = (f"The hands as found ({counts}) cannot be solved double dummy: DDS needs 52 distinct cards, "
                 "13 in each hand.")
    return DDEvidence(deal, table, table.par(case.vulnerability, case.dealer), contract_tricks, from_discovery,
                      as_played, counts)


def _evidence_step(ev: DDEvidence, contract: Contract | None) -> Step:
    """The double-dummy evidence as a step (law ``"DD"``), each clause a translatable phrase."""
    parts = [Step("", f"On the corrected deal: par {ev.par}", "cc.dd.par", {"par": str(ev.par)})]
    if contract is not None and ev.contract_tricks is not None:
        result = contract.result_str(ev.contract_tricks)
        parts.append(Step("", f"{contract} by {contract.declarer.value} makes {ev.contract_tricks} tricks double "
                          f"dummy ({result})", "cc.dd.contract",
                          {"contract": str(contract), "seat": contract.declarer.value, "tricks": ev.contract_tricks,
                           "result": result}))
    if ev.from_discovery is not None and contract is not None:
        result = contract.result_str(ev.from_discovery)
        parts.append(Step("", f"from the point of discovery, {ev.from_discovery} tricks ({result})",
                          "cc.dd.discovery", {"tricks": ev.from_discovery, "result": result}))
    as_played = Step("", ev.as_played, "cc.dd.as_played", {"counts": ev.as_played_counts})
    text = "; ".join(p.text for p in parts) + ". " + ev.as_played
    return Step("DD", text, "cc.dd", {"items": tuple(parts), "as_played": as_played})


def _revoke_ruling(case: IncorrectCardsCase, deal: Deal, contract: Contract, record: PlayRecord,
                   solver: DoubleDummySolver) -> RevokeAdvice | None:
    """The Law 64 engine on the corrected deal: the restored card was held throughout (14B4;
    67B2: the record is the play with the extra card taken out of the defective trick and
    played where its holder ran short), so failing to play it when it would have followed suit
    is a revoke. The time of noticing is the facts' ``revoke_noticed`` (64B4/64B5), else as
    discovered.
    """
    noticed = case.facts.revoke_noticed or _NOTICED.get(case.facts.discovered, Noticed.AFTER_PLAY)
    claim = None
    if not record.is_complete and case.table_tricks is not None:
        claim = case.table_tricks - record.tricks_won_by(contract.declaring_side.seats)
        if not 0 <= claim <= 13 - record.completed_tricks:
            raise InvalidBoardError(f"{case.table_tricks} tricks at the table do not fit the play record",
                                    path="table_tricks", key="table_tricks_differ", params={"n": case.table_tricks})
    board = BoardRecord(deal, contract, case.vulnerability, tuple(pc.card for pc in record.cards), label=case.label)
    try:
        return advise_revoke(board, facts=RevokeFacts(noticed=noticed, claim_declarer_tricks=claim,
                                                         rest_valued_double_dummy=claim is None), solver=solver)
    except InvalidBoardError:
        return None


def _table_tricks(case: IncorrectCardsCase, record: PlayRecord | None, winners: tuple[Seat, ...]) -> int | None:
    """The declarer's side's tricks at the table: given, or counted from a complete play record."""
    if case.table_tricks is not None:
        return case.table_tricks
    if case.contract is None or len(winners) != 13:
        return None
    return sum(1 for w in winners if w.side is case.contract.declaring_side)
