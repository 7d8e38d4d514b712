"""The emulator window (pygame): the board's screen scaled up, its buttons with their keyboard
keys (pressed ones lit; they can be clicked too), and a status line with the board, the
estimated free heap and the frame time. F12 saves a PNG, Esc or closing the window quits."""

import os
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

FRAME_MS = 1000 // 60
BG = (28, 30, 36)
KEY_BG = (58, 62, 74)
KEY_ON = (242, 194, 48)
KEY_TEXT = (230, 230, 230)


class Closed(Exception):
    """The window was closed while a script was running."""


class Window:
    def __init__(self, machine, scale, screenshots):
        self.m = machine
        machine.set_render_stride(1)  # drawn as the board draws
        spec = machine.spec
        self.scale = scale or (3 if spec.width <= 160 else 2)
        self.screenshots = screenshots or "screenshots"
        pygame.display.init()  # not pygame.init(): the emulator makes no sound on the desktop
        pygame.font.init()
        pygame.display.set_caption("Pocket Phase 10 - " + spec.name)
        self.font = pygame.font.Font(None, 20)
        self.sw, self.sh = spec.width * self.scale, spec.height * self.scale
        width = max(self.sw + 20, 90 * len(spec.buttons) // 2 + 20, 360)
        rows = 1 if len(spec.buttons) <= 3 else 2
        self.surface = pygame.display.set_mode((width, self.sh + 20 + rows * 34 + 30))
        self.keys = {}
        self.rects = []
        per_row = (len(spec.buttons) + rows - 1) // rows
        bw = (width - 20) // per_row
        for i, b in enumerate(spec.buttons):
            r, c = divmod(i, per_row)
            rect = pygame.Rect(10 + c * bw, self.sh + 20 + r * 34, bw - 6, 28)
            self.rects.append((rect, b))
            self.keys[pygame.key.key_code(b.keyboard)] = b.name
        self.frame_ms = 0.0
        self.heap = None
        self.heap_at = -1
        self.quit = False
        self.mouse_button = None

    def _events(self):
        for e in pygame.event.get():
            if e.type == pygame.QUIT:
                self.quit = True
            elif e.type == pygame.KEYDOWN:
                if e.key == pygame.K_ESCAPE:
                    self.quit = True
                elif e.key == pygame.K_F12:
                    self.save_png()
                elif e.key in self.keys:
                    self.m.hold(self.keys[e.key])
            elif e.type == pygame.KEYUP and e.key in self.keys:
                self.m.release(self.keys[e.key])
            elif e.type == pygame.MOUSEBUTTONDOWN:
                for rect, b in self.rects:
                    if rect.collidepoint(e.pos):
                        self.mouse_button = b.name
                        self.m.hold(b.name)
            elif e.type == pygame.MOUSEBUTTONUP and self.mouse_button:
                self.m.release(self.mouse_button)
                self.mouse_button = None

    def save_png(self):
        path = os.path.join(self.screenshots, "%s-%d.png" % (self.m.board_id, int(time.time())))
        self.m.screenshot(path, self.scale)
        print("saved " + path)

    def _draw(self):
        s = self.surface
        s.fill(BG)
        rgb = self.m.display.rgb()
        brightness = getattr(self.m.display, "brightness", 1.0)
        if brightness < 1.0:
            rgb = (rgb * (0.15 + 0.85 * brightness)).astype("uint8")
        img = pygame.surfarray.make_surface(rgb.swapaxes(0, 1))
        s.blit(pygame.transform.scale(img, (self.sw, self.sh)), ((s.get_width() - self.sw) // 2, 10))
        for rect, b in self.rects:
            on = b.name in self.m.hw.pressed
            pygame.draw.rect(s, KEY_ON if on else KEY_BG, rect, border_radius=6)
            text = self.font.render(b.name + "  [" + b.keyboard + "]", True,
                                    (20, 20, 20) if on else KEY_TEXT)
            s.blit(text, text.get_rect(center=rect.center))
        uptime = self.m.uptime_us() // 1000000
        if self.heap is None or uptime - self.heap_at >= 5:
            self.heap, self.heap_at = self.m.mem_free(), uptime
        status = "%s   heap ~%d KB free (est.)   frame %.1f ms" % (
            self.m.spec.name, self.heap // 1024, self.frame_ms)
        s.blit(self.font.render(status, True, KEY_TEXT), (10, s.get_height() - 24))
        pygame.display.flip()

    def advance(self, ms):
        """Let ``ms`` of emulated time pass in real time, frame by frame."""
        end = self.m.clock_us + ms * 1000
        while self.m.clock_us < end:
            if self.quit:
                raise Closed()
            step = min(FRAME_MS, (end - self.m.clock_us) // 1000 + 1)
            t0 = time.perf_counter()
            self.m.run(step)
            self.frame_ms = (time.perf_counter() - t0) * 1000
            self._events()
            self._draw()
            spare = step / 1000 - (time.perf_counter() - t0)
            if spare > 0:
                time.sleep(spare)

    def run(self, steps=None, name="script"):
        try:
            if steps is not None:
                from emulator import script

                script.run(self.m, steps, screenshots=self.screenshots, scale=self.scale,
                           name=name, advance=self.advance)
            else:
                while True:
                    self.advance(1000)
        except Closed:
            pass
        finally:
            pygame.quit()
