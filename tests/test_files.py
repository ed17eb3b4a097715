"""Mounted files: open() against CPython on real files, path attacks, atomic writes, files()."""

from __future__ import annotations

import contextlib
import gc
import io
import locale
import os
from pathlib import Path
from typing import Any

import pytest

from littrs import Sandbox, SandboxError
from littrs.errors import InstructionLimitError, LimitError, MemoryLimitError
from littrs.files import FileSystem
from littrs.pending import Complete, Finished, PendingCall
from littrs.sandbox import split_lines


class FileSandbox(Sandbox):
    """A Sandbox wired to a FileSystem exactly as the proposed lines in sandbox.py wire it."""

    def __init__(self) -> None:
        super().__init__()
        self._files = FileSystem()
        self._builtins["open"] = self._files.open_builtin

    def mount(self, virtual_path: str, host_path: Any, writable: bool = False) -> None:
        self._files.mount(virtual_path, host_path, writable)

    def files(self) -> dict[str, str | bytes]:
        return self._files.files()

    def _advance(self, machine: Any, driver: Any, value: Any = None,
                 exc: BaseException | None = None) -> Any:
        try:
            step = super()._advance(machine, driver, value, exc)
        except BaseException:
            self._files.end_run(success=False, machine=machine)
            raise
        if type(step) is Finished:
            self._files.end_run(success=True, machine=machine)
        return step


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (symlinks as their target text), for before/after checks."""
    found = {}
    for path in sorted(root.rglob("*")):
        key = path.relative_to(root).as_posix()
        if path.is_symlink():
            found[key] = b"-> " + os.readlink(path).encode()
        elif path.is_file():
            found[key] = path.read_bytes()
    return found


# -- the same program under CPython and in the sandbox ---------------------------------

START = {
    "a.txt": b"hello\nworld\n",
    "b.bin": b"\x00\x01\x02abc\n\xff",
    "crlf.txt": b"one\r\ntwo\rthree\n",
    "u.txt": "h\u00e9llo w\u00f6rld\n\u20acuro\nlast".encode(),
    "empty.txt": b"",
}


def outcome_of_cpython(directory: Path, code: str) -> tuple[list[str], Any]:
    out = io.StringIO()
    error = None
    namespace: dict[str, Any] = {}
    previous = os.getcwd()
    os.chdir(directory)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "<cpython>", "exec"), namespace)
    except Exception as exc:  # noqa: BLE001 - compared with the sandbox's
        error = (type(exc).__name__, str(exc))
    finally:
        namespace.clear()
        gc.collect()  # files left open are closed (and flushed), as at interpreter exit
        os.chdir(previous)
    return split_lines(out.getvalue()), error


def outcome_of_sandbox(directory: Path, code: str) -> tuple[list[str], Any]:
    sb = FileSandbox()
    sb.mount("/", directory, writable=True)
    try:
        _, printed = sb.capture(code)
    except SandboxError as exc:
        return exc.printed, (exc.type_name, exc.message)
    return printed, None


def same_as_cpython(tmp_path: Path, code: str, start: dict[str, bytes] = START) -> None:
    results = []
    for side, run in (("cpython", outcome_of_cpython), ("sandbox", outcome_of_sandbox)):
        directory = tmp_path / side
        directory.mkdir()
        for name, content in start.items():
            (directory / name).write_bytes(content)
        printed, error = run(directory, code)
        after = snapshot(directory) if error is None else None
        results.append((printed, error, after))
    assert results[1] == results[0]


ATTEMPT = """
def attempt(label, fn):
    try:
        result = fn()
    except Exception as e:
        print(label, type(e).__name__, e, isinstance(e, OSError), isinstance(e, ValueError))
    else:
        print(label, 'ok', repr(result))
"""

PROGRAMS = {
    "read_everything": """
f = open('a.txt')
print(repr(f.read()), repr(f.read()), f.tell())
f.close()
print(f.closed)
""",
    "read_sizes_and_lines": """
f = open('a.txt')
print(repr(f.read(3)), repr(f.readline()), repr(f.readline(2)), repr(f.readline()))
print(repr(f.readline()), f.tell())
f.seek(0)
print(f.readlines())
f.seek(0)
print(f.readlines(3), f.readlines())
f.close()
""",
    "iterate": """
with open('a.txt') as f:
    for i, line in enumerate(f):
        print(i, repr(line))
print(list(open('a.txt')), ''.join(open('a.txt')).upper(), sorted(open('a.txt'), reverse=True))
f = open('a.txt')
print(repr(next(f)), 'world\\n' in f, f.closed)
print(next(f, 'done'))
""",
    "tell_disabled_by_next": """
f = open('a.txt')
next(f)
attempt('tell', lambda: f.tell())
""",
    "text_seek_tell": """
f = open('u.txt', encoding='utf-8')
print(repr(f.readline()), f.tell())
print(repr(f.read(2)), f.tell())
cookie = f.tell()
print(repr(f.read()))
f.seek(cookie)
print(repr(f.read(3)), f.seek(0, 2), repr(f.read()))
attempt('cur', lambda: f.seek(1, 1))
attempt('end', lambda: f.seek(-1, 2))
attempt('negative', lambda: f.seek(-1))
attempt('whence', lambda: f.seek(0, 3))
attempt('float', lambda: f.seek(1.5))
""",
    "binary_read": """
with open('b.bin', 'rb') as f:
    print(f.read(2), f.tell(), f.read1(2), f.peek(1)[:1], f.readline(), f.read())
    print(f.seek(-2, 2), f.read(), f.seek(1), f.seek(1, 1), f.read(1))
    buffer = bytearray(4)
    f.seek(0)
    print(f.readinto(buffer), buffer, f.readlines())
    print(type(f).__name__, f.mode, f.name, f.readable(), f.writable(), f.seekable())
    attempt('negative', lambda: f.seek(-1))
    attempt('whence', lambda: f.seek(0, 7))
    attempt('huge', lambda: f.seek(2**70))
    attempt('read str', lambda: f.read('x'))
    attempt('write', lambda: f.write(b'x'))
    attempt('truncate', lambda: f.truncate())
    attempt('readinto bytes', lambda: f.readinto(b'xx'))
""",
    "newlines": """
print(repr(open('crlf.txt').read()), open('crlf.txt').readlines())
f = open('crlf.txt')
f.read()
print(f.newlines)
print(repr(open('crlf.txt', newline='').read()), open('crlf.txt', newline='').readlines())
print(open('crlf.txt', newline='\\r\\n').readlines(), open('crlf.txt', newline='\\r').readlines())
print(open('crlf.txt', 'rb').read())
""",
    "write_and_read_back": """
f = open('new.txt', 'w')
print(f.write('first\\n'), f.write('second'), f.tell())
f.writelines(['\\n', 'x', 'y\\n'])
f.close()
print(repr(open('new.txt').read()))
with open('a.txt', 'w') as f:
    f.write('replaced')
print(open('a.txt').read())
with open('lines.txt', 'w', newline='\\r\\n') as f:
    f.write('a\\nb\\n')
print(open('lines.txt', 'rb').read())
""",
    "append": """
with open('a.txt', 'a') as f:
    print(f.tell(), f.write('more\\n'), f.tell())
with open('fresh.txt', 'a') as f:
    f.write('created')
with open('a.txt', 'a+') as f:
    print(repr(f.read()), f.seek(0), repr(f.readline()))
    f.write('end\\n')
    print(f.seek(0), f.read())
print(open('a.txt').read(), open('fresh.txt').read())
""",
    "exclusive_create": """
with open('made.txt', 'x') as f:
    f.write('x')
with open('made.bin', 'xb') as f:
    f.write(b'\\x00x')
try:
    open('a.txt', 'x')
except FileExistsError as e:
    print(e, e.errno, e.strerror, e.filename)
print(open('made.txt').read(), open('made.bin', 'rb').read())
with open('plus.txt', 'x+') as f:
    f.write('p')
    f.seek(0)
    print(f.read(), type(f).__name__)
""",
    "read_plus": """
with open('a.txt', 'r+') as f:
    print(repr(f.read(2)))
    f.seek(0)
    f.write('J')
    print(f.tell(), repr(f.read()))
    f.seek(3)
    print(f.truncate(), f.tell())
print(repr(open('a.txt').read()))
with open('b.bin', 'r+b') as f:
    f.seek(2)
    f.write(b'ZZ')
    print(f.read(2), type(f).__name__, f.mode)
    f.seek(10)
    f.write(b'!')
print(open('b.bin', 'rb').read())
""",
    "write_plus": """
with open('a.txt', 'w+') as f:
    print(repr(f.read()), f.write('abc\\ndef\\n'), f.seek(0), f.readlines())
with open('w.bin', 'w+b') as f:
    f.write(b'12345')
    f.seek(1)
    print(f.read(2), f.mode, type(f).__name__)
    f.truncate(2)
    f.seek(0)
    print(f.read())
print(open('a.txt').read(), open('w.bin', 'rb').read())
""",
    "binary_write": """
with open('out.bin', 'wb') as f:
    print(f.write(b'ab'), f.write(bytearray(b'cd')), f.tell(), type(f).__name__, f.mode)
    f.writelines([b'e', b'f'])
with open('out.bin', 'ab') as f:
    f.write(b'g')
    print(type(f).__name__, f.mode)
print(open('out.bin', 'rb').read())
""",
    "generator_writelines": """
def lines():
    for i in range(3):
        yield f'line {i}\\n'
with open('g.txt', 'w') as f:
    f.writelines(lines())
    f.writelines(x.upper() for x in ['a\\n', 'b\\n'])
print(open('g.txt').read())
""",
    "closed_file_errors": """
f = open('a.txt')
f.close()
f.close()
attempt('read', lambda: f.read())
attempt('readline', lambda: f.readline())
attempt('tell', lambda: f.tell())
attempt('seek', lambda: f.seek(0))
attempt('write', lambda: f.write('x'))
attempt('iter', lambda: iter(f))
attempt('flush', lambda: f.flush())
attempt('readable', lambda: f.readable())
attempt('next', lambda: next(f))
attempt('writelines', lambda: f.writelines(x for x in ['a']))
try:
    with f:
        pass
except ValueError as e:
    print('with', e)
print(f.closed, f.name, f.mode)
g = open('a.txt', 'rb')
g.close()
attempt('read', lambda: g.read())
attempt('write', lambda: g.write(b'x'))
attempt('tell', lambda: g.tell())
attempt('seek', lambda: g.seek(0))
attempt('flush', lambda: g.flush())
attempt('peek', lambda: g.peek())
h = open('n.bin', 'wb')
h.close()
attempt('read', lambda: h.read())
attempt('write', lambda: h.write(b'x'))
attempt('tell', lambda: h.tell())
attempt('seek', lambda: h.seek(0))
attempt('flush', lambda: h.flush())
print(g, h)
""",
    "wrong_direction_errors": """
f = open('scratch', 'w')
attempt('read', lambda: f.read())
attempt('readline', lambda: f.readline())
attempt('readlines', lambda: f.readlines())
attempt('next', lambda: next(f))
attempt('write bytes', lambda: f.write(b'x'))
attempt('write int', lambda: f.write(1))
attempt('writelines ints', lambda: f.writelines([1]))
f.close()
f = open('scratch', 'a')
attempt('read', lambda: f.read())
f.close()
f = open('scratch', 'wb')
attempt('read', lambda: f.read())
attempt('readline', lambda: f.readline())
attempt('next', lambda: next(f))
attempt('write str', lambda: f.write('x'))
attempt('read1', lambda: f.read1(1))
f.close()
f = open('scratch', 'r')
attempt('write', lambda: f.write('x'))
attempt('writelines', lambda: f.writelines(['x']))
attempt('truncate', lambda: f.truncate())
attempt('read str', lambda: f.read('x'))
attempt('read kw', lambda: f.read(size=1))
attempt('readline float', lambda: f.readline(1.5))
f.close()
""",
    "open_argument_errors": """
attempt(1, lambda: open('a.txt', 'z'))
attempt(2, lambda: open('a.txt', 'rr'))
attempt(3, lambda: open('a.txt', 'rw'))
attempt(4, lambda: open('a.txt', 'b'))
attempt(5, lambda: open('a.txt', '+'))
attempt(6, lambda: open('a.txt', 'tb'))
attempt(7, lambda: open('a.txt', 'U'))
attempt(8, lambda: open('a.txt', ''))
attempt(9, lambda: open('a.txt', 1))
attempt(10, lambda: open('a.txt', 'rb', encoding='utf-8'))
attempt(11, lambda: open('a.txt', 'rb', errors='x'))
attempt(12, lambda: open('a.txt', 'rb', newline='x'))
attempt(13, lambda: open('a.txt', newline='x'))
attempt(14, lambda: open('a.txt', newline=1))
attempt(15, lambda: open('a.txt', encoding=1))
attempt(16, lambda: open('a.txt', errors=1))
attempt(17, lambda: open('a.txt', encoding='bogus'))
attempt(18, lambda: open('x.txt', encoding='bogus'))
attempt(19, lambda: open('a.txt', encoding='rot13'))
attempt(20, lambda: open('a.txt', buffering='x'))
attempt(21, lambda: open('a.txt', buffering=0))
attempt(22, lambda: open('a.txt', buffering=1.5))
attempt(23, lambda: open('a.txt', buffering=2**31))
attempt(24, lambda: open('a.txt', closefd=False))
attempt(25, lambda: open('a.txt', closefd='x'))
attempt(26, lambda: open([1]))
attempt(27, lambda: open(1.5))
attempt(28, lambda: open(None))
attempt(29, lambda: open(-1))
attempt(30, lambda: open(-1, 'b'))
attempt(31, lambda: open(10**30))
attempt(32, lambda: open(bytearray(b'a.txt')))
attempt(33, lambda: open())
attempt(34, lambda: open('a.txt', file='b'))
attempt(35, lambda: open('a', 'r', -1, None, None, None, True, None, 5))
attempt(36, lambda: open('a.txt', foo=1))
attempt(37, lambda: open([1], 'z'))
attempt(38, lambda: open('x.txt', 'z'))
attempt(39, lambda: open('x.txt', 'rb', encoding='u'))
attempt(40, lambda: open('x.txt', newline='x'))
attempt(41, lambda: open('x.txt', buffering=0))
attempt(42, lambda: open('a\\0', 'b'))
attempt(43, lambda: open('a\\0.txt'))
attempt(44, lambda: open(b'a\\0.txt'))
attempt(45, lambda: open('a.txt', 'r\\0'))
attempt(46, lambda: open('a.txt', 'r', -1, None, None, None, True, None, opener=1))
attempt(47, lambda: open('a.txt', 'r', 1, 2))
attempt(48, lambda: open('a.txt', closefd=2**40))
attempt(49, lambda: open('a.txt', buffering=-5).read())
attempt(50, lambda: open('a.txt', 'rb', buffering=5).read())
attempt(51, lambda: open(file='a.txt', mode='rb').read())
attempt(52, lambda: open('a.txt', encoding='utf-16').read())
attempt(53, lambda: open('a.txt', errors='bogus').read())
""",
    "missing_and_directory_paths": """
def show(label, fn):
    try:
        fn()
    except OSError as e:
        print(label, type(e).__name__, e, e.errno, e.filename)
show(1, lambda: open('x.txt'))
show(2, lambda: open(b'x.txt'))
show(3, lambda: open(''))
show(4, lambda: open('.'))
show(5, lambda: open('./'))
show(6, lambda: open('a.txt/'))
show(7, lambda: open('new/', 'w'))
show(8, lambda: open('x.txt', 'r+'))
show(9, lambda: open('no/dir.txt', 'w'))
show(10, lambda: open('a.txt/x'))
show(11, lambda: open('', 'w'))
""",
    "names_and_reprs": """
f = open('a.txt')
print(f, f.name, f.mode, f.closed, f.errors, f.line_buffering, f.newlines, type(f).__name__)
print(f.encoding, f.write_through)
print(open('a.txt', 'rt'), open(b'a.txt').name, open('./a.txt').name)
print(open('a.txt', 'rb'), open('a.txt', 'r+b'), open('a.txt', 'ab'), open('a.txt', 'a+'))
print(open('a.txt', 'rb').mode, open('a.txt', 'w+b').mode, open('a.txt', 'ab+').mode)
print(open('a.txt', buffering=1).line_buffering, f.readable(), f.writable(), f.seekable())
print(f.isatty(), open('a.txt', 'rb').isatty(), open('a.txt', encoding='latin-1'))
""",
    "encodings": """
print(repr(open('u.txt', encoding='latin-1').read()))
print(repr(open('u.txt', encoding='ascii', errors='replace').read()))
try:
    open('u.txt', encoding='ascii').read()
except UnicodeDecodeError as e:
    print(type(e).__name__, e)
with open('e.txt', 'w', encoding='utf-16') as f:
    f.write('\u20ac')
print(open('e.txt', 'rb').read(), open('e.txt', encoding='utf-16').read())
try:
    open('e.txt', 'w', encoding='ascii').write('\u20ac')
except UnicodeEncodeError as e:
    print(type(e).__name__, e)
""",
    "unbuffered": """
with open('raw.bin', 'wb', buffering=0) as f:
    print(type(f).__name__, f, f.write(b'abc'), f.tell(), f.mode, f.closefd)
    f.seek(1)
    f.write(b'Z')
f = open('raw.bin', 'rb', buffering=0)
print(f.read(1), f.readall(), f.seek(0), f.readline(), f.read(), f.readinto(bytearray(2)))
print(f.seek(0), f.readlines(), f.seek(1), list(f))
attempt('write', lambda: f.write(b'x'))
attempt('negative', lambda: f.seek(-1))
attempt('whence', lambda: f.seek(0, 7))
attempt('float size', lambda: f.read(1.5))
attempt('float pos', lambda: f.seek(1.5))
attempt('truncate', lambda: f.truncate())
f.close()
print(f, f.closed)
attempt('read', lambda: f.read())
attempt('tell', lambda: f.tell())
w = open('raw.bin', 'ab', buffering=0)
attempt('read', lambda: w.read())
attempt('readline', lambda: w.readline())
attempt('readall', lambda: w.readall())
attempt('write str', lambda: w.write('x'))
print(w.write(b'!'), w.tell())
w.close()
print(open('raw.bin', 'rb').read())
""",
    "two_handles_after_flush_and_close": """
w = open('shared.txt', 'w')
w.write('one\\n')
w.flush()
r = open('shared.txt')
print(repr(r.read()))
w.write('two\\n')
w.close()
print(repr(r.read()))
r.close()
""",
    "left_open_is_written_at_the_end": """
f = open('kept.txt', 'w')
f.write('kept')
open('a.txt', 'a').write('!')
""",
    "oserror_attributes": """
try:
    open('missing.txt')
except FileNotFoundError as e:
    print(e.errno, e.strerror, e.filename, e.args)
try:
    open('missing.txt')
except OSError as e:
    print(type(e).__name__)
""",
    "uncaught_error": """
print('before')
open('missing.txt')
""",
    "uncaught_unsupported_operation": """
open('a.txt').write('x')
""",
    "async_with_a_file_is_refused": """
import asyncio
async def main():
    with open('w.txt', 'w') as f:
        async with f:
            pass
asyncio.run(main())
""",
    "with_closes_on_exception": """
try:
    with open('w.txt', 'w') as f:
        f.write('inside')
        raise KeyError('boom')
except KeyError:
    pass
print(f.closed, open('w.txt').read())
""",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_same_as_cpython(tmp_path: Path, name: str) -> None:
    if name == "names_and_reprs" and locale.getpreferredencoding(False) != "UTF-8":
        pytest.skip("CPython's default encoding here is not UTF-8")
    same_as_cpython(tmp_path, ATTEMPT + PROGRAMS[name])



def _largest_position(directory: Path) -> int:
    """The furthest CPython may seek a file here: the filesystem's largest file."""
    with open(directory / "a.txt", "rb") as f:
        low, high = 0, 1 << 63
        while high - low > 1:
            middle = (low + high) // 2
            try:
                f.seek(middle)
            except OSError:
                high = middle
            else:
                low = middle
    return low


def test_seeking_past_the_largest_file_is_invalid_as_on_ext4(tmp_path: Path) -> None:
    """littrs's files end where ext4's do; the comparison needs CPython on ext4 too."""
    (tmp_path / "a.txt").write_bytes(START["a.txt"])
    limit = _largest_position(tmp_path)
    if limit != (1 << 44) - 4096:  # ext4 with 4 KiB blocks
        pytest.skip(f"this filesystem's largest file ends at {limit}, not ext4's")
    same_as_cpython(tmp_path, ATTEMPT + f"""
for mode in ('r', 'rb', 'r+', 'ab'):
    f = open('a.txt', mode)
    attempt(mode + ' last', lambda: f.seek({limit}))
    attempt(mode + ' past', lambda: f.seek({limit + 1}))
    attempt(mode + ' far', lambda: f.seek(2**62))
    f.seek(10)
    attempt(mode + ' relative', lambda: f.seek({limit}, 1) if 'b' in mode else None)
    attempt(mode + ' from end', lambda: f.seek({limit}, 2) if 'b' in mode else None)
    print(f.tell())
    f.close()
""")


# -- messages the issue names ---------------------------------------------------------


@pytest.fixture
def sb(tmp_path: Path) -> FileSandbox:
    (tmp_path / "in.txt").write_text("data\n")
    (tmp_path / "out.txt").write_text("old\n")
    sandbox = FileSandbox()
    sandbox.mount("in.txt", tmp_path / "in.txt")
    sandbox.mount("out.txt", tmp_path / "out.txt", writable=True)
    return sandbox


def error_of(sb: Sandbox, code: str) -> tuple[str, str]:
    with pytest.raises(SandboxError) as caught:
        sb.run(code)
    return caught.value.type_name, caught.value.message


def test_the_messages_of_the_issue(sb: FileSandbox) -> None:
    assert error_of(sb, "open('x.txt')") == (
        "FileNotFoundError", "[Errno 2] No such file or directory: 'x.txt'")
    assert error_of(sb, "open('in.txt', 'w')") == (
        "PermissionError", "[Errno 13] Permission denied: 'in.txt'")
    for mode in ("a", "r+", "x", "wb", "ab+"):
        assert error_of(sb, f"open('in.txt', {mode!r})")[0] in ("PermissionError", "FileExistsError")
    assert error_of(sb, "open('out.txt', 'w').read()") == ("UnsupportedOperation", "not readable")
    assert error_of(sb, "open('out.txt', 'wb').read()") == ("UnsupportedOperation", "read")
    assert error_of(sb, "open('in.txt').write('x')") == ("UnsupportedOperation", "not writable")


def test_unmounted_writes_are_refused_and_reads_not_found(sb: FileSandbox, tmp_path: Path) -> None:
    before = snapshot(tmp_path)
    assert error_of(sb, "open('new.txt', 'w')") == (
        "PermissionError", "[Errno 13] Permission denied: 'new.txt'")
    assert error_of(sb, "open('new.txt', 'r+')")[0] == "FileNotFoundError"
    assert snapshot(tmp_path) == before


def test_read_only_and_writable_mounts(sb: FileSandbox, tmp_path: Path) -> None:
    assert sb.run("open('in.txt').read()") == "data\n"
    assert sb.run("open('/in.txt').read() == open('./in.txt').read()") is True
    sb.run("with open('out.txt', 'w') as f:\n    f.write('new\\n')")
    assert (tmp_path / "out.txt").read_text() == "new\n"
    assert sb.files() == {"out.txt": "new\n"}


def test_methods_are_whitelisted(sb: FileSandbox) -> None:
    assert error_of(sb, "open('in.txt').buffer")[0] == "AttributeError"
    assert error_of(sb, "open('in.txt', 'rb').raw")[0] == "AttributeError"
    assert error_of(sb, "open('in.txt').detach()")[0] == "AttributeError"
    assert error_of(sb, "open('in.txt')._stream")[0] == "AttributeError"
    assert error_of(sb, "open('in.txt').read.__self__")[0] == "AttributeError"
    assert error_of(sb, "type(open('in.txt'))('in.txt')") == (
        "TypeError", "cannot create 'TextIOWrapper' instances")
    assert error_of(sb, "type(open('in.txt')).read(1)") == (
        "TypeError",
        "descriptor 'read' for '_io.TextIOWrapper' objects doesn't apply to a 'int' object")
    assert sb.run("type(open('in.txt')).read(open('in.txt'))") == "data\n"
    assert error_of(sb, "open('in.txt').name = 'x'")[0] == "AttributeError"
    assert sb.run("'readline' in dir(open('in.txt'))") is True
    assert error_of(sb, "open('in.txt').fileno()") == ("UnsupportedOperation", "fileno")
    assert sb.run("str(type(open('in.txt')))") == "<class '_io.TextIOWrapper'>"


def test_a_file_cannot_leave_the_sandbox(sb: FileSandbox) -> None:
    with pytest.raises(TypeError, match="TextIOWrapper"):
        sb.run("open('in.txt')")
    with pytest.raises(TypeError, match="TextIOWrapper"):
        sb.run("f = open('out.txt', 'w')")
        sb["f"]
    sb.tool(lambda x: x, name="echo")
    assert error_of(sb, "echo(open('in.txt'))")[0] == "TypeError"


def test_files_do_not_outlive_their_run(sb: FileSandbox, tmp_path: Path) -> None:
    sb.run("f = open('out.txt', 'w')\nf.write('one')")
    assert (tmp_path / "out.txt").read_text() == "one"
    assert error_of(sb, "f.write('two')") == ("ValueError", "I/O operation on closed file.")
    (tmp_path / "in.txt").write_text("changed by the host\n")
    assert sb.run("open('in.txt').read()") == "changed by the host\n"


# -- path attacks -----------------------------------------------------------------------


@pytest.fixture
def attacked(tmp_path: Path) -> tuple[FileSandbox, Path]:
    """A writable directory mount next to a secret; symlinks inside point out of it."""
    (tmp_path / "secret.txt").write_text("secret\n")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "deep.txt").write_text("deep\n")
    public = tmp_path / "pub"
    public.mkdir()
    (public / "ok.txt").write_text("ok\n")
    (public / "sub").mkdir()
    (public / "sub" / "inner.txt").write_text("inner\n")
    (public / "link_out.txt").symlink_to(tmp_path / "secret.txt")
    (public / "link_dir").symlink_to(tmp_path / "outside")
    (public / "link_rel").symlink_to("../secret.txt")
    (public / "link_dangling").symlink_to(tmp_path / "created_by_attack.txt")
    (public / "link_in.txt").symlink_to(public / "ok.txt")
    sandbox = FileSandbox()
    sandbox.mount("pub", public, writable=True)
    return sandbox, tmp_path


READ_ATTACKS = [
    ("../secret.txt", "FileNotFoundError"),
    ("/../secret.txt", "FileNotFoundError"),
    ("pub/../secret.txt", "FileNotFoundError"),
    ("pub/../../secret.txt", "FileNotFoundError"),
    ("pub/sub/../../../secret.txt", "FileNotFoundError"),
    ("/etc/passwd", "FileNotFoundError"),
    ("/secret.txt", "FileNotFoundError"),
    ("pub/link_out.txt", "PermissionError"),
    ("pub/link_rel", "PermissionError"),
    ("pub/link_dir/deep.txt", "PermissionError"),
    ("pub/link_dangling", "PermissionError"),
    ("pub\\..\\secret.txt", "FileNotFoundError"),
    ("pub/..\\secret.txt", "PermissionError"),
    ("pub/..\\..\\secret.txt", "PermissionError"),
    ("pub/sub\\inner.txt", "PermissionError"),
    ("pub/ok.txt\0", "ValueError"),
    ("pub/\0../secret.txt", "ValueError"),
]


@pytest.mark.parametrize(("path", "error"), READ_ATTACKS)
@pytest.mark.parametrize("mode", ["r", "rb", "w", "a", "r+", "x", "wb"])
def test_path_attacks_never_reach_outside(
    attacked: tuple[FileSandbox, Path], path: str, error: str, mode: str
) -> None:
    sb, root = attacked
    before = snapshot(root)
    sb["path"] = path
    sb["mode"] = mode
    with pytest.raises(SandboxError) as caught:
        sb.run("with open(path, mode) as f:\n    f.write('pwned' if 'b' not in mode else b'pwned')")
    if error == "FileNotFoundError" and mode not in ("r", "rb", "r+"):
        error = "PermissionError"  # creating where nothing is mounted
    assert caught.value.type_name == error
    if error == "ValueError":
        assert caught.value.message == "embedded null byte"
    assert snapshot(root) == before
    assert not (root / "created_by_attack.txt").exists()


def test_bytes_paths_are_checked_the_same(attacked: tuple[FileSandbox, Path]) -> None:
    sb, root = attacked
    assert sb.run("open(b'pub/ok.txt').read()") == "ok\n"
    assert error_of(sb, "open(b'pub/link_out.txt')")[0] == "PermissionError"
    assert error_of(sb, "open(b'pub/x\\0y')") == ("ValueError", "embedded null byte")
    assert error_of(sb, "open(b'../secret.txt')") == (
        "FileNotFoundError", "[Errno 2] No such file or directory: b'../secret.txt'")


def test_symlinks_inside_the_mount_work(attacked: tuple[FileSandbox, Path]) -> None:
    sb, root = attacked
    assert sb.run("open('pub/link_in.txt').read()") == "ok\n"
    sb.run("open('pub/link_in.txt', 'a').write('more\\n')")
    assert (root / "pub" / "ok.txt").read_text() == "ok\nmore\n"
    assert (root / "pub" / "link_in.txt").is_symlink()  # written through, not replaced


def test_absolute_host_paths_are_virtual(attacked: tuple[FileSandbox, Path]) -> None:
    sb, root = attacked
    sb["host"] = str(root / "pub" / "ok.txt")
    assert error_of(sb, "open(host)")[0] == "FileNotFoundError"
    assert error_of(sb, "open(host, 'w')")[0] == "PermissionError"


def test_file_descriptors_are_refused(attacked: tuple[FileSandbox, Path]) -> None:
    sb, _ = attacked
    for fd in (0, 1, 2, 3, True):
        sb["fd"] = fd
        assert error_of(sb, "open(fd, 'w')") == ("OSError", "[Errno 9] Bad file descriptor")


def test_special_files_are_refused(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(tmp_path / "fifo")
    sb = FileSandbox()
    sb.mount("/", tmp_path)
    assert error_of(sb, "open('fifo')")[0] == "PermissionError"  # and it did not block


def test_new_files_in_directory_mounts(attacked: tuple[FileSandbox, Path]) -> None:
    sb, root = attacked
    sb.run("open('pub/sub/new.txt', 'w').write('n')")
    assert (root / "pub" / "sub" / "new.txt").read_text() == "n"
    assert error_of(sb, "open('pub/nodir/new.txt', 'w')")[0] == "FileNotFoundError"
    assert error_of(sb, "open('pub/sub', 'w')")[0] == "IsADirectoryError"
    assert error_of(sb, "open('pub')")[0] == "IsADirectoryError"
    assert error_of(sb, "open('/')")[0] == "IsADirectoryError"


def test_read_only_directory_mounts(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a")
    sb = FileSandbox()
    sb.mount("/data", tmp_path)
    assert sb.run("open('/data/a.txt').read()") == "a"
    assert error_of(sb, "open('/data/b.txt', 'w')")[0] == "PermissionError"
    assert error_of(sb, "open('/data/a.txt', 'a')")[0] == "PermissionError"
    assert sb.files() == {}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_mount_arguments_are_checked(tmp_path: Path) -> None:
    fs = FileSystem()
    with pytest.raises(ValueError):
        fs.mount("../x", tmp_path)
    with pytest.raises(ValueError):
        fs.mount("a\0b", tmp_path)
    with pytest.raises(TypeError):
        fs.mount(b"x", tmp_path)  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        fs.mount("x.txt", tmp_path / "missing.txt")  # read-only: must exist
    with pytest.raises(FileNotFoundError):
        fs.mount("x.txt", tmp_path / "no" / "x.txt", writable=True)
    with pytest.raises(ValueError):
        fs.mount("/", tmp_path / "f.txt", writable=True)
    fs.mount("x.txt", tmp_path / "later.txt", writable=True)  # created on first write


# -- atomic writes ------------------------------------------------------------------------


def test_a_failed_run_leaves_the_host_file_unchanged(sb: FileSandbox, tmp_path: Path) -> None:
    with pytest.raises(SandboxError):
        sb.run("f = open('out.txt', 'w')\nf.write('half')\nf.flush()\n1 / 0")
    assert (tmp_path / "out.txt").read_text() == "old\n"
    with pytest.raises(SandboxError):
        sb.run("f = open('out.txt', 'a')\nf.write('half')\nraise ValueError")
    assert (tmp_path / "out.txt").read_text() == "old\n"
    assert not list(tmp_path.glob("*.littrs-tmp"))


def test_a_closed_file_is_committed_even_if_the_run_fails_later(
    sb: FileSandbox, tmp_path: Path
) -> None:
    with pytest.raises(SandboxError):
        sb.run("with open('out.txt', 'w') as f:\n    f.write('done')\n1 / 0")
    assert (tmp_path / "out.txt").read_text() == "done"
    with pytest.raises(SandboxError):  # a with block closes the file on its way out, as CPython
        sb.run("with open('out.txt', 'a') as f:\n    f.write('+')\n    raise ValueError")
    assert (tmp_path / "out.txt").read_text() == "done+"


def test_a_limit_leaves_the_host_file_unchanged(sb: FileSandbox, tmp_path: Path) -> None:
    sb.limit(max_instructions=2_000)
    with pytest.raises(InstructionLimitError):
        sb.run("with open('out.txt', 'w') as f:\n    while True:\n        f.write('x')")
    assert (tmp_path / "out.txt").read_text() == "old\n"
    with pytest.raises(InstructionLimitError):
        sb.run("f = open('out.txt', 'a')\n"
               "try:\n    while True:\n        f.write('x')\nfinally:\n    f.close()")
    assert (tmp_path / "out.txt").read_text() == "old\n"
    assert not list(tmp_path.glob("*.littrs-tmp"))


def test_memory_limit_on_writes_reads_and_seeks(sb: FileSandbox, tmp_path: Path) -> None:
    sb.limit(max_memory=50_000)
    with pytest.raises(MemoryLimitError):
        sb.run("f = open('out.txt', 'w')\nfor i in range(10):\n    f.write('x' * 10_000)")
    with pytest.raises(MemoryLimitError):
        sb.run("f = open('out.txt', 'wb')\nf.seek(10**12)\nf.write(b'x')")
    with pytest.raises(MemoryLimitError):
        sb.run("f = open('out.txt', 'r+')\nf.truncate(10**12)")
    with pytest.raises(MemoryLimitError):
        sb.run("f = open('out.txt', 'rb', buffering=10**9)")
    assert (tmp_path / "out.txt").read_text() == "old\n"
    (tmp_path / "in.txt").write_bytes(b"y" * 100_000)
    with pytest.raises(MemoryLimitError):
        sb.run("open('in.txt')")
    sb.limit(max_memory=None)
    assert sb.run("len(open('in.txt', 'rb').read(10**15))") == 100_000


def test_the_host_file_is_replaced_not_rewritten(sb: FileSandbox, tmp_path: Path) -> None:
    with open(tmp_path / "out.txt") as reader:  # a reader holding the old file
        sb.run("with open('out.txt', 'w') as f:\n    f.write('new')")
        assert reader.read() == "old\n"
    assert (tmp_path / "out.txt").read_text() == "new"


def test_permissions_of_a_replaced_file_are_kept(sb: FileSandbox, tmp_path: Path) -> None:
    os.chmod(tmp_path / "out.txt", 0o640)
    sb.run("open('out.txt', 'w').write('x')")
    assert (tmp_path / "out.txt").stat().st_mode & 0o777 == 0o640


def test_open_files_are_committed_only_when_a_paused_run_ends(
    sb: FileSandbox, tmp_path: Path
) -> None:
    sb.declare("wait")
    pending = sb.start("f = open('out.txt', 'w')\nf.write('later')\nwait()\n'end'")
    assert isinstance(pending, PendingCall)
    assert (tmp_path / "out.txt").read_text() == "old\n"
    assert sb.files() == {"out.txt": "old\n"}
    done = pending.resume(None)
    assert isinstance(done, Complete) and done.value == "end"
    assert sb.files() == {"out.txt": "later"}


def test_a_paused_run_that_fails_discards_its_writes(sb: FileSandbox, tmp_path: Path) -> None:
    sb.declare("wait")
    pending = sb.start("f = open('out.txt', 'w')\nf.write('later')\nwait()")
    with pytest.raises(SandboxError):
        pending.throw(RuntimeError("no"))
    assert (tmp_path / "out.txt").read_text() == "old\n"


def test_two_paused_runs_do_not_share_open_files(sb: FileSandbox, tmp_path: Path) -> None:
    sb.declare("wait")
    first = sb.start("f = open('out.txt', 'w')\nf.write('first')\nwait()")
    second = sb.start("g = open('out.txt')\nr = g.read()\nwait()\nr")
    assert isinstance(first, PendingCall) and isinstance(second, PendingCall)
    with pytest.raises(SandboxError):
        first.throw(RuntimeError("cancelled"))
    done = second.resume(None)
    assert isinstance(done, Complete) and done.value == "old\n"
    assert (tmp_path / "out.txt").read_text() == "old\n"


def test_a_limit_error_is_not_catchable_around_file_writes(sb: FileSandbox) -> None:
    sb.limit(max_memory=10_000)
    with pytest.raises(LimitError):
        sb.run("try:\n    open('out.txt', 'w').write('x' * 9_000 + 'y' * 9_000)\n"
               "except BaseException:\n    pass")


# -- files() -------------------------------------------------------------------------------


def test_files_lists_writable_mounts(tmp_path: Path) -> None:
    (tmp_path / "ro.txt").write_text("ro")
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.txt").write_text("old")
    (out / "sub").mkdir()
    (tmp_path / "outside.txt").write_text("outside")
    (out / "escape").symlink_to(tmp_path / "outside.txt")
    sb = FileSandbox()
    sb.mount("ro.txt", tmp_path / "ro.txt")
    sb.mount("out", out, writable=True)
    sb.mount("/report.txt", tmp_path / "report.txt", writable=True)
    assert sb.files() == {"out/old.txt": "old"}
    sb.run(
        "open('/report.txt', 'w').write('done')\n"
        "open('out/sub/data.bin', 'wb').write(bytes([0, 255]))\n"
        "open('out/old.txt', 'a').write('er')\n"
    )
    assert sb.files() == {
        "/report.txt": "done",
        "out/old.txt": "older",
        "out/sub/data.bin": b"\x00\xff",
    }


def test_files_of_a_mount_at_the_root(tmp_path: Path) -> None:
    sb = FileSandbox()
    sb.mount(".", tmp_path, writable=True)
    sb.run("open('a.txt', 'w').write('a')")
    assert sb.files() == {"a.txt": "a"}


def test_open_is_an_ordinary_builtin(sb: FileSandbox) -> None:
    assert sb.run("repr(open)") == "<built-in function open>"
    assert sb.run("callable(open)") is True


def test_a_failing_commit_names_the_sandbox_path_and_leaves_no_temp_file(
    sb: FileSandbox, tmp_path: Path
) -> None:
    def swap() -> None:  # the host turns the file into a directory while the code writes it
        (tmp_path / "out.txt").unlink()
        (tmp_path / "out.txt").mkdir()

    sb.tool(swap)
    printed = sb.capture(
        "f = open('out.txt', 'w')\nf.write('x')\nswap()\n"
        "try:\n    f.close()\nexcept OSError as e:\n"
        "    print(type(e).__name__, e.filename, e.__context__, e.__cause__)\n"
    )[1]
    assert printed == ["IsADirectoryError out.txt None None"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "out.txt"]


def test_a_directory_swapped_for_a_symlink_is_not_followed_on_commit(tmp_path: Path) -> None:
    public = tmp_path / "pub"
    (public / "sub").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    sb = FileSandbox()
    sb.mount("pub", public, writable=True)

    def swap() -> None:
        (public / "sub").rmdir()
        (public / "sub").symlink_to(outside)

    sb.tool(swap)
    assert error_of(sb, "f = open('pub/sub/x.txt', 'w')\nf.write('x')\nswap()\nf.close()") == (
        "PermissionError", "[Errno 13] Permission denied: 'pub/sub/x.txt'")
    assert list(outside.iterdir()) == []


def test_errors_carry_no_host_exception_as_context(sb: FileSandbox, tmp_path: Path) -> None:
    code = "try:\n    open({!r})\nexcept OSError as e:\n    r = (e.__context__, e.__cause__)\nr"
    for path in ("missing.txt", "in.txt/x", "/"):
        assert sb.run(code.format(path)) == (None, None)
    (tmp_path / "in.txt").unlink()  # mounted, then gone: the host's stat fails
    assert sb.run(code.format("in.txt")) == (None, None)
    assert str(tmp_path) not in repr(sb.capture("try:\n    open('in.txt')\nexcept OSError as e:\n"
                                                "    print(e, e.args)")[1])


def test_a_run_paused_with_a_file_open_cannot_be_snapshotted(sb: FileSandbox) -> None:
    from littrs.errors import SnapshotError

    sb.declare("wait")
    pending = sb.start("f = open('in.txt')\nwait()\nf.read()")
    with pytest.raises(SnapshotError, match="TextIOWrapper"):
        pending.dump()
    done = pending.resume(None)
    assert isinstance(done, Complete) and done.value == "data\n"


def test_a_run_refused_for_a_declared_tool_commits_nothing(sb: FileSandbox, tmp_path: Path) -> None:
    sb.declare("approve")
    with pytest.raises(RuntimeError, match="declared"):
        sb.run("f = open('out.txt', 'w')\nf.write('x')\napprove()")
    gc.collect()
    assert (tmp_path / "out.txt").read_text() == "old\n"


def test_end_run_is_idempotent_and_takes_a_machine(tmp_path: Path) -> None:
    fs = FileSystem()
    fs.mount("o.txt", tmp_path / "o.txt", writable=True)
    file = fs.open_builtin.fn("o.txt", "w")  # outside any run: the host-less run
    fs.end_run(True)
    fs.end_run(False)
    assert (tmp_path / "o.txt").read_text() == ""
    assert file._stream.closed
    fs.end_run(False, machine=type("Machine", (), {})())  # a machine that opened nothing
