"""Decorators apply bottom-up; decorator expressions evaluate top-down."""
def make(tag):
    print("evaluating", tag)
    def deco(f):
        print("applying", tag)
        def w():
            return tag + "(" + f() + ")"
        return w
    return deco
@make("outer")
@make("inner")
def base():
    return "base"
base()
