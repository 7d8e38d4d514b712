// The console in a web page: the app's firmware under the pinned MicroPython WebAssembly build,
// its screen on a canvas, its buttons on the keyboard and on screen (docs/web.md).
//
// URL options: board=ID (a board of boards/), seed=N (os.urandom as the desktop emulator's
// --seed N, else crypto.getRandomValues), clock=script (time moves only as a script played with
// pocket.play says, as in the emulator's headless runs), power=on|reload (boot with the title
// screen as at power-on, the default unless clock=script, or as after a reload).

import { loadMicroPython } from "./micropython.mjs";
import { SeededBytes } from "./mt19937.mjs";

const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const HEAP = 2 * 1024 * 1024;
const STORE = "pocket-phase10.";
const KEYBOARD = { left: "ArrowLeft", up: "ArrowUp", down: "ArrowDown", right: "ArrowRight", space: " ", return: "Enter" };
const SHOWN = { " ": "Space", Enter: "Return", ArrowLeft: "←", ArrowUp: "↑", ArrowDown: "↓", ArrowRight: "→" };
// Where each board's buttons sit around its screen: [cluster, column, row] in a 3x3 grid, or
// [cluster] for a plain column or row. "below": the controls go under the screen.
const DPAD = { UP: ["left", 2, 1], LEFT: ["left", 1, 2], RIGHT: ["left", 3, 2], DOWN: ["left", 2, 3] };
const LAYOUTS = {
  pybadge: { buttons: { ...DPAD, B: ["right", 1, 2], A: ["right", 3, 1], SELECT: ["bottom"], START: ["bottom"] } },
  pygamer: { buttons: { ...DPAD, B: ["right", 1, 2], A: ["right", 3, 1], SELECT: ["bottom"], START: ["bottom"] } },
  clue_nrf52840_express: { buttons: { A: ["left"], B: ["right"] } },
  adafruit_feather_esp32s3_reverse_tft: { buttons: { D0: ["right"], D1: ["right"], D2: ["right"] } },
  lilygo_tdisplay_s3: { buttons: { BOOT: ["right"], KEY: ["right"] } },
  pimoroni_picosystem: { below: true, buttons: { ...DPAD, X: ["right", 2, 1], Y: ["right", 1, 2], A: ["right", 3, 2], B: ["right", 2, 3] } },
};

const pocket = (window.pocket = {
  ready: false, error: null, board: null, bootMs: null, steps: 0, stepMs: 0,
  draws: 0, pixels: 0, keyMs: [], playing: false,
});

function fail(text) {
  pocket.error = text;
  const box = $("error");
  box.hidden = false;
  box.textContent = text;
  $("status").textContent = "Stopped: the firmware raised an exception (below).";
}

// ---------------------------------------------------------------- the screen

const screen = { canvas: null, ctx: null, img: null, px: null, w: 0, h: 0, layers: [], sigs: [], bitmaps: new Map(), palettes: new Map() };

function setupScreen(w, h) {
  const c = $("screen");
  c.width = w;
  c.height = h;
  screen.canvas = c;
  screen.ctx = c.getContext("2d");
  screen.img = screen.ctx.createImageData(w, h);
  screen.px = new Uint32Array(screen.img.data.buffer);
  screen.px.fill(0xff000000);
  screen.ctx.putImageData(screen.img, 0, 0);
  screen.w = w;
  screen.h = h;
  fit();
}

function fit() {
  const { w, h } = screen;
  if (!w) return;
  const below = document.getElementById("device").classList.contains("below");
  const room = Math.min(window.innerWidth - (below ? 60 : 260), 1100);
  const tall = window.innerHeight - (below ? 420 : 190); // the header, status lines and controls below
  const scale = Math.max(1, Math.min(Math.floor(room / w), Math.floor(tall / h)));
  screen.canvas.style.width = w * scale + "px";
  screen.canvas.style.height = h * scale + "px";
}

function rectOf(l) {
  const [x, y, s, , , tw, th, gw, gh] = l;
  return [x, y, x + gw * tw * s, y + gh * th * s];
}

// pocketjs.draw: the layers (placed tile grids, in drawing order) and the bitmaps and palettes
// the page lacks; redraws only the rectangles of layers that appeared, went or changed.
function draw(json) {
  const [layers, bitmaps, palettes] = JSON.parse(json);
  for (const [id, w, h, b64] of bitmaps) {
    const bin = atob(b64);
    const data = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
    screen.bitmaps.set(id, { w, h, data });
  }
  for (const [id, colours, transparent] of palettes) {
    const abgr = colours.map((c) => 0xff000000 | ((c & 0xff) << 16) | (c & 0xff00) | ((c >> 16) & 0xff));
    screen.palettes.set(id, { abgr, transparent });
  }
  const sigs = layers.map((l) => JSON.stringify(l));
  const left = new Map();
  sigs.forEach((s) => left.set(s, (left.get(s) || 0) + 1));
  const dirty = [];
  const kept = [];
  screen.sigs.forEach((s, i) => {
    if (left.get(s) > 0) {
      left.set(s, left.get(s) - 1);
      kept.push(s);
    } else dirty.push(rectOf(screen.layers[i]));
  });
  const stay = new Map();
  kept.forEach((s) => stay.set(s, (stay.get(s) || 0) + 1));
  const order = [];
  sigs.forEach((s, i) => {
    if (stay.get(s) > 0) {
      stay.set(s, stay.get(s) - 1);
      order.push(s);
    } else dirty.push(rectOf(layers[i]));
  });
  const full = order.some((s, i) => s !== kept[i]); // the same layers in another order
  screen.layers = layers;
  screen.sigs = sigs;
  // bitmaps and palettes no layer uses any more are forgotten (Python sends them again if needed)
  const usedB = new Set(layers.map((l) => l[3]));
  const usedP = new Set(layers.map((l) => l[4]));
  for (const id of screen.bitmaps.keys()) if (!usedB.has(id)) screen.bitmaps.delete(id);
  for (const id of screen.palettes.keys()) if (!usedP.has(id)) screen.palettes.delete(id);
  let rects = full ? [[0, 0, screen.w, screen.h]] : dirty;
  if (rects.length > 24) {
    rects = [rects.reduce((a, r) => [Math.min(a[0], r[0]), Math.min(a[1], r[1]), Math.max(a[2], r[2]), Math.max(a[3], r[3])])];
  }
  for (const r of rects) redraw(r);
  pocket.draws++;
}

function redraw([x0, y0, x1, y1]) {
  const W = screen.w;
  x0 = Math.max(0, x0); y0 = Math.max(0, y0);
  x1 = Math.min(W, x1); y1 = Math.min(screen.h, y1);
  if (x1 <= x0 || y1 <= y0) return;
  const px = screen.px;
  for (let y = y0; y < y1; y++) px.fill(0xff000000, y * W + x0, y * W + x1);
  for (const l of screen.layers) {
    const [x, y, s, bid, pid, tw, th, gw, gh, tiles] = l;
    const ax0 = Math.max(x0, x), ay0 = Math.max(y0, y);
    const ax1 = Math.min(x1, x + gw * tw * s), ay1 = Math.min(y1, y + gh * th * s);
    if (ax1 <= ax0 || ay1 <= ay0) continue;
    const b = screen.bitmaps.get(bid), p = screen.palettes.get(pid);
    if (!b || !p) continue;
    const perRow = Math.max(1, Math.floor(b.w / tw));
    for (let py = ay0; py < ay1; py++) {
      const ly = Math.floor((py - y) / s);
      const ty = Math.floor(ly / th), ry = ly % th;
      for (let qx = ax0; qx < ax1; qx++) {
        const lx = Math.floor((qx - x) / s);
        const tx = Math.floor(lx / tw);
        const tile = tiles ? tiles[ty * gw + tx] : 0;
        const sx = (tile % perRow) * tw + (lx % tw);
        const sy = Math.floor(tile / perRow) * th + ry;
        const v = b.data[sy * b.w + sx];
        if (p.transparent[v]) continue;
        px[py * W + qx] = p.abgr[v];
      }
    }
  }
  screen.ctx.putImageData(screen.img, 0, 0, x0, y0, x1 - x0, y1 - y0);
  pocket.pixels += (x1 - x0) * (y1 - y0);
}

// ---------------------------------------------------------------- sound (Web Audio)

const sound = { ctx: null, osc: null, gain: null };

function unmute() {
  if (sound.ctx) return;
  try {
    sound.ctx = new AudioContext();
    sound.gain = sound.ctx.createGain();
    sound.gain.gain.value = 0;
    sound.gain.connect(sound.ctx.destination);
    sound.osc = sound.ctx.createOscillator();
    sound.osc.type = "square";
    sound.osc.connect(sound.gain);
    sound.osc.start();
  } catch (e) {
    sound.ctx = null;
  }
}

function tone(hz, level) {
  pocket.tones = (pocket.tones || 0) + (hz ? 1 : 0);
  if (!sound.ctx) return; // muted until the first key press
  const t = sound.ctx.currentTime;
  if (hz) sound.osc.frequency.setValueAtTime(hz, t);
  sound.gain.gain.setValueAtTime(hz ? 0.4 * level : 0, t);
}

// ---------------------------------------------------------------- random bytes and the NVM

function randomSource(boardId) {
  const seed = params.get("seed");
  if (seed === null || !/^-?\d+$/.test(seed)) {
    return (n) => crypto.getRandomValues(new Uint8Array(n));
  }
  // a seeded run goes on with the same stream after a reload, as the emulator's after a power cut
  const key = STORE + "urandom-used." + boardId + "." + seed;
  const gen = new SeededBytes(parseInt(seed, 10));
  let used = parseInt(sessionStorage.getItem(key) || "0", 10);
  for (let i = 0; i < used; i++) gen.byte();
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = gen.byte();
    used += n;
    sessionStorage.setItem(key, String(used));
    return out;
  };
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

// ---------------------------------------------------------------- buttons

const held = new Set();
let py = null;
let now = 0;
let t0 = 0;
const scripted = params.get("clock") === "script";

function press(name, down) {
  if (down === held.has(name) || !py) return;
  if (down) held.add(name);
  else held.delete(name);
  for (const el of document.querySelectorAll(`button.key[data-name="${name}"]`)) el.classList.toggle("down", down);
  if (scripted) return; // a script plays the buttons
  unmute();
  const t = performance.now();
  try {
    py.button(name, down, clock());
  } catch (e) {
    fail(String(e.message || e));
  }
  pocket.keyMs.push(performance.now() - t);
}

function clock() {
  return scripted ? now : Math.floor(performance.now() - t0);
}

function setupButtons(board) {
  const layout = LAYOUTS[board.id] || { buttons: {} };
  $("device").classList.toggle("below", !!layout.below);
  const keyOf = {};
  const help = [];
  for (const [name, kb] of board.buttons) {
    const key = KEYBOARD[kb] || kb;
    keyOf[key.length === 1 ? key.toLowerCase() : key] = name;
    help.push(name + " [" + (SHOWN[key] || key) + "]");
    const [cluster, col, row] = layout.buttons[name] || ["bottom"];
    const el = document.createElement("button");
    el.className = "key" + (cluster === "bottom" && col === undefined ? " wide" : "");
    el.dataset.name = name;
    el.innerHTML = name + "<small>" + (SHOWN[key] || key) + "</small>";
    el.title = name + " (key " + (SHOWN[key] || key) + ")";
    const box = $(cluster);
    if (col !== undefined) {
      box.classList.add(board.id.startsWith("py") || board.id === "pimoroni_picosystem" ? (cluster === "left" ? "dpad" : "face") : "face");
      el.style.gridColumn = col;
      el.style.gridRow = row;
    } else box.classList.add(cluster === "bottom" ? "row" : "column");
    el.addEventListener("pointerdown", (e) => { e.preventDefault(); el.setPointerCapture(e.pointerId); press(name, true); });
    for (const ev of ["pointerup", "pointercancel", "lostpointercapture"]) el.addEventListener(ev, () => press(name, false));
    el.addEventListener("contextmenu", (e) => e.preventDefault());
    box.appendChild(el);
  }
  const two = board.buttons.length < 4;
  $("keys").textContent = help.join("  ·  ") + (two ? "  —  a short press and a long one (600 ms) do different things: the footer says which" : "");
  const lookup = (e) => (e.target.tagName === "SELECT" ? undefined : keyOf[e.key.length === 1 ? e.key.toLowerCase() : e.key]);
  window.addEventListener("keydown", (e) => {
    const name = lookup(e);
    if (!name || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    if (!e.repeat) press(name, true);
  });
  window.addEventListener("keyup", (e) => {
    const name = lookup(e);
    if (name) { e.preventDefault(); press(name, false); }
  });
  window.addEventListener("blur", () => { for (const n of [...held]) press(n, false); });
}

// ---------------------------------------------------------------- the loop

function step() {
  const t = performance.now();
  py.turn(clock());
  const ms = performance.now() - t;
  pocket.steps++;
  if (pocket.steps > 5) pocket.stepMs = pocket.stepMs ? 0.95 * pocket.stepMs + 0.05 * ms : ms; // (the first passes import)
}

function frame() {
  if (pocket.error) return;
  try {
    if (!scripted) step();
    else if (pocket.playing) playSome(12);
  } catch (e) {
    fail(String(e.message || e));
    if (play.reject) play.reject(pocket.error);
    return;
  }
  requestAnimationFrame(frame);
}

let lastStatus = 0;
function status() {
  const t = performance.now();
  if (t - lastStatus < 1000 || !py) return;
  lastStatus = t;
  const [used] = py.heap().split(" ").map(Number);
  $("status").textContent = `${pocket.board.name} ${pocket.board.width}x${pocket.board.height} · heap ${(used / 1024).toFixed(0)} KiB in use · ${pocket.stepMs.toFixed(2)} ms a pass` + (sound.ctx ? "" : " · sound on at the first key");
}
setInterval(status, 1000);

// ---------------------------------------------------------------- scripts (clock=script)
// pocket.play(ops) plays the low-level operations of an emulator script
// (tools/micropython_firmware.py translate) on the emulated clock, exactly as the MicroPython
// runner does (tests/micropython/fwrun.py on_sleep): a pass of the app, then 10 ms pass, the
// operations due in them done. Resolves with the snapshots [line, screen text].

const play = { ops: [], at: 0, waitUntil: 0, passes: new Array(8).fill(0), snaps: [], last: null, resolve: null, reject: null };
const norm = (t) => t.split(/\s+/).filter(Boolean).join(" ");
const onScreen = (text) => norm(py.screen()).includes(norm(text));

pocket.play = (ops) => new Promise((resolve, reject) => {
  Object.assign(play, { ops, at: 0, waitUntil: now, snaps: [], last: null, resolve, reject });
  pocket.playing = true;
});

function finish(error) {
  pocket.playing = false;
  const r = error ? play.reject : play.resolve;
  play.resolve = play.reject = null;
  if (r) r(error || { snapshots: play.snaps, ms: now });
}

function doOps() {
  while (play.at < play.ops.length) {
    const op = play.ops[play.at++];
    const cmd = op[0];
    if (cmd === "wait") { play.waitUntil = now + op[1]; return true; }
    if (cmd === "down" || cmd === "up") {
      if (cmd === "down") held.add(op[1]); else held.delete(op[1]);
      py.button(op[1], cmd === "down", now);
    } else if (cmd === "snap") {
      const text = py.screen();
      if (text !== play.last) { play.last = text; play.snaps.push([op[1], text]); }
    } else if (cmd === "expect" || cmd === "expect-not") {
      if (onScreen(op[1]) !== (cmd === "expect")) throw new Error(`line ${op[2]}: ${cmd} '${op[1]}'\n${py.screen()}`);
    } else if (cmd === "enter") play.passes[op[1]] = 0;
    else if (cmd === "loop") {
      let stop = op[3] ? onScreen(op[4]) === (op[3] === 1) : false;
      if (!stop && play.passes[op[1]] >= op[2]) {
        if (op[3]) throw new Error(`line ${op[5]}: repeat: '${op[4]}' ${op[3] === 1 ? "still not" : "still"} on screen after ${op[2]} passes`);
        stop = true;
      }
      if (stop) play.at = op[6]; else play.passes[op[1]]++;
    } else if (cmd === "jump") play.at = op[1];
    else if (cmd === "if") { if (onScreen(op[2]) !== (op[1] === 1)) play.at = op[3]; }
    else if (cmd === "tone") { /* tones are played through Web Audio; not checked here */ }
    else throw new Error("the page cannot play '" + cmd + "' (reload the page for a power cut)");
  }
  return false;
}

function playSome(budgetMs) {
  const end = performance.now() + budgetMs;
  try {
    while (pocket.playing && performance.now() < end) {
      step();
      const target = now + 10;
      while (play.waitUntil !== null && play.waitUntil <= target) {
        now = play.waitUntil;
        play.waitUntil = null;
        if (!doOps()) { finish(null); return; }
      }
      now = target;
    }
  } catch (e) {
    if (e.name === "PythonError") throw e;
    finish(String(e.message || e));
  }
}

// ---------------------------------------------------------------- start

async function start() {
  const t = performance.now();
  const manifest = await (await fetch("manifest.json")).json();
  const chosen = params.get("board") || localStorage.getItem(STORE + "board") || "pybadge";
  const board = manifest.boards.find((b) => b.id === chosen);
  const select = $("board");
  for (const b of manifest.boards) select.add(new Option(b.name + " (" + b.id + ")", b.id, false, b === board));
  select.addEventListener("change", () => {
    params.set("board", select.value);
    location.search = params.toString();
  });
  if (!board) {
    fail(`There is no board '${chosen}'. Boards: ${manifest.boards.map((b) => b.id).join(", ")}.`);
    return;
  }
  localStorage.setItem(STORE + "board", board.id);
  const link = new URLSearchParams({ board: board.id });
  $("link").href = "?" + link.toString();
  document.title = "Pocket Phase 10 on the " + board.name;
  pocket.board = board;
  setupScreen(board.width, board.height);
  setupButtons(board);
  window.addEventListener("resize", fit);

  const fetchBytes = async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer());
  const [mp, pyFiles, appFiles] = await Promise.all([
    loadMicroPython({ heapsize: HEAP, linebuffer: true, stdout: (l) => console.log(l), stderr: (l) => console.error(l) }),
    Promise.all(manifest.py.map(async (n) => [n, await fetchBytes("py/" + n)])),
    Promise.all(board.files.map(async (p) => [p, await fetchBytes("app" + p)])),
  ]);
  const mkdirs = (path) => {
    let dir = "";
    for (const part of path.split("/").slice(1, -1)) {
      dir += "/" + part;
      try { mp.FS.mkdir(dir); } catch (e) { /* there already */ }
    }
  };
  for (const [n, data] of pyFiles) { mkdirs("/py/" + n); mp.FS.writeFile("/py/" + n, data); }
  for (const [p, data] of appFiles) { mkdirs(p); mp.FS.writeFile(p, data); }
  // the drive is read-only to code.py, as CIRCUITPY is by default: a game record's first write
  // raises OSError and the game is not recorded (firmware/gamerec.py)
  const readOnly = (dir) => {
    for (const name of mp.FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = (dir === "/" ? "" : dir) + "/" + name;
      if (mp.FS.isDir(mp.FS.stat(path).mode)) readOnly(path);
      else mp.FS.chmod(path, 0o444);
    }
    mp.FS.chmod(dir, 0o555);
  };
  readOnly("/lib");
  mp.FS.chmod("/code.py", 0o444);
  mp.FS.chmod("/", 0o555);

  const nvmKey = STORE + "nvm." + board.id;
  pocket.nvmKey = nvmKey;
  const urandom = randomSource(board.id);
  mp.registerJsModule("pocketjs", {
    urandom: (n) => hex(urandom(n)),
    nvm_store: (text) => localStorage.setItem(nvmKey, text),
    draw,
    brightness: (v) => { screen.canvas.style.filter = v >= 1 ? "" : `brightness(${0.15 + 0.85 * v})`; },
    tone,
  });
  const power = params.get("power") || (scripted ? "reload" : "on");
  const config = { ...board.config, nvm_data: localStorage.getItem(nvmKey), power_on: power === "on" };
  try {
    mp.runPython("import sys\nsys.path[:] = ['/py', '/', '/lib']\nimport webrun");
    py = mp.pyimport("webrun");
    pocket.py = py;
    pocket.mp = mp;
    t0 = performance.now();
    py.boot(JSON.stringify(config));
    if (!scripted) step();
  } catch (e) {
    fail(String(e.message || e));
    return;
  }
  pocket.bootMs = performance.now() - t;
  pocket.readyAt = performance.now(); // since the page began to load
  pocket.ready = true;
  status();
  requestAnimationFrame(frame);
}

start().catch((e) => fail(String((e && e.stack) || e)));
