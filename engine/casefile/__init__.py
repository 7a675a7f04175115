"""The case file: events with their hand records, and rulings kept as cases with the
director's decision and the appeals committee's review (append-only history)."""
