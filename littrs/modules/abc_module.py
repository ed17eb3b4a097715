"""The sandbox's ``abc`` module, written in sandbox Python after CPython's ``_py_abc``.

``ABCMeta`` computes ``__abstractmethods__`` when a class is made (the VM's
``object.__new__`` then refuses to instantiate a class that has any, in CPython's
words), and keeps the virtual subclasses that ``register`` adds, which
``isinstance``/``issubclass`` consult through ``__instancecheck__``/``__subclasscheck__``.
The registry and cache are plain lists of classes (CPython's are weak sets: a sandbox's
classes live as long as it does). The deprecated ``abstractclassmethod``,
``abstractstaticmethod`` and ``abstractproperty`` are functions here, not subclasses.
"""

from __future__ import annotations

from ..vm.objects import Module
from .library import load_library

SOURCE = '''
def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def abstractclassmethod(callable):
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    for function in (fget, fset, fdel):
        if function is not None:
            function.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)


_abc_invalidation_counter = 0


def get_cache_token():
    return _abc_invalidation_counter


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        abstracts = {name
                     for name, value in namespace.items()
                     if getattr(value, "__isabstractmethod__", False)}
        for base in bases:
            for name in getattr(base, "__abstractmethods__", set()):
                value = getattr(cls, name, None)
                if getattr(value, "__isabstractmethod__", False):
                    abstracts.add(name)
        cls.__abstractmethods__ = frozenset(abstracts)
        cls._abc_registry = []
        cls._abc_cache = []
        cls._abc_negative_cache = []
        cls._abc_negative_cache_version = _abc_invalidation_counter
        return cls

    def register(cls, subclass):
        global _abc_invalidation_counter
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        _abc_invalidation_counter += 1
        return subclass

    def __instancecheck__(cls, instance):
        subclass = instance.__class__
        if subclass in cls._abc_cache:
            return True
        subtype = type(instance)
        if subtype is subclass:
            if (cls._abc_negative_cache_version == _abc_invalidation_counter and
                    subclass in cls._abc_negative_cache):
                return False
            return cls.__subclasscheck__(subclass)
        return any(cls.__subclasscheck__(c) for c in (subclass, subtype))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if subclass in cls._abc_cache:
            return True
        if cls._abc_negative_cache_version < _abc_invalidation_counter:
            cls._abc_negative_cache = []
            cls._abc_negative_cache_version = _abc_invalidation_counter
        elif subclass in cls._abc_negative_cache:
            return False
        ok = cls.__subclasshook__(subclass)
        if ok is not NotImplemented:
            if ok:
                cls._abc_cache.append(subclass)
            else:
                cls._abc_negative_cache.append(subclass)
            return ok
        if cls in getattr(subclass, "__mro__", ()):
            cls._abc_cache.append(subclass)
            return True
        for rcls in cls._abc_registry:
            if issubclass(subclass, rcls):
                cls._abc_cache.append(subclass)
                return True
        for scls in cls.__subclasses__():
            if issubclass(subclass, scls):
                cls._abc_cache.append(subclass)
                return True
        cls._abc_negative_cache.append(subclass)
        return False


def update_abstractmethods(cls):
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    abstracts = set()
    for scls in cls.__bases__:
        for name in getattr(scls, "__abstractmethods__", ()):
            value = getattr(cls, name, None)
            if getattr(value, "__isabstractmethod__", False):
                abstracts.add(name)
    for name, value in cls.__dict__.items():
        if getattr(value, "__isabstractmethod__", False):
            abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)
    return cls


class ABC(metaclass=ABCMeta):
    __slots__ = ()
'''


def make_module() -> Module:
    return load_library("abc", SOURCE)
