// Browser figures for ./dev bench: the release app in headless Chromium
// checks BENCH_FILE on /batch (exact tokens, then structural checks only),
// reports each worker's peak memory (over CDP, attached to every worker
// target: its wasm linear memory, which only grows, and its JS heap), and
// runs the 429 simulator benchmark on /quota (best of 3 fresh pages, and
// once with Run pressed as the page opens). Prints figures; asserts
// nothing. Usage: BENCH_FILE=... [PY_ROUTE='["python", "tools/bench_python.py", FILE]']
// [BENCH_CLI=target/speed/batchlane] [BENCH_PART=batch|rest] [BENCH_RUNS=5]
// [BENCH_SLOW_RUNS=3] [BENCH_PORT=4299] [BENCH_DIST=dist] node tools/bench-browser.mjs
//
// Each figure is measured against its reference in the same run, their
// runs interleaved, the best of each compared, and the ratio REFUSED when
// the reference's runs spread more than 20%; the 1-minute load average
// (/proc/loadavg) is printed beside every figure:
//  - the full check (exact tokens) against the Python route (PY_ROUTE, its
//    command line as a JSON array) and the native CLI's full check
//    (BENCH_CLI);
//  - the structural check against a bare `Blob.stream()` read of the same
//    file in a dedicated worker (what the browser's reading alone costs).
// The browser's first checks are not timed (they compile the worker's wasm,
// which Chromium then caches; their times are printed), and a native
// sample is as many runs back to back as take about a second.
// BENCH_PART=batch: only the batch check's figures (the bench's shapes);
// rest: only the others (memory, cold start, per-core, simulator, /traffic).
import { chromium } from "@playwright/test";
import { spawn, execSync, execFileSync } from "node:child_process";
import { statSync, openSync, readSync, closeSync, readFileSync } from "node:fs";

const REFUSE_SPREAD = 0.2;
const part = process.env.BENCH_PART || "all";
const runsN = Number(process.env.BENCH_RUNS || 5);
const slowN = Number(process.env.BENCH_SLOW_RUNS || 3);
/** The 1-minute load average. */
function load() {
  return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}
function loadRange(loads) {
  return `load ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}`;
}
/** A timed sample lasts about this long (runs back to back; as tools/bench_shapes.py): ... */
const SAMPLE_SECONDS = 1.0;
/** ... and holds at most this many runs. */
const MAX_PER_SAMPLE = 16;
/** A command's runs per sample: from the faster of two untimed runs (the
 * first pages the program and the file in). */
function runsPerSample(f) {
  const took = Math.max(Math.min(timed(f), timed(f)), 1e-6);
  return Math.max(1, Math.min(MAX_PER_SAMPLE, Math.ceil(SAMPLE_SECONDS / took)));
}
/** One timed sample: `per` runs of `f` back to back; the seconds per run. */
function sample(f, per) {
  return timed(() => {
    for (let i = 0; i < per; i++) f();
  }) / per;
}
/** One run of the Python route (PY_ROUTE), its seconds. */
function pythonRoute(argv) {
  const out = execFileSync(argv[0], argv.slice(1), { encoding: "utf8", maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split("\n").pop()).seconds;
}

const file = process.env.BENCH_FILE;

/** Seconds that `f` (synchronous) takes. */
function timed(f) {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e9;
}
/** One route's timed runs and the load before each (as tools/bench_shapes.py). */
class Runs {
  constructor(name) {
    Object.assign(this, { name, seconds: [], loads: [], extra: [] });
  }
  /** Times one run: `f` answers its seconds, or an object with `ms`. */
  async time(f) {
    this.loads.push(load());
    const r = await f();
    if (typeof r === "number") this.seconds.push(r);
    else {
      this.seconds.push(r.ms / 1000);
      this.extra.push(r);
    }
  }
  best() {
    return Math.min(...this.seconds);
  }
  spread() {
    return (Math.max(...this.seconds) - this.best()) / this.best();
  }
  each() {
    return this.seconds.map((s) => s.toFixed(2)).join(", ");
  }
}
/** Prints one ratio (the reference's best over the subject's; with `cost`,
 * the subject's over the reference's) and returns it as a figure; REFUSED
 * when the reference's runs spread more than 20%. */
function ratioFigure(label, subject, reference, goal, cost = false) {
  const loads = [...subject.loads, ...reference.loads];
  const spread = reference.spread();
  const refused = spread > REFUSE_SPREAD;
  const ratio = cost ? subject.best() / reference.best() : reference.best() / subject.best();
  if (refused) {
    console.log(`  ${label}: REFUSED: ${reference.name}'s runs spread ${(spread * 100).toFixed(0)}% (> 20%: ${reference.each()} s); ${subject.name} best ${subject.best().toFixed(2)} s; ${loadRange(loads)}`);
  } else {
    console.log(`  ${label}: ${ratio.toFixed(2)}x (${goal}; ${subject.name} ${subject.best().toFixed(2)} s, best of ${subject.each()} s; ${reference.name} ${reference.best().toFixed(2)} s, best of ${reference.each()} s, spread ${(spread * 100).toFixed(0)}%; interleaved; ${loadRange(loads)})`);
  }
  return { figure: label, subject: subject.name, subject_seconds: subject.best(), subject_runs: subject.seconds, reference: reference.name, reference_seconds: reference.best(), reference_runs: reference.seconds, reference_spread: spread, ratio: refused ? null : ratio, refused, load_min: Math.min(...loads), load_max: Math.max(...loads) };
}
/** A figure as one JSON line (tools/bench.sh collects them for the table). */
function emit(f) {
  console.log(JSON.stringify(f));
}

/** Reads a file once so that the page cache holds it (the browser's read is then not the disk's). */
function warmTrafficCache(path) {
  const fd = openSync(path, "r");
  const buf = Buffer.alloc(1 << 20);
  while (readSync(fd, buf, 0, buf.length, null) > 0) {}
  closeSync(fd);
}
const port = Number(process.env.BENCH_PORT || 4299);
const server = spawn("node", ["tools/serve.mjs", process.env.BENCH_DIST || "dist", String(port)], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const browser = await chromium.launch({
  executablePath: execSync("command -v chromium").toString().trim(),
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const mb = statSync(file).size / 1e6;

  // `warm`: pick the file once the workers the page starts when it opens
  // are up (as a person picking a file a moment later finds them);
  // otherwise at once, so the time includes starting them.
  async function check(countTokens, warm = true) {
    await page.bringToFront();
    await page.goto(`http://127.0.0.1:${port}/batch`);
    // The page's code is a lazy chunk: wait for its form before using it.
    const toggle = page.getByTestId("batch-count-tokens");
    await toggle.waitFor({ timeout: 30_000 });
    await toggle.setChecked(countTokens);
    if (warm) await workersUp();
    warmPageCache();
    await page.getByTestId("batch-file-input").setInputFiles(file);
    const summary = page.locator("[data-testid=batch-summary][data-elapsed-ms]");
    await summary.waitFor({ timeout: 600_000 });
    const ms = Number(await summary.getAttribute("data-elapsed-ms"));
    const tokens = await summary.getAttribute("data-tokens");
    const metrics = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    return { ms, tokens, heapMB: metrics.JSHeapUsedSize / 1e6 };
  }

  // Reads the file once, so that the browser reads it from the OS page
  // cache as the native and Python runs (back to back) do: this machine
  // kind pages out memory that sat unused for a while (DAMON "pageout"), and
  // a check that found part of the file paged out took up to 0.2 s longer.
  function warmPageCache() {
    const fd = openSync(file, "r");
    const buf = Buffer.alloc(8 << 20);
    while (readSync(fd, buf, 0, buf.length, null) > 0) {}
    closeSync(fd);
  }

  // Every worker target, over a browser-wide CDP session (attached without
  // flattening: each worker's commands travel through Target.sendMessageToTarget).
  const browserCdp = await browser.newBrowserCDPSession();
  let nextId = 1;
  const waiting = new Map();
  browserCdp.on("Target.receivedMessageFromTarget", ({ message }) => {
    const m = JSON.parse(message);
    const w = waiting.get(m.id);
    if (w) {
      waiting.delete(m.id);
      w(m.result || { error: m.error });
    }
  });
  async function inTarget(sessionId, method, params = {}) {
    const id = nextId++;
    const answer = new Promise((r) => waiting.set(id, r));
    await browserCdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) });
    return Promise.race([answer, new Promise((r) => setTimeout(() => r({ error: "timeout" }), 5000))]);
  }
  async function workerMemory() {
    const { targetInfos } = await browserCdp.send("Target.getTargets");
    const rows = [];
    for (const t of targetInfos.filter((t) => t.type === "worker")) {
      const { sessionId } = await browserCdp.send("Target.attachToTarget", { targetId: t.targetId, flatten: false });
      const wasm = await inTarget(sessionId, "Runtime.evaluate", {
        expression: "typeof wasm_bindgen !== 'undefined' && wasm_bindgen.worker_memory_bytes ? wasm_bindgen.worker_memory_bytes() : null",
        returnByValue: true,
      });
      const heap = await inTarget(sessionId, "Runtime.getHeapUsage");
      await browserCdp.send("Target.detachFromTarget", { sessionId }).catch(() => {});
      rows.push({ url: t.url.split("/").pop(), wasmMB: (wasm.result?.value ?? NaN) / 1e6, heapMB: (heap.usedSize ?? NaN) / 1e6 });
    }
    return rows;
  }
  // Waits until every worker target has started its wasm (at most 10 s).
  async function workersUp() {
    for (let i = 0; i < 100; i++) {
      const { targetInfos } = await browserCdp.send("Target.getTargets");
      const workers = targetInfos.filter((t) => t.type === "worker");
      let up = 0;
      for (const t of workers) {
        const { sessionId } = await browserCdp.send("Target.attachToTarget", { targetId: t.targetId, flatten: false });
        const r = await inTarget(sessionId, "Runtime.evaluate", {
          expression: "(() => { try { return wasm_bindgen.worker_memory_bytes() > 0 } catch (e) { return false } })()",
          returnByValue: true,
        });
        await browserCdp.send("Target.detachFromTarget", { sessionId }).catch(() => {});
        if (r.result?.value === true) up++;
      }
      if (workers.length > 0 && up === workers.length) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  function printMemory(label, rows) {
    if (!rows.length) return console.log(`${label}: no worker target found`);
    const peak = Math.max(...rows.map((r) => r.wasmMB + r.heapMB));
    console.log(`${label}: ${rows.length} workers, peak ${peak.toFixed(0)} MB (${rows.map((r) => `wasm ${r.wasmMB.toFixed(0)} + JS ${r.heapMB.toFixed(0)}`).join("; ")} MB)`);
  }

  // The bare read: a page of another origin (localhost: no CSP, no service
  // worker of the app's) whose dedicated worker reads the picked file
  // `times` times in a row (a sample: one read took 0.13-0.18 s, and single
  // reads spread 30-57% on a quiet machine). A read that ends hands its
  // buffer back with its last (empty) view, and the next read starts with
  // it (a read into the detached buffer would throw, and never answer);
  // any error is posted back, and the page gives up after a minute.
  const READER = `onmessage = async (e) => {
    try {
      const { file, times } = e.data;
      let buf = new ArrayBuffer(4 << 20), n = 0;
      const t0 = performance.now();
      for (let k = 0; k < times; k++) {
        const reader = file.stream().getReader({ mode: "byob" });
        for (;;) {
          const { done, value } = await reader.read(new Uint8Array(buf));
          buf = value ? value.buffer : new ArrayBuffer(4 << 20);
          if (done) break;
          n += value.length;
        }
      }
      postMessage({ ms: performance.now() - t0, bytes: n });
    } catch (err) {
      postMessage({ error: String(err) });
    }
  };`;
  /** Opens the reading page in `p` afresh (in front: a page left in the
   * back while the check's page ran had a read never answer), its worker
   * started and the file picked. */
  async function openReader(p) {
    const url = `http://localhost:${port}/__bench_read`;
    await p.route(url, (r) => r.fulfill({ contentType: "text/html", body: '<input type="file" id="f">' }));
    await p.bringToFront();
    await p.goto(url);
    await p.evaluate((src) => {
      window.benchWorker = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
    }, READER);
    await p.setInputFiles("#f", file);
  }
  /** `times` bare reads of the file back to back, on the reading page
   * opened afresh; the seconds per read. */
  async function bareRead(p, times = 1) {
    await openReader(p);
    warmPageCache();
    const r = await p.evaluate(
      (times) =>
        new Promise((resolve) => {
          const f = document.getElementById("f").files[0];
          const t0 = performance.now();
          const timer = setTimeout(() => resolve({ error: "no answer within 60 s" }), 60_000);
          window.benchWorker.onmessage = (e) => {
            clearTimeout(timer);
            resolve({ page_ms: performance.now() - t0, ...e.data });
          };
          window.benchWorker.onerror = (e) => {
            clearTimeout(timer);
            resolve({ error: e.message || "the worker failed" });
          };
          window.benchWorker.postMessage({ file: f, times });
        }),
      times,
    );
    if (r.error) throw new Error(`bare read: ${r.error}`);
    const want = statSync(file).size * times;
    if (r.bytes !== want) throw new Error(`bare read: ${r.bytes} bytes of ${want}`);
    return r.page_ms / 1000 / times;
  }
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const pyRoute = process.env.PY_ROUTE ? JSON.parse(process.env.PY_ROUTE) : null;
  if (part !== "rest") {
    // The full check (exact tokens; one worker per core), interleaved with
    // its two references: the Python route (PY_ROUTE) and the native CLI's
    // full check (BENCH_CLI: `batchlane check FILE`, its threads). A round
    // is one run of each; the best of each is compared, and a ratio is
    // REFUSED when its reference's runs spread more than 20%.
    const fulls = new Runs("browser full check");
    const pys = new Runs("python json.loads + tiktoken");
    const natives = new Runs("native batchlane check (exact tokens)");
    const cli = process.env.BENCH_CLI;
    const native = () => execFileSync(cli, ["check", file, "--format", "json"], { stdio: "ignore" });
    // Untimed first: the browser's first check of the session compiles the
    // worker's wasm (Chromium caches the optimized code for the next
    // pages: the first two checks took 1.25 and 1.15 s, the next four
    // 0.79-0.85 s) and the native CLI's first run pages in the program
    // and the file. Each timed native sample is several runs back to back
    // (a single 0.45 s run spread 22% on a quiet machine).
    const cold = [];
    for (let i = 0; i < 2; i++) cold.push((await check(true)).ms / 1000);
    console.log(`browser full check, the first two of this browser (not timed below: the worker's wasm compiled, then cached): ${cold.map((s) => s.toFixed(2)).join(", ")} s`);
    const nativePer = cli ? runsPerSample(native) : 0;
    for (let i = 0; i < slowN; i++) {
      await fulls.time(() => check(true));
      if (pyRoute) await pys.time(async () => pythonRoute(pyRoute));
      if (cli) await natives.time(async () => sample(native, nativePer));
    }
    const full = fulls.extra.reduce((a, b) => (b.ms < a.ms ? b : a));
    console.log(`browser full check (exact tokens): ${fulls.best().toFixed(2)} s, ${(mb / fulls.best()).toFixed(1)} MB/s (best of ${fulls.each()} s), tokens ${full.tokens}, page JS heap ${full.heapMB.toFixed(0)} MB, ${cores} cores; ${loadRange(fulls.loads)}${cli ? `; native samples of ${nativePer} runs` : ""}`);
    if (pyRoute) emit(ratioFigure("browser full check vs the Python route", fulls, pys, "goal >= 6x"));
    if (cli) emit(ratioFigure("browser full check vs the native CLI", fulls, natives, "goal: the browser within 1.6x", true));
    if (part === "all") printMemory("workers' memory after the full check (CDP per worker target)", await workerMemory());
    // Structural checks (the app's choice of workers: on 2 cores one for chat
    // lines, two for lines that name tools or a response format), each
    // on a freshly opened page, interleaved with a bare read of the same
    // file in a dedicated worker (`Blob.stream()`, a BYOB reader into one
    // 4 MiB buffer, as the app's worker reads; nothing else done with the
    // bytes): how close the check comes to the browser's own reading.
    const structs = new Runs("browser structural");
    const bare = new Runs("bare Blob.stream() read in a worker");
    const readPage = await browser.newPage();
    // Two untimed reads and a check first (the read's worker is then warm,
    // and the faster read sets the reads per sample, about a second's; the
    // check's wasm is compiled and cached, as for the full check).
    const readPer = Math.max(1, Math.min(MAX_PER_SAMPLE, Math.ceil(SAMPLE_SECONDS / Math.min(await bareRead(readPage), await bareRead(readPage)))));
    await check(false);
    for (let i = 0; i < runsN; i++) {
      await structs.time(() => check(false));
      await bare.time(async () => bareRead(readPage, readPer));
    }
    await readPage.close();
    const sS = structs.best();
    console.log(`browser structural checks only: ${sS.toFixed(2)} s, ${(mb / sS).toFixed(1)} MB/s (goal >= 400 MB/s; best of ${structs.each()} s; file picked once the page's workers are up; ${loadRange(structs.loads)})`);
    console.log(`bare Blob.stream() read of the same file in a worker: ${bare.best().toFixed(2)} s, ${(mb / bare.best()).toFixed(1)} MB/s (best of ${bare.each()} s per read; samples of ${readPer} reads)`);
    const r = ratioFigure("browser structural / bare read", structs, bare, "goal <= 1.2", true);
    emit({ figure: "browser structural", seconds: sS, mb_per_s: mb / sS, runs: structs.seconds, load_min: Math.min(...structs.loads, ...bare.loads), load_max: Math.max(...structs.loads, ...bare.loads), bare_read_seconds: bare.best(), bare_read_mb_per_s: mb / bare.best(), bare_read_runs: bare.seconds, bare_read_spread: bare.spread(), ratio_to_bare: r.ratio, refused: r.refused });
    if (part === "all") printMemory("workers' memory after the structural check", await workerMemory());
  }
  if (part !== "batch") {
    if (part === "rest") {
      // The workers' memory after each kind of check (the figures are the batch part's).
      await check(true);
      printMemory("workers' memory after the full check (CDP per worker target)", await workerMemory());
      await check(false);
      printMemory("workers' memory after the structural check", await workerMemory());
    }
    const cold = await check(false, false);
    console.log(`structural, file picked as the page opens (workers still starting): ${(cold.ms / 1000).toFixed(2)} s, ${(mb / (cold.ms / 1000)).toFixed(1)} MB/s`);
    // Structural checks leave the browser a core for reading the file; the
    // same check on one worker per core, for comparison.
    await page.evaluate((n) => localStorage.setItem("batchlane.batch.workers", String(n)), cores);
    const perCore = await check(false);
    await page.evaluate(() => localStorage.removeItem("batchlane.batch.workers"));
    console.log(`structural on ${cores} workers (one per core, not the app's choice): ${(perCore.ms / 1000).toFixed(2)} s, ${(mb / (perCore.ms / 1000)).toFixed(1)} MB/s`);
    // The full check on one worker (the app's own threshold for splitting a
    // file over the cores, overridden), to see what the split brings here.
    await page.evaluate(() => localStorage.setItem("batchlane.batch.parallel_min_bytes", "1e18"));
    const full1 = await check(true);
    await page.evaluate(() => localStorage.removeItem("batchlane.batch.parallel_min_bytes"));
    console.log(`exact tokens on one worker (no split): ${(full1.ms / 1000).toFixed(2)} s`);

    // 1 h at 100 ms ticks, 10 deployments of 60,000 TPM, 3,000 requests/min at
    // peak. /quota starts the simulator's worker as it opens: Run pressed
    // once it is up (a person sets up a run first), on 3 fresh pages; then
    // pressed at once, so that the time includes starting the worker.
    async function simulate(warm) {
      await page.goto(`http://127.0.0.1:${port}/quota?sn=10&sdur=3600&tpm=60000&pk=3000&av=3000`);
      const run = page.getByTestId("sim-run");
      await run.waitFor({ timeout: 30_000 });
      if (warm) await workersUp();
      await run.click();
      const elapsed = page.locator("[data-testid=sim-elapsed][data-ms]");
      await elapsed.waitFor({ timeout: 60_000 });
      return Number(await elapsed.getAttribute("data-ms"));
    }
    const sims = [];
    for (let i = 0; i < 3; i++) sims.push(await simulate(true));
    const simCold = await simulate(false);
    console.log(`429 simulator, 1 h at 100 ms, 10 deployments, 3,000 req/min: ${Math.min(...sims).toFixed(1)} ms in the browser (target < 200 ms; best of ${sims.map((m) => m.toFixed(1)).join(", ")} ms; Run pressed once the page's worker is up)`);
    console.log(`429 simulator, Run pressed as the page opens (worker still starting): ${simCold.toFixed(1)} ms`);

    // /traffic: a month of per-minute Metrics - List data for 20 deployments
    // (TRAFFIC_FILE), from the file handed to the page until every
    // deployment's report is on screen: reading the file in the worker,
    // parsing, the analysis and the page's rendering (an upper bound on the
    // worker's part). Best of 3 fresh pages.
    const trafficFile = process.env.TRAFFIC_FILE;
    if (trafficFile) {
      async function traffic() {
        await page.goto(`http://127.0.0.1:${port}/traffic`);
        const input = page.getByTestId("traffic-files");
        await input.waitFor({ state: "attached", timeout: 30_000 });
        warmTrafficCache(trafficFile);
        const start = Date.now();
        await input.setInputFiles(trafficFile);
        await page.locator("[data-testid=traffic-deployment]").nth(19).waitFor({ timeout: 600_000 });
        return Date.now() - start;
      }
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await traffic());
      const tmb = statSync(trafficFile).size / 1e6;
      console.log(`/traffic, a month of per-minute data for 20 deployments (${tmb.toFixed(0)} MB Metrics - List JSON), file handed over → every report on screen: ${(Math.min(...runs) / 1000).toFixed(2)} s (target < 5 s; best of ${runs.map((m) => (m / 1000).toFixed(2)).join(", ")} s)`);
    }
  }
} finally {
  await browser.close();
  server.kill();
}
