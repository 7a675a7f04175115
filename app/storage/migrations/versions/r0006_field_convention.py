"""An event's field convention as the director set it (issue 36): the scoring form, sections
scored apart or across, the factoring, artificial lines (:class:`engine.scoring.field.FieldSetting`).

Revision ID: 0006_field_convention
Revises: 0005_upload_hash
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_field_convention"
down_revision: str | Sequence[str] | None = "0005_upload_hash"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add ``events.field_convention`` (JSON: the attributes the director set; ``NULL``: none, the
    file's and the program's convention stand)."""
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("field_convention", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop ``events.field_convention``."""
    with op.batch_alter_table("events") as batch:
        batch.drop_column("field_convention")
