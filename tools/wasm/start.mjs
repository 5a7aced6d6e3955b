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
