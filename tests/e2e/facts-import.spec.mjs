// "About the numbers" keeps the catalog current: export it as JSON; import a
// newer tier CSV, see the diff, confirm, see a planner figure change, undo.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { prefer, ready, shot, watchErrors, SCREENSHOTS, axe, sidewaysProblems } from "./helpers.mjs";

const HEADER = "tier,model,deployment_type,rpm,rpm_window_seconds,tpm,source,ms_date";
// o4-mini, Global, tier 1 is 1,000 RPM on 1,000,000 TPM in the reference; this file raises both.
const CSV = [
  HEADER,
  "1,o4-mini,GlobalStandard,1250,60,1250000,articles/foundry/openai/includes/quota-tier/tier-1.md@next,2026-11-30",
  "1,o4-mini,DataZoneStandard,300,10,300000,articles/foundry/openai/includes/quota-tier/tier-1.md@next,2026-11-30",
  "1,gpt-next,GlobalStandard,100,60,100000,articles/foundry/openai/includes/quota-tier/tier-1.md@next,2026-11-30",
  "1,o3,GlobalStandard,lots,60,1000,x,2026-11-30",
].join("\n");

async function planner(page) {
  await page.goto("/quota");
  await ready(page, "Quota planner");
  await page.getByTestId("q-m").selectOption("o4-mini");
  await page.getByTestId("q-d").selectOption("global");
  await page.getByTestId("q-qt").selectOption("1");
}

test("export the catalog; import a tier CSV, see the diff, apply, a planner figure changes, undo restores it", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await planner(page);
  await expect(page.getByTestId("q-tpm")).toHaveValue("1000000");

  await page.goto("/facts");
  await ready(page, "About the numbers");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("facts-export").click()]);
  expect(download.suggestedFilename()).toBe("batchlane-catalog.json");
  const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
  const rpm = exported.facts.find((f) => f.id === "tier_rpm.o4-mini/global/1");
  expect(rpm).toMatchObject({ value: 1000, builtin: 1000, overridden: false, as_of: "2026-08-20" });

  await page.getByTestId("facts-import-file").setInputFiles({ name: "tiers-next.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  const review = page.getByTestId("facts-import-review");
  await expect(review).toBeVisible();
  await expect(page.getByTestId("facts-import-errors").locator("li")).toHaveCount(1);
  await expect(page.getByTestId("facts-import-errors").locator("li")).toHaveAttribute("data-line", "5");
  await expect(page.getByTestId("facts-import-errors")).toContainText("rpm “lots” is not a number");
  const changed = page.getByTestId("facts-import-changed").locator("tbody tr");
  await expect(changed).toHaveCount(2);
  await expect(page.locator('[data-id="tier_rpm.o4-mini/global/1"]')).toContainText("1,000 → 1,250");
  await expect(page.locator('[data-id="tier_tpm.o4-mini/global/1"]')).toContainText("1,000,000 → 1,250,000");
  await expect(page.getByTestId("facts-import-added")).toContainText("gpt-next");
  await expect(page.getByTestId("facts-import-removed")).toBeVisible();

  await page.getByTestId("facts-import-apply").click();
  await expect(page.getByTestId("facts-import-applied")).toContainText("2 changed figures");
  await expect(page.getByTestId("facts-count")).toContainText("2 overridden");

  // The planner reads the imported figures.
  await planner(page);
  await expect(page.getByTestId("q-tpm")).toHaveValue("1250000");
  await expect(page.getByTestId("quota-tier-row")).toContainText("1,250 requests");

  // Imported again: nothing left to change. Cancel keeps the undo.
  await page.goto("/facts");
  await ready(page, "About the numbers");
  await page.getByTestId("facts-import-file").setInputFiles({ name: "tiers-next.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(page.getByTestId("facts-import-nothing")).toBeVisible();
  await expect(page.getByTestId("facts-import-apply")).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel" }).click();

  // One click restores the overrides from before the import.
  await page.getByTestId("facts-import-undo").click();
  await expect(page.getByTestId("facts-count")).toContainText("0 overridden");
  await expect(page.getByTestId("facts-import-undo")).toHaveCount(0);
  await planner(page);
  await expect(page.getByTestId("q-tpm")).toHaveValue("1000000");
  await expect(page.getByTestId("quota-tier-row")).toContainText("1,000 requests");
  watch.check();
});

test("a file that is not a tier CSV is refused whole, with the line it read", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/facts");
  await ready(page, "About the numbers");
  await page.getByTestId("facts-import-file").setInputFiles({ name: "x.csv", mimeType: "text/csv", buffer: Buffer.from("model,rpm\ngpt-4.1,5\n") });
  await expect(page.getByTestId("facts-import-refused")).toContainText("model,rpm");
  await expect(page.getByTestId("facts-import-review")).toHaveCount(0);
  watch.check();
});

// The vendors' own files: a quota-tier page (markdown as published) and a
// saved Azure Retail Prices response, read in the worker, diffed against the
// built-in catalog, kept: the planner's tier TPM and its pay-as-you-go price
// change; the pages name the catalog's age. In both languages.
const FIXTURES = new URL("../fixtures/facts-import/", import.meta.url);
const TIER = { name: "tier-1.md", mimeType: "text/markdown", buffer: readFileSync(new URL("tier-1.md", FIXTURES)) };
const PRICES = { name: "retail-prices.json", mimeType: "application/json", buffer: readFileSync(new URL("retail-prices.json", FIXTURES)) };

const TITLES = {
  en: { quota: "Quota planner", facts: "About the numbers", stale: "more than 90 days old", keep: "Keep these figures" },
  ko: { quota: "할당량 계획", facts: "수치의 출처", stale: "90일보다 오래되었습니다", keep: "이 수치 유지" },
};

async function plannerRow(page, title, model) {
  await page.goto("/quota");
  await ready(page, title);
  await page.getByTestId("q-m").selectOption(model);
  await page.getByTestId("q-d").selectOption("global");
  await page.getByTestId("q-qt").selectOption("1");
}

for (const lang of ["en", "ko"]) {
  test(`${lang}: a vendor tier page and a retail-prices JSON change the figures on /quota; the catalog's age is named`, async ({ page }) => {
    const watch = watchErrors(page);
    const T = TITLES[lang];
    // A clock far past the built-in catalog: the pages say newer figures may exist.
    await page.clock.setFixedTime(new Date("2027-06-01T12:00:00Z"));
    await prefer(page, { lang });
    await plannerRow(page, T.quota, "o4-mini");
    await expect(page.getByTestId("q-tpm")).toHaveValue("1000000");
    const age = page.getByTestId("catalog-age");
    await expect(age).toHaveAttribute("data-as-of", /^20\d\d-\d\d-\d\d$/);
    const builtinAsOf = await age.getAttribute("data-as-of");
    await expect(page.getByTestId("catalog-stale")).toContainText(T.stale);
    await expect(page.getByTestId("catalog-stale").locator("a")).toHaveAttribute("href", "/facts#facts-vendor");
    await plannerRow(page, T.quota, "gpt-4.1");
    const payg = page.getByTestId("ptu-costs").locator("tr.quota-table__payg td").first();
    await expect(payg).toBeVisible();
    const before = await payg.textContent();

    await page.goto("/facts");
    await ready(page, T.facts);
    await page.getByTestId("facts-vendor-files").setInputFiles([TIER, PRICES]);
    const review = page.getByTestId("facts-vendor-review");
    await expect(review).toBeVisible();
    await expect(page.getByTestId("facts-vendor-changed").locator('[data-id="tier_tpm.o4-mini/global/1"]')).toContainText("1,250,000");
    await expect(page.getByTestId("facts-vendor-changed").locator('[data-id="tier_tpm.o4-mini/global/1"]')).toContainText("tier-1.md");
    await expect(page.getByTestId("facts-vendor-changed").locator('[data-id="price_input.gpt-4.1"]')).toContainText("retail-prices.json");
    await expect(page.getByTestId("facts-vendor-added").locator('[data-id="tier_rpm.gpt-5.7-preview/global/1"]')).toHaveCount(1);
    await expect(page.getByTestId("facts-vendor-removed")).toBeVisible();
    await page.getByTestId("facts-vendor-skipped").locator("summary").click();
    await expect(page.getByTestId("facts-vendor-skipped").locator("li")).toHaveCount(3);
    await expect(page.getByTestId("facts-vendor-skipped")).toContainText("retail-prices.json:");
    await shot(page.getByTestId("facts-vendor"), { path: `${SCREENSHOTS}/facts-vendor-review-${lang}.png` });
    await page.getByRole("button", { name: T.keep }).click();
    await expect(page.getByTestId("facts-vendor-in-use")).toBeVisible();

    // The planner reads the kept figures; they survive a reload.
    await plannerRow(page, T.quota, "o4-mini");
    await expect(page.getByTestId("q-tpm")).toHaveValue("1250000");
    // The newest date among the figures: the imported files' (2026-11-30) unless a built-in figure is newer.
    await expect(page.getByTestId("catalog-age")).toHaveAttribute("data-as-of", builtinAsOf > "2026-11-30" ? builtinAsOf : "2026-11-30");
    await plannerRow(page, T.quota, "gpt-4.1");
    await expect(payg).not.toHaveText(before);
    await page.reload();
    await ready(page, T.quota);
    await page.getByTestId("q-m").selectOption("o4-mini");
    await page.getByTestId("q-d").selectOption("global");
    await page.getByTestId("q-qt").selectOption("1");
    await expect(page.getByTestId("q-tpm")).toHaveValue("1250000");
    await shot(page, { path: `${SCREENSHOTS}/quota-after-import-${lang}.png` });

    // Removed again: the built-in figures come back.
    await page.goto("/facts");
    await ready(page, T.facts);
    await page.getByTestId("facts-vendor-remove").click();
    await expect(page.getByTestId("facts-vendor-in-use")).toHaveCount(0);
    await plannerRow(page, T.quota, "o4-mini");
    await expect(page.getByTestId("q-tpm")).toHaveValue("1000000");
    watch.check();
  });
}

test("a hostile vendor file is refused with its file, line and field; the catalog is untouched", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/facts");
  await ready(page, "About the numbers");
  const bad = { name: "prices.json", mimeType: "application/json", buffer: Buffer.from('{"Items":[\n{"currencyCode":"USD",\n"retailPrice":1e400}]}') };
  await page.getByTestId("facts-vendor-files").setInputFiles([bad]);
  await expect(page.getByTestId("facts-vendor-refused")).toContainText("prices.json:3: Items: number out of range");
  await expect(page.getByTestId("facts-vendor-in-use")).toHaveCount(0);
  watch.check();
});

test("the catalog's age reads on a phone in the dark theme, in both languages", async ({ page }) => {
  const watch = watchErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.clock.setFixedTime(new Date("2027-06-01T12:00:00Z"));
  for (const lang of ["en", "ko"]) {
    await prefer(page, { lang, theme: "dark" });
    await page.goto("/cost");
    await ready(page, lang === "en" ? "Cost what-if" : "비용 시나리오");
    await expect(page.getByTestId("catalog-stale")).toBeVisible();
    const box = await page.getByTestId("catalog-age").boundingBox();
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await shot(page.locator("header.page-header"), { path: `${SCREENSHOTS}/catalog-age-375-dark-${lang}.png` });
    await page.goto("/facts");
    await ready(page, lang === "en" ? "About the numbers" : "수치의 출처");
    await shot(page.getByTestId("facts-vendor"), { path: `${SCREENSHOTS}/facts-vendor-375-dark-${lang}.png` });
  }
  watch.check();
});

// A model only an imported tier page adds can be picked on /quota; the
// diff lists as removed only the rows of the page's own tier that it no
// longer lists (kept, they stop answering) and counts the rest apart.
const PICK = {
  en: { removed: "stops using them", outside: "stay as they are", notUsed: "are not used", badge: "Not used" },
  ko: { removed: "더는 쓰지 않음", outside: "그대로입니다", notUsed: "쓰지 않습니다", badge: "쓰지 않음" },
};
// The fixture's row for the model the built-in tables lack: | gpt-5.7-preview | GlobalStandard | 500 | 500,000 |
const NEW_MODEL = "gpt-5.7-preview";

for (const lang of ["en", "ko"]) {
  test(`${lang}: a model only an imported tier page adds is picked on /quota; removed is only what the page covers`, async ({ page }) => {
    const watch = watchErrors(page);
    const T = TITLES[lang];
    const P = PICK[lang];
    await prefer(page, { lang });
    await page.goto("/quota");
    await ready(page, T.quota);
    await expect(page.getByTestId("q-m").locator(`option[value="${NEW_MODEL}"]`)).toHaveCount(0);

    await page.goto("/facts");
    await ready(page, T.facts);
    await page.getByTestId("facts-vendor-files").setInputFiles([TIER]);
    await expect(page.getByTestId("facts-vendor-review")).toBeVisible();
    await expect(page.getByTestId("facts-vendor-added").locator(`[data-id="tier_tpm.${NEW_MODEL}/global/1"]`)).toHaveCount(1);
    // Every removed row is of tier 1, the page's tier; the figures outside it are counted, not listed.
    const removed = page.getByTestId("facts-vendor-removed");
    await expect(removed.locator("summary")).toContainText(P.removed);
    await shot(page.getByTestId("facts-vendor-review"), { path: `${SCREENSHOTS}/facts-vendor-diff-${lang}.png` });
    await removed.locator("summary").click();
    const ids = await removed.locator("tr[data-id]").evaluateAll((rows) => rows.map((r) => r.dataset.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !id.endsWith("/1"))).toEqual([]);
    expect(ids).toContain("tier_tpm.gpt-4o-mini/global/1");
    await expect(page.getByTestId("facts-vendor-outside")).toContainText(P.outside);
    await expect(page.getByTestId("facts-vendor-outside")).toHaveText(/[1-9][\d,]*/);
    await page.getByRole("button", { name: T.keep }).click();
    await expect(page.getByTestId("facts-vendor-in-use")).toContainText(P.notUsed);
    // The list marks a removed figure (the tier rows are listed once a search narrows them).
    await page.getByRole("searchbox").fill("gpt-4o-mini/global");
    await expect(page.locator('[data-fact="tier_tpm.gpt-4o-mini/global/1"]').getByTestId("fact-removed")).toContainText(P.badge);
    await expect(page.locator('[data-fact="tier_tpm.gpt-4o-mini/global/2"]').getByTestId("fact-removed")).toHaveCount(0);

    // /quota lists the model and plans it from the imported row.
    await page.goto("/quota");
    await ready(page, T.quota);
    await page.getByTestId("q-m").selectOption(NEW_MODEL);
    await page.getByTestId("q-d").selectOption("global");
    await page.getByTestId("q-qt").selectOption("1");
    await expect(page.getByTestId("q-tpm")).toHaveValue("500000");
    await expect(page.getByTestId("quota-tier-row")).toContainText("500,000 TPM");
    await expect(page.getByTestId("q-m")).toHaveAttribute("aria-invalid", "false");
    await shot(page, { path: `${SCREENSHOTS}/quota-imported-model-${lang}.png` });
    // A row the page removed: tier 1 has none for gpt-4o-mini Global now; tier 2 still does.
    await page.getByTestId("q-m").selectOption("gpt-4o-mini");
    await expect(page.getByTestId("quota-tier-row")).toHaveCount(0);
    await page.getByTestId("q-qt").selectOption("2");
    await expect(page.getByTestId("quota-tier-row")).toBeVisible();

    // Removed again: the model leaves the list.
    await page.goto("/facts");
    await ready(page, T.facts);
    await page.getByTestId("facts-vendor-remove").click();
    await page.goto("/quota");
    await ready(page, T.quota);
    await expect(page.getByTestId("q-m").locator(`option[value="${NEW_MODEL}"]`)).toHaveCount(0);
    watch.check();
  });
}

test("the import's diff and an imported model on /quota read on a phone in the dark theme, in both languages", async ({ page }) => {
  const watch = watchErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  for (const lang of ["en", "ko"]) {
    const T = TITLES[lang];
    await prefer(page, { lang, theme: "dark" });
    await page.goto("/facts");
    await ready(page, T.facts);
    await page.getByTestId("facts-vendor-files").setInputFiles([TIER]);
    await expect(page.getByTestId("facts-vendor-review")).toBeVisible();
    await shot(page.getByTestId("facts-vendor-review"), { path: `${SCREENSHOTS}/facts-vendor-diff-375-dark-${lang}.png` });
    await page.getByTestId("facts-vendor-removed").locator("summary").click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    // The opened list: its explanation and first rows, as the phone shows them.
    await page.getByTestId("facts-vendor-removed").locator("summary").scrollIntoViewIfNeeded();
    await shot(page, { path: `${SCREENSHOTS}/facts-vendor-removed-375-dark-${lang}.png` });
    await page.getByRole("button", { name: T.keep }).click();
    await page.goto("/quota");
    await ready(page, T.quota);
    await page.getByTestId("q-m").selectOption(NEW_MODEL);
    await page.getByTestId("q-d").selectOption("global");
    await page.getByTestId("q-qt").selectOption("1");
    await expect(page.getByTestId("q-tpm")).toHaveValue("500000");
    await shot(page.locator("form.quota-form"), { path: `${SCREENSHOTS}/quota-imported-model-375-dark-${lang}.png` });
    await page.goto("/facts");
    await ready(page, T.facts);
    await page.getByTestId("facts-vendor-remove").click();
  }
  watch.check();
});

// A newer lane matrix (Azure's batch deployments' model matrix with gpt-5.5
// added in swedencentral and o3-mini taken out of norwayeast), imported on
// /facts like a tier page: the diff lists the availability cells with the
// file; kept, /lanes answers from it and names the file and its ms.date.
const MATRIX = { name: "deployments-batch.md", mimeType: "text/markdown", buffer: readFileSync(new URL("deployments-batch.md", FIXTURES)) };
const LANES_TITLE = { en: "Which lane", ko: "처리 방식 선택" };
const batchGlobal = (page) => page.locator('[data-testid="lane-card"][data-lane="batch"][data-dt="global"]');

for (const [lang, theme] of [["en", "light"], ["ko", "dark"]]) {
  test(`${lang}: an imported batch matrix opens a batch lane on /lanes, the file named as its source`, async ({ page }) => {
    const watch = watchErrors(page);
    const T = TITLES[lang];
    await prefer(page, { lang, theme });
    await page.goto("/lanes?m=gpt-5.5&r=swedencentral");
    await ready(page, LANES_TITLE[lang]);
    await expect(batchGlobal(page)).toHaveAttribute("data-available", "false");

    await page.goto("/facts");
    await ready(page, T.facts);
    await page.getByTestId("facts-vendor-files").setInputFiles([MATRIX]);
    await expect(page.getByTestId("facts-vendor-review")).toBeVisible();
    const added = page.getByTestId("facts-vendor-added").locator('[data-id="lane_batch_global.gpt-5.5/2026-04-24/swedencentral"]');
    await expect(added).toHaveCount(1);
    await expect(added).toContainText("deployments-batch.md");
    await expect(page.getByTestId("facts-vendor-changed")).toHaveCount(0);
    await expect(page.getByTestId("facts-vendor-removed")).toBeVisible();
    await page.getByTestId("facts-vendor-removed").locator("summary").click();
    await expect(page.getByTestId("facts-vendor-removed").locator('[data-id="lane_batch_global.o3-mini/2025-01-31/norwayeast"]')).toHaveCount(1);
    await shot(page.getByTestId("facts-vendor-review"), { path: `${SCREENSHOTS}/facts-vendor-matrix-${lang}-${theme}.png` });
    await page.getByRole("button", { name: T.keep }).click();
    await expect(page.getByTestId("facts-vendor-in-use")).toBeVisible();

    await page.goto("/lanes?m=gpt-5.5&r=swedencentral");
    await ready(page, LANES_TITLE[lang]);
    await expect(batchGlobal(page)).toHaveAttribute("data-available", "true");
    const src = batchGlobal(page).getByTestId("lane-source-imported");
    await expect(src).toContainText("deployments-batch.md");
    await expect(src).toContainText("2026-10-01");
    await page.goto("/lanes?m=o3-mini&r=norwayeast");
    await ready(page, LANES_TITLE[lang]);
    await expect(batchGlobal(page)).toHaveAttribute("data-available", "false");
    await page.goto("/lanes?m=gpt-5.5&r=swedencentral");
    await ready(page, LANES_TITLE[lang]);
    await page.setViewportSize({ width: 375, height: 800 });
    await batchGlobal(page).scrollIntoViewIfNeeded();
    await shot(page, { path: `${SCREENSHOTS}/lanes-imported-matrix-375-${lang}-${theme}.png` });

    // Removed again: the built-in matrix answers.
    await page.goto("/facts");
    await ready(page, T.facts);
    await page.getByTestId("facts-vendor-remove").click();
    await expect(page.getByTestId("facts-vendor-in-use")).toHaveCount(0);
    await page.goto("/lanes?m=gpt-5.5&r=swedencentral");
    await ready(page, LANES_TITLE[lang]);
    await expect(batchGlobal(page)).toHaveAttribute("data-available", "false");
    watch.check();
  });
}

// At 375 px the tier CSV import's diff table and the vendor diff tables
// never make the page scroll sideways: a table wider than the phone scrolls
// in its own region, named and reached by the keyboard (axe stays clean).
for (const lang of ["en", "ko"]) {
  test(`375 px, ${lang}: the import diffs scroll in their own named region, not the page`, async ({ page }) => {
    const watch = watchErrors(page);
    const T = TITLES[lang];
    await page.setViewportSize({ width: 375, height: 812 });
    await prefer(page, { lang, theme: lang === "en" ? "light" : "dark" });
    await page.goto("/facts");
    await ready(page, T.facts);
    await page.getByTestId("facts-import-file").setInputFiles({ name: "tiers-next.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    const changed = page.getByTestId("facts-import-changed");
    await expect(changed.locator("tbody tr")).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(await sidewaysProblems(page, '[data-testid="facts-import-review"]')).toEqual([]);
    const wrap = changed.locator("xpath=..");
    await expect(wrap).toHaveAttribute("role", "region");
    await expect(wrap).toHaveAttribute("tabindex", "0");
    await wrap.focus();
    await expect(wrap).toBeFocused();
    expect(await axe(page)).toEqual([]);
    await shot(page.getByTestId("facts-import-review"), { path: `${SCREENSHOTS}/facts-import-diff-375-${lang}.png` });
    await page.getByRole("button", { name: lang === "en" ? "Cancel" : "취소", exact: true }).click();

    await page.getByTestId("facts-vendor-files").setInputFiles([TIER]);
    await expect(page.getByTestId("facts-vendor-review")).toBeVisible();
    await page.getByTestId("facts-vendor-removed").locator("summary").click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(await sidewaysProblems(page, '[data-testid="facts-vendor-review"]')).toEqual([]);
    expect(await axe(page)).toEqual([]);
    await page.getByRole("button", { name: T.keep }).click();
    watch.check();
  });
}
