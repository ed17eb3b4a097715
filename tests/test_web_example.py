"""examples/web_app.py: the Starlette endpoint runs model-written code with an async HTTP tool.

Requests go to the app in process (httpx's ASGI transport); the app's tool
talks to the stub service over real localhost HTTP. Both backends.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import runpy
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType

import anyio
import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "web_app.py"

pytestmark = pytest.mark.anyio


@pytest.fixture(params=["asyncio", "trio"])
def anyio_backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(scope="module")
def web_app() -> ModuleType:
    spec = importlib.util.spec_from_file_location("littrs_web_app_example", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@contextlib.asynccontextmanager
async def _client(web_app: ModuleType) -> AsyncIterator[httpx.AsyncClient]:
    app = web_app.app
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://app") as client:
            yield client


async def test_the_model_code_calls_the_service(web_app: ModuleType) -> None:
    async with _client(web_app) as client:
        response = await client.post("/run", json={"code": web_app.MODEL_CODE})
    assert response.status_code == 200
    body = response.json()
    assert body["value"]["apples"] == {"stock": 120, "value": 60.0}
    assert body["value"]["pears"] == {"stock": 0, "value": None}
    assert body["printed"] == ["apples 120 0.5", "pears 0 None", "plums 35 1.2"]


async def test_async_model_code_makes_its_calls_at_once(web_app: ModuleType) -> None:
    async with _client(web_app) as client:
        sequential = (await client.post("/run", json={"code": web_app.MODEL_CODE})).json()
        web_app.IN_FLIGHT["peak"] = 0
        response = await client.post("/run", json={"code": web_app.CONCURRENT_MODEL_CODE})
    assert response.status_code == 200
    assert response.json() == sequential
    assert web_app.IN_FLIGHT["peak"] == 6  # stock and price of three items, together


async def test_errors_come_back_to_the_model(web_app: ModuleType) -> None:
    async with _client(web_app) as client:
        missing = await client.post("/run", json={"code": "http_get('/stock/kiwis')"})
        busy = await client.post("/run", json={"code": "while True:\n    pass"})
        bad = await client.post("/run", json={"nope": 1})
    assert missing.status_code == 422
    assert missing.json()["error"] == "RuntimeError"
    assert "404" in missing.json()["traceback"]
    assert busy.status_code == 422
    assert busy.json()["error"] in ("InstructionLimitError", "TimeLimitError")
    assert bad.status_code == 400


async def test_requests_run_concurrently_and_a_busy_one_holds_up_none(
    web_app: ModuleType,
) -> None:
    """Twenty requests waiting on the service at once, beside one that computes."""
    finished: list[str] = []
    async with _client(web_app) as client:

        async def post(name: str, code: str) -> None:
            response = await client.post("/run", json={"code": code})
            assert response.status_code in (200, 422)
            finished.append(name)

        async with anyio.create_task_group() as group:
            group.start_soon(post, "busy", "n = 0\nwhile n < 10**9:\n    n += 1")
            for index in range(20):
                group.start_soon(post, f"quick{index}", "http_get('/items')")
    assert finished[-1] == "busy"  # every quick request was served while it computed
    assert len(finished) == 21


def test_running_the_example_prints_the_response() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(EXAMPLE), run_name="__main__")
    assert '"apples 120 0.5"' in out.getvalue()
