"""print writes its arguments one by one: those before one whose str() fails are printed."""
import typing

T = typing.TypeVar(...)  # its repr fails: '~' + a name that is no string
for args in [(1, T), ('a', 'b', T, 'c'), (T,), (1, [T])]:
    try:
        print(*args)
    except TypeError as e:
        print('|TypeError', e)
try:
    print(1, 2, T, sep='--', end='!')
except TypeError as e:
    print('|TypeError', e)
print('end')
