//! Temporary: records what the pre-move decoder (app: link::table + state::from_link)
//! makes of real links, for the core codec's golden test. Run with
//! `BATCHLANE_DUMP=path cargo test -p batchlane --test snippets_link_golden_dump`.
#![cfg(not(target_arch = "wasm32"))]

use batchlane::pages::snippets::link::{pairs, table};
use batchlane::pages::snippets::state::{from_link, KedaUi, Tab};
use batchlane_core::facts::Catalog;
use batchlane_core::io::query::{parse_query, query_string};
use batchlane_core::quota::share::{cap_by_rpm, keda_handoff, replicas_quota_can_feed};
use batchlane_core::snippets::FallbackBehavior;
use leptos::prelude::GetUntracked;

fn dump(search: &str, catalog: &Catalog) -> String {
    let parsed = parse_query(search);
    let d = table(catalog).decode(&parsed.pairs);
    let refused: Vec<String> = parsed.problems.iter().chain(&d.rejected).map(|r| r.key.clone()).collect();
    let snip = from_link(&d.pairs, refused, catalog);
    format!(
        "== {search}\ntab: {:?}\nkeda: {:?}\nsubmit: {:?}\ncontrol: {:?}\nimported: {:?}\n",
        snip.tab.get_untracked(),
        snip.keda.get_untracked(),
        snip.submit.get_untracked(),
        snip.control.get_untracked(),
        snip.imported.get_untracked()
    )
}

#[test]
fn dump_links() {
    let Ok(path) = std::env::var("BATCHLANE_DUMP") else { return };
    let catalog = Catalog::builtin();
    let mut links: Vec<String> = [
        "?tab=keda",
        "?tab=control",
        "?tab=message",
        "?maxReplicaCount=7&messageCount=4",
        "?maxReplicaCount=7&messageCount=4&tpm=100000&tokens=2500",
        "?deployment=gpt-4o-batch&endpoint=https://fabrikam.openai.azure.com",
        "?deployment=gpt-4o-batch&endpoint=https://fabrikam.openai.azure.com&tab=message",
        "?tab=control&jobs=azure_300%3A%20184200",
        "?dialect=openai&deployment=gpt-4o-mini&tab=batch",
    ]
    .map(String::from)
    .to_vec();
    // snippets.spec.mjs: the form written to the link.
    let mut ui = KedaUi::new(&catalog);
    (ui.use_topic, ui.topic, ui.form.name, ui.form.max_replicas) = (true, "invoices".into(), "invoice-worker".into(), Some(12));
    ui.form.aks_kubernetes_version = "1.36".into();
    (ui.fallback_on, ui.fallback.replicas, ui.fallback.behavior) = (true, 2, Some(FallbackBehavior::CurrentReplicas));
    (ui.quota_on, ui.quota.tpm) = (true, 120_000.0);
    links.push(format!("?{}", query_string(&pairs(&[], &ui, Tab::Keda, &catalog))));
    // quota_keda_link.spec.mjs: the quota planner's hand-off (60,000 TPM, 3 RPM, 4 at once).
    let feed = cap_by_rpm(replicas_quota_can_feed(60_000.0, 1_500.0, 0.75, 4).unwrap(), Some(3.0), 0.75);
    links.push(format!("?{}", query_string(&keda_handoff(&feed))));
    // control.spec.mjs: the filled control plane tab, as the page writes it.
    links.push(
        "?tab=control&cpDialect=openai&cpPath=%2Fv1%2Fchat%2Fcompletions&cpExpires=2592000&cpRoutes=contoso%2Fsummarize%3Dbatch-4o-mini%3B%20fabrikam%2Fextract%3Dbatch-4o-mini&cpHook=webhook&cpWebhook=https%3A%2F%2Falerts.fabrikam.example%2Fbatch&jobs=nightly%3A%20600000%3B%20rescore%3A%20300000%3B%20backfill%3A%20500000%3B%20huge%3A%202000000&cpQuota=typed&cpTokens=1000000"
            .into(),
    );
    // A link with refused and ignored values.
    links.push("?tab=nope&maxReplicaCount=-1&name=a%0Ab&cpZone=mars&cpHook=pager&tpm=0&dialect=claude".into());
    let out: String = links.iter().map(|l| dump(l, &catalog)).collect();
    std::fs::write(path, out).unwrap();
}
