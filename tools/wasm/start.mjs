// What heap32.mjs and app32.mjs share: start the wasm32 MicroPython with its output on
// stderr (stdout carries the figures) and copy a directory's .py/.mpy tree into its
// in-memory filesystem.
import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

function copyTree(mp, from, to) {
  mp.FS.mkdir(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = to + "/" + entry.name;
    if (entry.isDirectory()) {
      copyTree(mp, src, dst);
    } else if (entry.name.endsWith(".py") || entry.name.endsWith(".mpy")) {
      mp.FS.writeFile(dst, fs.readFileSync(src));
    }
  }
}

// heapsize is only the first heap area: this build adds areas as needed.
export async function startMicroPython(heapsize, dir, mount) {
  const mp = await loadMicroPython({
    heapsize,
    stdout: (line) => process.stderr.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  copyTree(mp, dir, mount);
  return mp;
}

// Runs step() until it returns a negative number (step() returns the bytes it allocated,
// garbage included), reading live() after each step, and prints the MAXLIVE, MAXSTEP and
// PEAK lines (bytes and position() where each happened) through out().  `now` is the live
// heap before the first step, `start` names that position.  Returns the number of steps.
export function trackSteps(step, position, live, now, start, out) {
  let high = now;
  let where = start;
  let most = 0;
  let mostWhere = start;
  let peak = now;
  let peakWhere = start;
  let steps = 0;
  for (;;) {
    const used = step();
    if (used < 0) break;
    steps += 1;
    if (now + used > peak) {
      peak = now + used;
      peakWhere = position();
    }
    if (used > most) {
      most = used;
      mostWhere = position();
    }
    now = live();
    if (now > high) {
      high = now;
      where = position();
    }
  }
  out("MAXLIVE", high, where);
  out("MAXSTEP", most, mostWhere);
  out("PEAK", peak, peakWhere);
  return steps;
}
