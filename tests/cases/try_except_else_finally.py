"""Order of except / else / finally clauses."""
def run(x):
    log = []
    try:
        log.append("try")
        if x == 1:
            raise ValueError("v")
        if x == 2:
            raise KeyError("k")
        log.append("no error")
    except ValueError as e:
        log.append("except " + str(e))
    except (KeyError, IndexError) as e:
        log.append("except2 " + repr(e))
    else:
        log.append("else")
    finally:
        log.append("finally")
    return log
for x in range(3):
    print(run(x))
