// Live GC heap of the handheld app on a 32-bit MicroPython (wasm32 in node), estimated.
//
//     node app32.mjs DIR BOARD SCRIPT
//
// DIR holds app_steps.py, the firmware stand-ins under their module names (fw/), and
// what a board's CIRCUITPY/lib holds (lib/: sixtysix_core, sixtysix_ui, sixtysix_boards
// and the Adafruit libraries), as .py or .mpy; it is copied into the in-memory
// filesystem.  BOARD is pygamer or oled; SCRIPT a --keys script (sim.py's language).
// As heap32.mjs, gc.collect() and gc.mem_alloc() are called from here between calls.
// Prints the lines that bench_heap32.py reads:
//     MPY n                  sys.implementation._mpy of this build
//     CALIB name=bytes ...   what one stand-in display object weighs here (app_steps.calibrate)
//     BASE bytes             live heap with the firmware stand-ins loaded
//     BOARD bytes            ... after importing the board module (code.py's first step)
//     IMPORT names bytes     live heap added by one import of `from sixtysix_ui.app import
//                            App`, made one module at a time (names: what it loaded)
//     IMPORTED bytes         ... after all of them
//     BUILT bytes            ... after App(hw) and its first screen
//     MAXLIVE bytes where    the most live heap after any poll of the script
//     MAXSTEP bytes where    the most allocated during one poll, garbage included
//     PEAK bytes where       the most of (live before a poll + allocated during it)
//     END bytes              live heap after the script
//     CENSUS ...             the stand-in display objects the app holds at the end
//     WHERE / STATE          where the script ended; bot level, hand, scores
//     POLLS n                polls run
// Exit status: 0 done, 1 a Python error (printed on stderr), 2 bad arguments.
import fs from "node:fs";
import path from "node:path";
import { startMicroPython, trackSteps } from "./start.mjs";

const [dir, board, script] = process.argv.slice(2);
if (!dir || !fs.existsSync(path.join(dir, "lib")) || !["pygamer", "oled"].includes(board)) {
  console.error("usage: node app32.mjs DIR pygamer|oled SCRIPT (DIR holds fw/ and lib/)");
  process.exit(2);
}
const MOUNT = "/app";

async function main() {
  const mp = await startMicroPython(512 * 1024, dir, MOUNT);
  mp.runPython(
    `import gc\nimport sys\nsys.path[:] = ["${MOUNT}/fw", "${MOUNT}/lib", "${MOUNT}"]\n` +
      `import app_steps`,
  );
  const gc = mp.pyimport("gc");
  const sys = mp.pyimport("sys");
  const as = mp.pyimport("app_steps");
  const collect = gc.collect;
  const memAlloc = gc.mem_alloc;
  const fns = {};
  for (const name of ["prepare", "calibrate", "import_board", "import_module", "build", "step",
    "position", "census", "summary"]) {
    fns[name] = as[name];
  }
  const modules = [...as.APP_MODULES];
  const out = (...words) => console.log(words.join(" "));
  const live = () => {
    collect();
    return memAlloc();
  };
  out("MPY", sys.implementation._mpy);
  fns.prepare(board, script);
  out("CALIB", fns.calibrate());
  const base = live();
  out("BASE", base);
  fns.import_board();
  let now = live();
  out("BOARD", now);
  for (const name of modules) {
    const loaded = fns.import_module(name);
    const before = now;
    now = live();
    if (loaded) out("IMPORT", loaded.replaceAll(" ", "+"), now - before);
  }
  out("IMPORTED", now);
  fns.build();
  now = live();
  out("BUILT", now);
  const polls = trackSteps(fns.step, fns.position, live, now, "title", out);
  out("END", live());
  out("CENSUS", fns.census());
  out("WHERE", fns.position());
  out("STATE", fns.summary());
  out("POLLS", polls);
}

try {
  await main();
} catch (err) {
  console.error(err?.type ? `${err.type}: ${err.message}` : String(err?.stack ?? err));
  process.exit(1);
}
