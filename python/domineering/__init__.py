"""Combinatorial game theory and Domineering from Python.

The engine of the `domineering` command line: games in canonical form with their stops,
mean, temperature, thermographs and atomic weights; exact values of Domineering boards
region by region; the shape catalogue; and the solver. Numbers come back as
fractions.Fraction. Errors in what you pass raise domineering.InputError (a ValueError)
with the command line's messages; Ctrl-C stops a long computation with KeyboardInterrupt.
The guide is docs/python.md.
"""

from ._domineering import (
    BoardValue,
    Game,
    InputError,
    Option,
    Region,
    Run,
    Solution,
    Thermograph,
    compare,
    game,
    solve,
    value,
)
from . import catalogue

# Named where users import them from, in reprs and tracebacks.
for _name in ("BoardValue", "Game", "InputError", "Option", "Region", "Run", "Solution", "Thermograph"):
    globals()[_name].__module__ = __name__
catalogue.Entry.__module__ = catalogue.__name__
del _name

__all__ = [
    "BoardValue",
    "Game",
    "InputError",
    "Option",
    "Region",
    "Run",
    "Solution",
    "Thermograph",
    "catalogue",
    "compare",
    "game",
    "solve",
    "value",
]
