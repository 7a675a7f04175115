"""``python -m app.cli``: the ``advisor`` command (:func:`app.cli.main`)."""

from app.cli import main

raise SystemExit(main())
