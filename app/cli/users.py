"""``advisor users add|list|revoke``: the token holders of the case file (directors, appeals
committee, viewers) in the service's database.
"""

from __future__ import annotations

import argparse
import sys

from app import i18n
from app.cli.common import _t, _table


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
            print(_t("users_token", name=user.name, role=_role(user.role.value)), file=sys.stderr)
            print(token)
            return 0
        if args.users_command == "revoke":
            if not users.deactivate(args.name):
                print(_t("users_no_such", name=repr(args.name)), file=sys.stderr)
                return 2
            print(_t("users_revoked", name=args.name))
            return 0
        rows = [[u.name, _role(u.role.value), _t("users_yes") if u.active else _t("users_revoked_mark"),
                 u.created.isoformat(timespec="seconds")] for u in users.users()]
        print("\n".join(_table(_t("users_columns").split("|"), rows)) if rows else _t("users_none"))
        return 0
    finally:
        repo.close()


def _role(role: str) -> str:
    """A role's word in the command line's language (the page's ``role_director``...)."""
    return i18n.gettext(i18n.current(), f"role_{role}")
