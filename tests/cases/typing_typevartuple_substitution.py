"""TypeVarTuple substitution as CPython 3.11: *Ts takes the arguments left over, Unpack[Ts][x] is x, and issubclass checks arg 1 first."""
import typing
Ts = typing.TypeVarTuple('Ts')
Us = typing.TypeVarTuple('Us')
T = typing.TypeVar('T')
K = typing.TypeVar('K')
U = typing.Unpack[Ts]
Tuple = typing.Tuple
cases = [
    lambda: Tuple[U][()], lambda: Tuple[U][int], lambda: Tuple[U][int, str, bytes],
    lambda: Tuple[T, U][int], lambda: Tuple[T, U][int, str, bytes], lambda: Tuple[T, U][()],
    lambda: Tuple[U, T][int, str], lambda: Tuple[T, U, K][int, str], lambda: Tuple[T, U, K][int],
    lambda: Tuple[T, U][int, typing.Unpack[Tuple[str, ...]]], lambda: Tuple[T, U, K][typing.Unpack[Tuple[str, ...]]],
    lambda: Tuple[U][typing.Unpack[Tuple[int, ...]], typing.Unpack[Tuple[str, ...]]],
    lambda: Tuple[U, typing.Unpack[Us]][int], lambda: Tuple[Ts][int], lambda: Tuple[T, U][1, 2],
    lambda: Tuple[T, U]['x', 'y'], lambda: typing.Dict[str, Tuple[U]][int, str], lambda: typing.List[Tuple[T, U]][int],
    lambda: Tuple[U][None, 'x'], lambda: Tuple[T, U][U], lambda: Tuple[U][typing.Unpack[Us]],
    lambda: Tuple[int, U][str].__args__, lambda: Tuple[T, U].__parameters__,
]
for make in cases:
    try:
        r = make()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__, e)
P = typing.ParamSpec('P')
for make in [lambda: U[int], lambda: U[int, str], lambda: U[()], lambda: U[1], lambda: U[None], lambda: U['x'], lambda: U[U],
             lambda: U[:], lambda: U[1:2], lambda: U[int, ...], lambda: typing.Unpack[typing.Tuple[T]][int],
             lambda: typing.Unpack[T][int], lambda: typing.Tuple[U][int, str], lambda: typing.Tuple[int, U][str],
             lambda: issubclass(Ellipsis, T), lambda: issubclass(int, T), lambda: issubclass(typing.Any, T), lambda: issubclass(1, typing.ForwardRef('x')),
             lambda: issubclass([], P.args), lambda: issubclass(typing.List[int], T), lambda: isinstance(1, T)]:
    try:
        r = make()
        print(repr(r), type(r).__name__)
    except Exception as e:
        print(type(e).__name__, e)
