"""Unknown attribute on a list."""
[].foo
