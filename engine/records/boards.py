"""Building a :class:`BoardRecord` from what a caller gives: a PBN game, or the parts."""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import InvalidBoardError
from engine.model.board import BoardRecord
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.seats import Seat, Vulnerability
from engine.records.files import read_games
from engine.records.pbn_game import PbnGame, games_for_board


def board_from_parts(deal: str, contract: str, declarer: str, vulnerable: str, play: Sequence[str],
                     label: str = "") -> BoardRecord:
    """A board from a PBN deal string, contract text, declarer seat, vulnerability and cards in play order.

    Raises:
        InvalidBoardError: with ``path`` naming the field (``deal``, ``contract``, ``declarer``,
            ``vulnerable``, ``play/<i>``).
    """
    try:
        seat = Seat.from_str(declarer)
    except ValueError as exc:
        raise InvalidBoardError(str(exc), path="declarer", key="not_a_seat", params={"text": declarer}) from None
    try:
        vul = Vulnerability.from_str(vulnerable)
    except ValueError as exc:
        raise InvalidBoardError(str(exc), path="vulnerable", key="not_a_vulnerability",
                                params={"text": vulnerable}) from None
    cards: list[Card] = []
    for i, text in enumerate(play):
        try:
            cards.append(Card.from_str(text))
        except InvalidBoardError as exc:
            raise InvalidBoardError(exc.message, path=f"play/{i}", key=exc.key, params=exc.params) from None
    return BoardRecord(Deal.from_pbn(deal), Contract.from_str(contract, seat), vul, tuple(cards), label)


def board_from_game(game: PbnGame, source: str = "") -> BoardRecord:
    """A board from one PBN game (tags Deal, Contract, Declarer, Vulnerable, Play; Result shown only).

    Raises:
        PbnError / InvalidBoardError: a missing or malformed tag; no play record.
    """
    if game.play_section is None:
        raise InvalidBoardError(f"{game.label}: the game has no play record ([Play] section)", path="pbn",
                                key="pbn_no_play", params={"game": game.label})
    label = f"{source} {game.label}".strip()
    return BoardRecord(game.deal(), game.contract(), game.vulnerability(), game.play_cards(), label,
                       game.result_tricks(), game.revoke_marks())


def pick_game(text: str, board: str | None = None, room: str | None = None) -> PbnGame:
    """The one game of a PBN text, or the one that ``board`` (and ``room``) select.

    Raises:
        InvalidBoardError: path ``pbn``: no game, no game for that board/room, or several and
            no way to choose (the message lists them).
    """
    games = read_games(text)  # PBN or LIN
    if board is not None or room is not None:
        games = games_for_board(games, board, room) if board is not None else \
            [g for g in games if (g.room or "").lower() == (room or "").lower()]
    games = [g for g in games if g.play_section is not None] or games
    if not games:
        key = "pbn_no_game" + ("_board" if board else "") + ("_room" if room else "")
        raise InvalidBoardError("no game with a play record in the PBN text" +
                                (f" for board {board}" if board else "") + (f", room {room}" if room else ""),
                                path="pbn", key=key, params={"board": board or "", "room": room or ""})
    if len(games) > 1:
        listed = "; ".join(g.label for g in games[:20])
        raise InvalidBoardError(f"the PBN text holds several games; say which board and room: {listed}", path="pbn",
                                key="pbn_several_games", params={"games": listed})
    return games[0]
