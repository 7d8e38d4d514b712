"""Build CircuitPython 10.0.3 with the app frozen in (``python -m tools.build_firmware``).

- ``app``: the app's files, their digest and the modules it imports, read at run time;
- ``variant``: the board variant (the app frozen in, the modules it never imports turned off)
  and the check that the app imports nothing the variant leaves out;
- ``toolchain``: arm-none-eabi-gcc found and at least GCC 14;
- ``source``: the CircuitPython source (cloned, or a checkout only read through an overlay);
- ``sizes``: flash used and free from the build's output;
- ``cli``: the command.
"""
