# Two set-up commands: `make run` (install and start the bot) and `make test` (install and run every check).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) bot.py $(ARGS)

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest -n 2 -p no:cacheprovider

bench: $(STAMP)
	$(PY) -m calico_bot.games.calico.bench
