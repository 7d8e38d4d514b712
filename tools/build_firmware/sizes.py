"""Flash used and free, read from a CircuitPython build's output."""

import re

# tools/build_memory_info.py (atmel-samd, nordic): "445496 bytes used, 54216 bytes free in flash
# firmware space out of 499712 bytes (488.0kB)."
FLASH_LINE = re.compile(r"(\d+) bytes used,\s*(-?\d+) bytes free in flash firmware space out of "
                        r"(\d+) bytes")
RAM_LINE = re.compile(r"(\d+) bytes used,\s*(-?\d+) bytes free in ram for stack and heap out of "
                      r"(\d+) bytes")
# the linker's --print-memory-usage (raspberrypi): "  FLASH_FIRMWARE:      676572 B      1020 KB     64.78%"
REGION = re.compile(r"^\s*(\w+):\s+(\d+)\s*(B|KB|MB|GB)\s+(\d+)\s*(B|KB|MB|GB)\s+[\d.]+%", re.M)
UNITS = {"B": 1, "KB": 1024, "MB": 1024 ** 2, "GB": 1024 ** 3}
# arm-none-eabi-size: "   text	   data	    bss	    dec	    hex	filename" then the figures
SIZE_ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+[0-9a-fA-F]+\s+(\S*firmware\.elf)\s*$",
                      re.M)
# the RP2040 linker script: "firmware_size = DEFINED(firmware_size) ? firmware_size : 1020K ;"
FIRMWARE_SIZE = re.compile(r"firmware_size\s*=.*?(\d+)\s*K\s*;")


def parse(output, linker_script_text=None):
    """{"used", "free", "total"} (bytes of the firmware's flash region), plus "ram_used",
    "ram_free", "ram_total" where the build says them; None if the output says nothing.

    Read from tools/build_memory_info.py's lines (atmel-samd, nordic), else from the linker's
    memory-usage table (raspberrypi: the FLASH_FIRMWARE region), else from ``size``'s table
    of firmware.elf (text + data) against the firmware region of the linker script
    (``linker_script_text``)."""
    flash = FLASH_LINE.findall(output)
    if flash:
        used, free, total = map(int, flash[-1])
        out = {"used": used, "free": free, "total": total}
        ram = RAM_LINE.findall(output)
        if ram:
            out.update(zip(("ram_used", "ram_free", "ram_total"), map(int, ram[-1])))
        return out
    regions = {name: (int(u) * UNITS[uu], int(t) * UNITS[tu])
               for name, u, uu, t, tu in REGION.findall(output)}
    flash = [n for n in regions if n.startswith("FLASH")]
    if flash:
        name = "FLASH_FIRMWARE" if "FLASH_FIRMWARE" in regions else flash[0]
        used, total = regions[name]
        out = {"used": used, "free": total - used, "total": total}
        if "RAM" in regions:
            out.update(ram_used=regions["RAM"][0], ram_total=regions["RAM"][1])
        return out
    rows = SIZE_ROW.findall(output)
    if rows and linker_script_text:
        text, data, bss = int(rows[-1][0]), int(rows[-1][1]), int(rows[-1][2])
        m = FIRMWARE_SIZE.search(linker_script_text)
        if m:
            total = int(m.group(1)) * 1024
            return {"used": text + data, "free": total - text - data, "total": total,
                    "bss": bss}
    return None


OVERFLOW = re.compile(r"region [`'](\w+)' overflowed by (\d+) bytes")


def overflow(output):
    """(region, bytes) of the linker's "region `FLASH_FIRMWARE' overflowed by N bytes", or None."""
    m = OVERFLOW.findall(output)
    return (m[-1][0], int(m[-1][1])) if m else None
