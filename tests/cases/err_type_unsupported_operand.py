"""Binary operator between int and str."""
count = 3
label = "items"
print(count * label)
count + label
