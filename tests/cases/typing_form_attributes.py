"""typing forms answer __name__, __origin__, __args__, __parameters__, ... as CPython's, and miss the rest in its words."""
import typing

T = typing.TypeVar("T")
K = typing.TypeVar("K", int, str)
B = typing.TypeVar("B", bound=int, covariant=True)
P = typing.ParamSpec("P")
Ts = typing.TypeVarTuple("Ts")
forms = [
    T, K, B, P, Ts, typing.List, typing.List[int], typing.Dict[str, T], typing.Any, typing.Union,
    typing.Union[int, str], typing.Optional[int], typing.Union[None, T], typing.Literal,
    typing.Literal[1, "a"], typing.Tuple, typing.Tuple[int, ...], typing.Tuple[()], typing.Generic,
    typing.Generic[T], typing.Protocol, typing.ClassVar, typing.Final[int], typing.Annotated[int, 1, 2],
    typing.Annotated, typing.SupportsInt, typing.Type[int], typing.NoReturn, typing.ForwardRef("x"),
    typing.Concatenate[int, P], typing.Unpack, typing.Unpack[Ts], typing.Self, typing.TypeGuard[int],
    typing.Any | int, P.args, P.kwargs, typing.List[T][int], typing.Callable[[T], str],
]
names = ["__name__", "__qualname__", "__module__", "__origin__", "__args__", "__parameters__",
         "__bound__", "__constraints__", "__covariant__", "__contravariant__", "__metadata__",
         "__forward_arg__", "real", "start", "nope", "args", "name", "__nope__"]
for form in forms:
    shown = []
    for name in names:
        if name == "__origin__" and repr(form).startswith("typing.Callable"):
            continue  # collections.abc.Callable is no sandbox value
        try:
            shown.append(f"{name}={getattr(form, name)!r}")
        except AttributeError as error:
            shown.append(f"{name}!{error}")
    print(repr(form), "|", " ".join(shown))

print(P.args == P.args, P.args == P.kwargs, P.args == typing.ParamSpec("P").args)
print(typing.get_origin(P.kwargs), type(P.args), type(P.kwargs).__name__)
for attempt in (lambda: hash(P.args), lambda: P.args | int, lambda: [*P.args],
                lambda: reversed(P.args), lambda: isinstance(1, P.args), lambda: P.args(),
                lambda: P.args[0], lambda: 1 in P.args, lambda: typing.List[int].__nope__):
    try:
        print(attempt())
    except (TypeError, AttributeError) as error:
        print(type(error).__name__, error)
