// The quota planner: a person types a plan, sees which limit binds first,
// shares the link, gets a reason for a bad number, and runs the simulator.
import { test, expect } from "@playwright/test";
import { SCREENSHOTS, prefer, watchErrors, ready } from "./helpers.mjs";

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
  await expect(page.getByTestId("quota-keda-link")).toHaveAttribute("href", /^\/snippets\?maxReplicaCount=\d+&messageCount=\d+$/);

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
  await page.screenshot({ path: `${SCREENSHOTS}/quota-en.png`, fullPage: true });

  // Korean: the same page in the other language.
  await page.getByTestId("lang-toggle").click();
  await ready(page, "할당량 계획");
  await expect(page.getByTestId("binding-limit")).toContainText("RPM이 먼저 닿습니다");
  await page.screenshot({ path: `${SCREENSHOTS}/quota-ko.png`, fullPage: true });

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
  await page.screenshot({ path: `${SCREENSHOTS}/quota-sim-bench.png`, fullPage: true });
});
