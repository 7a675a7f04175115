"""The service's plumbing shared by the API and the page: the one access policy, authentication,
middleware, request limits, errors to HTTP, jobs, shutdown and the answer's language."""
