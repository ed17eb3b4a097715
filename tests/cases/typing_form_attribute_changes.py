"""Setting or deleting what typing's forms do not hold fails in CPython's words (aliases ask their origin)."""
import typing

T = typing.TypeVar("T")
P = typing.ParamSpec("P")
attempts = [
    ("del T.real", lambda: delattr(T, "real")), ("del T.__doc__", lambda: delattr(T, "__doc__")),
    ("List[int].real = 1", lambda: setattr(typing.List[int], "real", 1)),
    ("List.append = 1", lambda: setattr(typing.List, "append", 1)),
    ("Annotated[int, 1].x = 1", lambda: setattr(typing.Annotated[int, 1], "x", 1)),
    ("Union[int, str].x = 1", lambda: setattr(typing.Union[int, str], "x", 1)),
    ("Final[int].real = 1", lambda: setattr(typing.Final[int], "real", 1)),
    ("Union.x = 1", lambda: setattr(typing.Union, "x", 1)),
    ("del Union.x", lambda: delattr(typing.Union, "x")),
    ("del List[int].real", lambda: delattr(typing.List[int], "real")),
    ("del List[int].__name__", lambda: delattr(typing.List[int], "__name__")),
    ("del List.__args__", lambda: delattr(typing.List, "__args__")),
    ("del Any.real", lambda: delattr(typing.Any, "real")),
    ("del Any.__name__", lambda: delattr(typing.Any, "__name__")),
    ("del Generic.__doc__", lambda: delattr(typing.Generic, "__doc__")),
    ("del Literal.args", lambda: delattr(typing.Literal, "args")),
    ("del Literal[1].append", lambda: delattr(typing.Literal[1], "append")),
    ("ForwardRef('x').x = 1", lambda: setattr(typing.ForwardRef("x"), "x", 1)),
    ("ForwardRef('x').__doc__ = 1", lambda: setattr(typing.ForwardRef("x"), "__doc__", 1)),
    ("(Any | int).x = 1", lambda: setattr(typing.Any | int, "x", 1)),
    ("(Any | int).__args__ = 1", lambda: setattr(typing.Any | int, "__args__", 1)),
    ("(Any | int).__parameters__ = 1", lambda: setattr(typing.Any | int, "__parameters__", 1)),
    ("P.args = 1", lambda: setattr(P, "args", 1)), ("del P.kwargs", lambda: delattr(P, "kwargs")),
    ("del P.args.real", lambda: delattr(P.args, "real")),
]
for shown, attempt in attempts:
    try:
        attempt()
        print(shown, "-> changed")
    except (AttributeError, TypeError) as error:
        print(shown, "->", type(error).__name__, error)
