"""X | Y over typing forms: typing classes (Any, Generic, Supports*) make a types.UnionType,
other forms a typing.Union; TypeVarTuple has no |; ClassVar/Final are no type argument."""
import typing

T = typing.TypeVar('T')
Ts = typing.TypeVarTuple('Ts')
forms = [typing.Any, typing.Generic, typing.Protocol, typing.SupportsInt, typing.IO, Ts,
         typing.List, typing.List[int], typing.Optional[int], typing.Final[int],
         typing.ClassVar[int], typing.Union[int, str], T, typing.ForwardRef('x')]
others = [int, None, 'x', 1, ..., typing.Any, int | str, list[int]]
for form in forms:
    for other in others:
        for left, right in ((form, other), (other, form)):
            try:
                union = left | right
                print(union, type(union).__name__, typing.get_args(union))
            except TypeError as error:
                print('TypeError', error)

union = typing.Any | int | None
print(union == (None | typing.Any | int), typing.get_origin(union), typing.get_args(union))
print(typing.get_origin(int | str), typing.get_args(int | None), typing.Any | typing.Any)
print(typing.Union[union, str], typing.Optional[typing.SupportsInt | int])
print(isinstance(3, typing.SupportsInt | str), isinstance('x', int | typing.SupportsInt))
print(typing.Annotated[typing.ClassVar[int], 'doc'], typing.Annotated[typing.Final, 1])
for attempt in (lambda: isinstance(1, typing.Any | int), lambda: isinstance(1, int | typing.Any),
                lambda: typing.List[typing.ClassVar[int]], lambda: typing.Union[typing.Final[int]],
                lambda: typing.ClassVar[typing.Final[int]], lambda: typing.Optional[typing.Final]):
    try:
        print(attempt())
    except TypeError as error:
        print('TypeError', error)
import json
for value in (typing.Any | int, int | str, typing.List[int], typing.Any):
    try:
        json.dumps(value)
    except TypeError as error:
        print('TypeError', error)
typing.Any | typing.List[int] | typing.Protocol
