"""An undefined name ends the program with NameError."""
print("before")
total = 1
print(totl)
