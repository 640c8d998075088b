// /snippets?tab=control: the batch control plane. Fill the tab, copy the
// service (it compiles with python3), see the planner's schedule and the
// audit rule, reload the link and find the same state; the advisor's batch
// answer opens the tab.
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SCREENSHOTS, shot, prefer, watchErrors, ready } from "./helpers.mjs";

async function replace(locator, value) {
  await locator.fill("");
  await locator.pressSequentially(value);
}

test("fills the control plane tab, copies the service, reloads the link", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets?tab=control");
  await ready(page, "Snippets");
  await expect(page.getByRole("tab", { name: "Control plane" })).toHaveAttribute("aria-selected", "true");

  await page.getByTestId("snip-cp-dialect").selectOption("openai");
  await replace(page.getByTestId("snip-cp-routes"), "contoso/summarize=batch-4o-mini; fabrikam/extract=batch-4o-mini");
  await page.getByTestId("snip-cp-hook").selectOption("webhook");
  await replace(page.getByTestId("snip-cp-webhook"), "https://alerts.fabrikam.example/batch");
  // The planner: a typed quota, three jobs (two fit together), one too large alone.
  await page.getByTestId("snip-cp-quota-source").selectOption("typed");
  await replace(page.getByTestId("snip-cp-quota-tokens"), "1000000");
  await replace(page.getByTestId("snip-cp-jobs"), "nightly: 600000; rescore: 300000; backfill: 500000; huge: 2000000");

  const plan = page.getByTestId("snip-cp-plan");
  await expect(plan.locator("tbody tr")).toHaveCount(4);
  await expect(plan.locator("tbody tr").nth(0)).toContainText("Runs at once");
  await expect(plan.locator("tbody tr").nth(1)).toContainText("Runs at once");
  await expect(plan.locator("tbody tr").nth(2)).toContainText("Waits: wave 2");
  await expect(plan.locator("tbody tr").nth(3)).toContainText("Larger than the quota");
  await expect(page.getByTestId("snip-cp-split")).toHaveAttribute("href", "/batch");
  await expect(page.getByTestId("snip-cp-plan-summary")).toContainText("at once: 2 · waiting: 1 · too large: 1 · worst case: all done by hour 48");
  await expect(page.getByTestId("snip-cp-quota")).toContainText("batch-4o-mini 1,000,000 (typed in the planner)");

  const code = page.getByTestId("snip-cp-code");
  await expect(code).toContainText('DIALECT = "openai"');
  await expect(code).toContainText('"fabrikam": {"extract": "batch-4o-mini"}');
  await expect(code).toContainText('ENQUEUED_TOKEN_QUOTA = {\n    "batch-4o-mini": 1000000,\n}');
  await expect(code).toContainText("CREATE TABLE IF NOT EXISTS jobs");
  await expect(page.getByTestId("snip-cp-req-code")).toContainText("azure-storage-blob");
  await expect(page.getByTestId("snip-cp-kql-code")).toContainText("AzureDiagnostics");
  await expect(page.getByTestId("snip-cp-audit-why")).toContainText("API Management");

  await page.getByTestId("snip-cp-copy").click();
  await expect(page.getByTestId("snip-cp-copy")).toContainText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('ALERT_HOOK = "webhook"');
  const dir = mkdtempSync(join(tmpdir(), "control-e2e-"));
  writeFileSync(join(dir, "control_plane.py"), copied);
  execFileSync("python3", ["-m", "py_compile", join(dir, "control_plane.py")]);
  await shot(page, { path: `${SCREENSHOTS}/snippets-control-en.png`, fullPage: true });

  // The form is in the URL: a reload of the link shows the same state.
  await expect(page).toHaveURL(/cpRoutes=/);
  const link = page.url();
  expect(link).toContain("tab=control");
  await page.goto(link);
  await ready(page, "Snippets");
  await expect(page.getByRole("tab", { name: "Control plane" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("snip-cp-routes")).toHaveValue("contoso/summarize=batch-4o-mini; fabrikam/extract=batch-4o-mini");
  await expect(page.getByTestId("snip-cp-dialect")).toHaveValue("openai");
  await expect(page.getByTestId("snip-cp-webhook")).toHaveValue("https://alerts.fabrikam.example/batch");
  await expect(page.getByTestId("snip-cp-quota-tokens")).toHaveValue("1000000");
  await expect(page.getByTestId("snip-cp-plan").locator("tbody tr")).toHaveCount(4);
  await expect(page.getByTestId("snip-cp-code")).toHaveText(copied);
  watch.check();
});

test("the advisor's batch answer opens the control plane; Korean labels", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets");
  await ready(page, "Snippets");
  await page.getByTestId("snip-adv-waiting-hours").check();
  await replace(page.getByTestId("snip-adv-tolerance"), "12");
  await page.getByTestId("snip-adv-unit").selectOption("h");
  await expect(page.getByTestId("snip-advice-path")).toHaveText("Global Batch through the control plane");
  await page.getByTestId("snip-adv-open-control").click();
  await expect(page.getByRole("tab", { name: "Control plane" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("snip-cp-code")).toContainText("ROUTES = {");

  await prefer(page, { lang: "ko" });
  await page.goto("/snippets?tab=control");
  await expect(page.getByTestId("snip-panel-control")).toContainText("작업 대기열 계획");
  watch.check();
});

test("a checked batch file goes to the control plane's job planner as one job", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/batch");
  await ready(page, "Batch file check");
  await page.getByTestId("batch-file-input").setInputFiles("tests/fixtures/batch/azure_300.jsonl");
  const summary = page.getByTestId("batch-summary");
  await expect(summary).toHaveAttribute("data-elapsed-ms", /\d+/);
  const link = page.getByTestId("batch-control-link");
  const href = await link.getAttribute("href");
  const sent = Object.fromEntries(new URL(href, "http://x").searchParams);
  expect(sent.tab).toBe("control");
  const [name, tokens] = sent.jobs.split(":").map((s) => s.trim());
  expect(name).toBe("azure_300");
  expect(Number(tokens)).toBeGreaterThan(0);

  await link.click();
  await ready(page, "Snippets");
  await expect(page.getByRole("tab", { name: "Control plane" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("snip-cp-jobs")).toHaveValue(sent.jobs);
  const plan = page.getByTestId("snip-cp-plan");
  await expect(plan.locator("tbody tr")).toHaveCount(1);
  await expect(plan.locator("tbody tr").nth(0)).toContainText("azure_300");
  await expect(plan.locator("tbody tr").nth(0)).toContainText(Number(tokens).toLocaleString("en-US"));
  watch.check();
});
