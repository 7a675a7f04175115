# The advisor's service (HTTP API and the director's page) for a federation's server.
#
# Not built on the project's machines (they reach no registry of base images): .ci/dockerfile-check
# performs the same steps in a fresh venv of the same Python, as uid 10001, and runs the
# HEALTHCHECK below against `advisor serve`. Keep the two in step (the check reads this file).
FROM python:3.13-slim

# `docker stop` sends SIGTERM and kills 10 s later: the service's bounded shutdown (default
# ADVISOR_SHUTDOWN_SECONDS=5, plus about 2 s for the workers) ends within that.
# numba compiles the claim search's kernel at the first start (15-30 s, in a background thread) and
# keeps it in NUMBA_CACHE_DIR: on the volume, so that a new container loads it (0.3 s); site-packages
# is not the user's to write, and a cache in the container's layer would be lost with it.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 MPLBACKEND=Agg PIP_DISABLE_PIP_VERSION_CHECK=1 \
    ADVISOR_DATA_DIR=/data ADVISOR_CACHE_DIR=/data/dd-cache NUMBA_CACHE_DIR=/data/numba-cache

# An unprivileged user; the database and the solver's disk cache live in /data (a volume), and
# DDS writes dump.txt into the working directory on bad input: a scratch dir of its own.
RUN useradd --uid 10001 --user-group --create-home --home-dir /home/advisor --shell /usr/sbin/nologin advisor \
    && mkdir -p /data /scratch && chown advisor:advisor /data /scratch

# The dependencies first (a layer that a code change does not rebuild), then the code.
WORKDIR /src
COPY pyproject.toml README.md ./
RUN mkdir engine app && touch engine/__init__.py app/__init__.py \
    && pip install --no-cache-dir . && pip uninstall -y adjusted-score-advisor && rm -rf engine app build
COPY engine ./engine
COPY app ./app
RUN pip install --no-cache-dir --no-deps . && rm -rf /src

USER 10001:10001
WORKDIR /scratch
VOLUME /data
EXPOSE 8000
# No curl in the slim image: Python asks /healthz (any answer but 200, or none in 5 s: unhealthy).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=5)"]
# Off loopback the service requires tokens: make the first one with
#   docker exec CONTAINER advisor users add "NAME" --role director
# It answers only to the host names it is told (a foreign Host is a 400: no DNS rebinding); besides
# localhost/127.0.0.1 (the HEALTHCHECK's), name yours: docker run -e ADVISOR_ALLOWED_HOSTS=advisor.example.org
# Behind a reverse proxy, name the proxy's address, or X-Forwarded-For is ignored and every client is
# the proxy: docker run -e ADVISOR_TRUSTED_PROXIES=172.17.0.1 (tokens stay required: --host 0.0.0.0).
# The DD worker processes default to the container's CPU quota (ADVISOR_DD_WORKERS overrides).
CMD ["advisor", "serve", "--host", "0.0.0.0", "--port", "8000"]
