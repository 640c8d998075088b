// A small W3C WebDriver client (the subset the engine smoke tests need), so
// Firefox (geckodriver) and WebKitGTK (WebKitWebDriver) are driven with the
// same code and no npm client.
const ELEMENT = "element-6066-11e4-a52e-4f735466cecc";

export class Session {
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  static async start(base, capabilities) {
    // A script or page load that never ends fails its command instead of
    // hanging the test until the runner's timeout (WebKit's first run).
    const timeouts = { script: 30_000, pageLoad: 60_000, implicit: 0 };
    const res = await call(base, "POST", "/session", { capabilities: { alwaysMatch: { timeouts, ...capabilities } } }, 90_000);
    return new Session(base, res.sessionId);
  }

  cmd(method, path, body) {
    return call(this.base, method, `/session/${this.id}${path}`, body);
  }

  navigate(url) {
    return this.cmd("POST", "/url", { url });
  }

  url() {
    return this.cmd("GET", "/url");
  }

  /** Runs `body` (a function body) in the page with `args`; returns its value. */
  execute(body, ...args) {
    return this.cmd("POST", "/execute/sync", { script: body, args });
  }

  /** Like execute, awaiting a promise: the body gets `done` as its last argument. */
  executeAsync(body, ...args) {
    return this.cmd("POST", "/execute/async", { script: body, args });
  }

  async find(css) {
    const el = await this.cmd("POST", "/element", { using: "css selector", value: css });
    return el[ELEMENT];
  }

  /** Clicks the element through the DOM (the same in every engine). */
  async click(css) {
    const ok = await this.execute(`const e = document.querySelector(arguments[0]); if (!e) return false; e.click(); return true;`, css);
    if (!ok) throw new Error(`no element matches ${css}`);
  }

  async screenshot() {
    return Buffer.from(await this.cmd("GET", "/screenshot"), "base64");
  }

  /** Polls `check` (a function body returning a value) until it is truthy. */
  async waitFor(body, { timeout = 30_000, what = body, args = [] } = {}) {
    const end = Date.now() + timeout;
    let last;
    while (Date.now() < end) {
      try {
        last = await this.execute(body, ...args);
        if (last) return last;
      } catch (e) {
        last = e.message;
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`timed out waiting for: ${what} (last: ${JSON.stringify(last)})\n${await this.describe()}`);
  }

  /**
   * What the page was doing, for a failure's message: its URL, title, load
   * state, the errors the smoke test's watcher caught, and a screenshot
   * (saved under test-results/screenshots). Each step has a short timeout of
   * its own, so a page that hangs still gets described.
   */
  async describe() {
    const quick = (p) => Promise.race([p, new Promise((_, no) => setTimeout(() => no(new Error("no answer in 5 s")), 5_000))]);
    const lines = [];
    for (const [label, get] of [
      ["url", () => this.url()],
      ["title", () => this.execute("return document.title;")],
      ["readyState", () => this.execute("return document.readyState;")],
      ["page errors", () => this.execute("return window.__errs || [];")],
      ["console errors", () => this.execute("return window.__consoleErrors || [];")],
    ]) {
      try {
        lines.push(`  ${label}: ${JSON.stringify(await quick(get()))}`);
      } catch (e) {
        lines.push(`  ${label}: (${e.message})`);
      }
    }
    try {
      const { mkdirSync, writeFileSync } = await import("node:fs");
      mkdirSync("test-results/screenshots", { recursive: true });
      const file = `test-results/screenshots/timeout-${Date.now()}.png`;
      writeFileSync(file, await quick(this.screenshot()));
      lines.push(`  screenshot: ${file}`);
    } catch (e) {
      lines.push(`  screenshot: (${e.message})`);
    }
    return `what the page was doing:\n${lines.join("\n")}`;
  }

  close() {
    return call(this.base, "DELETE", `/session/${this.id}`).catch(() => {});
  }
}

async function call(base, method, path, body, timeout = 75_000) {
  // No command waits for ever: a hung engine fails it with its name.
  let res;
  try {
    res = await fetch(base + path, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeout),
    });
  } catch (e) {
    throw new Error(`${method} ${path}: no answer from the driver in ${timeout / 1000} s (${e.name})`);
  }
  const json = await res.json().catch(() => ({}));
  if (!res.ok || (json.value && json.value.error)) {
    const v = json.value || {};
    throw new Error(`${method} ${path}: ${v.error || res.status} ${v.message || ""}`.trim());
  }
  return json.value;
}

/** Waits until a driver answers /status. */
export async function waitForDriver(base, timeout = 30_000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    try {
      const res = await fetch(base + "/status");
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no WebDriver at ${base}`);
}
