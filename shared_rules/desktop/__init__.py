"""The desktop side of the rules core: reading and replaying game records, scripted chance,
self-play, and each game's record notation read back (``shared_rules.<game>.desktop``).

Nothing named ``desktop`` is ever installed on a board (tools/deploy_lib/layout.py) or imported by
the firmware (tests/test_device_manifest.py): the device writes records and never reads them.
"""
