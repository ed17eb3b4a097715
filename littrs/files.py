"""Mounted files: ``open()`` in the sandbox, the only door to the host's disk.

The sandbox sees a virtual tree rooted at ``/``, which is also its working
directory: ``open("data.json")`` and ``open("/data.json")`` name the same file.
It holds only what the host mounted: single files, and directories (every file
below them). Sandbox paths are normalised as strings (``posixpath``), so ``..``
cannot climb out of the virtual root; inside a directory mount the host path is
resolved with ``os.path.realpath`` and must stay under the mount's root, so a
symlink pointing out of it is refused. Nothing else reaches ``os``.

A file object is CPython's own ``io`` stack (``TextIOWrapper`` over a
``BufferedReader``/``Writer``/``Random``) over :class:`_MemoryRaw`, an in-memory
stand-in for ``FileIO``. So modes, newlines, encodings, ``seek``/``tell`` cookies
and error messages are CPython's, and no file descriptor is ever open while
sandbox code runs. The sandbox gets a :class:`SandboxFile` wrapping that stack,
whose attributes are whitelisted in :mod:`littrs.vm.attributes`.

Within one run, the handles on one host file share one copy of it (a page cache,
as the OS would); writes reach that copy at once, and the host file only when a
writing handle is closed: then the whole copy replaces the file atomically (a
temporary file in the same directory, then ``os.replace``). When the run ends,
handles still open are closed and committed if it succeeded, and discarded if it
failed or hit a limit: a host file is only ever its old or its new content.
"""

from __future__ import annotations

import contextlib
import io
import os
import posixpath
import stat
import sys
import weakref
from collections.abc import Callable
from typing import Any

from .vm.attributes import METHODS, SPECIAL_METHODS, VMMethod, call_descriptor
from .vm.clinic import MISSING, unpack_keywords
from .vm.context import check_size, current
from .vm.objects import FRAME_ITERATORS, Builtin

__all__ = ["FileSystem", "SandboxFile"]

_STRERROR = {
    2: "No such file or directory",
    6: "No such device or address",
    9: "Bad file descriptor",
    13: "Permission denied",
    17: "File exists",
    20: "Not a directory",
    21: "Is a directory",
    22: "Invalid argument",
}

_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)  # realpath resolved the path: a symlink now is a race
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO must not block the open; it is refused below
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_TEMP_FLAGS = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_TEMP_SUFFIX = ".littrs-tmp"
_C_INT = 1 << 31
_OFF_T = 1 << 63
# The furthest a file position may go: ext4's largest file (4 KiB blocks), as CPython
# sees on the usual Linux disk; lseek refuses a position past it with EINVAL.
_MAX_POSITION = (1 << 44) - 4096
_DEFAULT_ENCODING = "UTF-8"  # what CPython reports on a UTF-8 Linux locale; never the host's


def _os_error(code: int, filename: Any) -> OSError:
    """CPython's OSError for ``code`` (the subclass too: 2 is FileNotFoundError)."""
    return OSError(code, _STRERROR[code], filename)


def _index(value: Any) -> int:
    if isinstance(value, int):
        return int(value)
    raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")


def _size(value: Any) -> int:
    """A size argument of ``read``-like methods: an int, or None for "all"."""
    if value is None:
        return -1
    if isinstance(value, int):
        return int(value)
    raise TypeError(f"argument should be integer or None, not '{type(value).__name__}'")


# -- the in-memory file ------------------------------------------------------------------


class _Node:
    """One host file as a run sees it: its bytes, shared by the run's handles on it."""

    __slots__ = ("path", "data", "dirty", "handles")

    def __init__(self, path: str, data: bytearray, dirty: bool) -> None:
        self.path = path  # real host path
        self.data = data
        self.dirty = dirty  # differs from the host file: commit on close
        self.handles = 0


class _MemoryRaw(io.RawIOBase):
    """``FileIO`` over a :class:`_Node`: what CPython's buffered layers expect of a raw file.

    Its error messages are FileIO's, since with ``buffering=0`` the sandbox sees it.
    """

    def __init__(self, run: _Run, node: _Node, name: Any, mode: str, readable: bool,
                 writable: bool, appending: bool) -> None:
        super().__init__()
        self.name = name
        self.mode = mode
        self._run = run
        self._node: _Node | None = node
        self._readable = readable
        self._writable = writable
        self._appending = appending
        self._pos = len(node.data) if appending else 0  # FileIO seeks to the end in 'a'
        self._discard = False  # the run failed: writes go nowhere

    @property
    def closefd(self) -> bool:
        return True

    def __repr__(self) -> str:
        if self.closed:
            return "<_io.FileIO [closed]>"
        return f"<_io.FileIO name={self.name!r} mode={self.mode!r} closefd=True>"

    def _check(self, reading: bool = False, writing: bool = False) -> _Node:
        if self.closed or self._node is None:
            raise ValueError("I/O operation on closed file")
        if reading and not self._readable:
            raise io.UnsupportedOperation("File not open for reading")
        if writing and not self._writable:
            raise io.UnsupportedOperation("File not open for writing")
        return self._node

    def readable(self) -> bool:
        self._check()
        return self._readable

    def writable(self) -> bool:
        self._check()
        return self._writable

    def seekable(self) -> bool:
        self._check()
        return True

    def isatty(self) -> bool:
        self._check()
        return False

    def fileno(self) -> int:
        self._check()
        raise io.UnsupportedOperation("fileno")

    def readinto(self, buffer: Any) -> int:
        node = self._check(reading=True)
        try:
            view = memoryview(buffer)
        except TypeError:
            view = None
        if view is None or view.readonly:
            raise TypeError(
                "readinto() argument must be read-write bytes-like object, "
                f"not {type(buffer).__name__}"
            )
        with view:
            target = view.cast("B")
            chunk = node.data[self._pos:self._pos + len(target)]
            target[:len(chunk)] = chunk
        self._pos += len(chunk)
        return len(chunk)

    def read(self, size: Any = -1) -> bytes:
        size = _size(size)
        node = self._check(reading=True)
        if size < 0:
            return self.readall()
        chunk = bytes(node.data[self._pos:self._pos + size])
        self._pos += len(chunk)
        return chunk

    def readall(self) -> bytes:
        node = self._check()
        if not self._readable:
            raise _os_error(9, None)  # FileIO reads the descriptor: EBADF
        check_size(len(node.data) - self._pos)
        chunk = bytes(node.data[self._pos:])
        self._pos += len(chunk)
        return chunk

    def readline(self, size: Any = -1) -> bytes:
        size = _size(size)
        node = self._check(reading=True)
        data, start = node.data, self._pos
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end + 1
        if size >= 0:
            end = min(end, start + size)
        chunk = bytes(data[start:end])
        self._pos += len(chunk)
        return chunk

    def write(self, data: Any) -> int:
        try:
            view = memoryview(data)
        except TypeError:
            view = None
        if view is None:
            raise TypeError(f"a bytes-like object is required, not '{type(data).__name__}'")
        node = self._check(writing=True)
        with view:
            size = view.nbytes
            if self._discard:
                return size
            content = node.data
            start = len(content) if self._appending else self._pos
            end = start + size
            if end > len(content):
                self._run.reserve(end - len(content))
                if start > len(content):  # a write past the end fills the gap with zeros
                    content.extend(bytes(start - len(content)))
            content[start:end] = view.cast("B")
        node.dirty = True
        self._pos = end
        return size

    def seek(self, pos: Any, whence: Any = 0) -> int:
        pos, whence = _index(pos), _index(whence)
        node = self._check()
        if not -_OFF_T <= pos < _OFF_T:
            raise OverflowError("Python int too large to convert to C long")
        size = len(node.data)
        if whence == 0:
            target = pos
        elif whence == 1:
            target = self._pos + pos
        elif whence == 2:
            target = size + pos
        elif whence in (3, 4) and hasattr(os, "SEEK_DATA"):  # SEEK_DATA / SEEK_HOLE
            if not 0 <= pos < size:
                raise _os_error(6 if pos >= 0 else 22, None)
            target = pos if whence == 3 else size
        else:
            raise _os_error(22, None)
        if not 0 <= target <= _MAX_POSITION:
            raise _os_error(22, None)
        self._pos = target
        return target

    def tell(self) -> int:
        self._check()
        return self._pos

    def truncate(self, size: Any = None) -> int:
        node = self._check(writing=True)
        size = self._pos if size is None else _index(size)
        if size < 0:
            raise _os_error(22, None)
        if not self._discard:
            content = node.data
            if size > len(content):
                self._run.reserve(size - len(content))
                content.extend(bytes(size - len(content)))
            else:
                del content[size:]
            node.dirty = True
        return size

    def release(self, discard: bool) -> None:
        """Close without committing; with ``discard``, pending writes go nowhere."""
        self._discard = discard
        with contextlib.suppress(Exception):
            self.close()
        self._node = None


# -- the sandbox's file objects -------------------------------------------------------------


class SandboxFile:
    """A file object of the sandbox: CPython's io stream over a mounted file's copy.

    Subclasses carry CPython's type names, so ``type(f).__name__`` and host error
    messages read as CPython's. Sandbox code reaches only the attributes listed
    in :data:`littrs.vm.attributes.METHODS`.
    """

    __slots__ = ("_stream", "_raw", "_run")

    def __init__(self, stream: Any, raw: _MemoryRaw, run: _Run) -> None:
        self._stream = stream
        self._raw = raw
        self._run = run

    def __repr__(self) -> str:
        return repr(self._stream)

    def __iter__(self) -> SandboxFile:
        self._stream.__iter__()  # raises on a closed file, as CPython does
        return self

    def __next__(self) -> Any:
        return self._stream.__next__()


def _file_type(name: str) -> type[SandboxFile]:
    cls = type(name, (SandboxFile,), {"__slots__": (), "__doc__": SandboxFile.__doc__})
    cls.__module__ = "_io"
    return cls


TextFile = _file_type("TextIOWrapper")
ReaderFile = _file_type("BufferedReader")
WriterFile = _file_type("BufferedWriter")
RandomFile = _file_type("BufferedRandom")
RawFile = _file_type("FileIO")


class _Attribute:
    """A read-only data attribute (``f.closed``) read from the stream by a fixed name."""

    __slots__ = ("name", "owner")

    def __init__(self, name: str, owner: type) -> None:
        self.name = name
        self.owner = owner

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        return getattr(obj._stream, self.name)

    def __repr__(self) -> str:
        return f"<attribute '{self.name}' of '_io.{self.owner.__name__}' objects>"


_Attribute.__name__ = _Attribute.__qualname__ = "getset_descriptor"


def _receiver(owner: type, name: str, args: tuple) -> Any:
    """The file a method was called on; ``type(f).read(x)`` must get a file of that type."""
    if not args:
        raise TypeError(f"unbound method {owner.__name__}.{name}() needs an argument")
    if type(args[0]) is not owner:
        raise TypeError(
            f"descriptor '{name}' for '_io.{owner.__name__}' objects doesn't apply to a "
            f"'{type(args[0]).__name__}' object"
        )
    return args[0]


def _call(stream: Any, name: str, args: Any, kwargs: dict) -> Any:
    """``stream.name(*args, **kwargs)`` through the method descriptor, as ``f.name(...)`` calls it.

    Its argument errors name the class that defines the method
    (``_IOBase.writable() takes no arguments``); a bound method's would name the
    stream's own class. ``name`` is one of the whitelisted method names.
    """
    for klass in type(stream).__mro__:
        descriptor = vars(klass).get(name)
        if descriptor is not None:
            return call_descriptor(descriptor, [stream, *args], kwargs)
    return getattr(stream, name)(*args, **kwargs)  # pragma: no cover - every name is defined


_MAX_BYTES = sys.maxsize - 33  # the longest bytes object CPython's allocator accepts


def _remaining(file: SandboxFile) -> int:
    node = file._raw._node
    return len(node.data) if node is not None else 0


def _plain(owner: type, name: str) -> Callable[..., Any]:
    def method(*args: Any, **kwargs: Any) -> Any:
        file = _receiver(owner, name, args)
        return _call(file._stream, name, args[1:], kwargs)

    return method


def _reading(owner: type, name: str) -> Callable[..., Any]:
    """read/read1/readlines/readall: the result may be the whole file, so check its size first.

    A buffered ``read(n)``/``read1(n)`` with ``n`` beyond the file's length reads
    the file's length instead: same result, but CPython's buffered layer
    allocates ``n`` bytes before it reads.
    """

    def method(*args: Any, **kwargs: Any) -> Any:
        file = _receiver(owner, name, args)
        rest = list(args[1:])
        size = rest[0] if rest else None
        if name == "read" and owner is not TextFile and type(size) is int and size > _MAX_BYTES:
            raise OverflowError("byte string is too large")  # what CPython allocates first
        available = _remaining(file)
        if name == "readall" or (name != "read1" and _unbounded(size, name == "readlines")):
            check_size(available)
        elif owner is not TextFile and type(size) is int and size > available:
            rest[0] = available
        return _call(file._stream, name, rest, kwargs)

    return method


def _unbounded(size: Any, hint: bool) -> bool:
    """Whether a size argument asks for everything (a readlines hint: when it is <= 0)."""
    if size is None:
        return True
    return isinstance(size, int) and (size <= 0 if hint else size < 0)


def _writing(owner: type, name: str) -> Callable[..., Any]:
    """write/writelines, then flush: the run's other handles see the data at once."""

    def method(vm: Any, *args: Any, **kwargs: Any) -> Any:
        file = _receiver(owner, name, args)
        stream = file._stream
        rest = list(args[1:])
        if name == "writelines" and rest and type(rest[0]) in FRAME_ITERATORS:
            stream.writelines([])  # a closed file fails before the generator runs
            rest[0] = vm.drain(rest[0])
        result = _call(stream, name, rest, kwargs)
        stream.flush()
        return result

    return method


def _close(owner: type) -> Callable[..., Any]:
    def close(*args: Any, **kwargs: Any) -> None:
        file = _receiver(owner, "close", args)
        if len(args) > 1 or kwargs:
            _call(file._stream, "close", args[1:], kwargs)  # CPython's argument error
        file._run.close(file)

    return close


def _enter(file: SandboxFile) -> SandboxFile:
    file._stream.__enter__()  # ValueError on a closed file
    return file


def _exit(file: SandboxFile, *exc_info: Any) -> None:
    file._run.close(file)


def _register(owner: type, methods: tuple[str, ...], data: tuple[str, ...]) -> None:
    table: dict[str, Any] = {name: _Attribute(name, owner) for name in data}
    for name in methods:
        if name in ("write", "writelines"):
            table[name] = VMMethod(_writing(owner, name), needs_vm=True)
        elif name in ("read", "read1", "readlines", "readall"):
            table[name] = VMMethod(_reading(owner, name))
        elif name == "close":
            table[name] = VMMethod(_close(owner))
        else:
            table[name] = VMMethod(_plain(owner, name))
    METHODS[owner] = table
    SPECIAL_METHODS[owner] = {"__enter__": _enter, "__exit__": _exit}


_COMMON = ("close", "fileno", "flush", "isatty", "read", "readable", "readline", "readlines",
           "seek", "seekable", "tell", "truncate", "writable", "write", "writelines")
_BUFFERED = (*_COMMON, "read1", "readinto", "readinto1")

_register(TextFile, _COMMON, ("closed", "encoding", "errors", "line_buffering", "mode", "name",
                              "newlines", "write_through"))
_register(ReaderFile, (*_BUFFERED, "peek"), ("closed", "mode", "name"))
_register(WriterFile, _BUFFERED, ("closed", "mode", "name"))
_register(RandomFile, (*_BUFFERED, "peek"), ("closed", "mode", "name"))
_register(RawFile, (*_COMMON, "readall", "readinto"), ("closed", "closefd", "mode", "name"))


# -- mounts and the open() builtin ----------------------------------------------------------


class _Mount:
    """A virtual path mapped to a host file or directory (its real path)."""

    __slots__ = ("virtual", "display", "host", "is_dir", "writable")

    def __init__(self, virtual: str, display: str, host: str, is_dir: bool, writable: bool):
        self.virtual = virtual  # normalised, absolute: "/data"
        self.display = display  # as the host named it, for files(): "data"
        self.host = host
        self.is_dir = is_dir
        self.writable = writable

    def contains(self, real: str) -> bool:
        """Whether the real host path ``real`` is this directory mount's root or below it."""
        root = self.host.rstrip(os.sep) + os.sep
        return real == self.host or real.startswith(root)


class _Run:
    """The files of one run: its open handles and the host files they share."""

    __slots__ = ("nodes", "handles")

    def __init__(self) -> None:
        self.nodes: dict[str, _Node] = {}
        self.handles: dict[int, SandboxFile] = {}  # open ones, in the order they were opened

    def reserve(self, extra: int) -> None:
        """Refuse to grow the run's file copies past the memory budget."""
        check_size(sum(len(node.data) for node in self.nodes.values()) + extra)

    def close(self, file: SandboxFile) -> None:
        """``f.close()``: flush, then commit the file if this handle wrote it."""
        raw = file._raw
        node = raw._node
        if node is None or raw.closed:
            file._stream.close()
            return
        try:
            file._stream.close()
        finally:
            self.forget(file, node)
        if raw._writable and node.dirty:
            _commit(node, raw.name)

    def discard(self, file: SandboxFile) -> None:
        node = file._raw._node
        file._raw.release(discard=True)
        with contextlib.suppress(Exception):
            file._stream.close()
        if node is not None:
            self.forget(file, node)

    def forget(self, file: SandboxFile, node: _Node) -> None:
        if self.handles.pop(id(file), None) is not None:
            node.handles -= 1
        file._raw._node = None
        if node.handles <= 0 and self.nodes.get(node.path) is node:
            del self.nodes[node.path]


def _commit(node: _Node, name: Any) -> None:
    """Replace the host file by the node's bytes, atomically; errors name the sandbox path."""
    failure: tuple[int, str] | None = None
    try:
        _replace(node.path, bytes(node.data))
    except OSError as error:
        failure = (error.errno or 5, error.strerror or "Input/output error")
    if failure is not None:  # raised outside the except: no host path in __context__
        raise OSError(failure[0], failure[1], name)
    node.dirty = False


def _replace(path: str, content: bytes) -> None:
    directory, base = os.path.split(path)
    if os.path.realpath(directory) != directory:  # a symlink appeared since open: refuse
        raise PermissionError(13, _STRERROR[13])
    try:
        mode: int | None = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = None  # a new file: 0o666 less the umask, as open() would create it
    temp = os.path.join(directory, f".{base}.{os.urandom(8).hex()}{_TEMP_SUFFIX}")
    fd = os.open(temp, _TEMP_FLAGS, 0o666)
    try:
        try:
            view = memoryview(content)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _read_host(path: str, name: Any, run: _Run) -> bytearray:
    """A regular host file's bytes, checked against the memory budget before reading."""
    failure: tuple[int, str] | None = None
    data = bytearray()
    try:
        fd = os.open(path, _READ_FLAGS)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                failure = (13, _STRERROR[13])  # a FIFO or a device: never read
            else:
                run.reserve(info.st_size)
                while chunk := os.read(fd, 1 << 20):
                    if len(data) + len(chunk) > info.st_size:  # it grew while we read
                        run.reserve(len(data) + len(chunk))
                    data += chunk
        finally:
            os.close(fd)
    except OSError as error:
        failure = (error.errno or 5, error.strerror or "Input/output error")
    if failure is not None:
        raise OSError(failure[0], failure[1], name)
    return data


_OPEN_PARAMETERS = ("file", "mode", "buffering", "encoding", "errors", "newline", "closefd",
                    "opener")
_OPEN_DEFAULTS = {"mode": "r", "buffering": -1, "encoding": None, "errors": None,
                  "newline": None, "closefd": True, "opener": None}


def _c_int(value: Any) -> int:
    number = _index(value)
    if not -_C_INT <= number < _C_INT:
        raise OverflowError("Python int too large to convert to C int")
    return number


def _optional_str(name: str, value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"open() argument '{name}' must be str or None, not {type(value).__name__}")
    if "\0" in value:
        raise ValueError("embedded null character")
    return str(value)


def _bind_open(args: tuple, kwargs: dict) -> dict[str, Any]:
    """open()'s arguments, with CPython's errors for the ones that do not fit."""
    values = unpack_keywords("open", args, kwargs, _OPEN_PARAMETERS, minpos=1)
    bound = {key: value for key, value in zip(_OPEN_PARAMETERS, values) if value is not MISSING}
    for key, value in _OPEN_DEFAULTS.items():
        bound.setdefault(key, value)
    mode = bound["mode"]
    if not isinstance(mode, str):
        raise TypeError(f"open() argument 'mode' must be str, not {type(mode).__name__}")
    if "\0" in mode:
        raise ValueError("embedded null character")
    bound["buffering"] = _c_int(bound["buffering"])
    for key in ("encoding", "errors", "newline"):
        bound[key] = _optional_str(key, bound[key])
    bound["closefd"] = _c_int(bound["closefd"])
    return bound


class _Mode:
    """A parsed open() mode, checked the way CPython's open() checks it."""

    __slots__ = ("text", "reading", "writing", "appending", "creating", "updating")

    def __init__(self, mode: str) -> None:
        for i, char in enumerate(mode):
            if char not in "xrwab+t" or char in mode[i + 1:]:
                raise ValueError(f"invalid mode: '{mode}'")
        self.creating = "x" in mode
        self.reading = "r" in mode
        self.writing = "w" in mode
        self.appending = "a" in mode
        self.updating = "+" in mode
        self.text = "b" not in mode
        if "t" in mode and "b" in mode:
            raise ValueError("can't have text and binary mode at once")
        if self.creating + self.reading + self.writing + self.appending > 1:
            raise ValueError("must have exactly one of create/read/write/append mode")

    @property
    def valid(self) -> bool:
        return self.creating or self.reading or self.writing or self.appending

    @property
    def can_read(self) -> bool:
        return self.reading or self.updating

    @property
    def can_write(self) -> bool:
        return not self.reading or self.updating

    def raw_mode(self) -> str:
        """FileIO's ``mode`` string, as ``open(..., 'w+b').mode == 'rb+'`` shows."""
        plus = "+" if self.updating else ""
        if self.creating:
            return "xb" + plus
        if self.appending:
            return "ab" + plus
        if self.updating:
            return "rb+"
        return "rb" if self.reading else "wb"


class FileSystem:
    """A sandbox's mounts, its ``open`` builtin, and the files its runs have open."""

    # A sandbox makes one of these, and many sandboxes (one per request) wait at once,
    # so what most never use is made on first use, and nothing here points back at the
    # ``open`` builtin: a cycle would leave every finished sandbox to the cyclic GC.

    def __init__(self) -> None:
        self._mounts: tuple[_Mount, ...] = ()  # longest virtual path first
        self._runs: weakref.WeakKeyDictionary[Any, _Run] | None = None  # once a run opens
        self._hostless: _Run | None = None  # an open() outside any machine (tests call it)

    @property
    def open_builtin(self) -> Builtin:
        """A new ``open`` builtin over these mounts (the sandbox keeps the one it uses)."""
        return Builtin("open", self)  # calls __call__: no bound method kept per sandbox

    # -- host side -------------------------------------------------------------------

    def mount(self, virtual_path: str, host_path: str | os.PathLike[str],
              writable: bool = False) -> None:
        """Make ``host_path`` (a file, or a directory and every file below it) visible
        to the sandbox as ``virtual_path``; ``writable`` lets the code change it."""
        if not isinstance(virtual_path, str):
            raise TypeError(f"virtual path must be a str, not {type(virtual_path).__name__}")
        parts = [part for part in virtual_path.split("/") if part not in ("", ".")]
        if "\0" in virtual_path or ".." in parts or any("\\" in part for part in parts):
            raise ValueError(f"virtual path must not contain '..', '\\\\' or NUL: {virtual_path!r}")
        host_name = os.fspath(host_path)
        if not isinstance(host_name, str):
            raise TypeError(f"host path must be a str or os.PathLike[str], not {type(host_name).__name__}")
        host = os.path.realpath(host_name)
        if os.path.isdir(host):
            is_dir = True
        elif os.path.isfile(host):
            is_dir = False
        elif os.path.exists(host):
            raise ValueError(f"not a regular file or a directory: {host_name!r}")
        elif writable and os.path.isdir(os.path.dirname(host)):
            is_dir = False  # created when the code writes it
        else:
            raise FileNotFoundError(2, _STRERROR[2], host_name)
        virtual = "/" + "/".join(parts)
        if virtual == "/" and not is_dir:
            raise ValueError("only a directory can be mounted at '/'")
        display = virtual if virtual_path.startswith("/") else "/".join(parts)
        mounts = [m for m in self._mounts if m.virtual != virtual]
        mounts.append(_Mount(virtual, display, host, is_dir, bool(writable)))
        mounts.sort(key=lambda m: len(m.virtual), reverse=True)
        self._mounts = tuple(mounts)

    def files(self) -> dict[str, str | bytes]:
        """The committed contents of the writable mounts, by virtual path.

        What is on the host's disk now: a file a run still has open shows its
        content from before that run's writes (they reach the disk on close).
        Text that is valid UTF-8 is a ``str``, anything else ``bytes``.
        """
        found: dict[str, str | bytes] = {}
        for mount in sorted(self._mounts, key=lambda m: m.virtual):
            if not mount.writable:
                continue
            if not mount.is_dir:
                if os.path.isfile(mount.host):
                    found[mount.display] = _decoded(_read_plain(mount.host))
                continue
            for directory, subdirectories, names in os.walk(mount.host):
                subdirectories.sort()
                for name in sorted(names):
                    full = os.path.join(directory, name)
                    real = os.path.realpath(full)
                    if name.endswith(_TEMP_SUFFIX) or not mount.contains(real):
                        continue
                    if os.path.isfile(real):
                        relative = os.path.relpath(full, mount.host).replace(os.sep, "/")
                        found[posixpath.join(mount.display, relative)] = _decoded(_read_plain(real))
        return found

    def end_run(self, success: bool, machine: Any = None) -> None:
        """A run ended: commit the files it left open, or discard them if it failed.

        The run is ``machine``'s, by default the one in :data:`littrs.vm.context.current`.
        After a success each open file is closed as CPython closes files at exit; the
        first error doing so is raised once all are dealt with. Calling it again, or for
        a run that opened nothing, does nothing.
        """
        if machine is None:
            machine = current.get(None)
        if machine is None:
            run = self._hostless
        else:
            run = self._runs.pop(machine, None) if self._runs is not None else None
        if run is None:
            return
        first_error: BaseException | None = None
        for file in list(run.handles.values()):
            if success:
                try:
                    run.close(file)
                except Exception as error:  # noqa: BLE001 - reported after the others
                    first_error = first_error or error
            if id(file) in run.handles:
                run.discard(file)
        run.nodes.clear()
        if first_error is not None:
            raise first_error

    # -- the open() builtin ------------------------------------------------------------

    def _run(self) -> _Run:
        machine = current.get(None)
        if machine is None:
            if self._hostless is None:
                self._hostless = _Run()
            return self._hostless
        if self._runs is None:
            self._runs = weakref.WeakKeyDictionary()
        run = self._runs.get(machine)
        if run is None:
            run = self._runs[machine] = _Run()
        return run

    def __call__(self, *args: Any, **kwargs: Any) -> SandboxFile:
        """``open()`` in the sandbox."""
        bound = _bind_open(args, kwargs)
        file = bound["file"]
        if isinstance(file, (str, bytes)):
            number = False
        elif isinstance(file, (int, float, complex)):
            number = True  # a file descriptor, as far as open() can tell
        else:
            raise TypeError(f"expected str, bytes or os.PathLike object, not {type(file).__name__}")
        mode = _Mode(bound["mode"])
        if not mode.text:
            for key, article in (("encoding", "an"), ("errors", "an"), ("newline", "a")):
                if bound[key] is not None:
                    raise ValueError(f"binary mode doesn't take {article} {key} argument")
        # From here on, FileIO's checks, in its order.
        if number:
            if not isinstance(file, int) or not -_C_INT <= file < _C_INT:
                raise TypeError(
                    f"expected str, bytes or os.PathLike object, not {type(file).__name__}"
                )
            if file < 0:
                raise ValueError("negative file descriptor")
            path = ""
        else:
            path = file if isinstance(file, str) else os.fsdecode(file)
            if "\0" in path:
                raise ValueError("embedded null byte")
        if not mode.valid:
            raise ValueError(
                "Must have exactly one of create/read/write/append mode and at most one plus"
            )
        if number:
            raise _os_error(9, None)  # the sandbox has no file descriptors
        if not bound["closefd"]:
            raise ValueError("Cannot use closefd=False with file name")
        if bound["opener"] is not None:
            raise TypeError("open() does not support opener= in the sandbox")
        return self._open_path(path, file, mode, bound)

    def _locate(self, path: str, name: Any, mode: _Mode) -> tuple[_Mount, str]:
        """The mount and real host path of a sandbox path, or the error CPython would raise."""
        if path == "":
            raise _os_error(2, name)
        virtual = "/" + posixpath.normpath("/" + path).lstrip("/")
        as_directory = path.endswith("/") or posixpath.basename(path) in (".", "..")
        for mount in self._mounts:
            if virtual == mount.virtual:
                relative = ""
                break
            prefix = mount.virtual.rstrip("/") + "/"
            if virtual.startswith(prefix):
                if not mount.is_dir:
                    raise _os_error(20, name)
                relative = virtual[len(prefix):]
                break
        else:
            if virtual == "/" or any(m.virtual.startswith(virtual + "/") for m in self._mounts):
                raise _os_error(21, name)  # a directory of the virtual tree
            creates = mode.writing or mode.appending or mode.creating
            raise _os_error(13 if creates else 2, name)  # only a mount can be written
        if not mount.is_dir:
            if as_directory:
                raise _os_error(20, name)
            return mount, mount.host
        if relative == "":
            raise _os_error(21, name)
        parts = relative.split("/")
        if any("\\" in part or (os.altsep and os.altsep in part) for part in parts):
            raise _os_error(13, name)  # a Windows separator must not be a path on any host
        real = os.path.realpath(os.path.join(mount.host, *parts))
        if not mount.contains(real):
            raise _os_error(13, name)  # a symlink pointing out of the mount
        return mount, real

    def _open_path(self, path: str, name: Any, mode: _Mode, bound: dict[str, Any]) -> SandboxFile:
        mount, real = self._locate(path, name, mode)
        as_directory = path.endswith("/") or posixpath.basename(path) in (".", "..")
        failure: tuple[int, str] | None = None
        kind = "missing"
        try:
            info = os.stat(real)
        except FileNotFoundError:
            pass
        except OSError as error:  # ENOTDIR (a file used as a directory), ELOOP, EACCES...
            failure = (error.errno or 5, error.strerror or "Input/output error")
        else:
            kind = "dir" if stat.S_ISDIR(info.st_mode) else (
                "file" if stat.S_ISREG(info.st_mode) else "other")
        if failure is not None:  # raised outside the except: no host path in __context__
            raise OSError(failure[0], failure[1], name)
        run = self._run()
        node = run.nodes.get(real)
        if node is not None:
            kind = "file"  # the run created it and has it open
        creates = mode.writing or mode.appending or mode.creating
        if kind == "dir":
            raise _os_error(21, name)
        if kind == "other":
            raise _os_error(13, name)
        if kind == "file" and as_directory:
            raise _os_error(20, name)
        if kind == "missing":
            if as_directory:
                raise _os_error(21 if creates else 2, name)
            if not creates:
                raise _os_error(2, name)
            if not os.path.isdir(os.path.dirname(real)):
                raise _os_error(2, name)
        elif mode.creating:
            raise _os_error(17, name)
        if mode.can_write and not mount.writable:
            raise _os_error(13, name)

        fresh = node is None
        if fresh:
            keep = kind == "file" and not mode.writing  # 'w' truncates: no need to read it
            data = _read_host(real, name, run) if keep else bytearray()
            node = _Node(real, data, dirty=False)
        raw = _MemoryRaw(run, node, name, mode.raw_mode(), mode.can_read, mode.can_write,
                         mode.appending)
        try:
            stream, owner = self._stream(raw, mode, bound)
        except BaseException:
            raw.release(discard=True)
            raise
        if mode.writing:
            del node.data[:]
            node.dirty = True
        elif kind == "missing":
            node.dirty = True  # 'a' and 'x' create the file
        if fresh:
            run.nodes[real] = node
        file = owner(stream, raw, run)
        run.handles[id(file)] = file
        node.handles += 1
        return file

    @staticmethod
    def _stream(raw: _MemoryRaw, mode: _Mode, bound: dict[str, Any]) -> tuple[Any, type]:
        """CPython's io stack over ``raw``, built the way open() builds it."""
        buffering = bound["buffering"]
        if buffering == 0:
            if mode.text:
                raise ValueError("can't have unbuffered text I/O")
            return raw, RawFile
        size = io.DEFAULT_BUFFER_SIZE
        if buffering > 1:
            check_size(buffering)
            size = min(buffering, 1 << 20)  # not observable beyond this
        if mode.updating:
            buffer: Any = io.BufferedRandom(raw, size)
            owner: type = RandomFile
        elif mode.reading:
            buffer, owner = io.BufferedReader(raw, size), ReaderFile
        else:
            buffer, owner = io.BufferedWriter(raw, size), WriterFile
        if not mode.text:
            return buffer, owner
        encoding = bound["encoding"]
        if encoding is None or encoding == "locale":
            encoding = _DEFAULT_ENCODING
        from .vm.builtins import check_codec

        check_codec(encoding)  # only the C codecs: no host imports, no quadratic encoders
        stream = io.TextIOWrapper(buffer, encoding, bound["errors"], bound["newline"],
                                  line_buffering=buffering == 1)
        stream.mode = bound["mode"]  # type: ignore[misc]  # open() sets it, as here
        return stream, TextFile


def _read_plain(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def _decoded(data: bytes) -> str | bytes:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data
