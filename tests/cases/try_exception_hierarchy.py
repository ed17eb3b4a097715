"""except clauses match subclasses along the builtin hierarchy."""
def catch(exc):
    try:
        raise exc
    except LookupError as e:
        return "LookupError catches " + type(e).__name__
    except ArithmeticError as e:
        return "ArithmeticError catches " + type(e).__name__
    except Exception as e:
        return "Exception catches " + type(e).__name__
for exc in [KeyError("k"), IndexError("i"), ZeroDivisionError("z"), OverflowError("o"), ValueError("v"), UnicodeDecodeError("utf-8", b"", 0, 1, "bad"), StopIteration(), RecursionError(), NotImplementedError(), FileNotFoundError()]:
    print(catch(exc))
print(issubclass(KeyError, LookupError), issubclass(UnicodeError, ValueError), issubclass(RecursionError, RuntimeError))
print(issubclass(FileNotFoundError, OSError), issubclass(StopIteration, Exception), issubclass(GeneratorExit, Exception))
print(issubclass(KeyboardInterrupt, BaseException), issubclass(BaseException, Exception), issubclass(bool, (str, int)))
print(ModuleNotFoundError.__name__, issubclass(ModuleNotFoundError, ImportError), issubclass(TimeoutError, OSError))
