// End-to-end tests on the release build served from dist/ at 127.0.0.1.
// Uses Debian's chromium (Playwright's own browser download is not used).
import { defineConfig } from "@playwright/test";
import { execSync } from "node:child_process";

const chromium = process.env.CHROMIUM_PATH || execSync("command -v chromium").toString().trim();
const port = Number(process.env.E2E_PORT || 4173);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/artifacts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    // The service worker would precache the whole build in every test's fresh
    // context; only tests/e2e/offline.spec.mjs allows it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: `node tools/serve.mjs dist ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
