"""Writes pysol.txt: Russian Solitaire deals as PySolFC's own dealing code lays them out.

Run with the pysol_cards package installed (pip install pysol-cards; version 0.24.0 was used):
    python3 pysol-generate.py > pysol.txt

Russian Solitaire is dealt by PySolFC's Yukon class (RussianSolitaire only changes how cards
build), so pysol_cards' "yukon" layout is the one. PySolFC picks the generator for a plain game
number N as `0 <= N < 32000`: LCRandom31, otherwise MTRandom; pysol_cards' shuffle() uses
`N <= 32000` instead, so game 32000 is shuffled here with MTRandom as the program does.
"""

from pysol_cards.cards import CardRenderer, createCards
from pysol_cards.deal_game import Game
from pysol_cards.random import MTRandom
from pysol_cards.random_base import RandomBase

PLAIN = (
    list(range(1, 31))
    + [100, 1000, 9999, 12345, 31998, 31999, 32000, 32001, 32002, 65535, 65536, 123456,
       1000000, 2**31 - 1, 2**31, 2**31 + 5, 2**32 - 1, 2**32, 2**32 + 7, 2**33 - 1, 2**33,
       10**12, 2**53 + 1, 2**63, 2**64 - 1, 2**64, 10**20 - 1, 10**20]
)
MS = [1, 2, 617, 11982, 32000, 32001, 1000000, 2**31 - 1, 2**31, 2**31 + 5, 2**32 - 1, 2**32,
      2**32 + 7, 2**33 - 1]

renderer = CardRenderer(True)


def layout(game):
    game.yukon()
    return game.board.calc_string(renderer)


def plain(n):
    game = Game("yukon", n, RandomBase.DEALS_PYSOLFC)
    if n == 32000:
        rng = MTRandom()
        rng.setSeed(n)
        cards = rng.shuffle(createCards(1))
        cards.reverse()
        game.new_cards(cards)
        return layout(game)
    game.deal()
    return layout(game)


def ms(n):
    game = Game("yukon", n, RandomBase.DEALS_MS)
    game.deal()
    return layout(game)


print("# Russian Solitaire deals of PySolFC, written by pysol_cards 0.24.0 (pysol-generate.py).")
print("# <JD> is face down; T is a ten; columns 1 to 7, deepest card first.")
for n in PLAIN:
    print(f"game {n}")
    print(plain(n), end="")
for n in MS:
    print(f"game ms{n}")
    print(ms(n), end="")
