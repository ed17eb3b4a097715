"""SystemExit and KeyboardInterrupt in a task or callback stop asyncio.run, which cancels the rest."""
import asyncio


async def boom(kind):
    await asyncio.sleep(0)
    raise kind("in a task")


tasks = []  # their errors are retrieved at the end: CPython would log them when collected


async def main(kind):
    tasks.append(asyncio.create_task(boom(kind)))
    try:
        await asyncio.sleep(0.01)
        print("main goes on")
    except BaseException as error:
        print("main got", type(error).__name__)
    return "main returned"


def raiser(kind):
    def callback(future):
        print("callback raises", kind.__name__)
        raise kind("in a callback")
    return callback


async def with_callbacks(kind):
    future = asyncio.Future()
    future.add_done_callback(raiser(kind))
    future.add_done_callback(lambda f: print("second callback"))
    asyncio.create_task(asyncio.sleep(0.01))
    future.set_result(1)
    try:
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        print("main goes on")
    except BaseException as error:
        print("main got", type(error).__name__)
    return "main returned"


async def caught():
    future = asyncio.Future()
    future.set_exception(SystemExit(3))
    try:
        await future
    except SystemExit as error:
        print("caught in the task", error.code)
    task = asyncio.create_task(boom(GeneratorExit))
    await asyncio.sleep(0.01)
    print("a task ended by GeneratorExit:", task.done(), type(task.exception()).__name__)


for kind in (ValueError, SystemExit, KeyboardInterrupt):
    for program in (main, with_callbacks):
        try:
            print(asyncio.run(program(kind)))
        except BaseException as error:
            print("asyncio.run raised", type(error).__name__, error)
for kind in (asyncio.CancelledError, GeneratorExit):
    print(asyncio.run(with_callbacks(kind)))
asyncio.run(caught())
print([type(task.exception()).__name__ for task in tasks])
