"""An uploaded file's content hash kept with the event it made, so the same file uploaded again
offers that event instead of making a second one.

Revision ID: 0005_upload_hash
Revises: 0004_event_settings
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_upload_hash"
down_revision: str | Sequence[str] | None = "0004_event_settings"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add ``events.upload_sha256`` (the SHA-256 of the uploaded file's bytes, hex; ``NULL`` for an
    event made otherwise) and its index."""
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("upload_sha256", sa.String(64), nullable=True))
        batch.create_index("ix_events_upload_sha256", ["upload_sha256"])


def downgrade() -> None:
    """Drop ``events.upload_sha256`` and its index."""
    with op.batch_alter_table("events") as batch:
        batch.drop_index("ix_events_upload_sha256")
        batch.drop_column("upload_sha256")
