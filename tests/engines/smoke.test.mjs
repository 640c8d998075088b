// The release build in Firefox ESR (geckodriver) and WebKitGTK
// (WebKitWebDriver + MiniBrowser), driven by plain W3C WebDriver: every route
// renders without a page error, a batch file is checked in the Web Worker, a
// results trio is joined, a share link round-trips, the language and theme
// toggles work, and numbers are formatted by the engine's Intl.
// Run: `./dev test` (or ENGINES=firefox node --test tests/engines/, with dist/ built;
// WebKit needs a display: xvfb-run -a).
import { test, before, after, describe } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync, mkdirSync, writeFileSync, existsSync } from "node:fs";
import { createStaticServer } from "../../tools/serve.mjs";
import { Session, waitForDriver } from "../../tools/webdriver.mjs";

const DIST = process.env.DIST || "dist";
const SHOTS = "test-results/screenshots";
mkdirSync(SHOTS, { recursive: true });

const ENGINES = {
  firefox: {
    command: "geckodriver",
    args: (port) => ["--port", String(port), "--log", "error"],
    capabilities: {
      browserName: "firefox",
      "moz:firefoxOptions": {
        binary: process.env.FIREFOX || "/usr/bin/firefox-esr",
        args: ["-headless", "-width", "1280", "-height", "900"],
        prefs: { "intl.accept_languages": "en-US", "network.proxy.type": 0 },
      },
    },
  },
  webkit: {
    command: "WebKitWebDriver",
    args: (port) => [`--port=${port}`],
    capabilities: {
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": {
        binary: process.env.MINIBROWSER || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
        args: ["--automation"],
      },
    },
  },
};

const PAGES = [
  ["/", "Tools for batch, quota and cost"],
  ["/batch", "Batch file check"],
  ["/results", "Batch results"],
  ["/traffic", "Your traffic"],
  ["/lanes", "Which lane"],
  ["/quota", "Quota planner"],
  ["/cost", "Cost what-if"],
  ["/snippets", "Snippets"],
  ["/practice", "Practice"],
  ["/facts", "About the numbers"],
];

/** Puts a file into an <input type=file> (WebDriver file upload differs per engine). */
const SET_FILE = `
  const [sel, name, text] = arguments;
  const input = document.querySelector(sel);
  if (!input) return false;
  const dt = new DataTransfer();
  dt.items.add(new File([text], name, { type: "application/jsonl" }));
  input.files = dt.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  input.dispatchEvent(new Event("input", { bubbles: true }));
  return true;`;

const H1 = `const h = document.querySelector("main h1"); return h && h.textContent.trim() === arguments[0];`;
/** Collects uncaught errors from the moment it runs (call after each navigation). */
const WATCH = `window.__errs = window.__errs || []; if (!window.__watching) { window.__watching = true;
  addEventListener("error", (e) => window.__errs.push(String(e.message)));
  addEventListener("unhandledrejection", (e) => window.__errs.push(String(e.reason)));
  window.__consoleErrors = []; const ce = console.error.bind(console);
  console.error = (...a) => { window.__consoleErrors.push(a.map(String).join(" ").slice(0, 500)); ce(...a); }; } return true;`;

const wanted = (process.env.ENGINES || "firefox,webkit").split(",").filter(Boolean);

for (const name of wanted) {
  const engine = ENGINES[name];
  describe(`${name}`, () => {
    let server, driver, s, base, logs = "";
    before(async () => {
      assert.ok(existsSync(`${DIST}/index.html`), "build dist/ first (./dev build)");
      server = createStaticServer(DIST);
      await new Promise((r) => server.listen(0, "127.0.0.1", r));
      base = `http://127.0.0.1:${server.address().port}`;
      const port = 4500 + Math.floor(Math.random() * 400);
      driver = spawn(engine.command, engine.args(port), { stdio: ["ignore", "pipe", "pipe"] });
      driver.stdout.on("data", (d) => (logs += d));
      driver.stderr.on("data", (d) => (logs += d));
      const url = `http://127.0.0.1:${port}`;
      await waitForDriver(url);
      s = await Session.start(url, engine.capabilities);
      // English and light theme, whatever the engine's locale and scheme.
      await s.navigate(base + "/");
      await s.execute(`localStorage.setItem("batchlane.lang", '"en"'); localStorage.setItem("batchlane.theme", '"light"'); return true;`);
    }, { timeout: 90_000 });
    after(async () => {
      if (s) await s.close();
      if (driver) driver.kill();
      if (server) server.close();
    });

    async function open(path, title) {
      try {
        await s.navigate(base + path);
        await s.waitFor(H1, { args: [title], what: `${path} renders "${title}"` });
        await s.execute(WATCH);
      } catch (e) {
        // The driver's own log says what the engine did (its last lines).
        e.message += `\n${name} driver log (last lines):\n${logs.split("\n").slice(-30).join("\n")}`;
        throw e;
      }
    }

    async function noErrors(where) {
      const errs = await s.execute(`return window.__errs || [];`);
      assert.deepEqual(errs, [], `${where}: page errors in ${name}`);
    }

    test("every route renders", { timeout: 120_000 }, async () => {
      for (const [path, title] of PAGES) {
        await open(path, title);
        await new Promise((r) => setTimeout(r, 200));
        await noErrors(path);
      }
      writeFileSync(`${SHOTS}/engine-${name}-facts.png`, await s.screenshot());
    });

    test("a batch file is checked in the Web Worker", { timeout: 120_000 }, async () => {
      await open("/batch", "Batch file check");
      const text = readFileSync("tests/fixtures/batch/broken.jsonl", "utf8");
      assert.ok(await s.execute(SET_FILE, "[data-testid=batch-file-input]", "broken.jsonl", text));
      await s.waitFor(`const e = document.querySelector("[data-testid=batch-summary]"); return e && e.getAttribute("data-elapsed-ms") && e.getAttribute("data-errors");`, { timeout: 60_000, what: "batch summary" });
      const errors = await s.execute(`return document.querySelector("[data-testid=batch-summary]").getAttribute("data-errors");`);
      assert.ok(Number(errors) > 0, `broken.jsonl has errors (got ${errors})`);
      writeFileSync(`${SHOTS}/engine-${name}-batch.png`, await s.screenshot());
      await noErrors("/batch");
    });

    test("a results trio is joined", { timeout: 120_000 }, async () => {
      await open("/results", "Batch results");
      for (const [kind, file] of [["output", "output"], ["errors", "errors"], ["input", "input"]]) {
        const text = readFileSync(`tests/fixtures/results/chat/${file}.jsonl`, "utf8");
        assert.ok(await s.execute(SET_FILE, `[data-testid=results-${kind}-input]`, `${file}.jsonl`, text), `${kind} input exists`);
      }
      await s.waitFor(`const e = document.querySelector("[data-testid=results-summary]"); return e && e.getAttribute("data-requests") === "15" && e.getAttribute("data-retryable") === "6";`, { timeout: 60_000, what: "results summary 15 requests, 6 retryable" });
      await noErrors("/results");
    });

    test("a share link round-trips", { timeout: 60_000 }, async () => {
      await open("/quota?sn=10&sdur=3600", "Quota planner");
      const href = await s.url();
      assert.match(href, /sn=10/);
      await s.navigate(href);
      await s.waitFor(H1, { args: ["Quota planner"] });
      assert.match(await s.url(), /sdur=3600/);
      await noErrors("/quota link");
    });

    test("language and theme toggles, Intl number formatting", { timeout: 60_000 }, async () => {
      await open("/quota", "Quota planner");
      await s.click("[data-testid=lang-toggle]");
      await s.waitFor(H1, { args: ["할당량 계획"], what: "Korean title" });
      assert.equal(await s.execute(`return document.documentElement.lang;`), "ko");
      await s.click("[data-testid=lang-toggle]");
      await s.waitFor(H1, { args: ["Quota planner"] });
      await s.click("[data-testid=theme-toggle]");
      await s.waitFor(`return document.documentElement.getAttribute("data-theme") === "dark";`, { what: "dark theme" });
      writeFileSync(`${SHOTS}/engine-${name}-quota-dark.png`, await s.screenshot());
      await s.click("[data-testid=theme-toggle]");
      assert.equal(await s.execute(`return new Intl.NumberFormat("ko-KR").format(1234567.5);`), "1,234,567.5");
      await noErrors("toggles");
    });
  });
}
