"""The migration scripts, oldest first by ``down_revision``."""
