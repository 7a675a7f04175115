"""Cases (rulings kept with their evidence), their append-only history, and the token holders.

Revision ID: 0002_cases
Revises: 0001_events
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_cases"
down_revision: str | Sequence[str] | None = "0001_events"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the tables ``cases``, ``case_history`` and ``users``."""
    op.create_table(
        "cases",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="RESTRICT"), nullable=False),
        sa.Column("board", sa.String(20), nullable=False),
        sa.Column("round", sa.String(20), nullable=False),
        sa.Column("table_no", sa.String(20), nullable=False),
        sa.Column("ns_number", sa.String(20), nullable=False),
        sa.Column("ns_names", sa.String(200), nullable=False),
        sa.Column("ew_number", sa.String(20), nullable=False),
        sa.Column("ew_names", sa.String(200), nullable=False),
        sa.Column("director", sa.String(120), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("request", sa.JSON(), nullable=False),
        sa.Column("ruling", sa.JSON(), nullable=False),
        sa.Column("engine_version", sa.String(40), nullable=False),
        sa.Column("laws_edition", sa.String(8), nullable=False),
        sa.Column("suggested_ns", sa.Integer(), nullable=True),
        sa.Column("table_ns", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_by", sa.String(120), nullable=False),
    )
    op.create_index("ix_cases_event_id", "cases", ["event_id"])
    op.create_table(
        "case_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("case_id", sa.Integer(), sa.ForeignKey("cases.id", ondelete="RESTRICT"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(120), nullable=False),
        sa.Column("role", sa.String(20), nullable=True),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("change", sa.JSON(), nullable=False),
        sa.UniqueConstraint("case_id", "seq", name="uq_case_history_case_seq"),
    )
    op.create_index("ix_case_history_case_id", "case_history", ["case_id"])
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(120), nullable=False, unique=True),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("key", sa.String(32), nullable=False, unique=True),
        sa.Column("token_hash", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
    )


    _append_only(("cases", "case_history"))


def _append_only(tables: tuple[str, ...]) -> None:
    """Triggers that refuse any UPDATE or DELETE of a case or a history entry: the case file is
    append-only in the database itself, whatever code runs against it."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("CREATE FUNCTION advisor_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                   "RAISE EXCEPTION 'the case file is append-only: % on % refused', TG_OP, TG_TABLE_NAME; END $$")
        for table in tables:
            op.execute(f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                       "FOR EACH ROW EXECUTE FUNCTION advisor_append_only()")
        return
    for table in tables:
        for what in ("UPDATE", "DELETE"):
            op.execute(f"CREATE TRIGGER {table}_no_{what.lower()} BEFORE {what} ON {table} BEGIN "
                       f"SELECT RAISE(ABORT, 'the case file is append-only: {what} on {table} refused'); END")


def downgrade() -> None:
    """Drop the three tables (and the append-only triggers with them)."""
    if op.get_bind().dialect.name == "postgresql":
        for table in ("cases", "case_history"):
            op.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}")
        op.execute("DROP FUNCTION IF EXISTS advisor_append_only()")
    op.drop_table("users")
    op.drop_index("ix_case_history_case_id", table_name="case_history")
    op.drop_table("case_history")
    op.drop_index("ix_cases_event_id", table_name="cases")
    op.drop_table("cases")
