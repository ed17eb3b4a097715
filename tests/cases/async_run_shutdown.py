"""asyncio.run turns the loop a few more times after the main task ends (shutting down
async generators and the default executor): callbacks already scheduled still run."""
import asyncio


async def work(v):
    print('work', v)
    return v


async def main():
    t = asyncio.create_task(work(1))
    t.add_done_callback(lambda f: print('callback', f.result()))
    t.add_done_callback(lambda f: print('callback again', f.done()))
    return 'main'


print(asyncio.run(main()))


async def chained():
    first = asyncio.create_task(work(2))

    def chain(f):
        print('chain', f.result())
        second = asyncio.ensure_future(work(3))
        second.add_done_callback(lambda g: print('second', g.result()))

    first.add_done_callback(chain)


print(asyncio.run(chained()))


async def failing():
    t = asyncio.create_task(work(4))
    t.add_done_callback(lambda f: print('after failure', f.result()))
    raise ValueError('main failed')


try:
    asyncio.run(failing())
except ValueError as e:
    print('ValueError', e)
print('end')
