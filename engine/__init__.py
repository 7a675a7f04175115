"""The adjusted-score advisor's engine: bridge model, law logic, double-dummy layer, use cases.

No web code here. The public entry points are :func:`engine.rulings.revoke.advise_revoke`, the
value types in :mod:`engine.model` and the solver runner in :mod:`engine.dd`.
"""

__version__ = "0.1.0"
