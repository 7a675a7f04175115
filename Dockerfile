# Minimal image for the advisor's HTTP API (a later issue hardens it).
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 MPLBACKEND=Agg
WORKDIR /srv/advisor
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY app ./app
RUN pip install --no-cache-dir .
# DDS writes dump.txt into the working directory on an input error: run from a scratch dir.
WORKDIR /tmp/advisor
EXPOSE 8000
CMD ["uvicorn", "--factory", "app.main:create_app", "--host", "0.0.0.0", "--port", "8000"]
