// ./dev leaves the tracked Trunk.toml alone when it already names Cargo.lock's
// wasm-bindgen version: rewriting it on every set-up made every source look
// newer than dist/, so `./dev serve` rebuilt a dist that was current (issue 27
// item 10, issue 30 item 5). Runs `./dev sync-trunk-toml` (what setup calls) in
// a temporary copy of dev, Trunk.toml and Cargo.lock. Run: node --test tests/server/
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const OLD = new Date("2001-01-01T00:00:00Z");

/** The wasm-bindgen version Cargo.lock pins (what ./dev reads too). */
function lockedWasmBindgen() {
  const lock = readFileSync(join(ROOT, "Cargo.lock"), "utf8");
  const m = lock.match(/^name = "wasm-bindgen"\nversion = "([^"]+)"$/m);
  assert.ok(m, "Cargo.lock names wasm-bindgen");
  return m[1];
}

/** A temporary directory holding what `./dev sync-trunk-toml` needs, with Trunk.toml's mtime set long ago. */
function scratch(trunkToml) {
  const dir = mkdtempSync(join(tmpdir(), "dev-script-"));
  for (const f of ["dev", "Cargo.lock"]) copyFileSync(join(ROOT, f), join(dir, f));
  writeFileSync(join(dir, "Trunk.toml"), trunkToml);
  utimesSync(join(dir, "Trunk.toml"), OLD, OLD);
  return dir;
}

function syncTrunkToml(dir) {
  execFileSync("bash", [join(dir, "dev"), "sync-trunk-toml"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
}

test("Trunk.toml already naming Cargo.lock's wasm-bindgen is not written (its mtime stays)", () => {
  const original = readFileSync(join(ROOT, "Trunk.toml"), "utf8");
  assert.ok(original.includes(`wasm_bindgen = "${lockedWasmBindgen()}"`), "the tracked Trunk.toml matches Cargo.lock");
  const dir = scratch(original);
  try {
    syncTrunkToml(dir);
    syncTrunkToml(dir);
    const path = join(dir, "Trunk.toml");
    assert.equal(statSync(path).mtimeMs, OLD.getTime());
    assert.equal(readFileSync(path, "utf8"), original);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Trunk.toml naming another wasm-bindgen version is rewritten to Cargo.lock's, and only that line", () => {
  const original = readFileSync(join(ROOT, "Trunk.toml"), "utf8");
  const want = lockedWasmBindgen();
  const stale = original.replace(/^wasm_bindgen = ".*"$/m, 'wasm_bindgen = "0.0.1"');
  assert.notEqual(stale, original);
  const dir = scratch(stale);
  try {
    syncTrunkToml(dir);
    const path = join(dir, "Trunk.toml");
    assert.equal(readFileSync(path, "utf8"), original);
    assert.match(readFileSync(path, "utf8"), new RegExp(`^wasm_bindgen = "${want.replaceAll(".", "\\.")}"$`, "m"));
    assert.notEqual(statSync(path).mtimeMs, OLD.getTime());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("./dev setup updates Trunk.toml only through sync_trunk_toml", () => {
  const dev = readFileSync(join(ROOT, "dev"), "utf8");
  // setup() is the Rust half, then the browsers' half (which the test
  // command runs after the lints and native tests: fail fast).
  const setup = dev.match(/^setup\(\) \{\n[\s\S]*?^\}$/m);
  assert.ok(setup, "dev defines setup()");
  assert.match(setup[0], /^\s*setup_rust\n\s*setup_browsers$/m);
  const browsers = dev.match(/^setup_browsers\(\) \{\n[\s\S]*?^\}$/m);
  assert.ok(browsers, "dev defines setup_browsers()");
  assert.match(browsers[0], /^\s*sync_trunk_toml$/m);
  for (const part of [setup[0], browsers[0], dev.match(/^setup_rust\(\) \{\n[\s\S]*?^\}$/m)[0]]) {
    assert.doesNotMatch(part, /Trunk\.toml/);
  }
});

test("./dev help lists every subcommand of its case statement", () => {
  const dev = readFileSync(join(ROOT, "dev"), "utf8");
  const cases = dev.slice(dev.indexOf('case "${1:-help}" in'));
  const commands = [...cases.matchAll(/^  ([a-z-]+)\)/gm)].map((m) => m[1]);
  assert.ok(commands.includes("check") && commands.includes("serve"), `subcommands: ${commands}`);
  const help = execFileSync("bash", [join(ROOT, "dev"), "help"], { encoding: "utf8" });
  for (const c of commands) assert.match(help, new RegExp(`^  \\./dev ${c}\\b`, "m"), `help lists ./dev ${c}`);
  assert.doesNotMatch(help, /set -euo/, "help stops at the header comment");
});
