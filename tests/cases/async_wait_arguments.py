"""asyncio.wait and as_completed check their arguments in CPython 3.11's order."""
import asyncio


async def job(value=1):
    await asyncio.sleep(0)
    return value


async def main():
    task = asyncio.create_task(job())
    checks = [
        ((1,), {}), (([],), {}), (([1],), {}), (([[1]],), {}), ((task,), {}),
        (([task],), {"return_when": "x"}), (([task],), {"return_when": [1]}),
        (((x for x in [task]),), {}), (([task, 1],), {}), (([task],), {"timeout": "x"}),
        (({task: 1},), {}), (("ab",), {}), (((task,),), {"return_when": asyncio.FIRST_EXCEPTION}),
    ]
    for args, kwargs in checks:
        try:
            done, pending = await asyncio.wait(*args, **kwargs)
            print("wait gives", len(done), len(pending))
        except Exception as error:
            print("wait:", type(error).__name__, error)
    for bad in (job(), [job()]):
        try:
            await asyncio.wait(bad)
        except TypeError as error:
            print("wait:", error)
            (bad[0] if type(bad) is list else bad).close()
    checks = [((1,), {}), (([],), {}), (([1],), {}), (([[1]],), {}), ((task,), {}),
              (((x for x in [task]),), {}), (([task],), {"timeout": "x"}), (("ab",), {}),
              (({task: 1, job(2): 2},), {})]
    for args, kwargs in checks:
        try:
            for next_done in asyncio.as_completed(*args, **kwargs):
                print("as_completed gives", await next_done)
            print("as_completed done")
        except Exception as error:
            print("as_completed:", type(error).__name__, error)
    coroutine = job()
    try:
        next(asyncio.as_completed(coroutine))
    except TypeError as error:
        print("as_completed:", error)
    print(await coroutine)


asyncio.run(main())
