"""asyncio's synchronisation primitives for the sandbox: Lock, Event, Semaphore.

The state and the non-blocking methods are host code here, written after
CPython 3.11's ``asyncio.locks``; the waiting halves (``acquire``, ``wait``)
are coroutines of the prelude (``__lock_acquire`` and friends), which await
a waiter future made here, so cancellation and wake-up order are asyncio's.
``async with`` goes through :data:`ASYNC_CONTEXT_METHODS`.
"""

from __future__ import annotations

from typing import Any

from . import attributes
from .aio import CANCELLED, PENDING, Future, callback_loop, coroutine_method, python_method
from .builtins import register_constructor
from .objects import Builtin


class Lock:
    """``asyncio.Lock``."""

    __slots__ = ("held", "waiters")

    def __init__(self) -> None:
        self.held = False
        self.waiters: list[Future] = []

    def __repr__(self) -> str:
        extra = "locked" if self.held else "unlocked"
        if self.waiters:
            extra = f"{extra}, waiters:{len(self.waiters)}"
        return f"<asyncio.locks.Lock object at {id(self):#x} [{extra}]>"


class Event:
    """``asyncio.Event``."""

    __slots__ = ("flag", "waiters")

    def __init__(self) -> None:
        self.flag = False
        self.waiters: list[Future] = []

    def __repr__(self) -> str:
        extra = "set" if self.flag else "unset"
        if self.waiters:
            extra = f"{extra}, waiters:{len(self.waiters)}"
        return f"<asyncio.locks.Event object at {id(self):#x} [{extra}]>"


class Semaphore:
    """``asyncio.Semaphore``."""

    __slots__ = ("value", "waiters")

    def __init__(self, value: int = 1) -> None:
        if value < 0:
            raise ValueError("Semaphore initial value must be >= 0")
        self.value = value
        self.waiters: list[Future] = []

    def __repr__(self) -> str:
        extra = "locked" if _sem_locked(self) else f"unlocked, value:{self.value}"
        if self.waiters:
            extra = f"{extra}, waiters:{len(self.waiters)}"
        return f"<asyncio.locks.{type(self).__name__} object at {id(self):#x} [{extra}]>"


class BoundedSemaphore(Semaphore):
    """``asyncio.BoundedSemaphore``: releasing more than acquired is an error."""

    __slots__ = ("bound",)

    def __init__(self, value: int = 1) -> None:
        super().__init__(value)
        self.bound = value


for _cls in (Lock, Event, Semaphore, BoundedSemaphore):
    _cls.__module__ = "asyncio.locks"

PRIMITIVE_TYPES = (Lock, Event, Semaphore, BoundedSemaphore)


def _waiter(vm: Any, primitive: Any) -> Future:
    if vm.loop is None:  # driven by hand: asyncio's _get_loop() gives None, then this
        raise AttributeError("'NoneType' object has no attribute 'create_future'")
    future = Future()
    primitive.waiters.append(future)
    return future


def _forget(primitive: Any, future: Future) -> None:
    primitive.waiters.remove(future)


# -- Lock -----------------------------------------------------------------------------


def _lock_try(vm: Any, lock: Lock) -> Future | None:
    """Take the lock now (None), or a waiter future to await."""
    if not lock.held and all(waiter.state == CANCELLED for waiter in lock.waiters):
        lock.held = True
        return None
    return _waiter(vm, lock)


def _lock_take(lock: Lock) -> None:
    lock.held = True


def _lock_wake_first(vm: Any, lock: Lock) -> None:
    if lock.waiters and lock.waiters[0].state == PENDING:
        lock.waiters[0].finish(callback_loop(vm), True)


def lock_release(vm: Any, lock: Lock) -> None:
    if not lock.held:
        raise RuntimeError("Lock is not acquired.")
    lock.held = False
    _lock_wake_first(vm, lock)


def lock_locked(lock: Lock) -> bool:
    return lock.held


# -- Semaphore ------------------------------------------------------------------------------


def _sem_locked(semaphore: Semaphore) -> bool:
    return semaphore.value == 0 or any(w.state != CANCELLED for w in semaphore.waiters)


def semaphore_locked(semaphore: Semaphore) -> bool:
    return _sem_locked(semaphore)


def _sem_try(vm: Any, semaphore: Semaphore) -> Future | None:
    if not _sem_locked(semaphore):
        semaphore.value -= 1
        return None
    return _waiter(vm, semaphore)


def _sem_wake_next(vm: Any, semaphore: Semaphore) -> None:
    for waiter in semaphore.waiters:
        if waiter.state == PENDING:
            semaphore.value -= 1
            waiter.finish(callback_loop(vm), True)
            return


def _sem_cancelled(vm: Any, semaphore: Semaphore, waiter: Future) -> None:
    if waiter.state != CANCELLED:
        semaphore.value += 1
        _sem_wake_next(vm, semaphore)


def _sem_woken(vm: Any, semaphore: Semaphore) -> None:
    if semaphore.value > 0:
        _sem_wake_next(vm, semaphore)


def semaphore_release(vm: Any, semaphore: Semaphore) -> None:
    if type(semaphore) is BoundedSemaphore and semaphore.value >= semaphore.bound:
        raise ValueError("BoundedSemaphore released too many times")
    semaphore.value += 1
    _sem_wake_next(vm, semaphore)


# -- Event ------------------------------------------------------------------------------------


def event_set(vm: Any, event: Event) -> None:
    if not event.flag:
        event.flag = True
        loop = callback_loop(vm)
        for waiter in event.waiters:
            if waiter.state == PENDING:
                waiter.finish(loop, True)


def event_clear(event: Event) -> None:
    event.flag = False


def event_is_set(event: Event) -> bool:
    return event.flag


def _install() -> None:
    attributes.METHODS[Lock] = {
        "acquire": python_method("Lock.acquire", coroutine_method("__lock_acquire")),
        "release": python_method("Lock.release", lock_release, needs_vm=True),
        "locked": python_method("Lock.locked", lock_locked),
    }
    semaphore = {
        "acquire": python_method("Semaphore.acquire", coroutine_method("__semaphore_acquire")),
        "release": python_method("Semaphore.release", semaphore_release, needs_vm=True),
        "locked": python_method("Semaphore.locked", semaphore_locked),
    }
    attributes.METHODS[Semaphore] = semaphore
    attributes.METHODS[BoundedSemaphore] = {
        **semaphore,
        "release": python_method("BoundedSemaphore.release", semaphore_release, needs_vm=True),
    }
    attributes.METHODS[Event] = {
        "wait": python_method("Event.wait", coroutine_method("__event_wait")),
        "set": python_method("Event.set", event_set, needs_vm=True),
        "clear": python_method("Event.clear", event_clear),
        "is_set": python_method("Event.is_set", event_is_set),
    }
    for cls in PRIMITIVE_TYPES:
        register_constructor(cls)
    for cls in (Lock, Semaphore, BoundedSemaphore):
        attributes.SPECIAL_METHODS[cls] = {
            "__aenter__": coroutine_method("__acquire_enter"),
            "__aexit__": coroutine_method("__release_exit"),
        }


_install()

PRELUDE_BUILTINS = {
    "__lock_try": Builtin("acquire", _lock_try, needs_vm=True),
    "__lock_take": Builtin("acquire", _lock_take),
    "__lock_wake_first": Builtin("acquire", _lock_wake_first, needs_vm=True),
    "__semaphore_try": Builtin("acquire", _sem_try, needs_vm=True),
    "__semaphore_cancelled": Builtin("acquire", _sem_cancelled, needs_vm=True),
    "__semaphore_woken": Builtin("acquire", _sem_woken, needs_vm=True),
    "__waiter": Builtin("wait", _waiter, needs_vm=True),
    "__forget": Builtin("acquire", _forget),
}
"""Host halves of the prelude's lock coroutines."""
