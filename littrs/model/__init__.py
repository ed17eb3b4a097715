"""The object model of sandbox classes: what a ``class`` statement makes and how its
instances behave.

- :mod:`.classes`: a sandbox class is a host class the VM makes for it (its *carrier*),
  with the sandbox's namespace kept apart; lookups along the MRO.
- :mod:`.descriptors`: bound methods, ``classmethod``, ``staticmethod``, ``property``
  and the descriptor protocol.
- :mod:`.protocols`: attribute access, calls and the other operations on instances
  and classes, written as CPython's C code is, calling sandbox code through the
  machine (:meth:`~littrs.vm.machine.Machine.call`).
- :mod:`.spaces`: the methods of ``object`` and ``type`` (the VM's own), and the
  whitelisted methods of builtin types as the attributes of their subclasses.
- :mod:`.dispatch`: the special methods the host's C code calls on instances
  (hashing in a dict, a comparison inside a sort), as nested runs of the VM.
"""
