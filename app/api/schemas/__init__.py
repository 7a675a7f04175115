"""Request and response models of the HTTP API (pydantic), and their mapping to and from the engine."""
