"""An event's case-file settings: its time zone, whether it takes appeal deposits, its appeal
deadline (issue 25).

Revision ID: 0004_event_settings
Revises: 0003_results
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_event_settings"
down_revision: str | Sequence[str] | None = "0003_results"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the table ``event_settings`` (one row per event that has settings)."""
    op.create_table(
        "event_settings",
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("time_zone", sa.String(64), nullable=False),
        sa.Column("uses_deposits", sa.Boolean(), nullable=False),
        sa.Column("appeal_deadline", sa.String(120), nullable=False),
    )


def downgrade() -> None:
    """Drop the table ``event_settings``."""
    op.drop_table("event_settings")
