"""A list as a set element."""
{[1, 2], [3]}
