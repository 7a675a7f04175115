"""The HTTP API (``/v1/...``): one router module a resource, their request and response models in
``app.api.schemas``."""
