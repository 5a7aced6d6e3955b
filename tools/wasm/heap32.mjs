// Live GC heap of one bot-vs-bot match on a 32-bit MicroPython (wasm32 in node).
//
//     node heap32.mjs DIR SEED LEVEL
//
// DIR holds heap_steps.py (or .mpy) and sixtysix_core/ (.py or .mpy); it is copied into
// the in-memory filesystem.  The match is driven in steps from here (heap_steps.py: one
// dealt hand or one decision per call) and, after each step, gc.collect() and
// gc.mem_alloc() are called as calls of their own: this build defers a collection
// requested inside Python until control is back in JavaScript, where no C stack holds
// stale pointers, so the figure read after it is the live bytes exactly.
// Prints the lines that bench_heap32.py reads (the same as `micropython heap_steps.py`):
//     MPY n                    sys.implementation._mpy of this build
//     BASE bytes               live heap with only heap_steps loaded
//     IMPORT names bytes       live heap added by one import (names: what it loaded)
//     IMPORTED bytes           live heap after all the imports
//     OBJECTS bytes            ... and after creating the match's objects
//     MAXLIVE bytes where      the most live heap after any step
//     MAXSTEP bytes where      the most heap allocated during one step, garbage included
//                              (nothing is collected inside a call; blocks the runtime
//                              frees itself, e.g. the old table of a growing dict, are not)
//     PEAK bytes where         the most of (live before a step + allocated during it): the
//                              heap in use at any moment of the match, but for such frees
//     END bytes                live heap after the match
//     MATCH hands decisions score0 score1
// Exit status: 0 done, 1 a Python error (printed on stderr), 2 bad arguments.
import fs from "node:fs";
import path from "node:path";
import { startMicroPython, trackSteps } from "./start.mjs";

const [dir, seedText, levelText] = process.argv.slice(2);
if (!dir || !fs.existsSync(path.join(dir, "sixtysix_core"))) {
  console.error("usage: node heap32.mjs DIR SEED LEVEL (DIR holds sixtysix_core/)");
  process.exit(2);
}
const seed = Number(seedText ?? 1);
const level = Number(levelText ?? 2);
const MOUNT = "/bench";

async function main() {
  const mp = await startMicroPython(256 * 1024, dir, MOUNT);
  mp.runPython(`import gc\nimport sys\nsys.path.insert(0, "${MOUNT}")\nimport heap_steps`);
  // Every proxy is taken before the first figure: each one holds a reference on the
  // Python side, so it is part of BASE and not of any later difference.
  const gc = mp.pyimport("gc");
  const sys = mp.pyimport("sys");
  const hs = mp.pyimport("heap_steps");
  const collect = gc.collect;
  const memAlloc = gc.mem_alloc;
  const importModule = hs.import_module;
  const setup = hs.setup;
  const step = hs.step;
  const position = hs.position;
  const modules = [...hs.MODULES];
  const out = (...words) => console.log(words.join(" "));
  const live = () => {
    collect();
    return memAlloc();
  };
  out("MPY", sys.implementation._mpy);
  const base = live();
  out("BASE", base);
  let now = base;
  for (const name of modules) {
    const loaded = importModule(name);
    const before = now;
    now = live();
    if (loaded) out("IMPORT", loaded.replaceAll(" ", "+"), now - before);
  }
  out("IMPORTED", now);
  setup(seed, level);
  now = live();
  out("OBJECTS", now);
  trackSteps(step, position, live, now, "start", out);
  out("END", live());
  out("MATCH", hs.summary());
}

try {
  await main();
} catch (err) {
  console.error(err?.type ? `${err.type}: ${err.message}` : String(err?.stack ?? err));
  process.exit(1);
}
