"""A web endpoint that runs model-written code, whose tool does async HTTP.

``POST /run`` with ``{"code": "..."}`` runs the code in a fresh sandbox per
request. The code's tool ``http_get(path)`` fetches JSON from an inventory
service over HTTP (httpx); while it waits, the event loop serves other
requests. The service is a stub that the app starts on localhost at startup
(a real app would point the client at a real service).

Each run is bounded: instructions and computing time (``sb.limit``), wall time
(``timeout=``), and how many run at once across all requests (one shared
``CapacityLimiter``). A sandbox that computes lets the loop run every
millisecond, so a busy request does not hold up the others. Code that uses
async (``CONCURRENT_MODEL_CODE``) has its calls outstanding at once.

    python examples/web_app.py            # one request, in process: prints the response
    uvicorn examples.web_app:app          # serve it (needs uvicorn)
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import anyio
import anyio.abc
import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from littrs import LimitError, Sandbox, SandboxError
from littrs.async_host import capture_async

STOCK = {"apples": 120, "pears": 0, "plums": 35}
PRICES = {"apples": 0.5, "plums": 1.2}
STUB_LATENCY = 0.02  # seconds: the stub service answers like a remote one
RUNS_AT_ONCE = 50  # sandboxes running at once, across all requests

MODEL_CODE = """
items = http_get("/items")["items"]
report = {}
for item in items:
    stock = http_get(f"/stock/{item}")["count"]
    price = http_get(f"/price/{item}").get("eur")
    report[item] = {"stock": stock, "value": stock * price if price else None}
    print(item, stock, price)
report
"""

# The same report with the calls made at once: in async code a tool call is a coroutine.
CONCURRENT_MODEL_CODE = """
import asyncio

async def line(item):
    stock, price = await asyncio.gather(http_get(f"/stock/{item}"), http_get(f"/price/{item}"))
    return item, stock["count"], price.get("eur")

items = (await http_get("/items"))["items"]
report = {}
for item, stock, price in await asyncio.gather(*[line(item) for item in items]):
    report[item] = {"stock": stock, "value": stock * price if price else None}
    print(item, stock, price)
report
"""


# -- the stub inventory service: a minimal HTTP/1.1 server ---------------------------------


def _stub_answer(path: str) -> tuple[int, Any]:
    parts = path.strip("/").split("/")
    if parts == ["items"]:
        return 200, {"items": sorted(STOCK)}
    if len(parts) == 2 and parts[0] == "stock" and parts[1] in STOCK:
        return 200, {"count": STOCK[parts[1]]}
    if len(parts) == 2 and parts[0] == "price":
        return 200, {"eur": PRICES.get(parts[1])}
    return 404, {"error": f"no such path: {path}"}


IN_FLIGHT = {"now": 0, "peak": 0}  # requests the stub is answering at once


async def _serve_stub(stream: anyio.abc.SocketStream) -> None:
    async with stream:
        request = b""
        while b"\r\n\r\n" not in request:
            chunk = await stream.receive()
            if not chunk:
                return
            request += chunk
        method, path, _ = request.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)
        IN_FLIGHT["now"] += 1
        IN_FLIGHT["peak"] = max(IN_FLIGHT["peak"], IN_FLIGHT["now"])
        try:
            await anyio.sleep(STUB_LATENCY)
        finally:
            IN_FLIGHT["now"] -= 1
        status, payload = _stub_answer(path) if method == "GET" else (405, {"error": method})
        body = json.dumps(payload).encode()
        head = (
            f"HTTP/1.1 {status} {'OK' if status == 200 else 'Error'}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n"
        )
        await stream.send(head.encode() + body)


# -- the app ---------------------------------------------------------------------------------


def make_sandbox(client: httpx.AsyncClient) -> Sandbox:
    """A fresh sandbox per request: its tools talk to the service through ``client``."""
    sb = Sandbox()
    sb.limit(max_instructions=1_000_000, max_duration=1.0)

    @sb.tool
    async def http_get(path: str) -> dict:
        """GET a path of the inventory service; the decoded JSON body."""
        response = await client.get(path)
        response.raise_for_status()
        return response.json()

    return sb


def _json(payload: dict, status: int = 200) -> Response:
    # Sandbox values may be tuples or sets: repr what JSON cannot hold.
    return Response(json.dumps(payload, default=repr), status, media_type="application/json")


async def run_code(request: Request) -> Response:
    try:
        code = (await request.json())["code"]
    except (ValueError, KeyError, TypeError):
        return _json({"error": 'send {"code": "..."}'}, 400)
    sb = make_sandbox(request.app.state.client)
    try:
        async with request.app.state.limiter:
            value, printed = await capture_async(sb, code, timeout=5.0)
    except SandboxError as error:
        return _json({"error": error.type_name, "traceback": error.traceback}, 422)
    except LimitError as error:
        return _json({"error": type(error).__name__, "message": str(error)}, 422)
    return _json({"value": value, "printed": printed})


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """Start the stub service on a free localhost port, and the client that calls it."""
    app.state.limiter = anyio.CapacityLimiter(RUNS_AT_ONCE)
    listener = await anyio.create_tcp_listener(local_host="127.0.0.1", local_port=0)
    port = listener.extra(anyio.abc.SocketAttribute.local_port)
    async with listener, anyio.create_task_group() as group:
        group.start_soon(listener.serve, _serve_stub)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            app.state.client = client
            yield
        group.cancel_scope.cancel()


app = Starlette(routes=[Route("/run", run_code, methods=["POST"])], lifespan=lifespan)


async def demo() -> dict:
    """One request to the app, in process (no server needed)."""
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://app") as client:
            response = await client.post("/run", json={"code": MODEL_CODE})
            return response.json()


if __name__ == "__main__":
    print(json.dumps(anyio.run(demo), indent=2))
