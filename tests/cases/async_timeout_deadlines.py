"""asyncio.timeout with a passed deadline expires at the next iteration; timers run in order."""
import asyncio

async def main():
    try:
        async with asyncio.timeout(0):
            await asyncio.sleep(0)
        print("no timeout")
    except TimeoutError as e:
        print("timeout(0)", repr(e), type(e.__cause__).__name__)
    try:
        async with asyncio.timeout(-1) as cm:
            print("expired before?", cm.expired())
            await asyncio.sleep(0)
            print("not here")
    except TimeoutError:
        print("timeout(-1)", cm.expired(), repr(cm))
    async with asyncio.timeout(None) as cm:
        print(repr(cm), cm.when())
        cm.reschedule(None)
        await asyncio.sleep(0)
    print(repr(cm), cm.expired())
    try:
        async with asyncio.timeout(None) as cm:
            cm.reschedule(0)
            print(cm.when())
            await asyncio.sleep(0)
    except TimeoutError:
        print("rescheduled to the past")
    try:
        async with asyncio.timeout(None) as cm:
            cm.reschedule(-5)
            cm.reschedule(None)
            await asyncio.sleep(0)
            await asyncio.sleep(0)
        print("rescheduled back: no timeout")
    except TimeoutError:
        print("wrong")
    cm = asyncio.timeout(1)
    print(repr(cm))
    for bad in (lambda: cm.reschedule(1),):
        try:
            bad()
        except RuntimeError as e:
            print(e)
    async with cm:
        pass
    print(repr(cm))
    try:
        cm.reschedule(1)
    except RuntimeError as e:
        print(e)
    try:
        async with cm:
            pass
    except RuntimeError as e:
        print(e)
    try:
        async with asyncio.timeout(None) as cm:
            cm.reschedule("x")
    except TypeError as e:
        print(e)
    try:
        asyncio.timeout("x")
    except TypeError as e:
        print(e)
    # timeout(0) where the body does not await: no timeout
    async with asyncio.timeout(0) as cm:
        x = 1
    print("body without await", cm.expired())
    # a caught cancellation inside the block
    try:
        async with asyncio.timeout(0) as cm:
            try:
                await asyncio.sleep(1)
            except asyncio.CancelledError:
                print("inner saw cancel")
            await asyncio.sleep(0)
            print("continued")
    except TimeoutError:
        print("then timeout?")
    print(cm.expired(), asyncio.current_task().cancelling())
    # nested
    try:
        async with asyncio.timeout(10):
            async with asyncio.timeout(0):
                await asyncio.sleep(1)
    except TimeoutError:
        print("inner timed out")
    for t in (0, -1, 0.0):
        try:
            print(await asyncio.wait_for(asyncio.sleep(1, "r"), t))
        except TimeoutError as e:
            print("wait_for", t, repr(e), type(e.__cause__).__name__)
        try:
            print(await asyncio.wait_for(asyncio.sleep(0, "quick"), t))
        except TimeoutError as e:
            print("wait_for quick", t, repr(e))
        f = asyncio.Future(); f.set_result(7)
        print(await asyncio.wait_for(f, t))
        async def swallow():
            try:
                await asyncio.sleep(1)
            except asyncio.CancelledError:
                return "swallowed"
        try:
            print(await asyncio.wait_for(swallow(), t))
        except TimeoutError:
            print("not started: cancelled at once")
        task = asyncio.create_task(swallow())
        await asyncio.sleep(0)
        print(await asyncio.wait_for(task, t))
    try:
        await asyncio.wait_for(1, 0)
    except TypeError as e:
        print(e)
    try:
        await asyncio.wait_for(asyncio.sleep(0), "x")
    except TypeError as e:
        print(e)
    print(await asyncio.wait_for(asyncio.sleep(0, 3), None))


async def sleeper():
    await asyncio.sleep(0.001)
    for i in range(4):
        print("sleeper", i)
        await asyncio.sleep(0)


async def timed():
    try:
        async with asyncio.timeout(0.002):
            await asyncio.sleep(10)
    except TimeoutError:
        print("timed out")


async def waited():
    try:
        await asyncio.wait_for(asyncio.sleep(10), 0.003)
    except TimeoutError:
        print("wait_for timed out")


async def timers():
    # Three timers, all due once the busy loop is over: a timeout's callback runs in
    # the iteration its timer fires, as a sleep's does.
    tasks = [asyncio.create_task(timed()), asyncio.create_task(sleeper()),
             asyncio.create_task(waited())]
    await asyncio.sleep(0)
    total = 0
    for i in range(100000):
        total += i
    await asyncio.gather(*tasks)


asyncio.run(main())
asyncio.run(timers())
