//! The four pages' link codecs keep one contract (`io::LinkCodec`): a
//! query string in, `Opened { state, rejected, unknown, touched }` out;
//! `to_query` writes what `parse` opens again; and a page's own path
//! (its URL state checks the pairs with `table`, the page `open`s them and
//! writes `pairs` back) reads and writes the same link.

use batchlane_core::batch::share::BatchLink;
use batchlane_core::batch::CheckInput;
use batchlane_core::cost::share::CostLink;
use batchlane_core::facts::Catalog;
use batchlane_core::io::{parse_query, query_string, LinkCodec};
use batchlane_core::quota::share::PlanLink;
use batchlane_core::snippets::share::SnippetsLink;
use std::fmt::Debug;

/// `state` survives `to_query` then `parse`, and the query is then stable.
fn round_trips<C: LinkCodec>(codec: &C, state: C::State)
where
    C::State: PartialEq + Debug,
{
    let q = codec.to_query(&state);
    let opened = codec.parse(&q);
    assert!(opened.rejected.is_empty(), "{q}: {:?}", opened.rejected);
    assert!(opened.unknown.is_empty(), "{q}: {:?}", opened.unknown);
    assert_eq!(opened.state, state, "{q}");
    assert_eq!(codec.to_query(&opened.state), q);
    // A leading `?` and a fragment are not the link's.
    assert_eq!(codec.parse(&format!("?{q}#x")).state, state);
    // The page's path: the table checks the pairs, `open` reads them,
    // `pairs` writes the same link back.
    let checked = codec.table().decode(&parse_query(&q).pairs);
    assert!(checked.rejected.is_empty(), "{q}: {:?}", checked.rejected);
    assert_eq!(codec.open(&checked.pairs).state, state, "{q}");
    assert_eq!(query_string(&codec.pairs(&state)), q);
}

/// Nonsense is refused with its key, and an unknown key is listed, alike in all four.
fn refuses<C: LinkCodec>(codec: &C, bad: &str, key: &str) {
    let opened = codec.parse(&format!("{bad}&nope=1"));
    assert!(opened.rejected.iter().any(|r| r.field == key), "{bad}: {:?}", opened.rejected);
    assert_eq!(opened.unknown, ["nope"]);
    assert!(opened.touched);
    assert!(!codec.parse("nope=1").touched);
}

#[test]
fn all_four_codecs_share_the_contract() {
    let catalog = Catalog::builtin();
    let mut input = CheckInput::default();
    input.set("enqueued_limit", "openai2").unwrap();
    round_trips(&BatchLink, input);
    refuses(&BatchLink, "zone=moon", "zone");

    let cost = CostLink { fact_ids: batchlane_core::cost::share::price_fact_ids(&catalog) };
    let opened = cost.parse("b.req=1000&s1.name=two&s1.k=4&f.batch_price_factor.any=0.4");
    assert!(opened.rejected.is_empty(), "{:?}", opened.rejected);
    round_trips(&cost, opened.state);
    refuses(&cost, "b.per=week", "b.per");

    let plan = PlanLink.parse("m=gpt-4.1-mini&tpm=120000&mx=unset&d=datazone").state;
    assert_eq!(plan.allocated_tpm, 120_000.0);
    round_trips(&PlanLink, plan);
    refuses(&PlanLink, "d=moon", "d");

    let snippets = SnippetsLink { catalog: catalog.clone() };
    let opened = snippets.parse("tab=keda&name=invoice-worker&maxReplicaCount=12");
    assert!(opened.rejected.is_empty(), "{:?}", opened.rejected);
    round_trips(&snippets, opened.state);
    refuses(&snippets, "kind=deployment", "kind");
}

#[test]
fn an_old_batch_link_opens_alike_on_the_page_and_through_parse() {
    // Before issue 39 the enqueued-token limit was `quota=typed` and `quota_tokens`.
    let old = "dialect=azure&quota=typed&quota_tokens=5000000&byo=1";
    let checked = BatchLink.table().decode(&parse_query(old).pairs);
    let on_page = BatchLink.open(&checked.pairs).state;
    assert_eq!(on_page.get("enqueued_limit"), "5000000");
    assert_eq!(on_page.get("byo_storage"), "1");
    assert_eq!(BatchLink.parse(old).state, on_page);
    // Written back in today's keys only.
    assert_eq!(BatchLink.to_query(&on_page), query_string(&BatchLink.pairs(&on_page)));
    assert!(!BatchLink.to_query(&on_page).contains("quota="), "{}", BatchLink.to_query(&on_page));
}
