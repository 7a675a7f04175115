"""``advisor users add|list|revoke``: the token holders of the case file (directors, appeals
committee, viewers) in the service's database.
"""

from __future__ import annotations

import argparse
import sys

from app.cli.common import _table


def _users(args: argparse.Namespace) -> int:
    """``advisor users add|list|revoke``: on the service's database (migrated first)."""
    from app.cli.parser import redact
    from app.service.auth import add_user
    from app.storage import StoreUnreachableError, open_repository
    from app.storage.cases import DuplicateUserError, SqlUserRepository
    from engine.casefile.users import Role

    try:
        repo = open_repository(args.database)
    except StoreUnreachableError as exc:  # unreachable, refused, or not a database URL
        reason = redact(str(exc))
        print(f"advisor: the database cannot be opened ({redact(args.database or 'as the service finds it')}): "
              f"{reason}", file=sys.stderr)
        return 2
    try:
        users = SqlUserRepository(repo.engine)
        if args.users_command == "add":
            try:
                user, token = add_user(users, args.name, Role(args.role))
            except (DuplicateUserError, ValueError) as exc:
                print(f"advisor: {exc}", file=sys.stderr)
                return 2
            print(f"Token for {user.name} ({user.role.value}); it is shown once and cannot be recovered:",
                  file=sys.stderr)
            print(token)
            return 0
        if args.users_command == "revoke":
            if not users.deactivate(args.name):
                print(f"advisor: no active user named {args.name!r}", file=sys.stderr)
                return 2
            print(f"Revoked the token of {args.name} (the service stops accepting it within 30 seconds).")
            return 0
        rows = [[u.name, u.role.value, "yes" if u.active else "revoked", u.created.isoformat(timespec="seconds")]
                for u in users.users()]
        print("\n".join(_table(["name", "role", "active", "created"], rows)) if rows else "No users: laptop mode "
              "(open on 127.0.0.1).")
        return 0
    finally:
        repo.close()
