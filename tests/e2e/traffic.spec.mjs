// /traffic: load the sample (Metrics - List JSON) and the plain CSV, type
// chat-gpt4o's limits (the fixtures' worked case: 09:01 TPM, 09:02 RPM,
// 09:03 burst), read the chart, the PTU section and the triage, follow the
// hand-offs to /quota and /cost, and see a bad file named by its line.
// Screenshots (en light, ko dark, 375 px) land in test-results/screenshots/traffic-analysed-*.png.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { SCREENSHOTS, shot, prefer, watchErrors, ready, axe, sidewaysProblems } from "./helpers.mjs";

const DIR = "tests/fixtures/traffic";
const TITLE = { en: "Your traffic", ko: "내 트래픽" };

/** Types chat-gpt4o's limits: 10,000 TPM and 60 RPM. */
async function typeLimits(page) {
  const row = page.locator('[data-testid="traffic-dep-options"][data-deployment="chat-gpt4o"]');
  await row.getByTestId("traffic-tpm").fill("10000");
  await row.getByTestId("traffic-rpm").fill("60");
  await expect(row.getByTestId("traffic-limits-source")).toContainText(/10,000 TPM · 60 RPM/);
}

async function checkWorkedCase(page) {
  const chat = page.locator('[data-testid="traffic-deployment"][data-deployment="chat-gpt4o"]');
  const rows = chat.getByTestId("traffic-throttled").locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute("data-binds", "tpm");
  await expect(rows.nth(0)).toContainText("09:01");
  await expect(rows.nth(1)).toHaveAttribute("data-binds", "rpm");
  await expect(rows.nth(1)).toContainText("09:02");
  await expect(rows.nth(2)).toHaveAttribute("data-binds", "burst");
  await expect(rows.nth(2)).toContainText("09:03");
  return chat;
}

test("the sample: two deployments, both limits, the worked case, PTU and triage (en, light)", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en", theme: "light" });
  await page.goto("/traffic");
  await ready(page, TITLE.en);
  await expect(page.getByTestId("traffic-deployment")).toHaveCount(0);

  await page.getByTestId("traffic-sample").click();
  await expect(page.getByTestId("traffic-file")).toHaveCount(1);
  await expect(page.getByTestId("traffic-file-detail")).toContainText("Azure Monitor Metrics - List (JSON)");
  await expect(page.getByTestId("traffic-file-detail")).toContainText(/\d+ points/);
  await expect(page.getByTestId("traffic-deployment")).toHaveCount(2);

  await typeLimits(page);
  const chat = await checkWorkedCase(page);
  // The chart draws both limits as lines and marks the minutes with 429s.
  const chart = chat.getByTestId("traffic-chart");
  await expect(chart.getByTestId("traffic-limit-tpm")).toHaveCount(1);
  await expect(chart.getByTestId("traffic-limit-rpm")).toHaveCount(1);
  await expect(chart.locator("rect.traffic-429")).toHaveCount(3);
  // Axis labels are readable: at least 11 px as drawn.
  const smallest = await chart.locator("text").evaluateAll((els) => Math.min(...els.map((e) => e.getBoundingClientRect().height)));
  expect(smallest).toBeGreaterThanOrEqual(11);
  await expect(page.getByTestId("traffic-binds-legend")).toContainText("burst");
  await expect(chat.getByTestId("traffic-percentiles")).toContainText("p99");
  await expect(chat.getByTestId("traffic-versions")).toContainText("2024-11-20");

  // PTU with spillover: three marked points, the model stated, the snippet.
  const ptu = page.getByTestId("traffic-ptu");
  await expect(ptu).toHaveAttribute("id", "spillover");
  const plan = ptu.getByTestId("traffic-plan").first();
  for (const m of ["payg", "peak", "best"]) await expect(plan.getByTestId(`traffic-mark-${m}`)).toHaveCount(1);
  await expect(plan.getByTestId("traffic-ptu-marks").locator("tbody tr")).toHaveCount(3);
  await expect(plan.getByTestId("traffic-ptu-model")).toContainText("w × completion");
  await expect(plan.getByTestId("traffic-ptu-source")).toContainText("unconfirmed");
  await expect(ptu).toContainText("x-ms-spillover-deployment");
  await plan.getByTestId("traffic-snip-account").fill("aoai-prod");
  await expect(plan.getByTestId("traffic-snippet-code")).toContainText("accounts/aoai-prod/deployments/");
  await expect(plan.getByTestId("traffic-snippet-code")).toContainText('"spilloverDeploymentName"');

  // The triage, grouped by symptom, throttling first.
  const triage = page.getByTestId("traffic-triage");
  await expect(triage.getByTestId("traffic-finding").first()).toBeVisible();
  await expect(triage.locator("[data-symptom]").first()).toHaveAttribute("data-symptom", "throttling");

  await shot(page, { path: `${SCREENSHOTS}/traffic-analysed-en-light.png`, fullPage: true });

  // Changing the tier re-runs on the same files: the typed limits stay.
  await page.getByTestId("traffic-tier").selectOption("2");
  await expect(page).toHaveURL(/tier=2/);
  await checkWorkedCase(page);
  watch.check();
});

test("the plain CSV by the picker, hand-offs to /quota and /cost", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/traffic");
  await ready(page, TITLE.en);
  await page.getByTestId("traffic-files").setInputFiles(`${DIR}/plain.csv`);
  await expect(page.getByTestId("traffic-file-detail")).toContainText("Plain CSV");
  await expect(page.getByTestId("traffic-deployment")).toHaveCount(2);
  await typeLimits(page);
  const chat = await checkWorkedCase(page);

  await chat.getByTestId("traffic-plan").click();
  await ready(page, "Quota planner");
  await expect(page).toHaveURL(/\/quota\?.*pk=72/);
  await expect(page.getByTestId("q-pk")).toHaveValue("72");
  // Issue 39: the hand-off carries the measured completion size as
  // max_tokens, never mx=unset (the model maximum per request).
  await expect(page).toHaveURL(/[?&]mx=\d/);
  await expect(page).not.toHaveURL(/mx=unset/);

  await page.goto("/traffic");
  await ready(page, TITLE.en);
  await page.getByTestId("traffic-sample").click();
  const chat2 = page.locator('[data-testid="traffic-deployment"][data-deployment="chat-gpt4o"]');
  await chat2.getByTestId("traffic-price").click();
  await ready(page, "Cost what-if");
  await expect(page).toHaveURL(/\/cost\?/);
  watch.check();
});

test("a bad file is named with its line and field", async ({ page }) => {
  await prefer(page, { lang: "en" });
  await page.goto("/traffic");
  await ready(page, TITLE.en);
  await page.getByTestId("traffic-files").setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("timestamp,deployment,requests\n2026-11-02T09:00:00Z,a,3\nyesterday,a,4\n"),
  });
  const failure = page.getByTestId("traffic-failure");
  await expect(failure).toContainText("bad.csv:3: timestamp:");
  await expect(page.getByTestId("traffic-deployment")).toHaveCount(0);
  // Removing the file clears the error.
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(failure).toHaveCount(0);
});

test("Korean, dark theme: the same analysis in Korean", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "ko", theme: "dark" });
  await page.goto("/traffic");
  await ready(page, TITLE.ko);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByTestId("traffic-sample").click();
  await expect(page.getByTestId("traffic-deployment")).toHaveCount(2);
  await typeLimits(page);
  await checkWorkedCase(page);
  await expect(page.getByTestId("traffic-binds-legend")).toContainText("버스트");
  await expect(page.getByTestId("traffic-ptu")).toContainText("스필오버");
  await expect(page.getByTestId("traffic-triage")).toContainText("진단");
  await shot(page, { path: `${SCREENSHOTS}/traffic-analysed-ko-dark.png`, fullPage: true });
  watch.check();
});

test("375 px: the analysed page fits the phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await prefer(page, { lang: "ko" });
  await page.goto("/traffic");
  await ready(page, TITLE.ko);
  await page.getByTestId("traffic-sample").click();
  await expect(page.getByTestId("traffic-deployment")).toHaveCount(2);
  await typeLimits(page);
  await checkWorkedCase(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  const smallest = await page.getByTestId("traffic-chart").first().locator("text").evaluateAll((els) => Math.min(...els.map((e) => e.getBoundingClientRect().height)));
  expect(smallest).toBeGreaterThanOrEqual(11);
  await shot(page, { path: `${SCREENSHOTS}/traffic-analysed-ko-phone.png`, fullPage: true });
  await context.close();
});

// Service tiers (issue 42): a Metrics - List export split by
// ServiceTierRequest, ServiceTierResponse and StatusCode, dropped on the
// page. tests/fixtures/traffic/make_fixtures.py works it out by hand: 24
// asked Priority, 6 answered as Standard (25%, worst 09:01 with 4); 12 asked
// Flex, 4 answered 429 (worst 09:01 with 3); "turbo" named as read.
// Screenshots land in test-results/screenshots/traffic-tiers-*.png.
const TIERS = "tiers-metrics-list.json";

/** Drops the tier fixture on the drop zone, as a user drags a file. */
async function dropTiers(page) {
  const text = readFileSync(`${DIR}/${TIERS}`, "utf8");
  await page.locator(".traffic-drop").evaluate((zone, [name, text]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type: "application/json" }));
    zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [TIERS, text]);
  await expect(page.getByTestId("traffic-file")).toHaveCount(1);
  const section = page.getByTestId("traffic-tiers");
  await expect(section.getByTestId("traffic-tier-deployment")).toHaveCount(1);
  return section;
}

async function checkTiers(section, words) {
  const d = section.locator('[data-testid="traffic-tier-deployment"][data-deployment="chat-gpt41"]');
  await expect(d.getByTestId("traffic-tier-downgrades")).toContainText(words.downgrades);
  await expect(d.getByTestId("traffic-tier-downgrades")).toContainText("2026-11-02 09:01 UTC");
  await expect(d.getByTestId("traffic-tier-flex")).toContainText(words.flex);
  const rows = d.getByTestId("traffic-tier-minutes").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // 09:00: 12 asked Priority, 2 downgraded, 6 asked Flex, 1 answered 429.
  await expect(rows.nth(0).locator("td")).toHaveText(["2026-11-02 09:00 UTC", "12", "2", "6", "1"]);
  await expect(rows.nth(1).locator("td")).toHaveText(["2026-11-02 09:01 UTC", "12", "4", "6", "3"]);
  await expect(d.getByTestId("traffic-tier-pairs").locator("tbody tr")).toHaveCount(6);
  await expect(d.getByTestId("traffic-tier-unknown")).toContainText("turbo");
  await expect(d.getByTestId("traffic-tier-gaps")).toHaveCount(0);
  await expect(section.getByTestId("traffic-tiers-command")).toContainText("ServiceTierRequest%20eq%20%27%2A%27");
  return d;
}

/** Every 429 of the tier fixture asked for Flex, far below gpt-4.1's
 * limits: the triage calls those minutes Flex capacity, not a burst. */
async function checkFlexCapacity(page, words) {
  const dep = page.locator('[data-testid="traffic-deployment"][data-deployment="chat-gpt41"]');
  const rows = dep.getByTestId("traffic-throttled").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  for (let i = 0; i < 2; i++) {
    await expect(rows.nth(i)).toHaveAttribute("data-binds", "flex_capacity");
    await expect(rows.nth(i)).toContainText(words.label);
  }
  const finding = page.getByTestId("traffic-triage").getByTestId("traffic-finding").filter({ hasText: "chat-gpt41" }).first();
  await expect(finding).toContainText(words.finding);
  await expect(finding).toContainText("learn.microsoft.com/azure/foundry/openai/how-to/flex-processing");
}

test("tiers: a dropped split export gives the downgrades and Flex 429s per minute (en, light)", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en", theme: "light" });
  await page.goto("/traffic");
  await ready(page, TITLE.en);
  const section = await dropTiers(page);
  await expect(section.locator("h2")).toHaveText("Service tiers: Priority downgrades and Flex 429s");
  await checkTiers(section, { downgrades: "answered as Standard (downgraded): 6 (25%)", flex: "answered 429: 4 (33.33%)" });
  await checkFlexCapacity(page, { label: "Flex capacity", finding: "Flex capacity in 2" });
  await section.locator("summary").click();
  await expect(section.getByTestId("traffic-tiers-command")).toBeVisible();
  await shot(section, { path: `${SCREENSHOTS}/traffic-tiers-en-light.png` });
  watch.check();
});

test("tiers: Korean, dark theme", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "ko", theme: "dark" });
  await page.goto("/traffic");
  await ready(page, TITLE.ko);
  const section = await dropTiers(page);
  await expect(section.locator("h2")).toHaveText("서비스 계층: Priority 다운그레이드와 Flex 429");
  await checkTiers(section, { downgrades: "Standard로 다운그레이드: 6(25%)", flex: "429 응답: 4(33.33%)" });
  await checkFlexCapacity(page, { label: "Flex 용량 부족", finding: "Flex 용량 부족 2분" });
  await expect(section).toContainText("가장 많은 1분 구간");
  await shot(section, { path: `${SCREENSHOTS}/traffic-tiers-ko-dark.png` });
  watch.check();
});

test("tiers: without a split the section says what to export, Log Analytics cannot carry it", async ({ page }) => {
  await prefer(page, { lang: "en" });
  await page.goto("/traffic");
  await ready(page, TITLE.en);
  await page.getByTestId("traffic-sample").click();
  await expect(page.getByTestId("traffic-deployment")).toHaveCount(2);
  const section = page.getByTestId("traffic-tiers");
  await expect(section.getByTestId("traffic-tiers-none")).toContainText("AzureMetrics keeps no dimensions");
  await expect(section.getByTestId("traffic-tier-deployment")).toHaveCount(0);
});

for (const [lang, theme] of [["en", "dark"], ["ko", "light"]]) {
  test(`tiers: 375 px fits the phone (${lang}, ${theme})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await prefer(page, { lang, theme });
    await page.goto("/traffic");
    await ready(page, TITLE[lang]);
    const section = await dropTiers(page);
    await section.locator("summary").click();
    // The page never scrolls sideways; a table wider than the phone
    // scrolls in its own named region the keyboard reaches.
    expect(await sidewaysProblems(page)).toEqual([]);
    const wrap = section.getByTestId("traffic-tier-minutes").locator("xpath=..");
    await expect(wrap).toHaveAttribute("role", "region");
    await expect(wrap).toHaveAttribute("tabindex", "0");
    await expect(wrap).toHaveAccessibleName(lang === "en" ? "chat-gpt41: Minutes with downgrades or Flex 429s" : "chat-gpt41: 다운그레이드나 Flex 429가 있었던 1분 구간");
    expect(await axe(page)).toEqual([]);
    await shot(section, { path: `${SCREENSHOTS}/traffic-tiers-${lang}-${theme}-phone.png` });
    await context.close();
  });
}
