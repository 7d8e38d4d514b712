// Runs Python under real MicroPython 1.27 (the WebAssembly build from npm), with the project's
// `shared_rules/` package copied into MicroPython's file system so that
// `import shared_rules.xyz` works exactly as on a board.
//
//   node tests/micropython/run.mjs [options] FILE.py     run a program ("-" reads stdin)
//   node tests/micropython/run.mjs [options] -c CODE     run a string
//   node tests/micropython/run.mjs [options] --serve     run many top-level steps (see below)
//
// Options: --heap BYTES (MicroPython heap, default 1048576; suffix k or m allowed),
//          --pystack WORDS (default 2048).
//
// A program's stdout goes to stdout. A Python exception prints its traceback to stderr and
// exits 1 (SystemExit exits with its code). Missing node_modules or a bad command line exits 2.
//
// --serve reads one JSON request per stdin line, {"code": "..."}, runs it as one top-level
// runPython call (the garbage collector of this build only frees memory between such calls),
// and answers one JSON line {"out": stdout, "err": stderr, "error": traceback or null,
// "ms": run time}. It first prints {"ready": true, "ms": boot time}. It exits at end of input.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PACKAGE = "@micropython/micropython-webassembly-pyscript";
const MJS = join(REPO, "node_modules", PACKAGE, "micropython.mjs");
const USAGE = "usage: node tests/micropython/run.mjs [--heap BYTES] [--pystack WORDS] (FILE.py | - | -c CODE | --serve)";

function fail(message, code = 2) {
  process.stderr.write(message + "\n");
  process.exit(code);
}

function parseSize(text, option) {
  const m = /^(\d+)([kKmM]?)$/.exec(text || "");
  if (!m) fail(`${option} needs a positive number (like 1048576, 512k or 4m), not '${text}'\n${USAGE}`);
  const unit = { "": 1, k: 1024, m: 1048576 }[m[2].toLowerCase()];
  return parseInt(m[1], 10) * unit;
}

function parseArgs(argv) {
  const opts = { heapsize: 1048576, pystack: 2048, mode: null, source: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--heap") opts.heapsize = parseSize(argv[++i], a);
    else if (a === "--pystack") opts.pystack = parseSize(argv[++i], a);
    else if (a === "-h" || a === "--help") fail(USAGE, 0);
    else if (opts.mode) fail(`unexpected argument '${a}'\n${USAGE}`);
    else if (a === "--serve") opts.mode = "serve";
    else if (a === "-c") {
      if (i + 1 >= argv.length) fail(`-c needs the code to run\n${USAGE}`);
      opts.mode = "code";
      opts.source = argv[++i];
    } else if (a.startsWith("-") && a !== "-") fail(`unknown option '${a}'\n${USAGE}`);
    else {
      opts.mode = "file";
      try {
        opts.source = readFileSync(a === "-" ? 0 : a, "utf8");
      } catch (e) {
        fail(`cannot read '${a}': ${e.message}`);
      }
    }
  }
  if (!opts.mode) fail(USAGE);
  return opts;
}

// Copies every .py file under `src` (a directory of the repository) to `dest` in MicroPython's
// Emscripten file system.
function copyTree(FS, src, dest) {
  FS.mkdir(dest);
  for (const name of readdirSync(src).sort()) {
    const path = join(src, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(FS, path, dest + "/" + name);
    } else if (name.endsWith(".py")) {
      FS.writeFile(dest + "/" + name, readFileSync(path));
    }
  }
}

// Collects the bytes MicroPython writes (one callback per byte) and decodes them as UTF-8.
class Capture {
  constructor() {
    this.bytes = [];
  }
  write(chunk) {
    for (const b of chunk) this.bytes.push(b);
  }
  take() {
    const text = Buffer.from(this.bytes).toString("utf8");
    this.bytes = [];
    return text;
  }
}

async function boot(opts, out, err) {
  if (!existsSync(MJS)) {
    fail(`MicroPython is not installed: ${MJS} is missing.\nRun \`make test\` (it runs \`npm ci\`), or \`npm ci\` in ${REPO}.`);
  }
  const { loadMicroPython } = await import(pathToFileURL(MJS).href);
  const mp = await loadMicroPython({
    heapsize: opts.heapsize,
    pystack: opts.pystack,
    linebuffer: false,
    stdout: (b) => out.write(b),
    stderr: (b) => err.write(b),
  });
  copyTree(mp.FS, join(REPO, "shared_rules"), "/shared_rules");
  return mp;
}

// Runs one top-level piece of code; returns null or the exception {type, text}. A crash of the
// WebAssembly machine itself (not a Python exception) is thrown on.
function runOne(mp, code) {
  try {
    mp.runPython(code);
    return null;
  } catch (e) {
    if (e.name !== "PythonError") throw e;
    return { type: e.type, text: e.message };
  }
}

function exitCodeOf(error) {
  if (error.type !== "SystemExit") return 1;
  const m = /SystemExit: ?(.*)\n?$/.exec(error.text);
  const arg = m ? m[1].trim() : "";
  if (arg === "" || arg === "None") return 0;
  return /^-?\d+$/.test(arg) ? parseInt(arg, 10) & 255 : 1;
}

async function runProgram(opts) {
  const out = new Capture();
  const err = new Capture();
  const mp = await boot(opts, out, err);
  let error;
  try {
    error = runOne(mp, opts.source);
  } catch (e) {
    process.stdout.write(out.take());
    fail(`MicroPython crashed: ${e.message}`, 1);
  }
  process.stdout.write(out.take());
  process.stderr.write(err.take());
  if (error) {
    const code = exitCodeOf(error);
    if (error.type !== "SystemExit") process.stderr.write(error.text);
    process.exitCode = code;
  }
}

async function serve(opts) {
  const out = new Capture();
  const err = new Capture();
  const t0 = performance.now();
  const mp = await boot(opts, out, err);
  const send = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
  send({ ready: true, ms: performance.now() - t0 });
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let code;
    try {
      code = JSON.parse(line).code;
    } catch (e) {
      code = undefined;
    }
    if (typeof code !== "string") {
      send({ out: "", err: "", error: `bad request (want a JSON line {"code": "..."}): ${line.slice(0, 200)}`, ms: 0 });
      continue;
    }
    const start = performance.now();
    let error;
    try {
      error = runOne(mp, code);
    } catch (e) {
      send({ out: out.take(), err: err.take(), error: `MicroPython crashed: ${e.message}`, ms: 0, crashed: true });
      process.exit(1);
    }
    const ms = performance.now() - start;
    send({ out: out.take(), err: err.take(), error: error ? error.text : null, ms });
  }
}

const opts = parseArgs(process.argv.slice(2));
await (opts.mode === "serve" ? serve(opts) : runProgram(opts));
