"""The revoke ruling's explanation: one :class:`engine.laws.steps.Step` per law applied (Laws
61-64, 68, 77, 79A; Law 16C and 50 for a revoke corrected during play), each with the key and
values of its translatable message, and the law that decided the result after the automatic
adjustment. Trick counts are the declarer's side's, 0..13.
"""

from __future__ import annotations

from engine.laws.editions import LAWS_2017, Edition
from engine.laws.equity import EquityDecision, MeasureKind
from engine.laws.facts import Noticed, RevokeFacts
from engine.laws.revoke import Correction, Establishment, Revoke, RevokeKind
from engine.laws.steps import Step
from engine.laws.transfer import TrickOwnership
from engine.model.board import BoardRecord
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.play import PlayRecord
from engine.rulings.revoke_advice import ClaimInfo, InducedDamage, RevokeRuling


def _result_law(rulings: tuple[RevokeRuling, ...]) -> str:
    """The law that decided the result after the automatic adjustment: the transfers' paragraphs
    (64A1, 64A2), else the 64B exemptions that stopped them, else the corrections (62A, 62D1,
    62C3); with no revoke, Law 77 (the table result is scored as it stands)."""
    transfers = [x.transfer for x in rulings if x.transfer is not None]
    laws = [t.law for t in transfers if t.tricks] or [t.law for t in transfers]
    if laws:
        return "+".join(dict.fromkeys(laws))
    corr = [x.establishment.correction.value for x in rulings if x.establishment.correction is not None]
    return "+".join(dict.fromkeys(corr)) if corr else "77"



def _explain(board: BoardRecord, rulings: tuple[RevokeRuling, ...], claim: ClaimInfo, table: int, after: int,
             likely: int | None, law64c: EquityDecision, suggested: int, basis: TrickOwnership,
             facts: RevokeFacts, induced: InducedDamage | None, edition: Edition = LAWS_2017,
             record: PlayRecord | None = None, claim_replayed: bool = False, *, measures: Step | None = None,
             by_card: tuple[tuple[Card, int], ...] = (), chosen: Card | None = None,
             directors: int | None = None) -> tuple[Step, ...]:
    """The ruling's steps in English, each with the key and values of its translatable message;
    under an edition other than 2017, a first step says so and the paragraphs are the edition's.
    ``measures``: the Law 64C step naming the measures and the one used (issue 34), in place of
    the plain likely-result step; ``by_card``: the measure used's figure per legal card of the
    first standing offender (the assumption step names its best card); ``chosen``: the card the
    director judged that offender would have played (``RevokeFacts.offender_card``);
    ``directors``: the director's own likely result, with the play or from a reported revoke.
    Noticed during play with play still going, the steps say what happens at the table now and
    the last one gives a provisional result, not a score to enter."""
    c = board.contract
    during = facts.noticed is Noticed.DURING_PLAY
    provisional = during and not claim.played_out and claim.tricks > 0
    steps: list[Step] = []
    when_play_ends = f"{'the automatic adjustment' if edition.remedy == LAWS_2017.remedy else edition.remedy} is " \
        "applied when play ends."
    if edition != LAWS_2017:
        steps.append(Step("64", f"Ruled under the {edition.code} Laws of Duplicate Bridge: Law 64 calls the trick "
                          f"transfer {edition.remedy}; the paragraphs cited are those of the {edition.code} code.",
                          edition.key("ruled"), {"laws": edition.code.value}))
    reported = next((x.revoke for x in rulings if x.revoke.kind is RevokeKind.REPORTED), None)
    if reported is not None and facts.reported is not None:
        rep = facts.reported
        steps.append(Step("64A", f"Ruled from the facts the director established, without the play through the "
                          f"revoke trick: {rep.offender.value} revoked on trick {rep.trick}, {rep.won_by.value} won "
                          f"that trick, and the offending side won {rep.offending_side_tricks_after} trick(s) after "
                          "it.",
                          "reported", {"seat": rep.offender.value, "trick": rep.trick, "winner": rep.won_by.value,
                                       "after": rep.offending_side_tricks_after}))
    if claim.played_out and during and 0 < claim.tricks:
        steps.append(Step("79A", f"Attention was drawn to the revoke during play; play then went on to the end: the "
                          f"table result ({table} tricks) counts the {claim.tricks} trick(s) after those completed in "
                          f"the record, {claim.declarer_tricks} of them to the declarer's side.", "resumed",
                          {"n": claim.tricks, "table": table, "decl": claim.declarer_tricks}))
    elif claim.played_out and claim.tricks == 13:
        steps.append(Step("79A", f"The play was not entered: the board was played out, and the table result "
                          f"({table} tricks) is the one agreed at the table.", "played_out_unentered",
                          {"table": table}))
    elif claim.played_out and 0 < claim.tricks < 13:
        entered = 13 - claim.tricks
        # English plural (the page says it in each language through the catalogue's plural forms)
        others = "the other trick was" if claim.tricks == 1 else f"the other {claim.tricks} tricks were"
        steps.append(Step("79A", f"The play was entered up to trick {entered}; {others} played "
                          f"out, not claimed: the table result ({table} tricks) gives the declarer's side "
                          f"{claim.declarer_tricks} of them.", "played_out",
                          {"entered": entered, "n": claim.tricks, "table": table, "decl": claim.declarer_tricks}))
    elif claim.tricks and facts.noticed is Noticed.DURING_PLAY and not claim.assumed:
        steps.append(Step("64A", f"Play is still in progress: the {claim.tricks} trick(s) still to be played are "
                          f"counted as the director gave them ({claim.declarer_tricks} for the declarer's side); "
                          f"{when_play_ends}", edition.key("projection_given"),
                          {"n": claim.tricks, "decl": claim.declarer_tricks}))
    elif claim.tricks and facts.noticed is Noticed.DURING_PLAY:
        steps.append(Step("64A", f"Play is still in progress: the {claim.tricks} trick(s) still to be played are "
                          f"projected double dummy ({claim.declarer_tricks} for the declarer's side); "
                          f"{when_play_ends}", edition.key("projection"),
                          {"n": claim.tricks, "decl": claim.declarer_tricks}))
    elif claim.tricks:
        how = ("valued double dummy (rest_valued_double_dummy: the claim's figure is not known): an assumption; "
               "the claim's figure (claim_declarer_tricks) replaces it" if claim.assumed
               else "as the claim or concession gave them")
        if claim.adjudicated:
            steps.append(Step("68", f"Play ended with {claim.tricks} trick(s) not played out; the claim is adjudicated "
                              f"(Laws 69-71, below): the declarer's side gets {claim.declarer_tricks} of them.",
                              "claim_adjudicated", {"n": claim.tricks, "decl": claim.declarer_tricks}))
        else:
            steps.append(Step("68", f"Play ended with {claim.tricks} trick(s) not played out; the declarer's side "
                              f"gets {claim.declarer_tricks} of them, {how}.", "claim_dd" if claim.assumed else "claim",
                              {"n": claim.tricks, "decl": claim.declarer_tricks}))
        if facts.claim_contested and not claim.adjudicated:
            steps.append(Step("70A", "The claim was disputed: the director rules on it as equitably as possible to "
                              "both sides, any doubtful point against the claimer (Laws 69-71); until then the "
                              f"tricks not played are counted as {'valued double dummy' if claim.assumed else 'given'}"
                              ".", "claim_disputed_dd" if claim.assumed else "claim_disputed"))
    if not provisional:  # play still going: there is no table result yet, only the projection above
        # "Table result" only when the table gave the figure: a claim's figure, or the tricks not
        # played out valued double dummy (assumed), is named as what it is
        valued = bool(claim.tricks) and not claim.played_out
        label = ("Result counted with the tricks not played out valued double dummy (assumed)" if claim.assumed
                 else "Result counted with the claim's figure") if valued else "Table result"
        steps.append(Step("77", f"{label}: {table} tricks for the declarer's side, {c.result_str(table)}.",
                          ("table_result_dd" if claim.assumed else "table_result_claim") if valued
                          else "table_result", {"tricks": table, "result": c.result_str(table)}))
    if not rulings:
        marked = ", ".join(str(x) for x in board.marked_revokes)
        extra = (f" The record marks {marked} as a revoke, but the player held no card of the suit led: "
                 "check the record." if marked else "")
        steps.append(Step("61A", "No revoke: every player followed suit when able, and no listed penalty card "
                          "or lead restriction was broken." + extra, "no_revoke_marked" if marked else "no_revoke",
                          {"marked": marked}))
    first_standing = next((x for x in rulings if x.equity is not None and x.establishment.correction is None), None)
    for x in rulings:
        r, e = x.revoke, x.establishment
        steps.append(Step("61A", f"Revoke on trick {r.trick}: {r.describe()}.", "revoke",
                          {"trick": r.trick, "what": r.phrase()}))
        reason: object = e.phrase or e.reason
        if not e.established:
            pen_key = "pen_62B1" if e.penalty_card else "pen_62B2" if r.offending_side is c.declaring_side else ""
            pen = " The withdrawn card becomes a major penalty card (62B1)." if e.penalty_card else \
                " The card is replaced without further rectification (62B2)." if r.offending_side is c.declaring_side \
                else ""
            steps.append(Step("62A", f"Not established ({e.reason}): to be corrected, the offender substituting a "
                              f"legal card; no trick transfer.{pen}", "not_established" + (f"_{pen_key}" if pen_key
                                                                                            else ""),
                              {"reason": reason}))
            if provisional:
                steps.extend(_now_steps(r, e, record))
            continue
        steps.append(Step(e.law, f"Established: {e.reason}.", "established", {"reason": reason}))
        if provisional and e.correction is None:
            steps.append(Step("63B", "Now: the revoke is established, so it is not corrected (63B); play goes on, and "
                              "the trick adjustment is decided when play ends.", "during_established"))
        if e.correction is Correction.TRICK_TWELVE and r.kind is RevokeKind.REPORTED:
            steps.append(Step("62D1", "It is corrected all the same: the director has tricks 12 and 13 decided with "
                              "the legal card; enter the play of the board to value them double dummy. No automatic "
                              "transfer (64B6).", "corrected_62D1_reported"))
        elif e.correction is Correction.TRICK_TWELVE:
            steps.append(Step("62D1", "It is corrected all the same: tricks 12 and 13 are replayed with the legal "
                              "card (valued double dummy); no automatic transfer (64B6).", "corrected_62D1"))
        if e.correction is Correction.BOTH_SIDES_SAME_TRICK:
            steps.append(Step("62C3", "Both revokes on this trick are corrected; cards withdrawn by the defending "
                              "side become penalty cards; no automatic transfer (64B8).", "corrected_62C3"))
        t = x.transfer
        if t is not None and e.correction is None:
            flag = " (capped: flag for the TD)" if t.capped else ""
            if edition.remedy == LAWS_2017.remedy or t.capped:
                steps.append(Step(t.law, f"{t.reason}. Tricks transferred to the non-offending side: {t.tricks}{flag}.",
                                  "transfer_capped" if t.capped else "transfer",
                                  {"reason": t.phrase or t.reason, "n": t.tricks}))
            else:
                steps.append(Step(t.law, f"{t.reason}. {edition.remedy.capitalize()}: tricks transferred to the "
                                  f"non-offending side: {t.tricks}.", edition.key("transfer"),
                                  {"reason": t.phrase or t.reason, "n": t.tricks}))
        if x.equity is not None:
            q = x.equity
            alts = ", ".join(f"{card} {n}" for card, n in q.dd_by_card)
            repeated = t is not None and "64B2" in t.exemptions  # its equity is judged under 64C2(a)
            mine = chosen is not None and x is first_standing
            whose = "the director's card for the offender" if mine else "the best legal card for the offending side"
            steps.append(Step(edition.paragraph("64C2(a)") if repeated else "64C",
                              f"Double dummy, declarer's side: {q.dd_before} tricks with {whose} "
                              f"({q.best_card}), {q.dd_after} after the revoke card as played; "
                              f"the revoke card changed the result by {q.change:+d}. Each legal card: {alts}.",
                              "dd_evidence_chosen" if mine else "dd_evidence",
                              {"before": q.dd_before, "card": str(q.best_card), "after": q.dd_after,
                               "change": f"{q.change:+d}", "alts": alts}))
            if mine:
                steps.append(Step("64C", f"As the director judges, {r.offender.value} plays the {chosen} in place "
                                  "of the revoke card: every measure of the likely result uses it.",
                                  "offender_card_given", {"seat": r.offender.value, "card": str(chosen)}))
            elif x is first_standing and by_card and len({n for _, n in by_card}) > 1:
                pick = max if r.offending_side is c.declaring_side else min
                best = pick(by_card, key=lambda ct: ct[1])[0]
                steps.append(Step("64C", f"Assumed: in place of the revoke card, {r.offender.value} plays the legal "
                                  f"card best for his side ({best}). Another legal card the director judges he "
                                  "would have played replaces it: the offender's card on the ruling page "
                                  "(offender_card), or the plausible results weighted (12C1(c)).", "assumed_best_card",
                                  {"seat": r.offender.value, "card": str(best)}))
            elif x is not first_standing and len({n for _, n in q.dd_by_card}) > 1:  # name the assumption
                steps.append(Step("64C", f"Assumed: in place of the revoke card, {r.offender.value} plays the legal "
                                  f"card best for his side ({q.best_card}). Another legal card the director judges he "
                                  "would have played replaces it: the offender's card on the ruling page "
                                  "(offender_card), or the plausible results weighted (12C1(c)).", "assumed_best_card",
                                  {"seat": r.offender.value, "card": str(q.best_card)}))
    if basis.declarer_tricks != table or len(basis.winners) < len(board.play) // 4:
        k0 = len(basis.winners) + 1
        if claim_replayed:
            steps.append(Step("62", f"After the correction, tricks {k0}-13 are those of the claim, ruled from the "
                              "corrected position (WBFLC minute, 12 January 2000, doubt against the revoker): the "
                              f"declarer's side takes {basis.rest_declarer} of them ({basis.declarer_tricks} in all).",
                              "replay_claim", {"k0": k0, "rest": basis.rest_declarer, "total": basis.declarer_tricks}))
        else:
            steps.append(Step("62", f"After the correction, tricks {k0}-13 are replayed: valued double dummy from the "
                          f"corrected position, the offender choosing his legal card, the declarer's side takes "
                          f"{basis.rest_declarer} of them ({basis.declarer_tricks} in all).", "replay",
                          {"k0": k0, "rest": basis.rest_declarer, "total": basis.declarer_tricks}))
    if rulings:
        if after != table or basis.declarer_tricks != table:
            remedy = "automatic adjustment" if edition.remedy == LAWS_2017.remedy else edition.remedy
            steps.append(Step(_result_law(rulings), f"After corrections and {remedy}: {after} tricks, "
                              f"{c.result_str(after)}.", edition.key("after_adjustment"),
                              {"tricks": after, "result": c.result_str(after)}))
        if measures is not None:
            steps.append(measures)
        elif likely is not None and not (induced is not None and induced.judged_induced):
            steps.append(Step("64C", f"Likely result without the revoke(s): {likely} tricks "
                              "(table result plus what each revoke card changed double dummy).", "likely",
                              {"tricks": likely}))
        if induced is not None:
            steps.append(_induced_step(c, induced, claim))
        if claim.played_out and during and any(x.establishment.correction is Correction.NOT_ESTABLISHED
                                               for x in rulings):
            steps.append(Step("62A", "The revoke was corrected at the table: no trick transfer, and Law 64C does not "
                              "apply to a corrected revoke. The table result stands, unless the director adjusts "
                              "under Law 16 (information from the withdrawn card is unauthorised for the offender's "
                              "partner, 16C) or for the consequences of the penalty card (62B, Law 50).",
                              "resumed_corrected"))
        if directors is None and reported is not None and facts.reported is not None:
            directors = facts.reported.likely_without_revoke
        if directors is not None:
            why = (facts.likely_reason if facts.likely_without_revoke is not None else
                   facts.reported.likely_reason if facts.reported is not None else "").strip()
            steps.append(Step("64C", f"Likely result without the revoke: {directors} tricks for the declarer's side "
                              f"({c.result_str(directors)}), the director's own figure, not double dummy"
                              + (f": {why}." if why else "."), "likely_director_reason" if why else "likely_director",
                              {"tricks": directors, "result": c.result_str(directors), "reason": why}))
        if reported is not None and directors is None:
            steps.append(Step(law64c.law, "Not checked: " + law64c.reason + ".", "law64c_unchecked",
                              {"reason": law64c.phrase or law64c.reason}))
        else:
            steps.append(Step(law64c.law, ("Applies: " if law64c.applies else "Does not apply: ") + law64c.reason
                              + ".", "law64c_applies" if law64c.applies else "law64c_not",
                              {"reason": law64c.phrase or law64c.reason}))
        if provisional:
            steps.append(Step(law64c.law if law64c.applies else _result_law(rulings),
                              f"Provisional, not a score to enter: play is not over. If the {claim.tricks} trick(s) "
                              f"still to be played go as projected, the result would be {c.result_str(suggested)}. "
                              "When play ends, rule again with the table result (table_result).", "provisional",
                              {"n": claim.tricks, "result": c.result_str(suggested)}))
        else:
            steps.append(Step(law64c.law if law64c.applies else _result_law(rulings),
                              f"Score to enter: {c.result_str(suggested)}.", "enter",
                              {"result": c.result_str(suggested)}))
    return tuple(steps)



def _now_steps(r: Revoke, e: Establishment, record: PlayRecord | None) -> list[Step]:
    """What happens at the table now for a revoke noticed during play before it was established
    (62A, 62B, 62C, Law 50, 16C): the offender withdraws the card and plays a legal one; a
    defender's card from his unfaced hand stays face up as a major penalty card (62B1, 50B: a
    card exposed in revoking and then correcting is major, whatever its rank), with declarer's
    lead options (50D) and the partner's unauthorised information (16C, 50E); declarer's or
    dummy's card is replaced (62B2); cards played after it to the trick may be withdrawn (62C)."""
    who, card = r.offender.value, str(r.card) if r.card else "?"
    out: list[Step] = []
    if e.penalty_card:
        out.append(Step("50D", f"Now: {who} withdraws the {card} and plays a legal card. The {card} stays face up on "
                        "the table as a major penalty card (62B1; 50B: a card exposed in revoking and then "
                        f"correcting is a major penalty card whatever its rank): {who} must play it at the first "
                        "legal opportunity (50D1), and whenever his partner has the lead while it is on the table, "
                        "declarer may require or forbid the lead of its suit (50D2). What the card shows is "
                        "unauthorised information for his partner (16C2, 50E2); the duty to play it is authorised "
                        "for everyone (50E1).", "during_penalty_card", {"seat": who, "card": card}))
    else:
        out.append(Step("62B2", f"Now: {who} withdraws the {card} and plays a legal card; the {card} is replaced "
                        "without further rectification (62B2): it is not a penalty card.", "during_replaced",
                        {"seat": who, "card": card}))
    if record is not None and 0 <= r.play_index < len(record.cards):
        after = min(len(record.cards), r.trick * 4) - r.play_index - 1  # cards played to the trick after it
        if after > 0:
            out.append(Step("62C1", f"Cards were played to trick {r.trick} after the {card}: each member of the "
                            "non-offending side may withdraw his and play another (62C1); after that, the offender's "
                            "partner may withdraw his, which becomes a penalty card if he is a defender (62C2).",
                            "during_62C", {"trick": r.trick, "card": card}))
    return out



def _induced_step(c: Contract, induced: InducedDamage, claim: ClaimInfo) -> Step:
    """Law 64C1: the two measures of the likely result, and the director's judgement between them."""
    dd, swing = induced.double_dummy, induced.table_plus_swing
    items = tuple(x.phrase() for x in induced.losses)
    if claim.played_out:
        none = Step("", "none by a single card entered (the difference lies in the tricks played out but not "
                    "entered)", "induced.none_not_entered")
    elif claim.tricks == 0:  # the whole record: the revoke card's own double-dummy change, not a later card
        none = Step("", "none by a single card after the revoke, double dummy (the difference is what the revoke "
                    "card itself changed; the table's own play without it takes the same tricks)",
                    "induced.none_revoke_card")
    else:
        none = Step("", "none by a single card (the difference lies in the claim)", "induced.none_claim")
    listed = "; ".join(i.text for i in items) or none.text
    params: dict[str, object] = {"dd": dd, "dd_result": c.result_str(dd), "swing": swing,
                                 "swing_result": c.result_str(swing), "losses": items or none}
    play = induced.measure is MeasureKind.TABLE_PLAY
    other = "the table's own play without the revoke" if play else "the table result plus the revoke card's swing"
    if induced.judged_induced:
        return Step("64C1", f"The director judges that the revoke induced the non-offending side's later losses "
                    f"({listed}): the likely result without the revoke is the hand played double dummy from the "
                    f"position before it, {dd} tricks ({c.result_str(dd)}), not {other} ({swing}).",
                    "induced_judged_play" if play else "induced_judged", params)
    other = "the table's own play without the revoke" if play else "the table result plus what the revoke card changed"
    return Step("64C1", f"Played double dummy from the position before the revoke, the declarer's side takes {dd} "
                f"tricks ({c.result_str(dd)}); {other} gives {swing} "
                f"({c.result_str(swing)}). After the revoke the non-offending side lost tricks against double-dummy "
                f"play: {listed}. The director judges whether the revoke induced these plays (a player misled about "
                f"a holding or the count): if it did, 64C1 applies with {dd} tricks; if not, they stay as they "
                "happened and the result below stands. Both results are offered as plausible outcomes (12C1(c)).",
                "induced_ask_play" if play else "induced_ask", params)
