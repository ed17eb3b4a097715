"""First matching except wins; tuples of types; bare except."""
def f(x):
    try:
        return [1][x]
    except (TypeError, IndexError) as e:
        return "tuple: " + type(e).__name__
def g():
    try:
        {}["x"]
    except Exception:
        return "Exception first"
    except KeyError:
        return "never"
def h():
    try:
        raise StopIteration
    except:
        return "bare except"
print(f(5), f("a"), f(0), g(), h())
try:
    int("z")
except (KeyError,):
    print("no")
except BaseException as e:
    print("base", type(e).__name__)
