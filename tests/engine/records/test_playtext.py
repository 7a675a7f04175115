"""The play as the director types it, one trick per line (engine/records/playtext.py)."""

from __future__ import annotations

import pytest

from engine.errors import InvalidBoardError
from engine.model import Card
from engine.records.playtext import play_text_problems, read_card, read_play_text
from tests.helpers import SPONVO30_PLAY


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(c) for c in text.split())


def test_every_spelling_a_director_types_is_the_same_card():
    for text in ("h7", "H7", "7h", "7H", "♥7", "♡7", " h7 "):
        assert read_card(text) == Card.from_str("H7")
    for text in ("10s", "S10", "ts", "st", "♠10", "♠T", "10♠"):
        assert read_card(text) == Card.from_str("ST")


def test_tricks_in_order_with_commas_symbols_and_blank_lines():
    text = "cj c3 c2 ck\n\n♥6, ♥J, ♥2, ♥A\nS2;D3 ; D4,HK\n"
    assert read_play_text(text) == (cards("CJ C3 C2 CK"), cards("H6 HJ H2 HA"), cards("S2 D3 D4 HK"))


def test_sponvo30_board_21_as_nine_lines_is_the_36_cards_of_the_record():
    lines = "\n".join(" ".join(SPONVO30_PLAY[i:i + 4]).lower() for i in range(0, 36, 4))
    tricks = read_play_text(lines)
    assert len(tricks) == 9 and [str(c) for t in tricks for c in t] == SPONVO30_PLAY


def test_the_last_trick_may_be_incomplete_and_empty_text_is_no_play():
    assert read_play_text("cj c3 c2 ck\nha h6") == (cards("CJ C3 C2 CK"), cards("HA H6"))
    assert read_play_text("") == () and read_play_text("  \n \n") == ()


def test_a_bad_card_is_placed_by_trick_and_card():
    text = "cj c3 c2 ck\nha h6 hj h2\nhk s2 d3 d4\nhq d5 d7 h7\nht d6 X7 h8"
    with pytest.raises(InvalidBoardError) as err:
        read_play_text(text)
    assert err.value.path == "play/4/2"  # 0-based: the fifth trick, third card
    assert err.value.message.startswith("trick 5, card 3: 'X7' is not a card")


def test_a_short_trick_before_the_last_and_a_long_line_are_refused():
    with pytest.raises(InvalidBoardError) as err:
        read_play_text("cj c3 c2\nha h6 hj h2")
    assert err.value.path == "play/0/3" and "trick 1 has 3 cards" in err.value.message
    with pytest.raises(InvalidBoardError) as err:
        read_play_text("cj c3 c2 ck ha")
    assert err.value.path == "play/0/4" and "trick 1 has 5 cards" in err.value.message


def test_every_problem_is_collected_at_once():
    tricks, problems = play_text_problems("cj zz c2 ck\nha h6 hj 1h")
    assert [p.path for p in problems] == ["play/0/1", "play/1/3"]
    assert tricks == (cards("CJ C2 CK"), cards("HA H6 HJ"))  # the good cards are kept
