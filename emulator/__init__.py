"""A desktop emulator that runs ``firmware/`` unchanged on any of the supported boards: stand-ins
for the board's hardware modules, Blinka's real displayio for drawing, emulated time, a window
or headless mode, scripts, screenshots and GIF recording. See docs/emulator.md."""
