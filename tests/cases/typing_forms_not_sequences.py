"""TypeVar, ParamSpec, TypeVarTuple and ForwardRef are no sequences: not subscriptable,
not reversible; generic aliases are subscriptable but have no length."""
import typing

for form in [typing.TypeVar('T'), typing.ParamSpec('P'), typing.TypeVarTuple('Ts'),
             typing.ForwardRef('int'), typing.List[int], typing.List]:
    for attempt in [lambda: form[int], lambda: reversed(form), lambda: len(form),
                    lambda: form in [1]]:
        try:
            print(repr(attempt()))
        except TypeError as e:
            print('TypeError', e)
