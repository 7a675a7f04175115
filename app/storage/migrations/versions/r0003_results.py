"""A session's results stored with its event: the uploads and their traveller lines.

Revision ID: 0003_results
Revises: 0002_cases
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_results"
down_revision: str | Sequence[str] | None = "0002_cases"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the tables ``results_uploads`` and ``traveller_lines``."""
    op.create_table(
        "results_uploads",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("program", sa.String(200), nullable=False),
        sa.Column("scoring", sa.String(20), nullable=False),
        sa.Column("mp_units", sa.Float(), nullable=False),
        sa.Column("uploaded", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_results_uploads_event_id", "results_uploads", ["event_id"])
    op.create_table(
        "traveller_lines",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("upload_id", sa.Integer(), sa.ForeignKey("results_uploads.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("board", sa.String(20), nullable=False),
        sa.Column("section", sa.String(20), nullable=False),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("ns_pair", sa.String(20), nullable=False),
        sa.Column("ew_pair", sa.String(20), nullable=False),
        sa.Column("ns_names", sa.String(200), nullable=False),
        sa.Column("ew_names", sa.String(200), nullable=False),
        sa.Column("contract", sa.String(8), nullable=True),
        sa.Column("declarer", sa.String(1), nullable=True),
        sa.Column("lead", sa.String(3), nullable=True),
        sa.Column("tricks", sa.Integer(), nullable=True),
        sa.Column("ns_score", sa.Integer(), nullable=True),
        sa.Column("artificial", sa.String(40), nullable=True),
        sa.Column("ns_mp", sa.Float(), nullable=True),
        sa.Column("ew_mp", sa.Float(), nullable=True),
        sa.Column("ns_imps", sa.Float(), nullable=True),
        sa.Column("ew_imps", sa.Float(), nullable=True),
    )
    op.create_index("ix_traveller_lines_upload_id", "traveller_lines", ["upload_id"])
    op.create_index("ix_traveller_lines_event_board", "traveller_lines", ["event_id", "board"])


def downgrade() -> None:
    """Drop the two tables."""
    op.drop_index("ix_traveller_lines_event_board", table_name="traveller_lines")
    op.drop_index("ix_traveller_lines_upload_id", table_name="traveller_lines")
    op.drop_table("traveller_lines")
    op.drop_index("ix_results_uploads_event_id", table_name="results_uploads")
    op.drop_table("results_uploads")
