"""Readers of the files a director meets: PBN, LIN, hand records, the play as written down,
and (``results``) the scoring and dealing programs' session files."""
