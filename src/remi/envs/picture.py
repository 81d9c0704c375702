"""A seat's table as an RGB picture of card faces, drawn with numpy alone (for ``render_mode="rgb_array"``).

:func:`table_picture` draws what a seat may see: each other seat's hand as
card backs, the melds on the table, the discard pile's top card and the
seat's own hand, each card a white face with its rank and a suit mark (red
hearts and diamonds, black spades and clubs, a purple joker; a dead 2 is
greyed).

>>> import remi
>>> from remi.envs.picture import table_picture
>>> game = remi.new_game("norwegian", players=3, seed=2)
>>> picture = table_picture(game.view(0))
>>> picture.shape[2], picture.dtype.name
(3, 'uint8')

.. versionadded:: 0.3.0
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from remi._engine.view import PlayerView
from remi.cards import Card, Suit

__all__ = ["table_picture"]

Picture = npt.NDArray[np.uint8]

#: A card's size in pixels, and the gap between cards and rows.
CARD_WIDTH, CARD_HEIGHT, GAP = 22, 32, 4
#: The most cards drawn in one row (the picture's width follows).
ROW_CARDS = 30
_GLYPHS = {  # 3 x 5 pixel glyphs, row by row
    "A": "010101111101101", "2": "111001111100111", "3": "111001111001111", "4": "101101111001001",
    "5": "111100111001111", "6": "111100111101111", "7": "111001010010010", "8": "111101111101111",
    "9": "111101111001111", "T": "101101101101101", "J": "001001001101111", "Q": "111101101111011",
    "K": "101110100110101", "*": "000101010101000",
}
_SUIT_MARKS = {  # 3 x 3 pixel marks
    Suit.SPADES: "010111101", Suit.HEARTS: "101111010", Suit.DIAMONDS: "010111010", Suit.CLUBS: "111010111",
}
_TABLE = (24, 96, 48)
_FACE = (250, 250, 245)
_BACK = (40, 70, 160)
_EDGE = (20, 20, 20)
_RED, _BLACK, _PURPLE, _GREY = (200, 20, 30), (15, 15, 15), (130, 40, 160), (150, 150, 150)
_RANK_LETTERS = "A23456789TJQK"


def _stamp(picture: Picture, pattern: str, width: int, top: int, left: int, scale: int,
           colour: tuple[int, int, int]) -> None:
    """Draw a pixel pattern (``width`` columns, row by row) at ``top``, ``left``, each pixel ``scale`` wide."""
    for number, bit in enumerate(pattern):
        if bit == "1":
            row, column = divmod(number, width)
            y, x = top + row * scale, left + column * scale
            picture[y:y + scale, x:x + scale] = colour


def _card(picture: Picture, card: Card | None, top: int, left: int) -> None:
    """Draw ``card``'s face (``None``: a card back) with its top left corner at ``top``, ``left``."""
    picture[top:top + CARD_HEIGHT, left:left + CARD_WIDTH] = _EDGE
    inside = picture[top + 1:top + CARD_HEIGHT - 1, left + 1:left + CARD_WIDTH - 1]
    if card is None:
        inside[:] = _BACK
        return
    inside[:] = _FACE
    if card.rank is None or card.suit is None:  # the joker
        _stamp(picture, _GLYPHS["*"], 3, top + 4, left + 4, 3, _PURPLE)
        return
    colour = _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
    if card.is_dead:
        colour = _GREY
    _stamp(picture, _GLYPHS[_RANK_LETTERS[int(card.rank) - 1]], 3, top + 3, left + 3, 3, colour)
    _stamp(picture, _SUIT_MARKS[card.suit], 3, top + 20, left + 11, 3, colour)


def _row(picture: Picture, cards: list[Card | None], top: int) -> int:
    """Draw a row of cards from the left edge (as many as fit); the top of the next row."""
    for number, card in enumerate(cards[:ROW_CARDS]):
        _card(picture, card, top, GAP + number * (CARD_WIDTH + GAP // 2))
    return top + CARD_HEIGHT + GAP


def table_picture(view: PlayerView) -> Picture:
    """``view``'s table as an RGB picture (``height x width x 3``, ``uint8``).

    From top to bottom: each other seat's hand as card backs (clockwise from
    the seat's left), the melds on the table in the order laid, the discard
    pile's top card, and the seat's own hand.
    """
    others = [(view.seat + step) % view.players for step in range(1, view.players)]
    rows = len(others) + len(view.table) + 2
    width = GAP * 2 + ROW_CARDS * (CARD_WIDTH + GAP // 2)
    picture = np.empty((GAP + rows * (CARD_HEIGHT + GAP), width, 3), np.uint8)
    picture[:] = _TABLE
    top = GAP
    for other in others:
        top = _row(picture, [None] * view.hand_sizes[other], top)
    for meld in view.table:
        top = _row(picture, list(meld.cards), top)
    top = _row(picture, [view.discard_pile[-1]] if view.discard_pile else [], top)
    _row(picture, list(view.hand), top)
    return picture
