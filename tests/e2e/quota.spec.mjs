// The quota planner: a person types a plan, sees which limit binds first,
// shares the link, gets a reason for a bad number, and runs the simulator.
import { test, expect } from "@playwright/test";
import { SCREENSHOTS, shot, prefer, watchErrors, ready } from "./helpers.mjs";

async function typePlan(page, { tpm, peak, prompt, output, max }) {
  await page.getByTestId("q-tpm").fill(String(tpm));
  await page.getByTestId("q-pk").fill(String(peak));
  await page.getByTestId("q-pt").fill(String(prompt));
  await page.getByTestId("q-ot").fill(String(output));
  await page.getByTestId("q-mx").fill(String(max));
}

test("types a plan, sees the binding limit, shares it, refuses a bad number, runs the simulator", async ({ page, browser }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/quota");
  await ready(page, "Quota planner");

  // The seed's first case: 2,000 tokens × 40/min on 60,000 TPM binds on TPM.
  await page.getByTestId("q-av").fill("40");
  await typePlan(page, { tpm: "60,000", peak: 40, prompt: 1600, output: 400, max: 400 });
  const binding = page.getByTestId("binding-limit");
  await expect(binding).toHaveAttribute("data-binding", "tpm");
  await expect(binding).toContainText("TPM binds first");
  await expect(page.getByTestId("q-out-rpm")).toHaveText("360");
  await expect(page.getByTestId("quota-results")).toContainText("60,000 TPM ÷ 1,000 × 6 RPM per 1,000 TPM = 360 RPM");
  await expect(page.getByTestId("quota-results")).toContainText("80,000");

  // The second: 100 tokens × 500/min has tokens to spare and binds on RPM 360.
  await typePlan(page, { tpm: 60000, peak: 500, prompt: 50, output: 50, max: 50 });
  await expect(binding).toHaveAttribute("data-binding", "rpm");
  await expect(binding).toContainText("RPM binds first");
  await expect(binding).toContainText("500 / 360");
  await expect(page.getByTestId("quota-ways").locator("li")).toHaveCount(4);
  await expect(page.getByTestId("quota-keda-link")).toHaveAttribute(
    "href",
    /^\/snippets\?tab=keda&maxReplicaCount=\d+&messageCount=\d+&tpm=[\d.]+&tokens=[\d.]+&concurrency=\d+&messagesPerMinute=[\d.e-]+$/,
  );

  // The URL carries the plan: a fresh browser (no localStorage) restores it.
  await expect(page).toHaveURL(/pk=500/);
  const url = page.url();
  const other = await browser.newContext();
  const shared = await other.newPage();
  await shared.goto(url);
  await ready(shared, /Quota planner|할당량 계획/);
  await expect(shared.getByTestId("q-pk")).toHaveValue("500");
  await expect(shared.getByTestId("q-pt")).toHaveValue("50");
  await expect(shared.getByTestId("q-mx")).toHaveValue("50");
  await expect(shared.getByTestId("binding-limit")).toHaveAttribute("data-binding", "rpm");
  await other.close();

  // A bad number gets its inline reason, never a NaN.
  await page.getByTestId("q-tpm").fill("-60000");
  await expect(page.getByTestId("q-tpm")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("q-tpm-reason")).toHaveText("Must not be negative.");
  await expect(page.getByTestId("quota-problems")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("NaN");
  await page.getByTestId("q-tpm").fill("abc");
  await expect(page.getByTestId("q-tpm-reason")).toHaveText("Not a number.");
  // Typed key by key, the field keeps its focus while the URL follows.
  await page.getByTestId("q-tpm").fill("");
  await page.getByTestId("q-tpm").pressSequentially("60000");
  await expect(page.getByTestId("q-tpm")).toBeFocused();
  await expect(page.getByTestId("q-tpm")).toHaveValue("60000");
  await expect(page).toHaveURL(/tpm=60000/);
  await expect(binding).toHaveAttribute("data-binding", "rpm");

  // The simulator runs and reports.
  await page.getByTestId("sim-run").click();
  await expect(page.getByTestId("sim-results")).toBeVisible();
  await expect(page.getByTestId("sim-success")).toHaveText(/^\d+(\.\d+)?%$/);
  await expect(page.getByTestId("sim-429")).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId("sim-chart").locator("svg path.chart-line")).toHaveCount(3);
  await expect(page.locator("main")).not.toContainText("NaN");
  await shot(page, { path: `${SCREENSHOTS}/quota-en.png`, fullPage: true });

  // Korean: the same page in the other language.
  await page.getByTestId("lang-toggle").click();
  await ready(page, "할당량 계획");
  await expect(page.getByTestId("binding-limit")).toContainText("RPM 한도에 먼저 도달합니다");
  await shot(page, { path: `${SCREENSHOTS}/quota-ko.png`, fullPage: true });

  // Without a query string the last plan comes back from localStorage.
  // (prefer() sets English again on every load.)
  await page.goto("/quota");
  await ready(page, "Quota planner");
  await expect(page.getByTestId("q-pk")).toHaveValue("500");
  await expect(page.getByTestId("binding-limit")).toHaveAttribute("data-binding", "rpm");
  watch.check();
});

test("the simulator's time for one hour at 100 ms with 10 deployments (a figure, not a gate)", async ({ page }) => {
  await prefer(page, { lang: "en" });
  await page.goto("/quota?sn=10&sdur=3600");
  await ready(page, "Quota planner");
  await expect(page.getByTestId("q-sn")).toHaveValue("10");
  await page.getByTestId("sim-run").click();
  const elapsed = page.getByTestId("sim-elapsed");
  await expect(elapsed).toContainText("3,600 s with 10 deployments");
  console.log(`quota simulator: 1 h at 100 ms, 10 deployments: ${await elapsed.getAttribute("data-ms")} ms in the browser (debug or release as built)`);
  await shot(page, { path: `${SCREENSHOTS}/quota-sim-bench.png`, fullPage: true });
});

test("the simulator's worker starts as the page opens, and the first run uses it", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/quota?sn=10&sdur=3600");
  await ready(page, "Quota planner");
  // Up before Run is pressed: the first run's time is the simulation's.
  await expect.poll(() => page.workers().length).toBe(1);
  const started = page.workers()[0];
  await page.getByTestId("sim-run").click();
  await expect(page.getByTestId("sim-elapsed")).toContainText("3,600 s with 10 deployments");
  expect(page.workers()).toEqual([started]);
  watch.check();
});

test("a burst step drawn in the schedule brings more 429s than a flat low rate; the schedule survives the share link", async ({ page, browser }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/quota");
  await ready(page, "Quota planner");
  // The default plan admits 30 requests/min (60,000 TPM ÷ 2,000 tokens).
  await page.getByTestId("q-sa").selectOption("steps");
  const rows = page.getByTestId("quota-steps").locator("tbody tr");
  // Remove every step but the first, then set it to a flat 15/min.
  while ((await rows.count()) > 1) await page.getByTestId("q-ss-del-1").click();
  await page.getByTestId("q-ss-at-0").fill("0");
  await page.getByTestId("q-ss-rpm-0").fill("15");
  await expect(page).toHaveURL(/ss=0%3A15(&|$)/);
  // A new run keeps the last one's results on screen until it ends: wait
  // for the results of this run (`data-run` counts the page's runs).
  let runs = 0;
  const count429 = async () => {
    await page.getByTestId("sim-run").click();
    runs += 1;
    await expect(page.getByTestId("sim-results")).toHaveAttribute("data-run", String(runs));
    return Number((await page.getByTestId("sim-429").textContent()).replace(/,/g, ""));
  };
  const flat = await count429();
  await expect(page.getByTestId("sim-elapsed")).toContainText("600 s with 1 deployment in");

  // Draw a burst: 150/min from 120 s, back to 15/min from 240 s.
  await page.getByTestId("q-ss-add").click();
  await page.getByTestId("q-ss-at-1").fill("120");
  await page.getByTestId("q-ss-rpm-1").fill("150");
  await page.getByTestId("q-ss-add").click();
  await page.getByTestId("q-ss-at-2").fill("240");
  await page.getByTestId("q-ss-rpm-2").fill("15");
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId("quota-step-preview").locator("svg")).toHaveAttribute("aria-label", /150\/min from 120 s/);
  const burst = await count429();
  console.log(`quota simulator: 429s flat 15/min = ${flat}, with a 150/min burst = ${burst}`);
  expect(burst).toBeGreaterThan(flat);

  // A bad step and a bad retry setting get their reasons; Run is disabled.
  await page.getByTestId("q-ss-rpm-1").fill("-5");
  await expect(page.getByTestId("q-ss-rpm-1")).toHaveAttribute("aria-invalid", "true");
  await page.getByTestId("q-sma").fill("2.5");
  await expect(page.getByTestId("q-sma-reason")).toHaveText("Must be a whole number.");
  await page.getByTestId("q-sra").fill("150");
  await expect(page.getByTestId("q-sra-reason")).toHaveText("Too large: at most 100.");
  await expect(page.getByTestId("sim-run")).toBeDisabled();
  await expect(page.locator("main")).not.toContainText("NaN");
  await page.getByTestId("q-ss-rpm-1").fill("150");
  await page.getByTestId("q-sma").fill("3");
  await page.getByTestId("q-sra").fill("50");
  await page.getByTestId("q-smb").fill("20");
  await expect(page.getByTestId("sim-run")).toBeEnabled();
  await count429();
  await shot(page.getByTestId("quota-sim"), { path: `${SCREENSHOTS}/quota-sim-steps.png` });

  // The share link restores the schedule and the retry details.
  const url = page.url();
  expect(url).toMatch(/sa=steps/);
  const other = await browser.newContext();
  const shared = await other.newPage();
  await prefer(shared, { lang: "en" });
  await shared.goto(url);
  await ready(shared, "Quota planner");
  await expect(shared.getByTestId("q-sa")).toHaveValue("steps");
  await expect(shared.getByTestId("quota-steps").locator("tbody tr")).toHaveCount(3);
  await expect(shared.getByTestId("q-ss-at-1")).toHaveValue("120");
  await expect(shared.getByTestId("q-ss-rpm-1")).toHaveValue("150");
  await expect(shared.getByTestId("q-sma")).toHaveValue("3");
  await expect(shared.getByTestId("q-sra")).toHaveValue("50");
  await expect(shared.getByTestId("q-smb")).toHaveValue("20");
  await shared.getByTestId("sim-run").click();
  await expect(shared.getByTestId("sim-429")).toHaveText(await page.getByTestId("sim-429").textContent());
  await other.close();
  watch.check();
});

test("a quota tier fills the TPM from the vendor's table, shows a 10 s limit as a burst limit and the next tier", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/quota");
  await ready(page, "Quota planner");
  // o4-mini on Data Zone, tier 1: "300 / 10s" on 300,000 TPM (6 RPM per 1,000 TPM).
  await page.getByTestId("q-m").selectOption("o4-mini");
  await page.getByTestId("q-d").selectOption("datazone");
  await page.getByTestId("q-qt").selectOption("1");
  await expect(page.getByTestId("q-tpm")).toHaveValue("300000");
  await expect(page.getByTestId("q-out-rpm")).toHaveText("1,800");
  await expect(page.getByTestId("quota-tier-row")).toHaveText("Tier 1: 300 requests per 10 s, 300,000 TPM");
  await expect(page.getByTestId("quota-tier-burst")).toContainText("Burst limit: enforced per 10 s (1,800 per minute)");
  await expect(page.getByTestId("quota-tier-next")).toHaveText("Next tier (2): 670 requests per 10 s, 670,000 TPM");
  await expect(page).toHaveURL(/qt=1/);
  // Issue 39: a Data Zone PTU is priced at Data Zone's own rate, not Global's.
  await expect(page.getByTestId("q-price-ptu_price_hourly")).toHaveValue("1.1");
  // On Global the same model gets 1 RPM per 1,000 TPM, per minute.
  await page.getByTestId("q-d").selectOption("global");
  await page.getByTestId("q-qt").selectOption("1");
  await expect(page.getByTestId("q-tpm")).toHaveValue("1000000");
  await expect(page.getByTestId("q-out-rpm")).toHaveText("1,000");
  await expect(page.getByTestId("quota-tier-burst")).toHaveCount(0);
  await expect(page.getByTestId("q-price-ptu_price_hourly")).toHaveValue("1");
  watch.check();
});
