# The commands people type. `make test` is what CI runs (.ci/run).
VENV ?= .venv
PY := $(VENV)/bin/python

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'

.PHONY: install demo test lint bench
install: $(PY)

demo: $(PY)
	$(PY) examples/demo.py

test: $(PY)
	$(PY) -m pytest

lint: $(PY)
	$(VENV)/bin/ruff check littrs tests bench examples fuzz

bench: $(PY)
	$(PY) -m bench
