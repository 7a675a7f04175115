"""Events, their hand records (boards) and uploaded PBN files.

Revision ID: 0001_events
Revises:
Create Date: 2025-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_events"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the tables ``events``, ``boards`` and ``files``."""
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("session", sa.String(100), nullable=False),
        sa.Column("laws_edition", sa.String(8), nullable=False),
        sa.Column("scoring_profile", sa.String(20), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "boards",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("board", sa.String(20), nullable=False),
        sa.Column("dealer", sa.String(1), nullable=False),
        sa.Column("vulnerable", sa.String(4), nullable=False),
        sa.Column("deal", sa.String(80), nullable=False),
        sa.UniqueConstraint("event_id", "board", name="uq_boards_event_board"),
    )
    op.create_index("ix_boards_event_id", "boards", ["event_id"])
    op.create_table(
        "files",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("uploaded", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_files_event_id", "files", ["event_id"])


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_index("ix_files_event_id", table_name="files")
    op.drop_table("files")
    op.drop_index("ix_boards_event_id", table_name="boards")
    op.drop_table("boards")
    op.drop_table("events")
