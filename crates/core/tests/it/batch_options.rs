//! The batch check's options table (issue 39): one mapping from what a
//! user gives to `CheckOptions`, one name per option on every surface, old
//! spellings still read, and old /batch links opening the same check.

use batchlane_core::batch::share::{self, BatchLink};
use batchlane_core::batch::{
    check_options, resolve_spelling, CheckInput, CheckOptions, Dialect, FieldProblem, OptionKind, QuotaChoice, Subscription, Surface,
    CHECK_OPTIONS,
};
use batchlane_core::cost::PriceOverride;
use batchlane_core::facts::{Catalog, Encoding, Kind, Scope};
use batchlane_core::io::LinkCodec;

fn input(pairs: &[(&str, &str)]) -> CheckInput {
    let mut i = CheckInput::default();
    for (k, v) in pairs {
        i.set(k, *v).unwrap();
    }
    i
}

fn options(pairs: &[(&str, &str)]) -> CheckOptions {
    check_options(&input(pairs), &Catalog::builtin()).unwrap()
}

#[test]
fn every_row_has_one_name_on_every_surface() {
    let table = share::table();
    for o in CHECK_OPTIONS {
        // The link key and the Python keyword are the name; the flag is derived from it.
        assert!(table.field(o.name).is_some(), "the /batch link has no key {}", o.name);
        assert_eq!(resolve_spelling(Surface::Link, o.name).map(|r| r.0.name), Some(o.name));
        assert_eq!(resolve_spelling(Surface::Python, o.name).map(|r| r.0.name), Some(o.name));
        assert_eq!(o.flag(), format!("--{}", o.name.replace('_', "-")));
        assert_eq!(resolve_spelling(Surface::Cli, &o.flag()).map(|r| r.0.name), Some(o.name));
        // The default is a value the row reads, and the link keeps it.
        assert!(table.field(o.name).unwrap().kind.check(o.default).is_ok(), "{}'s default", o.name);
        assert!(!o.help_en.is_empty() && !o.help_ko.is_empty(), "{} needs help in both languages", o.name);
        // Each old spelling names its row on its surface only.
        for s in o.old {
            assert_eq!(resolve_spelling(s.surface, s.spelling).map(|r| r.0.name), Some(o.name), "{}", s.spelling);
        }
    }
    // Names are unique, and no old spelling is another row's name.
    for o in CHECK_OPTIONS {
        assert_eq!(CHECK_OPTIONS.iter().filter(|p| p.name == o.name).count(), 1);
        for s in o.old {
            assert!(CHECK_OPTIONS.iter().all(|p| p.name != s.spelling && p.flag() != s.spelling), "{}", s.spelling);
        }
    }
    // The defaults are CheckOptions' own.
    assert_eq!(check_options(&CheckInput::default(), &Catalog::builtin()).unwrap(), CheckOptions::default());
}

#[test]
fn the_one_mapping_reads_every_row() {
    let catalog = Catalog::builtin();
    let factor = catalog.require(Kind::BatchPriceFactor, "any");
    let o = options(&[
        ("dialect", "openai"),
        ("endpoint", "/v1/embeddings"),
        ("model", "gpt-4o"),
        ("enqueued_limit", "1 000"),
        ("encoding", "cl100k_base"),
        ("price_in", "1.5"),
        ("price_out", "3"),
        ("byo_storage", "1"),
        ("count_tokens", "0"),
    ]);
    assert_eq!(o.dialect, Dialect::OpenAi);
    assert_eq!(o.endpoint.as_deref(), Some("/v1/embeddings"));
    assert_eq!(o.model.as_deref(), Some("gpt-4o"));
    assert_eq!(o.quota, QuotaChoice::Tokens(1_000));
    assert_eq!(o.encoding, Some(Encoding::Cl100kBase));
    assert_eq!(o.price, PriceOverride::at_batch_price(Some(1.5), Some(3.0), factor));
    assert!(o.byo_storage && !o.count_tokens);
    assert_eq!(
        options(&[("enqueued_limit", "credit_card"), ("zone", "datazone")]).quota,
        QuotaChoice::Catalog { zone: Scope::DataZone, subscription: Subscription::CreditCard }
    );
    assert_eq!(options(&[("enqueued_limit", "openai4")]).quota, QuotaChoice::OpenAiTier(4));
    assert_eq!(options(&[("enqueued_limit", "none")]).quota, QuotaChoice::None);
}

#[test]
fn a_refused_value_names_its_row_and_why() {
    let catalog = Catalog::builtin();
    let refused = |pairs: &[(&str, &str)]| check_options(&input(pairs), &catalog).unwrap_err();
    for (pairs, row, problem) in [
        (vec![("dialect", "bedrock")], "dialect", FieldProblem::NotOneOf(vec!["azure".into(), "openai".into()])),
        (vec![("enqueued_limit", "lots")], "enqueued_limit", FieldProblem::NotALimit),
        (vec![("enqueued_limit", "0")], "enqueued_limit", FieldProblem::NotALimit),
        (vec![("enqueued_limit", "openai9")], "enqueued_limit", FieldProblem::NotALimit),
        (vec![("price_in", "x")], "price_in", FieldProblem::NotANumber),
        (vec![("price_out", "-1")], "price_out", FieldProblem::PriceNegative),
        (vec![("price_in", "1e9")], "price_in", FieldProblem::PriceAbsurd),
        (vec![("model", "batch-summarize")], "model", FieldProblem::UnknownModel),
        (vec![("byo_storage", "yes")], "byo_storage", FieldProblem::NotABool),
        (vec![("endpoint", "/v1/a\nb")], "endpoint", FieldProblem::ControlCharacter),
    ] {
        let e = refused(&pairs);
        assert_eq!((e.field.as_str(), &e.problem), (row, &problem), "{pairs:?}");
        // Each surface names the row its own way; both languages say why.
        assert!(e.message(Surface::Cli).starts_with(&format!("--{}: ", row.replace('_', "-"))), "{}", e.message(Surface::Cli));
        assert!(e.message(Surface::Python).starts_with(&format!("{row}: ")));
        assert!(!e.reason().en.is_empty() && !e.reason().ko.is_empty());
    }
    let e = refused(&[("endpoint", "/v1/embeddings")]);
    assert!(matches!(e.problem, FieldProblem::EndpointNotServed(_)), "Azure Global Batch takes no embeddings: {e}");
}

#[test]
fn old_spellings_are_still_read_on_their_surface() {
    let mut i = CheckInput::default();
    i.set_spelled(Surface::Cli, "--quota", Some("90000")).unwrap();
    assert_eq!(i.get("enqueued_limit"), "90000");
    i.set_spelled(Surface::Cli, "--openai-tier", Some("3")).unwrap();
    assert_eq!(i.get("enqueued_limit"), "openai3");
    i.set_spelled(Surface::Cli, "--no-tokens", None).unwrap();
    assert_eq!(i.get("count_tokens"), "0");
    i.set_spelled(Surface::Cli, "--count-tokens", None).unwrap();
    assert_eq!(i.get("count_tokens"), "1");
    i.set_spelled(Surface::Cli, "--no-count-tokens", None).unwrap();
    assert_eq!(i.get("count_tokens"), "0");
    i.set_spelled(Surface::Cli, "--byo-storage", None).unwrap();
    assert_eq!(i.get("byo_storage"), "1");
    i.set_spelled(Surface::Python, "quota", Some("5")).unwrap();
    assert_eq!(i.get("enqueued_limit"), "5");
    // An old spelling belongs to its surface: `--quota` is no Python keyword.
    assert_eq!(i.set_spelled(Surface::Python, "--quota", Some("5")).unwrap_err().problem, FieldProblem::Unknown);
    assert_eq!(i.set_spelled(Surface::Cli, "quota", Some("5")).unwrap_err().problem, FieldProblem::Unknown);
    // Switch rows are the only ones a flag turns on alone.
    assert!(CHECK_OPTIONS.iter().filter(|o| o.kind == OptionKind::Switch).all(|o| o.negated_flag().is_some()));
}

#[test]
fn a_batch_link_round_trips() {
    let full = input(&[
        ("dialect", "openai"),
        ("endpoint", "/v1/responses"),
        ("model", "gpt-4.1-mini"),
        ("enqueued_limit", "msdn"),
        ("zone", "datazone"),
        ("encoding", "o200k_base"),
        ("price_in", "0.125"),
        ("price_out", "1 000"),
        ("byo_storage", "1"),
        ("count_tokens", "0"),
    ]);
    let q = BatchLink.to_query(&full);
    let back = BatchLink.parse(&q);
    assert!(back.rejected.is_empty() && back.unknown.is_empty(), "{q}: {:?} {:?}", back.rejected, back.unknown);
    assert_eq!(back.state, full, "{q}");
    assert!(back.touched);
    // Defaults stay out of the link but the dialect.
    assert_eq!(BatchLink.to_query(&CheckInput::default()), "dialect=azure");
    assert_eq!(BatchLink.parse("dialect=azure").state, CheckInput::default());
    // What a link cannot hold is refused with its key, and keeps the default.
    let bad = BatchLink.parse("model=no-such&zone=moon&count_tokens=maybe&lang=ko");
    let keys: Vec<&str> = bad.rejected.iter().map(|r| r.field.as_str()).collect();
    assert_eq!(keys, ["model", "zone", "count_tokens"]);
    assert_eq!(bad.state, CheckInput::default());
    assert_eq!(bad.unknown, ["lang"]);
}

/// /batch links as the page wrote them before issue 39 (from the e2e specs
/// and the page's history): `byo`, `quota` + `quota_tokens`,
/// `true`/`false` flags. Each opens the same check it opened then.
#[test]
fn old_batch_links_still_open() {
    let catalog = Catalog::builtin();
    let open = |q: &str| {
        let o = BatchLink.parse(q);
        assert!(o.rejected.is_empty(), "{q}: {:?}", o.rejected);
        assert!(o.touched, "{q}");
        check_options(&o.state, &catalog).unwrap()
    };
    // tests/e2e/batch.spec.mjs's link (and the page's own test before the move).
    let o = open("dialect=openai&model=gpt-4o&quota=typed&quota_tokens=90000&price_in=1.5&count_tokens=0");
    assert_eq!(
        (o.dialect, o.model.as_deref(), &o.quota, o.count_tokens),
        (Dialect::OpenAi, Some("gpt-4o"), &QuotaChoice::Tokens(90_000), false)
    );
    let factor = catalog.require(Kind::BatchPriceFactor, "any");
    assert_eq!(o.price, PriceOverride::at_batch_price(Some(1.5), None, factor));
    let o = open("dialect=azure&byo=1&quota=ea&zone=datazone&encoding=cl100k_base");
    assert!(o.byo_storage);
    assert_eq!(o.quota, QuotaChoice::Catalog { zone: Scope::DataZone, subscription: Subscription::Ea });
    assert_eq!(o.encoding, Some(Encoding::Cl100kBase));
    // The first version read true/false flags.
    let o = open("byo=true&count_tokens=false&quota=credit_card");
    assert!(o.byo_storage && !o.count_tokens);
    assert_eq!(o.quota, QuotaChoice::Catalog { zone: Scope::Global, subscription: Subscription::CreditCard });
    assert_eq!(open("quota=openai3&price_out=2").quota, QuotaChoice::OpenAiTier(3));
    assert_eq!(open("quota=typed&quota_tokens=1%2C000%2C000").quota, QuotaChoice::Tokens(1_000_000));
    // quota_tokens without quota=typed was never read.
    assert_eq!(open("quota=none&quota_tokens=5").quota, QuotaChoice::None);
    // Today's key wins over an old one in the same link.
    assert_eq!(open("quota=ea&enqueued_limit=7").quota, QuotaChoice::Tokens(7));
    assert!(!open("byo=1&byo_storage=0").byo_storage);
    // An old link re-written is today's link.
    let old = BatchLink.parse("dialect=openai&byo=1&quota=typed&quota_tokens=90000");
    assert_eq!(BatchLink.to_query(&old.state), "dialect=openai&enqueued_limit=90000&byo_storage=1");
    // A nonsense old choice is refused as before.
    assert_eq!(BatchLink.parse("quota=lots").rejected[0].field, "quota");
}

/// The Python package's `check_file`/`check_lines` take the table's rows as
/// keywords (the binding hands `**options` to `check_options`); its type
/// stub lists each one, so an editor shows them: a new row missing from
/// the stub fails here.
#[test]
fn the_python_stub_lists_every_row_as_a_keyword() {
    let stub = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../python/python/batchlane_core/_batchlane.pyi")).unwrap();
    for function in ["def check_file(", "def check_lines("] {
        let start = stub.find(function).unwrap_or_else(|| panic!("the stub has no {function}"));
        let signature = &stub[start..start + stub[start..].find(") -> Report").unwrap()];
        let keywords: Vec<&str> = signature
            .lines()
            .filter_map(|l| l.trim().split_once(':').map(|(k, _)| k.trim()))
            .filter(|k| !k.is_empty() && !k.starts_with("def") && !k.starts_with('*'))
            .collect();
        for o in CHECK_OPTIONS {
            assert!(keywords.contains(&o.name), "{function}) lacks the keyword {}: {keywords:?}", o.name);
        }
        // Old keywords are read, not offered.
        for o in CHECK_OPTIONS {
            for s in o.old.iter().filter(|s| s.surface == Surface::Python) {
                assert!(!keywords.contains(&s.spelling), "{function}) still offers the old {}", s.spelling);
            }
        }
    }
    let binding = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../python/src/check.rs")).unwrap();
    assert!(binding.contains("check_options("), "the binding maps its keywords through the core's one mapping");
}
