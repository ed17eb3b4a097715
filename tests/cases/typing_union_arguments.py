"""typing.Union hashes its arguments to de-duplicate them, as a set does."""
import typing

for arguments in [slice(None), [1], (1, [2]), (int, int), (1, True), (1, 1.0), (int, str, int),
                  (None, int), ('x', 'x'), (typing.List[int], typing.List[int])]:
    try:
        print(typing.Union[arguments])
    except TypeError as e:
        print('TypeError', e)
try:
    print(typing.Optional[[1]])
except TypeError as e:
    print('TypeError', e)
print(typing.get_origin(typing.Optional[str]))
try:
    typing.get_origin(typing.Optional[str])[:]
except TypeError as e:
    print('TypeError', e)
