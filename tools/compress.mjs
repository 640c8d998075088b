// Post-build step: writes name.br and name.gz beside every compressible file
// of the build, so a static server (tools/serve.mjs, nginx's gzip_static /
// brotli_static) sends them without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2] || "dist";
const COMPRESSIBLE = /\.(html|js|mjs|wasm|css|svg|json|webmanifest|jsonl|txt|tiktoken|bin)$/;

function walk(d) {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

let raw = 0;
let br = 0;
for (const file of walk(dir)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const buf = readFileSync(file);
  if (buf.length < 512) continue;
  const b = brotliCompressSync(buf, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
  });
  writeFileSync(file + ".br", b);
  writeFileSync(file + ".gz", gzipSync(buf, { level: 9 }));
  raw += buf.length;
  br += b.length;
}
console.log(`compress: ${(raw / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB brotli`);
