"""What the page shows, computed from the engine's answers: the hand diagram, the trick table with
the revoke marked, and the chart of the double-dummy result after every card (an SVG drawn here,
readable in print and without JavaScript)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from engine.dd.analysis import PlayAnalysis
from engine.model.cards import SUIT_ORDER, Card, Suit
from engine.model.deal import Deal
from engine.model.play import PlayRecord
from engine.model.seats import SEATS

SYMBOL = {Suit.SPADES: "\u2660", Suit.HEARTS: "\u2665", Suit.DIAMONDS: "\u2666", Suit.CLUBS: "\u2663"}
RED = {Suit.HEARTS, Suit.DIAMONDS}


@dataclass(frozen=True, slots=True)
class SuitLine:
    """One suit of a hand: its symbol, whether it is red, and the cards (``"—"`` when void)."""

    symbol: str
    red: bool
    cards: str
    name: str


def hand(cards: frozenset[Card] | Sequence[Card]) -> list[SuitLine]:
    """A hand as four suit lines, spades first (a hand found at the table may repeat a card)."""
    out = []
    for suit in SUIT_ORDER:
        ranks = sorted((c.rank for c in cards if c.suit is suit), reverse=True)
        text = "".join(r.letter for r in ranks).replace("T", "10") or "\u2014"
        out.append(SuitLine(SYMBOL[suit], suit in RED, text, suit.name.lower()))
    return out


def hands(deal: Deal) -> dict[str, list[SuitLine]]:
    """The four hands by seat letter."""
    return {s.value: hand(deal.hand(s)) for s in SEATS}


def card_label(card: Card) -> tuple[str, bool, str]:
    """``(symbol, red, rank)`` for showing one card, e.g. ``("♥", True, "10")``."""
    return SYMBOL[card.suit], card.suit in RED, card.rank.letter.replace("T", "10")


@dataclass(frozen=True, slots=True)
class CardCell:
    """A card in the trick table."""

    symbol: str
    red: bool
    rank: str
    text: str
    led: bool
    revoke: bool
    winner: bool


@dataclass(frozen=True, slots=True)
class TrickRow:
    """One trick: its number, the leader and the winner (``None`` while incomplete), and the card
    of each seat by seat letter (N, E, S, W; ``None`` when not played)."""

    number: int
    leader: str
    winner: str | None
    cells: dict[str, CardCell | None]


def trick_rows(record: PlayRecord, revoke_indexes: set[int]) -> list[TrickRow]:
    """The trick table, revoke cards flagged (``revoke_indexes``: play-order indexes)."""
    rows = []
    i = 0
    for n, trick in enumerate(record.tricks):
        winner = record.winners[n].value if n < len(record.winners) else None
        cells: dict[str, CardCell | None] = {s.value: None for s in SEATS}
        for pos, pc in enumerate(trick.cards):
            sym, red, rank = card_label(pc.card)
            cells[pc.seat.value] = CardCell(sym, red, rank, str(pc.card), pos == 0, i in revoke_indexes,
                                            winner == pc.seat.value and len(trick.cards) == 4)
            i += 1
        rows.append(TrickRow(trick.number, trick.leader.value, winner, cells))
    return rows


def dd_chart(analysis: PlayAnalysis, revoke_indexes: set[int], *, title: str, desc: str, revoke_word: str,
             trick_word: str, say_card: Callable[[str], str] = str, say_seat: Callable[[str], str] = str,
             paper: bool = False) -> str:
    """The double-dummy result of the whole hand for ``analysis.side`` before the first card and
    after each card, as an accessible SVG (``role="img"``, a title and a description).

    The y axis is tricks 0..13; the x axis one step per card with a tick per trick; revoke
    cards are red circles labelled ``revoke_word`` and the card (``say_card``: its code by
    default, ``"D4"``; the page's language may show it as the tables do, ``"♦4"``), the seat
    with ``say_seat``. ``paper``: the printed sheet's chart (issue 37), drawn 400 x 136 units for a
    box about 100 mm wide, so that its labels (13 units, the stylesheet's) print at 9 pt and more; its
    SVG is ``class="dd-paper"`` with its own title and description ids, beside the screen's.
    """
    values = [analysis.start] + [c.after for c in analysis.cards]
    n = len(values)
    w, h, left, right, top, bottom = (400, 136, 30, 8, 10, 32) if paper else (720, 260, 36, 12, 16, 34)
    ids, css = ("paper-chart", "dd-paper") if paper else ("chart", "dd-chart")
    dx = (w - left - right) / max(1, n - 1)

    def x(i: int) -> float:
        return left + i * dx

    def y(v: float) -> float:
        return top + (13 - v) * (h - top - bottom) / 13

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" role="img" '
             f'aria-labelledby="{ids}-title {ids}-desc" class="{css}">',
             f'<title id="{ids}-title">{escape(title)}</title><desc id="{ids}-desc">{escape(desc)}</desc>']
    for v in range(0, 14):
        parts.append(f'<line x1="{left}" x2="{w - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" class="grid'
                     f'{" major" if v % 2 == 1 else ""}"/>')
        if v % 2 == 1:
            parts.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" class="axis" text-anchor="end">{v}</text>')
    for t in range(0, (n - 1) // 4 + 1):
        xi = x(4 * t)
        parts.append(f'<line x1="{xi:.1f}" x2="{xi:.1f}" y1="{top}" y2="{h - bottom}" class="trick-line"/>')
        if 4 * t + 2 < n:
            parts.append(f'<text x="{x(4 * t + 2):.1f}" y="{h - bottom + 14}" class="axis" '
                         f'text-anchor="middle">{t + 1}</text>')
    parts.append(f'<text x="{(w + left) / 2:.0f}" y="{h - 4}" class="axis" text-anchor="middle">'
                 f'{escape(trick_word)}</text>')
    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts.append(f'<polyline points="{points}" class="dd-line" fill="none"/>')
    for i, v in enumerate(values):
        card_index = i - 1
        if card_index in revoke_indexes:
            ca = analysis.cards[card_index]
            parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="6" class="dd-revoke">'
                         f'<title>{escape(revoke_word)}: {escape(say_card(str(ca.card)))} '
                         f'({escape(say_seat(ca.seat.value))}), '
                         f'{ca.before} \u2192 {ca.after}</title></circle>')
            label = f"{revoke_word} {say_card(str(ca.card))}"
            lx, ly, anchor = _label_place(values, i, len(label) * (8.2 if paper else 7.5), x, y, left, w - right,
                                          h - bottom)
            parts.append(f'<text x="{lx:.1f}" y="{ly:.1f}" class="dd-revoke-label" '
                         f'text-anchor="{anchor}">{escape(label)}</text>')
        else:
            parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5" class="dd-point"/>')
    parts.append("</svg>")
    return "".join(parts)



def _label_place(values: Sequence[float], i: int, width: float, x: Callable[[int], float],
                 y: Callable[[float], float], x_min: float, x_max: float,
                 y_bottom: float) -> tuple[float, float, str]:
    """Where a point's label goes so that it does not cross the line: ``(x, baseline y, text-anchor)``.

    The label (``width`` pixels wide, 12 px text) is centred on point ``i`` (kept inside
    ``x_min..x_max``) and set 8 px above the highest point the line reaches under it; when that
    would leave the drawing, 18 px below the lowest point instead (at most ``y_bottom``)."""
    cx = x(i)
    anchor, x0, x1 = "middle", cx - width / 2, cx + width / 2
    if x0 < x_min:
        anchor, x0, x1 = "start", cx - 4, cx - 4 + width
    elif x1 > x_max:
        anchor, x0, x1 = "end", cx + 4 - width, cx + 4
    step = x(1) - x(0) if len(values) > 1 else width
    near = [k for k in range(len(values)) if x0 - step <= x(k) <= x1 + step]  # the segments under the label
    above = min(y(values[k]) for k in near) - 8
    ly = above if above - 10 >= 0 else min(max(y(values[k]) for k in near) + 18, y_bottom - 2)
    lx = {"middle": cx, "start": x0, "end": x1}[anchor]
    return lx, ly, anchor
