"""The shape catalogue: every Domineering shape up to N cells with its exact value.

lookup(shape, cells=8, file=None) gives a one-region shape's Entry, or None when the
shape has more cells than the catalogue holds.
"""

from ._domineering import catalogue as _catalogue

Entry = _catalogue.Entry
lookup = _catalogue.lookup

__all__ = ["Entry", "lookup"]
