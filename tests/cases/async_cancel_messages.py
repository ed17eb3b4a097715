"""Cancel messages: who gets the CancelledError a task ended with, and gather's errors."""
import asyncio


async def sleeper(name="sleeper"):
    try:
        await asyncio.sleep(1)
    except asyncio.CancelledError as e:
        print(name, "cancelled", e.args)
        raise


async def main():
    t = asyncio.create_task(sleeper())
    await asyncio.sleep(0)
    print(t.cancel("m1"), t.cancel("m2"), t.cancelling())
    try:
        await t
    except asyncio.CancelledError as e:
        print("await t", e.args, t.cancelled())
    try:
        t.result()
    except asyncio.CancelledError as e:
        print("result", e.args)
    try:
        t.exception()
    except asyncio.CancelledError as e:
        print("exception", e.args)

    t2 = asyncio.create_task(sleeper())
    print(t2.cancel(msg="before start"))
    try:
        await t2
    except asyncio.CancelledError as e:
        print("t2", e.args)
    f = asyncio.Future()
    g = asyncio.gather(f, return_exceptions=True)
    f.cancel("fmsg")
    print(await g)
    f = asyncio.Future()
    g = asyncio.gather(f)
    print(g.cancel("gmsg"), f.cancelled())
    try:
        await g
    except asyncio.CancelledError as e:
        print("gather cancelled", e.args)
    f = asyncio.Future()
    t3 = asyncio.create_task(asyncio.wait_for(f, 1))
    await asyncio.sleep(0)
    t3.cancel("outer")
    try:
        await t3
    except asyncio.CancelledError as e:
        print("wait_for cancelled", e.args, f.cancelled())
    f = asyncio.Future()
    f.cancel(msg=None)
    try:
        f.result()
    except asyncio.CancelledError as e:
        print("None msg", e.args)
    f = asyncio.Future()
    f.cancel(123)
    try:
        await f
    except asyncio.CancelledError as e:
        print("int msg", e.args)


async def raiser():
    await asyncio.sleep(0)
    raise asyncio.CancelledError("own")


async def more():
    f = asyncio.Future()
    g = asyncio.gather(f, return_exceptions=True)
    f.cancel()
    print(await g)
    t = asyncio.create_task(sleeper("a"))
    t2 = asyncio.create_task(sleeper("b"))
    await asyncio.sleep(0)
    g = asyncio.gather(t, t2, return_exceptions=True)
    print(g.cancel("gm"))
    try:
        await g
    except asyncio.CancelledError as e:
        print("gather", e.args)
    for x in (t, t2):
        try:
            x.result()
        except asyncio.CancelledError as e:
            print("result", e.args)
    t = asyncio.create_task(raiser())
    try:
        await t
    except asyncio.CancelledError as e:
        print("raiser", e.args)
    try:
        await t
    except asyncio.CancelledError as e:
        print("raiser again", e.args)
    t = asyncio.create_task(raiser())
    print(await asyncio.gather(t, return_exceptions=True))
    try:
        t.exception()
    except asyncio.CancelledError as e:
        print("exception()", e.args)
    t = asyncio.create_task(sleeper("c"))
    await asyncio.sleep(0)
    t.cancel("first")
    await asyncio.sleep(0)
    print(t.cancel("second"))
    try:
        await t
    except asyncio.CancelledError as e:
        print("c", e.args)


asyncio.run(main())
asyncio.run(more())
