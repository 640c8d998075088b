// "About the numbers" keeps the catalog current: export it as JSON; import a
// newer tier CSV, see the diff, confirm, see a planner figure change, undo.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { prefer, ready, watchErrors } from "./helpers.mjs";

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
