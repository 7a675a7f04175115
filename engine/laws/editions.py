"""The editions of the Laws of Duplicate Bridge the advisor rules under, as data.

The rule functions of :mod:`engine.laws` are written once, for the 2017 code; where an older
code differs they read a switch or a paragraph name of the :class:`Edition` they are given
(2017 by default). The differences are those of docs/laws.md section 7.2 and of the 2007 text
of Law 64 (seed 002, the Russian translation of the 2007 code):

* the remedy of 64A is called "rectification" in 2007 ("Исправление вслед за фальшренонсом",
  64B "Нет исправления"), "automatic trick adjustment" in 2017;
* 64B2 (2007): "a subsequent revoke in the same suit by the same player. Law 64C may apply", with
  no condition that the first revoke was established (2017: "... the first revoke having been
  established", and its own equity paragraph 64C2(a));
* 64B3 (2007): "failing to play any card faced on the table or belonging to a hand faced on the
  table, including a card from dummy's hand" (2017: "a penalty card or any card belonging to
  dummy");
* 64B7 (2007): "both sides have revoked on the same board" (2017 adds "and both revokes have
  become established");
* no 64B8 and no 62C3 correction in 2007 (62C3 was then an unrelated sentence), so a revoke
  established when both sides revoked on one trick stands (63B);
* 64C (2007) is a single paragraph (2017: 64C1, 64C2(a), 64C2(b));
* 63A3 (2007): a member of the offending side "makes or agrees to" a claim or concession (2017
  splits the agreement off into 63A4).

Adding an edition is adding an :class:`Edition` value to :data:`EDITIONS` (and a code to
:class:`LawsEdition`); a difference no switch covers needs a new switch, read where the rule is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum


class LawsEdition(StrEnum):
    """The edition of the Laws of Duplicate Bridge an event is played under (its year)."""

    LAWS_2017 = "2017"
    LAWS_2007 = "2007"


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition's switches and paragraph names, read by the rule functions.

    Attributes:
        code: the edition's year.
        remedy: what Law 64A calls the trick transfer ("automatic trick adjustment" in 2017,
            "rectification" in 2007).
        b2_needs_first_established: 64B2 applies only when the first revoke in the suit was
            established (2017).
        b3_faced_cards: 64B3 covers a failure to play any card faced on the table (2007), not
            only a penalty card or dummy's card (2017).
        b7_needs_both_established: 64B7 needs both sides' revokes established (2017); in 2007
            it is enough that both sides revoked on the board.
        corrects_62c3: both revokes of one trick are corrected when only one side has played to
            the next trick (62C3), with 64B8 for the established one (2017 only).
        agreement_63a4: the offending side's agreement to an opponent's claim is its own
            paragraph, 63A4 (2017); in 2007 63A3 reads "makes or agrees to".
        paragraphs: ``(2017 paragraph, this edition's name for it)`` pairs where they differ
            (e.g. 2007 ``("64C2(a)", "64C")``).
        key_prefix: prefixed to the message key of a step whose explanation differs in this
            edition (``""`` for 2017; ``"ed2007."``).
    """

    code: LawsEdition
    remedy: str
    b2_needs_first_established: bool
    b3_faced_cards: bool
    b7_needs_both_established: bool
    corrects_62c3: bool
    agreement_63a4: bool
    paragraphs: tuple[tuple[str, str], ...] = ()
    key_prefix: str = ""

    def paragraph(self, law_2017: str) -> str:
        """This edition's name of the 2017 paragraph ``law_2017`` (e.g. ``"64C1"`` is ``"64C"``
        in 2007); unchanged when the paragraph is the same."""
        return next((name for law, name in self.paragraphs if law == law_2017), law_2017)

    def key(self, key: str) -> str:
        """The message key of a step whose explanation this edition words its own way."""
        return self.key_prefix + key


LAWS_2017 = Edition(LawsEdition.LAWS_2017, "automatic trick adjustment", b2_needs_first_established=True,
                    b3_faced_cards=False, b7_needs_both_established=True, corrects_62c3=True, agreement_63a4=True)
"""The 2017 Laws of Duplicate Bridge (WBF, in force from 2017): the default."""

LAWS_2007 = Edition(LawsEdition.LAWS_2007, "rectification", b2_needs_first_established=False,
                    b3_faced_cards=True, b7_needs_both_established=False, corrects_62c3=False, agreement_63a4=False,
                    paragraphs=(("64C1", "64C"), ("64C2(a)", "64C"), ("64C2(b)", "64C"), ("63A4", "63A3")),
                    key_prefix="ed2007.")
"""The 2007 Laws of Duplicate Bridge (Law 64 as seed 002 and docs/laws.md section 7.2 give it)."""

EDITIONS: Mapping[LawsEdition, Edition] = {LawsEdition.LAWS_2017: LAWS_2017, LawsEdition.LAWS_2007: LAWS_2007}
"""Every edition the advisor knows, by its code."""

DEFAULT = LAWS_2017


def edition(code: str | LawsEdition) -> Edition:
    """The edition of the year ``code`` (``"2017"`` or ``"2007"``).

    Raises:
        ValueError: an edition the advisor does not know (the message lists those it knows).
    """
    try:
        return EDITIONS[LawsEdition(code)]
    except ValueError:
        raise ValueError(f"the Laws edition {code!r} is not known: {', '.join(EDITIONS)}") from None
