"""The spots of a results upload that could not be read, kept with the event, and their
corrections (issue 36).

Revision ID: 0007_read_problems
Revises: 0006_field_convention
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_read_problems"
down_revision: str | Sequence[str] | None = "0006_field_convention"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the table ``read_problems`` (uploads made before it have none stored: their
    problems were shown once, on the upload's answer)."""
    op.create_table(
        "read_problems",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("upload_id", sa.Integer(), sa.ForeignKey("results_uploads.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("board", sa.String(20), nullable=False),
        sa.Column("line", sa.Integer(), nullable=True),
        sa.Column("field", sa.String(60), nullable=False),
        sa.Column("value", sa.String(40), nullable=False),
        sa.Column("key", sa.String(60), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("cells", sa.JSON(), nullable=False),
        sa.Column("corrected_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("corrected_by", sa.String(120), nullable=True),
        sa.Column("corrected_line_id", sa.Integer(), sa.ForeignKey("traveller_lines.id", ondelete="SET NULL"),
                  nullable=True),
    )
    op.create_index("ix_read_problems_upload_id", "read_problems", ["upload_id"])
    op.create_index("ix_read_problems_event_id", "read_problems", ["event_id"])


def downgrade() -> None:
    """Drop the table."""
    op.drop_index("ix_read_problems_event_id", table_name="read_problems")
    op.drop_index("ix_read_problems_upload_id", table_name="read_problems")
    op.drop_table("read_problems")
