// /snippets: the KEDA generator (form → quoted YAML → clipboard → valid
// YAML), quota sizing and the lint panel, the quota planner's link, the
// Service Bus message checker, the path advisor and the batch link; the
// Flex client tab (its link, both languages, phone width, both themes).
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { SCREENSHOTS, axe, shot, prefer, watchErrors, ready } from "./helpers.mjs";

/** Every YAML document parses (PyYAML); returns the documents. */
function parseYaml(text) {
  const out = execFileSync("python3", ["-c", "import yaml,sys,json; print(json.dumps(list(yaml.safe_load_all(sys.stdin))))"], { input: text });
  return JSON.parse(out.toString());
}

async function replace(locator, value) {
  await locator.fill("");
  await locator.pressSequentially(value);
}

test("KEDA form → quoted YAML, copied to the clipboard, parses; max above quota is linted", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets");
  await ready(page, "Snippets");
  await page.getByRole("tab", { name: "KEDA scaler" }).click();
  const panel = page.getByTestId("snip-panel-keda");
  await expect(panel).toBeVisible();

  await replace(page.getByTestId("snip-keda-name"), "doc-summarizer");
  await replace(page.getByTestId("snip-keda-namespace"), "ai-workers");
  await replace(page.getByTestId("snip-keda-queue"), "summaries");
  await replace(page.getByTestId("snip-keda-sbns"), "fabrikam-sb.servicebus.windows.net");
  await expect(page.getByTestId("snip-keda-sb-short")).toContainText('"fabrikam-sb"');

  const code = page.getByTestId("snip-keda-yaml-code");
  await expect(code).toContainText('namespace: "fabrikam-sb"');
  await expect(code).toContainText('queueName: "summaries"');
  await expect(code).toContainText('name: "doc-summarizer"');
  await expect(code).toContainText('namespace: "ai-workers"');
  await expect(code).toContainText('messageCount: "5"');
  await expect(code.locator("span.tok-key").first()).toBeVisible();
  await expect(page.getByTestId("snip-keda-notes")).toContainText("short name");
  await expect(page.getByTestId("snip-lint")).toContainText("servicebus/namespace-fqdn");

  await page.getByTestId("snip-keda-yaml-copy").click();
  await expect(page.getByTestId("snip-keda-yaml-copy")).toContainText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^apiVersion: "?keda\.sh\/v1alpha1"?$/m);
  expect(copied).toMatch(/^kind: "?ScaledObject"?$/m);
  expect(copied).toMatch(/^kind: "?TriggerAuthentication"?$/m);
  expect(copied).toMatch(/messageCount: "5"/);
  const docs = parseYaml(copied);
  expect(docs.map((d) => d.kind)).toEqual(["TriggerAuthentication", "ScaledObject"]);
  const so = docs[1];
  expect(so.metadata).toEqual({ name: "doc-summarizer", namespace: "ai-workers" });
  expect(so.spec.triggers[0].type).toBe("azure-servicebus");
  expect(so.spec.triggers[0].metadata.namespace).toBe("fabrikam-sb");
  expect(so.spec.triggers[0].metadata.messageCount).toBe("5");
  expect(docs[0].spec.podIdentity.provider).toBe("azure-workload");

  // Download is a Blob through <a download>.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("snip-keda-yaml-download").click()]);
  expect(download.suggestedFilename()).toBe("doc-summarizer-scaledobject.yaml");

  // maxReplicaCount from quota: 300,000 TPM ÷ (4 × 2,500 × 2) = 15.
  await page.getByTestId("snip-keda-quota-on").check();
  await expect(page.getByTestId("snip-keda-fed")).toHaveText("15");
  await expect(page.getByTestId("snip-keda-arith")).toContainText("300,000 TPM ÷ 20,000 = 15");
  await expect(code).toContainText("maxReplicaCount: 15");
  await replace(page.getByTestId("snip-keda-max"), "40");
  await expect(code).toContainText("maxReplicaCount: 40");
  const finding = page.locator('[data-rule="keda/max-above-quota"]');
  await expect(finding).toContainText("only add 429s");
  await expect(finding).toContainText("Set maxReplicaCount to 15");
  await expect(finding.locator(".badge")).toHaveText("Warning");

  // Nonsense is refused inline, never NaN.
  await replace(page.getByTestId("snip-keda-message-count"), "abc");
  await expect(page.getByTestId("snip-keda-message-count")).toHaveAttribute("aria-invalid", "true");
  await expect(panel).toContainText("Not a number.");
  await expect(panel).not.toContainText("NaN");
  await replace(page.getByTestId("snip-keda-message-count"), "5");

  // Cluster facts drive more findings.
  await page.getByTestId("snip-lint-hpa").check();
  await expect(page.locator('[data-rule="keda/hpa-on-same-workload"] .badge')).toHaveText("Error");
  await page.getByTestId("snip-keda-tpm").scrollIntoViewIfNeeded();
  await shot(page, { path: `${SCREENSHOTS}/snippets-keda-en.png`, fullPage: true });
  watch.check();
});

test("ScaledJob on a topic: an older AKS drops what its KEDA lacks, with a note", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets?tab=keda");
  await page.getByTestId("snip-keda-kind").selectOption("sj");
  await page.getByTestId("snip-keda-entity").selectOption("topic");
  await page.getByTestId("snip-keda-strategy").selectOption("eager");
  await replace(page.getByTestId("snip-keda-identity-id"), "11111111-2222-3333-4444-555555555555");
  await replace(page.getByTestId("snip-keda-tenant-id"), "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee");
  const code = page.getByTestId("snip-keda-yaml-code");
  await expect(code).toContainText('strategy: "eager"');
  await expect(code).toContainText('identityTenantId: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee"');
  await page.getByTestId("snip-keda-aks").selectOption("1.30");
  await expect(page.getByTestId("snip-keda-summary")).toContainText("KEDA 2.11");
  // Eager is dropped on 2.11 and the default strategy is never written (KEDA 2.20.0/2.20.1 refuse it).
  await expect(code).not.toContainText("scalingStrategy");
  await expect(code).not.toContainText("identityTenantId");
  await expect(page.getByTestId("snip-keda-notes")).toContainText("spec.podIdentity.identityTenantId is left out");
  await page.getByTestId("snip-keda-yaml-copy").click();
  const docs = parseYaml(await page.evaluate(() => navigator.clipboard.readText()));
  expect(docs[1].kind).toBe("ScaledJob");
  expect(docs[1].spec.triggers[0].metadata).toMatchObject({ topicName: "documents", subscriptionName: "ingest" });
  expect(docs[0].spec.podIdentity.identityId).toBe("11111111-2222-3333-4444-555555555555");
  watch.check();
});

test("the quota planner's link fills maxReplicaCount and messageCount", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets?maxReplicaCount=7&messageCount=4");
  await ready(page, "Snippets");
  await expect(page.getByRole("tab", { name: "KEDA scaler" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("snip-imported")).toContainText("maxReplicaCount = 7");
  await expect(page.getByTestId("snip-keda-max")).toHaveValue("7");
  await expect(page.getByTestId("snip-keda-message-count")).toHaveValue("4");
  const code = page.getByTestId("snip-keda-yaml-code");
  await expect(code).toContainText("maxReplicaCount: 7");
  await expect(code).toContainText('messageCount: "4"');

  // With TPM and tokens too, the quota arithmetic is on.
  await page.goto("/snippets?maxReplicaCount=7&messageCount=4&tpm=100000&tokens=2500");
  await expect(page.getByTestId("snip-keda-quota-on")).toBeChecked();
  await expect(page.getByTestId("snip-keda-tpm")).toHaveValue("100000");
  await expect(page.getByTestId("snip-keda-fed")).toHaveText("5");
  await expect(page.locator('[data-rule="keda/max-above-quota"]')).toBeVisible();
  watch.check();
});

test("a 300 KB body on Standard is too large and gets the claim-check recommendation", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets");
  await page.getByRole("tab", { name: "Message check" }).click();
  await expect(page.getByTestId("snip-msg-tier")).toHaveValue("standard");
  await page.getByTestId("snip-msg-body").fill("x".repeat(300 * 1024));
  await expect(page.getByTestId("snip-msg-total")).toContainText("300");
  await expect(page.getByTestId("snip-msg-limit")).toHaveText("256 KB");
  const tooLarge = page.locator('[data-code="MessageTooLarge"]');
  await expect(tooLarge).toContainText("over the 256 KB limit");
  await expect(tooLarge.locator(".badge")).toHaveText("Error");
  await expect(page.locator('[data-code="ClaimCheckRecommended"]')).toContainText("claim-check");
  await expect(page.getByTestId("snip-claim-recommended")).toBeVisible();
  const json = page.getByTestId("snip-claim-json-code");
  await expect(json).toContainText('"blob_url"');
  await expect(json).toContainText('"correlation_id": "ingest-1842"');

  // Properties rows: add, fill, remove.
  await page.getByTestId("snip-msg-add-prop").click();
  await expect(page.getByTestId("snip-msg-prop")).toHaveCount(2);
  await page.getByTestId("snip-msg-prop").nth(1).getByLabel("Name").fill("region");
  await page.getByTestId("snip-msg-prop").nth(1).getByRole("button").click();
  await expect(page.getByTestId("snip-msg-prop")).toHaveCount(1);

  // Premium: 1 MB entity default, so 300 KB fits; the claim-check advice stays.
  await page.getByTestId("snip-msg-tier").selectOption("premium");
  await expect(page.getByTestId("snip-msg-limit")).toHaveText("1,024 KB");
  await expect(tooLarge).toHaveCount(0);
  await expect(page.getByTestId("snip-claim-recommended")).toBeVisible();
  await page.getByTestId("snip-msg-tier").selectOption("standard");
  await shot(page, { path: `${SCREENSHOTS}/snippets-message-en.png`, fullPage: true });
  watch.check();
});

test("advisor → path and generator; batch code prefilled from the link", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets");
  await expect(page.getByTestId("snip-advice-path")).toHaveText("Service Bus queue + KEDA-scaled workers");
  await page.getByTestId("snip-adv-waiting-person").check();
  await expect(page.getByTestId("snip-advice-path")).toHaveText("Synchronous, through the gateway");
  await page.getByTestId("snip-adv-waiting-hours").check();
  await replace(page.getByTestId("snip-adv-tolerance"), "12");
  await page.getByTestId("snip-adv-unit").selectOption("h");
  await expect(page.getByTestId("snip-advice-path")).toHaveText("Global Batch through the control plane");
  await expect(page.getByTestId("snip-advice")).toContainText("custom_id");
  await shot(page, { path: `${SCREENSHOTS}/snippets-advisor-en.png`, fullPage: true });
  await page.getByTestId("snip-adv-open-batch").click();
  await expect(page.getByRole("tab", { name: "Batch submission" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("snip-batch-code")).toContainText('purpose="batch"');

  await page.goto("/snippets?deployment=gpt-4o-batch&endpoint=https://fabrikam.openai.azure.com");
  await expect(page.getByRole("tab", { name: "Batch submission" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("snip-batch-deployment")).toHaveValue("gpt-4o-batch");
  const code = page.getByTestId("snip-batch-code");
  await expect(code).toContainText('"gpt-4o-batch"');
  await expect(code).toContainText('"https://fabrikam.openai.azure.com"');
  await page.getByTestId("snip-batch-curl").click();
  await expect(code).toContainText("curl");
  await expect(code).toContainText("ENDPOINT=${AZURE_OPENAI_ENDPOINT:-'https://fabrikam.openai.azure.com'}");
  // Output expiry outside Azure's 14–30 days is refused with the range.
  await replace(page.getByTestId("snip-batch-output-expires"), "3600");
  await expect(page.getByTestId("snip-batch-errors")).toContainText("1,209,600");
  watch.check();
});

test("keyboard moves between tabs; Korean screenshots of every tab", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "ko" });
  await page.goto("/snippets");
  await ready(page, "스니펫");
  await page.getByRole("tab", { name: "경로 추천" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "KEDA 스케일러" })).toBeFocused();
  await expect(page.getByTestId("snip-panel-keda")).toBeVisible();
  for (const id of ["advisor", "keda", "message", "worker", "batch", "flex", "apim"]) {
    await page.getByTestId(`snip-tab-${id}`).click();
    await expect(page.getByTestId(`snip-panel-${id}`)).toBeVisible();
    if (id === "message") {
      await page.getByTestId("snip-msg-sample").click();
      await expect(page.getByTestId("snip-claim-recommended")).toBeVisible();
    }
    if (id === "worker") await expect(page.getByTestId("snip-worker-code")).toContainText("ServiceBusClient");
    if (id === "apim") await expect(page.getByTestId("snip-apim-code")).toContainText("llm-token-limit");
    await shot(page, { path: `${SCREENSHOTS}/snippets-${id}-ko.png`, fullPage: true });
  }
  watch.check();
});

test("fallback: behavior on AKS 1.35, left out with a note on 1.33; scalingModifiers; copied YAML parses", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets?tab=keda");
  const code = page.getByTestId("snip-keda-yaml-code");
  await expect(code).not.toContainText("fallback");
  await expect(code).not.toContainText("scalingModifiers");
  await page.getByTestId("snip-keda-aks").selectOption("1.35");
  await page.getByTestId("snip-keda-fallback-on").check();
  await replace(page.getByTestId("snip-keda-fb-threshold"), "4");
  await replace(page.getByTestId("snip-keda-fb-replicas"), "3");
  await page.getByTestId("snip-keda-fb-behavior").selectOption("currentReplicasIfHigher");
  await expect(code).toContainText('behavior: "currentReplicasIfHigher"');
  await page.getByTestId("snip-keda-modifiers-on").check();
  await replace(page.getByTestId("snip-keda-formula"), "servicebus / 2");
  await replace(page.getByTestId("snip-keda-mod-target"), "10");
  await page.getByTestId("snip-keda-yaml-copy").click();
  let docs = parseYaml(await page.evaluate(() => navigator.clipboard.readText()));
  expect(docs[1].spec.fallback).toEqual({ failureThreshold: 4, replicas: 3, behavior: "currentReplicasIfHigher" });
  expect(docs[1].spec.advanced.scalingModifiers).toEqual({ formula: "servicebus / 2", target: "10" });
  expect(docs[1].spec.triggers[0].name).toBe("servicebus");

  // AKS 1.33 brings KEDA 2.16: no behavior control, the field is left out with the domain's note.
  await page.getByTestId("snip-keda-aks").selectOption("1.33");
  await expect(page.getByTestId("snip-keda-fb-behavior")).toHaveCount(0);
  await expect(page.getByTestId("snip-keda-fb-behavior-missing")).toContainText("KEDA 2.17");
  await expect(page.getByTestId("snip-keda-notes")).toContainText("spec.fallback.behavior");
  await expect(code).not.toContainText("behavior");
  await page.getByTestId("snip-keda-yaml-copy").click();
  docs = parseYaml(await page.evaluate(() => navigator.clipboard.readText()));
  expect(docs[1].spec.fallback).toEqual({ failureThreshold: 4, replicas: 3 });
  await page.getByTestId("snip-keda-fallback").scrollIntoViewIfNeeded();
  await shot(page, { path: `${SCREENSHOTS}/snippets-keda-fallback-en.png`, fullPage: true });
  watch.check();
});

test("the form writes itself to the link; the link opened in a new page restores it", async ({ page, context }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets");
  await page.getByRole("tab", { name: "KEDA scaler" }).click();
  await expect(page).toHaveURL(/tab=keda/);
  await page.getByTestId("snip-keda-entity").selectOption("topic");
  await replace(page.getByTestId("snip-keda-topic"), "invoices");
  await replace(page.getByTestId("snip-keda-name"), "invoice-worker");
  await replace(page.getByTestId("snip-keda-max"), "12");
  await page.getByTestId("snip-keda-aks").selectOption("1.36");
  await page.getByTestId("snip-keda-fallback-on").check();
  await replace(page.getByTestId("snip-keda-fb-replicas"), "2");
  await page.getByTestId("snip-keda-fb-behavior").selectOption("currentReplicas");
  await page.getByTestId("snip-keda-quota-on").check();
  await replace(page.getByTestId("snip-keda-tpm"), "120000");
  await expect(page).toHaveURL(/tpm=120000/);
  const url = page.url();
  expect(url).toMatch(/name=invoice-worker/);
  expect(url).toMatch(/maxReplicaCount=12/);
  const yaml = await page.getByTestId("snip-keda-yaml-code").textContent();

  const other = await context.newPage();
  const watch2 = watchErrors(other);
  await prefer(other, { lang: "en" });
  await other.goto(url);
  await expect(other.getByRole("tab", { name: "KEDA scaler" })).toHaveAttribute("aria-selected", "true");
  await expect(other.getByTestId("snip-keda-entity")).toHaveValue("topic");
  await expect(other.getByTestId("snip-keda-topic")).toHaveValue("invoices");
  await expect(other.getByTestId("snip-keda-name")).toHaveValue("invoice-worker");
  await expect(other.getByTestId("snip-keda-max")).toHaveValue("12");
  await expect(other.getByTestId("snip-keda-aks")).toHaveValue("1.36");
  await expect(other.getByTestId("snip-keda-fallback-on")).toBeChecked();
  await expect(other.getByTestId("snip-keda-fb-replicas")).toHaveValue("2");
  await expect(other.getByTestId("snip-keda-fb-behavior")).toHaveValue("currentReplicas");
  await expect(other.getByTestId("snip-keda-quota-on")).toBeChecked();
  await expect(other.getByTestId("snip-keda-tpm")).toHaveValue("120000");
  await expect(other.getByTestId("snip-keda-yaml-code")).toHaveText(yaml);

  // The selected tab follows too, and the batch link's keys survive.
  await other.goto("/snippets?deployment=gpt-4o-batch&endpoint=https://fabrikam.openai.azure.com");
  await other.getByRole("tab", { name: "Message check" }).click();
  await expect(other).toHaveURL(/tab=message/);
  expect(other.url()).toMatch(/deployment=gpt-4o-batch/);
  await other.reload();
  await expect(other.getByRole("tab", { name: "Message check" })).toHaveAttribute("aria-selected", "true");
  watch.check();
  watch2.check();
});

test("a message over 1 MB on a topic counts once per matching subscription, plus one", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets?tab=message");
  await page.getByTestId("snip-msg-tier").selectOption("premium");
  await replace(page.getByTestId("snip-msg-premium-max"), "4096");
  await page.getByTestId("snip-msg-body").fill("x".repeat(1200 * 1024));
  await expect(page.locator('[data-code="CountsMoreThanOnce"]')).toContainText("counts 2 times");
  await page.getByTestId("snip-msg-entity").selectOption("topic");
  await replace(page.getByTestId("snip-msg-subscriptions"), "3");
  await expect(page.locator('[data-code="CountsMoreThanOnce"]')).toContainText("counts 4 times");
  await expect(page.getByTestId("snip-msg-sizes")).toContainText("× 4");
  await replace(page.getByTestId("snip-msg-subscriptions"), "x");
  await expect(page.getByTestId("snip-msg-subscriptions")).toHaveAttribute("aria-invalid", "true");
  await shot(page, { path: `${SCREENSHOTS}/snippets-message-topic-en.png`, fullPage: true });
  watch.check();
});

test("phone width and dark theme", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en", theme: "dark" });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/snippets?tab=keda");
  await expect(page.getByTestId("snip-keda-yaml-code")).toContainText("ScaledObject");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, { path: `${SCREENSHOTS}/snippets-keda-phone-dark.png`, fullPage: true });
  watch.check();
});

test("Flex tab: quoted fields, a refused endpoint, the link restores it; the catalog's models and price", async ({ page, context }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/snippets");
  await ready(page, "Snippets");
  await page.getByRole("tab", { name: "Flex client" }).click();
  await expect(page).toHaveURL(/tab=flex/);
  const code = page.getByTestId("snip-flex-code");
  await expect(code).toContainText('service_tier=tier');
  await expect(code).toContainText("FALLBACK_TO_STANDARD = True");
  // The models Flex lists and its price factor come from the catalog.
  await expect(page.getByTestId("snip-flex-models")).toContainText("gpt-5.6-sol");
  await expect(page.getByTestId("snip-flex-models")).toContainText("0.5 × the Standard price");
  await expect(page.getByTestId("snip-flex-models")).not.toContainText("{");

  // A typed quote stays inside the Python literal.
  await replace(page.getByTestId("snip-flex-deployment"), 'sol "prod" #');
  await expect(code).toContainText('DEPLOYMENT = "sol \\"prod\\" #"');
  await replace(page.getByTestId("snip-flex-endpoint"), "https://fabrikam.openai.azure.com");
  await page.getByTestId("snip-flex-api").selectOption("chat");
  await replace(page.getByTestId("snip-flex-budget"), "45");
  await replace(page.getByTestId("snip-flex-attempts"), "4");
  await page.getByTestId("snip-flex-fallback").uncheck();
  await expect(code).toContainText('API = "chat"');
  await expect(code).toContainText("FLEX_BUDGET_SECONDS = 45.0");
  await expect(code).toContainText("FLEX_MAX_ATTEMPTS = 4");
  await expect(code).toContainText("FALLBACK_TO_STANDARD = False");
  await expect(page).toHaveURL(/fxFallback=0/);
  const url = page.url();
  expect(url).toMatch(/fxApi=chat/);
  expect(url).toMatch(/fxBudget=45/);
  const text = await code.textContent();

  const other = await context.newPage();
  const watch2 = watchErrors(other);
  await prefer(other, { lang: "en" });
  await other.goto(url);
  await expect(other.getByRole("tab", { name: "Flex client" })).toHaveAttribute("aria-selected", "true");
  await expect(other.getByTestId("snip-flex-deployment")).toHaveValue('sol "prod" #');
  await expect(other.getByTestId("snip-flex-api")).toHaveValue("chat");
  await expect(other.getByTestId("snip-flex-fallback")).not.toBeChecked();
  await expect(other.getByTestId("snip-flex-code")).toHaveText(text);

  // An endpoint that is not https:// is refused, with the generator's words, and the code hides.
  await replace(page.getByTestId("snip-flex-endpoint"), "http://fabrikam.example");
  await expect(page.getByTestId("snip-flex-errors")).toContainText("https://");
  await expect(code).toBeHidden();
  watch.check();
  watch2.check();
});

for (const lang of ["en", "ko"]) {
  for (const theme of ["light", "dark"]) {
    test(`Flex tab at 375 px (${lang}, ${theme}): no overflow, no axe violation`, async ({ page }) => {
      const watch = watchErrors(page);
      await prefer(page, { lang, theme });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/snippets?tab=flex&fxDeployment=gpt-5.6-sol-flex");
      await ready(page, lang === "en" ? "Snippets" : "스니펫");
      const tab = lang === "en" ? "Flex client" : "Flex 클라이언트";
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      // The page's description names every tab, the Flex client too.
      await expect(page.locator(".page-header__desc")).toContainText(tab);
      await expect(page.getByTestId("snip-flex-code")).toContainText('DEPLOYMENT = "gpt-5.6-sol-flex"');
      const label = lang === "en" ? "Flex retry budget" : "Flex 재시도 예산";
      await expect(page.getByTestId("snip-panel-flex")).toContainText(label);
      const models = lang === "en" ? "0.5 × the Standard price" : "Standard 가격의 0.5배";
      await expect(page.getByTestId("snip-flex-models")).toContainText(models);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axe(page)).toEqual([]);
      await shot(page, { path: `${SCREENSHOTS}/snippets-flex-phone-${lang}-${theme}.png`, fullPage: true });
      watch.check();
    });
  }
}
