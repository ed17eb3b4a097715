"""Subscribing typing classes (Generic, IO, the Supports* protocols) and their aliases, and
issubclass against typing forms, with CPython 3.11's errors."""
import typing

T = typing.TypeVar('T')
U = typing.TypeVar('U')
P = typing.ParamSpec('P')
Ts = typing.TypeVarTuple('Ts')
attempts = {
    'Generic[()]': lambda: typing.Generic[()],
    'Protocol[()]': lambda: typing.Protocol[()],
    'Generic[Ts]': lambda: typing.Generic[Ts],
    'Generic[*Ts]': lambda: typing.Generic[typing.Unpack[Ts]],
    'Generic[T, P]': lambda: typing.Generic[T, P],
    'Generic[T, T]': lambda: typing.Generic[T, T],
    'Generic[int]': lambda: typing.Generic[int],
    'Generic[T][int]': lambda: typing.Generic[T][int],
    'Protocol[T][int]': lambda: typing.Protocol[T][int],
    'SupportsAbs[int]': lambda: typing.SupportsAbs[int],
    'SupportsRound[T][float]': lambda: typing.SupportsRound[T],
    'SupportsInt[int]': lambda: typing.SupportsInt[int],
    'TextIO[str]': lambda: typing.TextIO[str],
    'BinaryIO[()]': lambda: typing.BinaryIO[()],
    'IO[int, str]': lambda: typing.IO[int, str],
    'IO[str]': lambda: typing.IO[str],
    'Literal[int, "a", None, 1.5]': lambda: typing.Literal[int, "a", None, 1.5],
    '(Any | int)[int]': lambda: (typing.Any | int)[int],
    '(int | str)[int]': lambda: (int | str)[int],
    'issubclass(int, Any)': lambda: issubclass(int, typing.Any),
    'issubclass(1, Any)': lambda: issubclass(1, typing.Any),
    'issubclass(bool, Any | int)': lambda: issubclass(bool, typing.Any | int),
    'issubclass(str, Any | int)': lambda: issubclass(str, typing.Any | int),
    'issubclass(int, ForwardRef)': lambda: issubclass(int, typing.ForwardRef('x')),
    'issubclass(int, T)': lambda: issubclass(int, T),
    'isinstance(1, SupportsInt | None)': lambda: isinstance(1, typing.SupportsInt | None),
}
for label, attempt in attempts.items():
    try:
        print(label, '->', attempt())
    except TypeError as error:
        print(label, '-> TypeError', error)
for origin in (1, [], ValueError(), Ellipsis, len, list[int], int | str, 'Node',
               lambda: 1, (x for x in ()), typing):
    try:
        print(typing.Annotated[origin, 'meta'])
    except (AttributeError, TypeError) as error:
        print(type(error).__name__, error)
P = typing.ParamSpec('P')
for parameters in ((), int, (int, P), (int, ...), (P,), ('int', P), ((1, 2), P), (P, int)):
    try:
        print(typing.Concatenate[parameters])
    except TypeError as error:
        print('TypeError', error)
