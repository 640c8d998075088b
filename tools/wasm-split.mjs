// Post-build step (the first): splits the app's wasm at its lazy routes, so
// a first visit downloads only the shell and Home; each other page's code is
// a chunk fetched the first time that page is shown.
//
// The app is built with the `split` feature (index.html's app link): every
// page but Home is a `#[lazy_route]` (src/pages/routes.rs), a wasm-split
// marker, and build.rs links the app with `--emit-relocs`. Trunk then runs
// wasm-bindgen on the whole wasm, but not wasm-opt (`data-wasm-opt="0"`).
// This step redoes the app's part the way `cargo leptos --split` does:
//   1. wasm-split-cli (crate wasm_split_cli_support, ./dev setup installs it)
//      splits cargo's app.wasm into the main module, one module per lazy
//      route, chunks of code shared by several routes, and the link module
//      `__wasm_split.js` (it fetches and instantiates the modules on demand);
//   2. wasm-bindgen on the main module (`--keep-lld-exports`: the chunks
//      import the main module's memory, table and functions);
//   3. wasm-opt -Oz on the main module and on each chunk;
//   4. content hashes: each chunk `NAME-<hash>.wasm` (a page's own module
//      `route_<page>-<hash>.wasm`); the app's JS and the
//      link module import each other, so one hash over the app's JS, the
//      link module and the main wasm names all three: `app-<h>.js`,
//      `app-<h>_bg.wasm`, `__wasm_split-<h>.js`;
//   5. Trunk's unsplit app files are replaced in the staging dir and in
//      index.html (its loader, its preloads and their integrity), and the
//      link module gets a modulepreload beside the app's JS.
// The later steps see only the final names: csp-hash hashes the (changed)
// inline loader, headers marks the hashed files immutable, sw precaches
// every file (the chunks too, for offline), compress writes .br/.gz.
//
// Usage: node tools/wasm-split.mjs [DIR]  (Trunk passes TRUNK_STAGING_DIR,
// TRUNK_PROFILE; the cargo output is read from CARGO_TARGET_DIR or target/)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2] || "dist";
const release = (process.env.TRUNK_PROFILE || "release") === "release";
const source = process.env.TRUNK_SOURCE_DIR || process.cwd();
const targetDir = process.env.CARGO_TARGET_DIR || join(source, "target");
const input = join(targetDir, "wasm32-unknown-unknown", release ? "release" : "debug", "app.wasm");
const LINK = "__wasm_split";

const hex16 = (...parts) => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex").slice(0, 16);
};
const sri = (buf) => "sha384-" + createHash("sha384").update(buf).digest("base64");
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"] });
const fail = (msg) => {
  console.error("wasm-split: " + msg);
  process.exit(1);
};

const indexPath = join(dir, "index.html");
let html = readFileSync(indexPath, "utf8");
if (html.includes(`/${LINK}-`)) {
  console.log("wasm-split: already split");
  process.exit(0);
}
// Trunk names it by a u64 in hex without leading zeros: up to 16 digits.
const trunkJs = readdirSync(dir).find((f) => /^app-[0-9a-f]{1,16}\.js$/.test(f));
if (!trunkJs) fail(`no app-<hash>.js from Trunk in ${dir} (is the app link in index.html?)`);
const trunkBase = trunkJs.slice(0, -3);
if (!existsSync(input)) fail(`${input} is missing (CARGO_TARGET_DIR?)`);

const tmp = mkdtempSync(join(tmpdir(), "batchlane-split-"));
try {
  const splitDir = join(tmp, "split");
  const bgDir = join(tmp, "bg");
  // 1. split
  run("wasm-split-cli", [input, splitDir, "--target", "web", "--out-name", "app"]);
  const linkJs = join(splitDir, `${LINK}.js`);
  if (!existsSync(linkJs)) fail("wasm-split-cli wrote no link module (no lazy routes in the app?)");
  const chunks = readdirSync(splitDir).filter((f) => f.endsWith(".wasm") && f !== "app.wasm");
  // 2. wasm-bindgen, as Trunk calls it, keeping what the chunks import
  run("wasm-bindgen", ["--target=web", `--out-dir=${bgDir}`, "--out-name=app", "--no-typescript", "--keep-lld-exports", join(splitDir, "app.wasm")]);
  // 3. wasm-opt
  const mainWasm = join(bgDir, "app_bg.wasm");
  if (release) {
    // (Quiet: wasm-opt warns of every module's name subsection 3, which it does not know.)
    for (const f of [mainWasm, ...chunks.map((c) => join(splitDir, c))]) {
      try {
        execFileSync("wasm-opt", ["-Oz", f, "-o", f], { stdio: "pipe" });
      } catch (e) {
        fail(`wasm-opt ${f}: ${e.stderr || e.message}`);
      }
    }
  }
  // 4. hashes
  let link = readFileSync(linkJs, "utf8");
  const written = [];
  for (const c of chunks) {
    const ref = `"./${c}"`;
    if (!link.includes(ref)) fail(`the link module does not name ${c}`);
    const buf = readFileSync(join(splitDir, c));
    // split___batch_route_view_<n>.wasm (a page) → route_batch-<hash>.wasm; chunk_<n> as is.
    const stem = c.slice(0, -5).replace(/^split___(\w+?)_route_view_\d+$/, "route_$1");
    const name = `${stem}-${hex16(buf)}.wasm`;
    link = link.replaceAll(ref, `"./${name}"`);
    writeFileSync(join(dir, name), buf);
    written.push(name);
  }
  let js = readFileSync(join(bgDir, "app.js"), "utf8");
  // Only the import statements: the wasm's import module keeps its name
  // (`imports["./__wasm_split.js"] = …`).
  js = js.replace(new RegExp(`(\\bfrom\\s*)(["'])\\./${LINK}\\.js\\2`, "g"), `$1$2./${LINK}.@@.js$2`);
  if (!js.includes(`${LINK}.@@.js`)) fail("the app's JS does not import the link module");
  js = js.replaceAll("'app_bg.wasm'", "'app.@@_bg.wasm'");
  if (!link.includes(`"./app.js"`)) fail("the link module does not import ./app.js");
  link = link.replaceAll(`"./app.js"`, `"./app.@@.js"`);
  const wasm = readFileSync(mainWasm);
  const h = hex16(js, link, wasm);
  js = js.replaceAll(`${LINK}.@@.js`, `${LINK}-${h}.js`).replaceAll("app.@@_bg.wasm", `app-${h}_bg.wasm`);
  link = link.replaceAll("app.@@.js", `app-${h}.js`);
  const names = { js: `app-${h}.js`, wasm: `app-${h}_bg.wasm`, link: `${LINK}-${h}.js` };
  writeFileSync(join(dir, names.js), js);
  writeFileSync(join(dir, names.wasm), wasm);
  writeFileSync(join(dir, names.link), link);
  written.push(names.js, names.wasm, names.link);
  // wasm-bindgen's inline JS snippets (the same files Trunk copied)
  if (existsSync(join(bgDir, "snippets"))) cpSync(join(bgDir, "snippets"), join(dir, "snippets"), { recursive: true });

  // 5. replace Trunk's unsplit app
  for (const f of [`${trunkBase}.js`, `${trunkBase}_bg.wasm`]) if (existsSync(join(dir, f))) unlinkSync(join(dir, f));
  html = html.replaceAll(`/${trunkBase}_bg.wasm`, `/${names.wasm}`).replaceAll(`/${trunkBase}.js`, `/${names.js}`);
  if (!html.includes(`/${names.js}`)) fail("index.html does not name the app's JS");
  const preload = new RegExp(`<link\\b[^>]*\\brel="modulepreload"[^>]*href="/${names.js}"[^>]*>`).exec(html);
  html = html.replace(/<link\b[^>]*>/g, (tag) => {
    const href = /\bhref="\/([^"]+)"/.exec(tag);
    if (!href || !/\bintegrity="/.test(tag) || !written.includes(href[1])) return tag;
    return tag.replace(/\bintegrity="[^"]*"/, `integrity="${sri(readFileSync(join(dir, href[1])))}"`);
  });
  if (preload) {
    const tag = preload[0]
      .replace(`href="/${names.js}"`, `href="/${names.link}"`)
      .replace(/\bintegrity="[^"]*"/, `integrity="${sri(Buffer.from(link))}"`);
    html = html.replace(/(<link\b[^>]*\brel="modulepreload"[^>]*>)/, `$1\n${tag}`);
  }
  writeFileSync(indexPath, html);
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  const size = (f) => statSync(join(dir, f)).size;
  const routes = written.filter((f) => f.startsWith("route_") || f.startsWith("split_"));
  const shared = written.filter((f) => f.startsWith("chunk_"));
  console.log(
    `wasm-split: ${names.wasm} ${kib(size(names.wasm))}; loaded on demand: ${routes.length} route modules ` +
      `(${kib(routes.reduce((n, f) => n + size(f), 0))}) and ${shared.length} shared chunks (${kib(shared.reduce((n, f) => n + size(f), 0))})`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
