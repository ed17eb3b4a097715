"""The error message quotes the string and the base."""
int("12a", 10)
