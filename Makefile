# Shortcuts for the commands in README.md; `make test` is what CI runs (.ci/run).
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: install demo test lint bench
install:
	python3 -m venv $(VENV) && $(VENV)/bin/pip install -q -e '.[dev]'

demo: install
	$(PY) examples/demo.py

test: install
	$(PY) -m pytest

lint: install
	$(VENV)/bin/ruff check littrs tests bench examples fuzz

bench: install
	$(PY) -m bench
