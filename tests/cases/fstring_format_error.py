"""An invalid spec inside an f-string."""
v = "text"
f"{v:d}"
