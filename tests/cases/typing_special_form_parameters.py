"""Every special form and alias subscribed with every kind of parameter: CPython 3.11's results
and errors (Callable takes a ParamSpec or a tuple, IO converts None and strings, ...)."""
import typing
T = typing.TypeVar('T'); P = typing.ParamSpec('P'); Ts = typing.TypeVarTuple('Ts')
names = ['Any', 'Union', 'Optional', 'ClassVar', 'Final', 'Literal', 'Annotated', 'NoReturn', 'Never', 'Self', 'LiteralString', 'TypeAlias', 'TypeGuard', 'Concatenate', 'Required', 'NotRequired', 'Unpack', 'List', 'Dict', 'Tuple', 'Callable', 'Type', 'Generic', 'Protocol', 'IO', 'Iterable', 'DefaultDict', 'Counter', 'SupportsAbs']
params = [int, (int, str), (), None, 'x', 1, [int], ..., (int, ...), T, P, Ts, typing.Unpack[Ts], typing.List[int], typing.Final[int], typing.ClassVar, (T, T), ([int], str), (P, int), ((), int)]
for n in names:
    f = getattr(typing, n)
    for p in params:
        if p == () and n in ('IO', 'SupportsAbs'):
            continue  # CPython's wording here depends on what Generic[*Ts] left behind
        try:
            r = f[p]
            print(n, repr(p), '->', repr(r))
        except Exception as e:
            print(n, repr(p), type(e).__name__, e)
for p in [([1], int), ((int, str), int), (P, int), (typing.Concatenate[int, P], int), ([P], int), (['x'], int)]:
    print(typing.Callable[p], typing.get_args(typing.Callable[p]))
