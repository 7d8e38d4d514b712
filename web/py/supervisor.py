"""supervisor stand-in for the web page: ``ticks_ms()`` in the page's time, ``runtime.run_reason``
(STARTUP when the page boots as at power-on), ``reload()`` (the page boots again)."""

import cphw


class RunReason:
    STARTUP = "STARTUP"
    AUTO_RELOAD = "AUTO_RELOAD"
    SUPERVISOR_RELOAD = "SUPERVISOR_RELOAD"


class _Runtime:
    @property
    def run_reason(self):
        return RunReason.STARTUP if cphw.cfg.get("power_on") else RunReason.SUPERVISOR_RELOAD


runtime = _Runtime()


def ticks_ms():
    return (cphw.TICKS_START + cphw.now - cphw.boot_at) & 0x1FFFFFFF


def reload():
    raise cphw.Reload()
