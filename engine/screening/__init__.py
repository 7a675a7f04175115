"""Screening whole events for revokes to rule on: every game of many record files, on one
core or a pool of worker processes, telling a revoke from a recording error."""
