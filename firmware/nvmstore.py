"""Saving in ``microcontroller.nvm``: the settings (with the remembered game set-up), the
statistics and the running game (their bytes: ``firmware.saves``, ``firmware.stats``), written
together as one *image* in one write.

An image is::

    magic 0x5C (1) seq (4) length (2) crc16 (2) then records: kind (1) length (2) payload

with kinds ``S`` settings, ``T`` statistics, ``G`` game; the CRC covers seq, length and the
records. The NVM holds two places for images, chosen from how the board's CircuitPython writes
it (``NVM_UNIT`` and ``NVM_APPEND`` in ``boards/<id>.py``):

- where the NVM spans two erase units (nRF52840: two 4 KiB pages), one place per unit, so a
  power cut while one is erased and written leaves the other whole;
- otherwise the two halves of the NVM (SAMD51, ESP32-S3: every write rewrites all of it anyway);
- where erased bytes can be written without an erase (RP2040), one log over the whole NVM:
  each image is appended after the last into bytes still 0xFF, which costs no erase; when the
  log is full (or after a cut left a torn image at its end) the newest image is written at its
  start with the rest erased, one erase of the sector.

A save writes the image in the place not holding the newest (or appends it): a cut at any byte
leaves the new image with a bad CRC, and the next boot reads the previous image, every record
of it. Nothing is written when the image would be the same as the newest one. The newest valid
image (highest seq) is what a boot reads. When no place holds a valid image but one is not
blank (0x00 / 0xFF), the saves are *damaged*: each record reports it once and is cleared.
Saves of version 1 (each record in two slots of its own, with a commit byte) are read when no
image is found (``firmware.nvmold``, loaded only then), and written as an image at the next
save.
"""

import struct
from micropython import const

from shared_rules.crc import crc16

_MAGIC = const(0x5C)
_HEADER = const(9)  # of an image
_RECORD = const(3)  # of a record in an image
_KINDS = const((0x53, 0x54, 0x47))  # "S" settings, "T" statistics, "G" game: their order in an image
_SETTINGS = const(0)
_STATS = const(1)
_GAME = const(2)


def geometry(size):
    """(erase unit, append) of this board's NVM from its ``boards`` module; on a board the app
    does not know, the safe guess: the whole NVM is one unit, rewritten by every write."""
    try:
        import board
        import boards

        mod = boards.load(board.board_id)
        if mod is not None and getattr(mod, "NVM_SIZE", 0) == size:
            return mod.NVM_UNIT, mod.NVM_APPEND
    except Exception:  # no board module (a desktop tool): the safe guess
        pass
    return size, False


class Record:
    """One record of the store (settings, statistics or the game), as it was before images:
    ``load()``, ``save(payload)``, ``clear()``, ``fits(n)``, ``size``, ``newest`` (None when
    there is none) and ``damaged``."""

    def __init__(self, store, index):
        self.store = store
        self.index = index
        self.damaged = store.damaged

    @property
    def newest(self):
        return None if self.store.payloads[self.index] is None else 0

    @property
    def size(self):
        """The payload this record can have beside the others as they are now."""
        return self.store.room(self.index)

    def load(self):
        """The payload, or None (then ``damaged`` tells whether the saves were unreadable)."""
        return self.store.payloads[self.index]

    def fits(self, n):
        return n <= self.size

    def save(self, payload):
        """Keep a new payload (written now, or at ``Store.commit``); ValueError (nothing written)
        if it does not fit beside the other records."""
        self.store.put(self.index, bytes(payload))

    def clear(self):
        self.damaged = False
        self.store.put(self.index, None)


class Store:
    """The records of an NVM of any size: ``settings``, ``stats`` and ``game``."""

    def __init__(self, nvm, unit=None, append=None):
        size = len(nvm)
        if unit is None or append is None:
            unit, append = geometry(size)
        self.nvm = nvm
        self.append = append
        half = size // 2
        if append:
            self.places = ((0, size),)
        elif unit < size and size >= 2 * unit:
            self.places = ((0, unit), (unit, 2 * unit))
        else:
            self.places = ((0, half), (half, 2 * half))
        self.payloads = [None, None, None]
        self.seq = 0
        self.newest = None  # the place of the newest image
        self.tail = 0  # append: where the next image goes
        self.damaged = False
        self._held = 0
        self._due = False
        self._last = None  # the records of the newest image as written
        # append: what a full log is written again from (the image, then 0xFF to the end),
        # made now, low in the heap; made when the log fills, in the middle of a game, the
        # NVM's size in one piece might not be there (the PicoSystem's 4 KB)
        self._log = bytearray(size) if append else None
        self._load()
        self.settings = Record(self, _SETTINGS)
        self.stats = Record(self, _STATS)
        self.game = Record(self, _GAME)

    # ------------------------------------------------------------------ reading

    def _read(self, off, end):
        """(seq, body) of a valid image at ``off``, or None."""
        if off + _HEADER > end:
            return None
        head = self.nvm[off:off + _HEADER]
        if head[0] != _MAGIC:
            return None
        seq, n, crc = struct.unpack_from("<IHH", head, 1)
        if off + _HEADER + n > end:
            return None
        body = self.nvm[off + _HEADER:off + _HEADER + n]
        if crc16(body, crc16(head[1:7])) != crc:
            return None
        return seq, body

    def _load(self):
        best = None
        blank = True
        for p in range(len(self.places)):
            off, end = self.places[p]
            first = self.nvm[off]
            if first != 0 and first != 0xFF:
                blank = False
            while True:
                got = self._read(off, end)
                if got is None:
                    break
                if best is None or got[0] > best[0]:
                    best = (got[0], got[1], p)
                off += _HEADER + len(got[1])
                if not self.append:
                    break
            if self.append:
                self.tail = off
        if best is not None:
            self.seq, body, self.newest = best
            self.payloads = self._parse(body)
            self._last = body
            return
        from firmware.nvmold import records  # (loaded only when no image is found)

        old = records(self.nvm)
        if old is not None:
            self.payloads = old
            return
        self.damaged = not blank

    @staticmethod
    def _parse(body):
        out = [None, None, None]
        i = 0
        while i + _RECORD <= len(body):
            kind, n = body[i], body[i + 1] | (body[i + 2] << 8)
            for k in range(3):
                if _KINDS[k] == kind:
                    out[k] = bytes(body[i + _RECORD:i + _RECORD + n])
            i += _RECORD + n
        return out

    # ------------------------------------------------------------------ writing

    def capacity(self):
        """The bytes of records an image can hold."""
        off, end = self.places[0]
        return end - off - _HEADER

    def room(self, index):
        used = 0
        for k in range(3):
            if k != index and self.payloads[k] is not None:
                used += _RECORD + len(self.payloads[k])
        return max(0, self.capacity() - used - _RECORD)

    def put(self, index, payload):
        if payload is not None and len(payload) > self.room(index):
            raise ValueError("needs " + str(len(payload) + _RECORD) + " bytes, the save has "
                             + str(self.room(index) + _RECORD))
        self.payloads[index] = payload
        self._due = True
        if not self._held:
            self.write()

    def hold(self):
        """Keep the changes of the records in memory until ``commit()``: one write for many."""
        self._held += 1

    def commit(self):
        self._held -= 1
        if not self._held and self._due:
            self.write()

    def _body(self):
        out = bytearray()
        for k in range(3):
            p = self.payloads[k]
            if p is not None:
                out.append(_KINDS[k])
                out.extend(struct.pack("<H", len(p)))
                out.extend(p)
        return out

    def write(self):
        """Write the records as a new image, unless the newest image holds them already."""
        self._due = False
        body = self._body()
        if body == self._last:
            return False
        seq = self.seq + 1
        image = bytearray(_HEADER)
        image[0] = _MAGIC
        struct.pack_into("<IH", image, 1, seq, len(body))
        struct.pack_into("<H", image, 7, crc16(body, crc16(image[1:7])))
        image.extend(body)
        n = len(image)
        nvm = self.nvm
        if self.append:
            end = self.places[0][1]
            t = self.tail
            if t + n <= end and nvm[t:t + n] == b"\xff" * n:
                nvm[t:t + n] = image
                self.tail = t + n
            else:  # the log is full: start it again, erased behind the image
                log = self._log
                log[0:n] = image
                for i in range(n, end):
                    log[i] = 0xFF
                nvm[0:end] = log
                self.tail = n
            self.newest = 0
        else:
            p = 0 if self.newest is None else 1 - self.newest
            off = self.places[p][0]
            nvm[off:off + n] = image
            self.newest = p
        self.seq = seq
        self._last = body
        return True


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    MAGIC = _MAGIC
    HEADER = _HEADER
    RECORD = _RECORD
