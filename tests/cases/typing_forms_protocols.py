"""typing forms iterate, reverse, call and name their types as CPython 3.11's do: List[int]
unpacks to *List[int], Union/Callable/Annotated refuse iteration, classes are no sequences,
calling a form is refused with CPython's words."""
import typing

T = typing.TypeVar('T')
P = typing.ParamSpec('P')
Ts = typing.TypeVarTuple('Ts')
forms = [typing.List, typing.List[int], typing.Union[int, str], typing.Optional[int],
         typing.Literal[1], typing.Callable[[int], str], typing.Callable, typing.Tuple[int, ...],
         typing.Tuple, typing.Annotated[int, 1], typing.Generic[T], typing.Any | int, int | str,
         typing.Any, typing.Union, typing.Optional, typing.Final, typing.Generic, typing.Protocol,
         typing.SupportsInt, typing.IO, T, P, Ts, typing.ForwardRef('x'), typing.Dict[str, T],
         typing.Unpack[Ts], typing.Concatenate[int, P], typing.ClassVar[int], typing.Type[int],
         typing.Literal, typing.Annotated, typing.NoReturn, typing.Iterable, typing.Sequence[int]]
operations = {
    'star': lambda f: [*f],
    'list': lambda f: list(f),
    'reversed': lambda f: list(reversed(f)),
    'len': lambda f: len(f),
    'in': lambda f: 1 in f,
    'call star': lambda f: (lambda *a: a)(*f),
    'unpack': lambda f: [a for a, in [f]],
    'mapping': lambda f: {**f} if type(f).__name__ != '_GenericAlias' else None,
    'percent': lambda f: '' % f,
    # (Unpack[Ts]['a'] and Concatenate[int, P]['a'] substitute: not implemented by littrs)
    'percent mapping': lambda f: '%(a)s' % f if type(f).__name__ not in (
        '_UnpackGenericAlias', '_ConcatenateGenericAlias') else None,
    'pair': lambda f: [a for a, b in [f]],
    'abs': lambda f: abs(f),
    'add': lambda f: f + 1,
    'call': lambda f: f(),
    'call 1': lambda f: f(1),
    'callable': lambda f: callable(f),
    'type': lambda f: (type(f), type(f).__name__),
}
made = (typing.Generic, typing.Protocol, typing.IO, typing.Generic[T], typing.Annotated[int, 1])
for form in forms:
    shown = []
    for name, operation in operations.items():
        if name.startswith('call') and form in made:
            continue  # CPython makes an instance: not supported by littrs (test_modules)
        try:
            shown.append(f'{name}: {operation(form)!r}')
        except (TypeError, ValueError) as error:
            shown.append(f'{name}: {type(error).__name__} {error}')
    print(form, '|', '; '.join(shown))
print([*typing.List[int]][0] == typing.Unpack[typing.List[int]], typing.List[typing.Annotated])
iterator = iter(typing.Generic[T])  # lazily: Unpack[Generic[T]] fails only at the first step
for attempt in (lambda: next(iterator), lambda: list(map(len, typing.Generic[T], Ellipsis))):
    try:
        attempt()
    except TypeError as error:
        print('TypeError', error)
typing.List[int]()
