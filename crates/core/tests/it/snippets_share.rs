//! The /snippets share-link codec (`snippets::share`) on real links, taken
//! from the e2e tests (snippets.spec.mjs, control.spec.mjs,
//! quota_keda_link.spec.mjs) plus one with refused values: every link opens
//! exactly the options the page's decoder opened before the codec moved
//! from the app to core (`fixtures/snippets_links.txt`, recorded with the
//! app's `link::table` + `state::from_link`), and decode → encode → decode
//! gives the same options back.

use batchlane_core::facts::Catalog;
use batchlane_core::io::query_string;
use batchlane_core::snippets::share::{decode, encode, Opened};

const GOLDEN: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/snippets_links.txt"));

fn dump(link: &str, o: &Opened) -> String {
    // Fields added since the recording (per-deployment quotas) must open
    // empty from these links: left out of the dump only when they are.
    let control = format!("{:?}", o.control).replacen("deployment_quotas: [], ", "", 1).replacen("quota_overrides: \"\", ", "", 1);
    format!(
        "== {link}\ntab: {:?}\nkeda: {:?}\nsubmit: {:?}\ncontrol: {}\nimported: {:?}\n",
        o.tab,
        o.keda,
        o.submit,
        control,
        (&o.applied, &o.ignored)
    )
}

/// (link, what it opened before the move).
fn golden() -> Vec<(&'static str, String)> {
    GOLDEN.split("== ").filter(|b| !b.is_empty()).map(|b| (b.lines().next().unwrap(), format!("== {b}"))).collect()
}

#[test]
fn real_links_open_the_same_options_as_before_the_move() {
    let catalog = Catalog::builtin();
    let links = golden();
    assert_eq!(links.len(), 13, "the fixture's links");
    for (link, before) in links {
        let d = decode(link, &catalog).unwrap();
        assert_eq!(dump(link, &d.opened), before, "{link}");
        // The full URL (as a user pastes it) opens the same.
        let url = format!("https://batchlane.example/snippets{link}");
        assert_eq!(decode(&url, &catalog).unwrap().opened, d.opened, "{url}");
    }
}

#[test]
fn real_links_round_trip_through_encode() {
    let catalog = Catalog::builtin();
    for (link, _) in golden() {
        let first = decode(link, &catalog).unwrap();
        if !first.rejected.is_empty() {
            continue;
        }
        let o = &first.opened;
        let again = query_string(&encode(&[], &o.keda, o.tab, &o.control, &o.flex, &catalog));
        let second = decode(&again, &catalog).unwrap();
        assert!(second.rejected.is_empty(), "{again}: {:?}", second.rejected);
        let (a, b) = (&first.opened, &second.opened);
        // The batch tab's keys (deployment, endpoint, dialect) are not the
        // form's: the page keeps them from the link it opened with.
        assert_eq!((&a.tab, &a.keda, &a.control, &a.flex), (&b.tab, &b.keda, &b.control, &b.flex), "{link} → {again}");
        // With the opened link's other keys kept, as the page writes it.
        let kept: Vec<(String, String)> = batchlane_core::io::parse_query(link).pairs;
        let written = query_string(&encode(&kept, &o.keda, o.tab, &o.control, &o.flex, &catalog));
        assert_eq!(decode(&written, &catalog).unwrap().opened.submit, a.submit, "{written}");
    }
}

#[test]
fn a_refused_value_keeps_the_default_and_is_listed() {
    let catalog = Catalog::builtin();
    let (link, _) = golden().into_iter().last().unwrap();
    let d = decode(link, &catalog).unwrap();
    let keys: Vec<&str> = d.rejected.iter().map(|r| r.field.as_str()).collect();
    assert_eq!(keys, ["tab", "maxReplicaCount", "name", "cpZone", "cpHook", "dialect"]);
    assert_eq!(d.opened.ignored.last().map(String::as_str), Some("tpm"), "tpm=0 passes the table, not the form");
}

/// One name per subscription kind on every surface: `credit_card`, as
/// /batch spells it (issue 39); a /snippets link saved with `creditcard`
/// still opens the same choice, and is written back as `credit_card`.
#[test]
fn an_old_creditcard_link_opens_and_is_written_credit_card() {
    use batchlane_core::batch::Subscription;
    let catalog = Catalog::builtin();
    let old = decode("?tab=control&cpSub=creditcard", &catalog).unwrap();
    assert!(old.rejected.is_empty(), "{:?}", old.rejected);
    assert_eq!(old.opened.control.subscription, Subscription::CreditCard);
    let new = decode("?tab=control&cpSub=credit_card", &catalog).unwrap();
    assert!(new.rejected.is_empty(), "{:?}", new.rejected);
    assert_eq!(new.opened.control, old.opened.control);
    let o = &old.opened;
    let written = query_string(&encode(&[], &o.keda, o.tab, &o.control, &o.flex, &catalog));
    assert!(written.contains("cpSub=credit_card"), "{written}");
    assert_eq!(Subscription::from_code(Subscription::CreditCard.code()), Some(Subscription::CreditCard));
}
