//! The /snippets page's share link: one [`table`] of every query key the
//! page reads (the KEDA form, the tab, the Control plane tab, and the keys
//! other pages hand over: the quota planner's `maxReplicaCount`,
//! `messageCount`, `tpm`, `tokens`, …; the batch check's `deployment`,
//! `endpoint`, `dialect`, `file`, `jobs`), [`open`] applying a link's checked values
//! to the generators' options, and [`encode`] writing them back (only values
//! that differ from the defaults). [`decode`] takes the page's full URL or
//! only its query string, for the command line (`batchlane snippets`) and
//! the fuzz target. The page keeps only the UI glue.
//!
//! Keys are stable: links in the wild depend on them. The KEDA form's
//! fields are in `keda.rs`, the Control plane tab's in `control.rs`, the
//! Flex tab's in `flex.rs`.

pub use super::share_ui::{
    parse_quota_overrides, sub_name, zone_name, ControlUi, DeploymentQuota, KedaUi, PlanError, QuotaSource, Tab, SUBSCRIPTIONS, ZONES,
};
use super::{
    keda::ABSURD_COUNT, Dialect, FallbackBehavior, FlexOptions, JobStrategy, KedaForm, QuotaFeed, ScaleKind, SubmitOptions, WorkerOptions,
};
use crate::facts::Catalog;
use crate::io::{field, parse_query, Kind, Pairs, Rejected, Table};

mod control;
mod flex;
mod keda;

pub use control::control_fields;
use control::{control_from_pairs, control_table_fields};
pub use flex::flex_fields;
use flex::{flex_from_pairs, flex_table_fields};
pub use keda::{keda_fields, Get, Set};

/// Longest text a link may carry for one field.
pub const MAX_TEXT_CHARS: usize = 300;
/// Longest route or job list a link may carry.
pub const MAX_LIST_CHARS: usize = 2_000;

/// Keys that [`open`] reads itself (the quota planner's link).
pub const IMPORT_KEYS: [&str; 6] = ["maxReplicaCount", "messageCount", "tpm", "tokens", "concurrency", "messagesPerMinute"];

/// KEDA keys besides the form's fields (older spellings).
const OWNED_EXTRA: [&str; 1] = ["tokensPerMessage"];

/// What a link's value may be, per key (checked before anything is applied;
/// the field's own reader then decides whether the page can use it).
fn kind_of(key: &str) -> Kind {
    let count = || Kind::whole(0.0, ABSURD_COUNT as f64);
    match key {
        "messageCount" | "min" | "polling" | "cooldown" | "okHistory" | "failedHistory" | "fallbackThreshold" | "fallbackReplicas" => {
            count()
        }
        "activation" | "maxReplicaCount" | "idle" | "initialCooldown" => count().or_unset(""),
        "fallback" | "modifiers" | "quota" => Kind::Bool,
        "tpm" | "tokens" | "tokensPerMessage" | "concurrency" | "messagesPerMinute" => Kind::number(0.0, f64::MAX),
        "kind" => Kind::Enum(vec!["so", "sj"]),
        "entity" => Kind::Enum(vec!["queue", "topic"]),
        "dialect" => Kind::Enum(vec!["azure", "openai"]),
        "tab" => Kind::Enum(Tab::ALL.iter().map(|t| t.id()).collect()),
        "strategy" => {
            Kind::Enum([JobStrategy::Default, JobStrategy::Custom, JobStrategy::Accurate, JobStrategy::Eager].map(|s| s.as_str()).to_vec())
        }
        "fallbackBehavior" => Kind::Enum(vec![
            "",
            FallbackBehavior::Static.as_str(),
            FallbackBehavior::CurrentReplicas.as_str(),
            FallbackBehavior::CurrentReplicasIfHigher.as_str(),
            FallbackBehavior::CurrentReplicasIfLower.as_str(),
        ]),
        _ => Kind::Text { max_chars: MAX_TEXT_CHARS },
    }
}

/// The page's link: every KEDA field, the tab, the keys other pages hand
/// over (`deployment`, `endpoint`, `dialect`, `file`, `tokensPerMessage`) and the
/// Control plane tab's. Defaults are the forms' (the page keeps them in the
/// URL only).
pub fn table(catalog: &Catalog) -> Table {
    let default = KedaUi::new(catalog);
    let mut out: Vec<_> =
        keda_fields().into_iter().map(|(key, get, _)| field(key, kind_of(key), get(&default).unwrap_or_default())).collect();
    for key in ["tab", "dialect", "deployment", "endpoint", "file"].into_iter().chain(OWNED_EXTRA) {
        out.push(field(key, kind_of(key), ""));
    }
    out.extend(control_table_fields(catalog));
    out.extend(flex_table_fields());
    Table::new(out)
}

/// What a link opens: the tab, each generator's inputs the link carries,
/// and what it brought: (parameter, value) applied, and parameters ignored.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub tab: Tab,
    pub keda: KedaUi,
    pub submit: SubmitOptions,
    pub control: ControlUi,
    /// The Flex tab's client.
    pub flex: FlexOptions,
    pub applied: Vec<(String, String)>,
    pub ignored: Vec<String>,
}

/// The link's checked values, looked up by key.
struct Link<'a>(&'a [(String, String)]);

impl Link<'_> {
    fn get(&self, key: &str) -> Option<String> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    }
}

type SetFeed = fn(&mut QuotaFeed, f64);

fn count(v: &str) -> Option<i64> {
    let n = i64::try_from(crate::io::parse_whole(v)?).ok()?;
    (0..=1_000_000).contains(&n).then_some(n)
}

fn positive_typed(v: &str) -> Option<f64> {
    crate::io::parse_number(v).filter(|x| *x > 0.0)
}

/// Applies what a link brings: `q` holds the values [`table`] kept,
/// `refused` what it refused (listed as ignored, as the caller words them).
pub fn open(q: &[(String, String)], refused: Vec<String>, catalog: &Catalog) -> Opened {
    let q = Link(q);
    let mut keda = KedaUi::new(catalog);
    let mut submit = SubmitOptions::new(Dialect::Azure, catalog);
    let mut applied = Vec::new();
    let mut ignored = refused;
    let mut tab = None;
    let mut note = |key: &str, value: &str, ok: bool| {
        if ok {
            applied.push((key.to_string(), value.trim().to_string()));
        } else {
            ignored.push(key.to_string());
        }
    };
    if let Some(v) = q.get("maxReplicaCount") {
        let n = count(&v);
        keda.form.max_replicas = n.or(keda.form.max_replicas);
        note("maxReplicaCount", &v, n.is_some());
        tab = Some(Tab::Keda);
    }
    if let Some(v) = q.get("messageCount") {
        let n = count(&v).filter(|n| *n > 0);
        keda.form.message_count = n.unwrap_or(keda.form.message_count);
        note("messageCount", &v, n.is_some());
        tab = Some(Tab::Keda);
    }
    let feed_params: [(&str, SetFeed); 5] = [
        ("tpm", |f, x| f.tpm = x),
        ("tokensPerMessage", |f, x| f.tokens_per_message = x),
        ("tokens", |f, x| f.tokens_per_message = x),
        ("concurrency", |f, x| f.concurrency_per_replica = x),
        ("messagesPerMinute", |f, x| f.messages_per_minute_per_slot = x),
    ];
    for (key, set) in feed_params {
        if let Some(v) = q.get(key) {
            let x = positive_typed(&v);
            if let Some(x) = x {
                set(&mut keda.quota, x);
                keda.quota_on = true;
            }
            note(key, &v, x.is_some());
            tab = Some(Tab::Keda);
        }
    }
    if let Some(v) = q.get("dialect") {
        let d = match v.trim() {
            "azure" => Some(Dialect::Azure),
            "openai" => Some(Dialect::OpenAi),
            _ => None,
        };
        if let Some(d) = d {
            let keep = (submit.endpoint.clone(), submit.deployment.clone(), submit.input_path.clone());
            submit = SubmitOptions::new(d, catalog);
            (submit.endpoint, submit.deployment, submit.input_path) = keep;
        }
        note("dialect", &v, d.is_some());
        tab = Some(Tab::Batch);
    }
    for key in ["deployment", "endpoint", "file"] {
        if let Some(v) = q.get(key) {
            let t = v.trim();
            let ok = !t.is_empty() && t.len() <= MAX_TEXT_CHARS && !t.chars().any(char::is_control);
            if ok {
                match key {
                    "deployment" => submit.deployment = t.to_string(),
                    "endpoint" => submit.endpoint = t.to_string(),
                    // The checked file's name: the scripts' input file (quoted by each script's language).
                    _ => submit.input_path = t.to_string(),
                }
            }
            note(key, &v, ok);
            tab = Some(Tab::Batch);
        }
    }
    for (key, _, set) in keda_fields() {
        if IMPORT_KEYS.contains(&key) {
            continue;
        }
        if let Some(v) = q.get(key) {
            if !set(&mut keda, v.trim()) {
                ignored.push(key.to_string());
            }
            tab = Some(Tab::Keda);
        }
    }
    let (control, control_touched) = control_from_pairs(q.0, catalog, &mut ignored);
    if control_touched {
        tab = Some(Tab::Control);
    }
    let (flex, flex_touched) = flex_from_pairs(q.0, &mut ignored);
    if flex_touched {
        tab = Some(Tab::Flex);
    }
    if let Some(t) = q.get("tab").and_then(|t| Tab::from_id(&t)) {
        tab = Some(t);
    }
    Opened { tab: tab.unwrap_or(Tab::Advisor), keda, submit, control, flex, applied, ignored }
}

/// The query pairs for this state: the link's other parameters (`deployment`,
/// `endpoint`, `dialect`, …) kept from `current`, the tab, and the KEDA,
/// Control plane and Flex fields that differ from the defaults.
pub fn encode(current: &[(String, String)], keda: &KedaUi, tab: Tab, control: &ControlUi, flex: &FlexOptions, catalog: &Catalog) -> Pairs {
    let fields = keda_fields();
    let cp_fields = control_fields();
    let fx_fields = flex_fields();
    let owned = |k: &str| {
        k == "tab"
            || OWNED_EXTRA.contains(&k)
            || fields.iter().any(|(f, _, _)| *f == k)
            || cp_fields.iter().any(|(f, ..)| *f == k)
            || fx_fields.iter().any(|(f, ..)| *f == k)
    };
    let mut out: Pairs = current.iter().filter(|(k, _)| !owned(k)).cloned().collect();
    out.push(("tab".into(), tab.id().into()));
    let default = KedaUi::new(catalog);
    for (key, get, _) in &fields {
        if let Some(v) = get(keda) {
            if get(&default).as_ref() != Some(&v) {
                out.push((key.to_string(), v));
            }
        }
    }
    let default = ControlUi::new(catalog);
    for (key, _, get, _) in &cp_fields {
        let v = get(control);
        if v != get(&default) {
            out.push((key.to_string(), v));
        }
    }
    let default = FlexOptions::default();
    for (key, _, get, _) in &fx_fields {
        let v = get(flex);
        if v != get(&default) {
            out.push((key.to_string(), v));
        }
    }
    out
}

/// Why a link is not a /snippets link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotSnippets {
    /// The path the link names (cut to 80 characters).
    pub path: String,
}

impl std::fmt::Display for NotSnippets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a /snippets link (its path is '{}')", self.path)
    }
}

/// The query string of `link`: the page's full URL (`https://host/snippets?…`,
/// or a path `/snippets?…`), a query string with or without its `?`. A URL
/// whose path does not end in `/snippets` is refused.
pub fn link_query(link: &str) -> Result<&str, NotSnippets> {
    let link = link.trim();
    let rest =
        ["https://", "http://"].iter().find_map(|s| link.get(..s.len()).filter(|p| p.eq_ignore_ascii_case(s)).map(|_| &link[s.len()..]));
    let path_and_query = match rest {
        Some(r) => match r.find(['/', '?', '#']) {
            Some(i) => &r[i..],
            None => "",
        },
        None if link.starts_with('/') => link,
        None => return Ok(link.strip_prefix('?').unwrap_or(link)),
    };
    let end = path_and_query.find(['?', '#']).unwrap_or(path_and_query.len());
    let path = &path_and_query[..end];
    if !(path.ends_with("/snippets") || path.ends_with("/snippets/")) {
        return Err(NotSnippets { path: crate::io::cut(path, 80) });
    }
    Ok(path_and_query[end..].strip_prefix('?').unwrap_or_default())
}

/// A link read whole: what it opens, and what could not be used.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    pub opened: Opened,
    /// Values (or the query) refused by the table's checks, with the reason.
    pub rejected: Vec<Rejected>,
    /// Keys the page does not read (the page drops them silently).
    pub unknown: Vec<String>,
}

/// Reads a /snippets link (see [`link_query`]) as the page does: parse
/// (bounded: [`crate::io::MAX_QUERY_BYTES`]), check every value
/// against [`table`], [`open`] what was kept. The refused keys are listed
/// in `opened.ignored` when the link named any of the table's keys (as the
/// page lists them); [`Decoded::rejected`] has them all, with reasons.
pub fn decode(link: &str, catalog: &Catalog) -> Result<Decoded, NotSnippets> {
    let parsed = parse_query(link_query(link)?);
    let d = table(catalog).decode(&parsed.pairs);
    let rejected: Vec<Rejected> = parsed.problems.into_iter().chain(d.rejected.iter().cloned()).collect();
    let refused = if d.touched() { rejected.iter().map(|r| r.field.clone()).collect() } else { Vec::new() };
    Ok(Decoded { opened: open(&d.pairs, refused, catalog), rejected, unknown: d.unknown })
}

/// The page's link as a query string, both ways (`io::LinkCodec`): the
/// state is what [`open`] makes (the tab and each generator's inputs).
#[derive(Clone, Debug)]
pub struct SnippetsLink {
    pub catalog: Catalog,
}

impl crate::io::LinkCodec for SnippetsLink {
    type State = Opened;

    fn parse(&self, query: &str) -> crate::io::Opened<Opened> {
        let parsed = parse_query(query);
        let d = table(&self.catalog).decode(&parsed.pairs);
        let rejected: Vec<Rejected> = parsed.problems.into_iter().chain(d.rejected.iter().cloned()).collect();
        let refused = if d.touched() { rejected.iter().map(|r| r.field.clone()).collect() } else { Vec::new() };
        let state = open(&d.pairs, refused, &self.catalog);
        crate::io::Opened { state, rejected, unknown: d.unknown.clone(), touched: d.touched() }
    }

    fn table(&self) -> Table {
        table(&self.catalog)
    }

    fn open(&self, checked: &[(String, String)]) -> crate::io::Opened<Opened> {
        let state = open(checked, Vec::new(), &self.catalog);
        crate::io::Opened { state, rejected: Vec::new(), unknown: Vec::new(), touched: !checked.is_empty() }
    }

    fn pairs(&self, state: &Opened) -> Pairs {
        encode(&submit_pairs(&state.submit, &self.catalog), &state.keda, state.tab, &state.control, &state.flex, &self.catalog)
    }
}

/// The batch tab's inputs a link carries (`dialect`, `deployment`,
/// `endpoint`, `file`) where they differ from the tab's defaults.
fn submit_pairs(s: &SubmitOptions, catalog: &Catalog) -> Pairs {
    let default = SubmitOptions::new(Dialect::Azure, catalog);
    let mut out = Vec::new();
    if s.dialect != default.dialect {
        out.push(("dialect".to_string(), s.dialect.name().to_string()));
    }
    for (k, v, d) in [
        ("deployment", &s.deployment, &default.deployment),
        ("endpoint", &s.endpoint, &default.endpoint),
        ("file", &s.input_path, &default.input_path),
    ] {
        if v != d && !v.trim().is_empty() {
            out.push((k.to_string(), v.clone()));
        }
    }
    out
}

/// The worker's options as the page renders them: `base` (the Worker tab's
/// own fields) with the Service Bus namespace, the entity and the mode
/// taken from the KEDA form.
pub fn worker_options(base: &WorkerOptions, keda: &KedaUi) -> WorkerOptions {
    let mut o = base.clone();
    // Namespace, entity, mode and (ScaledJob) messages per Job = messageCount: one value each.
    o.follow_keda(&keda.to_form());
    o
}

/// The KEDA form the KEDA tab renders: its own fields, with
/// terminationGracePeriodSeconds outlasting the worker's model deadline.
pub fn keda_form(keda: &KedaUi, worker: &WorkerOptions) -> KedaForm {
    let mut form = keda.to_form();
    form.follow_worker(worker);
    form
}

/// The KEDA YAML's file name: `<name>-scaledobject.yaml` / `<name>-scaledjob.yaml`.
pub fn keda_file_name(keda: &KedaUi) -> String {
    let kind = if keda.form.kind == ScaleKind::ScaledJob { "scaledjob" } else { "scaledobject" };
    let name = if keda.form.name.trim().is_empty() { "keda" } else { keda.form.name.trim() };
    format!("{name}-{kind}.yaml")
}

/// The file names the page offers for download.
pub const WORKER_FILE: &str = "worker.py";
pub const SUBMIT_PY_FILE: &str = "submit_batch.py";
pub const SUBMIT_SH_FILE: &str = "submit-batch.sh";
pub const APIM_FILE: &str = "apim-policy.xml";
pub const CONTROL_FILE: &str = "control_plane.py";
pub const FLEX_FILE: &str = "flex_client.py";
pub const REQUIREMENTS_FILE: &str = "requirements.txt";
pub const KQL_FILE: &str = "second-door.kql";
pub const ACTIVITY_ALERT_FILE: &str = "activity-log-alert.json";
pub const POLICY_FILE: &str = "deny-key-access.policy.json";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{QuotaChoice, Subscription};

    use crate::facts::Scope;
    use crate::io::{query_string, Reason};
    use crate::snippets::AlertHook;

    #[test]
    fn the_keda_form_round_trips_through_its_link() {
        let catalog = Catalog::builtin();
        let mut ui = KedaUi::new(&catalog);
        (ui.use_topic, ui.topic, ui.form.name, ui.form.max_replicas) = (true, "R&D #1 인보이스".into(), "invoice-worker".into(), Some(12));
        (ui.quota_on, ui.quota.tpm, ui.fallback_on) = (true, 120_000.0, true);
        let pairs = encode(&[], &ui, Tab::Keda, &ControlUi::new(&catalog), &FlexOptions::default(), &catalog);
        let t = table(&catalog);
        let d = t.decode(&parse_query(&query_string(&pairs)).pairs);
        assert!(d.rejected.is_empty(), "{:?}", d.rejected);
        let mut back = KedaUi::new(&catalog);
        for (key, _, set) in keda_fields() {
            if let Some(v) = d.get(key) {
                assert!(set(&mut back, v), "{key}={v}");
            }
        }
        assert_eq!(back, ui);
        assert_eq!(d.get("tab"), Some("keda"));
        let opened = open(&d.pairs, Vec::new(), &catalog);
        assert_eq!((opened.keda, opened.tab), (ui, Tab::Keda));
    }

    #[test]
    fn nonsense_in_a_link_is_refused_with_a_reason() {
        let t = table(&Catalog::builtin());
        let long = "x".repeat(MAX_TEXT_CHARS + 1);
        let d = t.decode(&parse_query(&format!("maxReplicaCount=-1&kind=deployment&name={long}&queue=a%0Ab&tpm=inf&tab=nope")).pairs);
        let got: Vec<(&str, &Reason)> = d.rejected.iter().map(|r| (r.field.as_str(), &r.problem)).collect();
        assert_eq!(
            got,
            vec![
                ("maxReplicaCount", &Reason::TooSmall { min: 0.0 }),
                ("kind", &Reason::NotOneOf { allowed: vec!["so".into(), "sj".into()] }),
                ("name", &Reason::TooLong { max: MAX_TEXT_CHARS }),
                ("queue", &Reason::ControlCharacter),
                ("tpm", &Reason::NotANumber),
                ("tab", &Reason::NotOneOf { allowed: Tab::ALL.iter().map(|t| t.id().to_string()).collect() }),
            ]
        );
    }

    #[test]
    fn the_quota_planners_link_fills_every_field_it_knows() {
        use crate::quota::share::keda_handoff;
        use crate::quota::{cap_by_rpm, replicas_quota_can_feed};
        let catalog = Catalog::builtin();
        // 90,000 TPM ÷ (1,500 tokens × 6 messages/min) = 10 replicas; 12 RPM ÷ 6 = 2 binds first.
        let feed = cap_by_rpm(replicas_quota_can_feed(90_000.0, 1_500.0, 6.0, 3).unwrap(), Some(12.0), 6.0);
        let hand = keda_handoff(&feed);
        let d = table(&catalog).decode(&hand);
        assert!(d.rejected.is_empty(), "{:?}", d.rejected);
        let snip = open(&hand, Vec::new(), &catalog);
        assert!(snip.ignored.is_empty(), "{:?}", snip.ignored);
        let keys: Vec<&str> = hand.iter().map(|(k, _)| k.as_str()).collect();
        for key in IMPORT_KEYS {
            assert!(keys.contains(&key), "the handoff lacks {key}");
            assert!(snip.applied.iter().any(|(k, _)| k == key), "{key} was not applied: {:?}", snip.applied);
        }
        let k = snip.keda;
        assert_eq!((k.form.max_replicas, k.form.message_count), (Some(2), 3));
        assert!(k.quota_on);
        assert_eq!(
            (k.quota.tpm, k.quota.tokens_per_message, k.quota.concurrency_per_replica, k.quota.messages_per_minute_per_slot),
            (90_000.0, 1_500.0, 3.0, 2.0)
        );
        assert_eq!(snip.tab, Tab::Keda);
    }

    #[test]
    fn the_control_tab_round_trips_through_its_link() {
        let catalog = Catalog::builtin();
        let mut ui = ControlUi::new(&catalog);
        ui.set_dialect(Dialect::OpenAi, &catalog);
        ui.opts.routes = "a/x=dep-1; b/x=dep-2 & 인보이스".into();
        ui.opts.alert_hook = AlertHook::Webhook;
        (ui.jobs, ui.quota_typed, ui.typed_quota) = ("big: 9000; small: 10".into(), true, 12_345);
        (ui.zone, ui.subscription) = (Scope::DataZone, Subscription::Ea);
        ui.audit.rule_name = "door-2".into();
        let pairs = encode(&[], &KedaUi::new(&catalog), Tab::Control, &ui, &FlexOptions::default(), &catalog);
        let d = table(&catalog).decode(&parse_query(&query_string(&pairs)).pairs);
        assert!(d.rejected.is_empty(), "{:?}", d.rejected);
        let mut ignored = Vec::new();
        let (back, touched) = control_from_pairs(&d.pairs, &catalog, &mut ignored);
        assert!(touched && ignored.is_empty(), "{ignored:?}");
        assert_eq!(back, ui);
        // The defaults write only the tab.
        let none = encode(&[], &KedaUi::new(&catalog), Tab::Advisor, &ControlUi::new(&catalog), &FlexOptions::default(), &catalog);
        assert_eq!(none, vec![("tab".to_string(), "advisor".to_string())]);
    }

    #[test]
    fn the_flex_tab_round_trips_through_its_link_and_its_strings_reach_the_code_quoted() {
        use crate::snippets::{flex_fallback_python, py_str, FlexApi};
        let catalog = Catalog::builtin();
        let flex = FlexOptions {
            endpoint: "https://contoso-east.openai.azure.com".into(),
            deployment: "sol \"flex\" $(boom) 인보이스".into(),
            api: FlexApi::ChatCompletions,
            budget_seconds: 45.5,
            max_attempts: 4,
            first_backoff_seconds: 0.5,
            max_backoff_seconds: 12.0,
            timeout_seconds: 600.0,
            fallback_to_standard: false,
        };
        let pairs = encode(&[], &KedaUi::new(&catalog), Tab::Flex, &ControlUi::new(&catalog), &flex, &catalog);
        let d = decode(&query_string(&pairs), &catalog).unwrap();
        assert!(d.rejected.is_empty() && d.unknown.is_empty() && d.opened.ignored.is_empty(), "{d:?}");
        assert_eq!((d.opened.tab, &d.opened.flex), (Tab::Flex, &flex));
        let code = flex_fallback_python(&d.opened.flex).unwrap();
        assert!(code.contains(&format!("DEPLOYMENT = {}\n", py_str(&flex.deployment))), "{code}");
        // A Flex key alone opens the tab; a value the generator can't take is ignored, the default kept.
        let d = decode("fxAttempts=0&fxBudget=-3&fxDeployment=x", &catalog).unwrap();
        assert_eq!(d.opened.tab, Tab::Flex);
        assert_eq!(d.opened.flex.max_attempts, FlexOptions::default().max_attempts);
        assert_eq!(d.rejected.iter().map(|r| r.field.as_str()).collect::<Vec<_>>(), ["fxAttempts", "fxBudget"]);
        assert_eq!(d.opened.flex.deployment, "x");
    }

    #[test]
    fn the_quota_comes_from_the_catalog_or_is_typed() {
        let catalog = Catalog::builtin();
        let mut ui = ControlUi::new(&catalog);
        let fact = QuotaChoice::fact_kind(Scope::Global, Subscription::Default).unwrap();
        assert_eq!(ui.quota(&catalog), catalog.get(fact, "gpt-4o-mini").map(|v| v as u64));
        ui.model = "no-such-model".into();
        assert_eq!(ui.quota(&catalog), None);
        assert_eq!(ui.options(&catalog).enqueued_quota, 0);
        (ui.quota_typed, ui.typed_quota) = (true, 77);
        assert_eq!(ui.options(&catalog).enqueued_quota, 77);
    }

    #[test]
    fn the_checked_files_name_becomes_the_scripts_input_file_quoted_by_each_language() {
        use crate::snippets::code::{py_str, sh_quote};
        use crate::snippets::{submit_curl, submit_python};
        let catalog = Catalog::builtin();
        let name = "night's \"run\" $(rm -rf ~) 인보이스.jsonl";
        let link = query_string(&[
            ("tab".to_string(), "batch".to_string()),
            ("dialect".to_string(), "openai".to_string()),
            ("file".to_string(), name.to_string()),
        ]);
        let d = decode(&link, &catalog).unwrap();
        assert!(d.rejected.is_empty() && d.unknown.is_empty(), "{:?} {:?}", d.rejected, d.unknown);
        assert_eq!(d.opened.tab, Tab::Batch);
        assert_eq!(d.opened.submit.input_path, name);
        assert_eq!(d.opened.submit.dialect, Dialect::OpenAi);
        let py = submit_python(&d.opened.submit, &catalog).unwrap();
        assert!(py.contains(&format!("INPUT_PATH = {}", py_str(name))), "{py}");
        let sh = submit_curl(&d.opened.submit, &catalog).unwrap();
        assert!(sh.contains(&format!("INPUT={}", sh_quote(name))), "{sh}");
        // A name the scripts can't take (a control character) is ignored; the default stays.
        let d = decode("tab=batch&file=a%0Ab.jsonl", &catalog).unwrap();
        assert_eq!(d.opened.submit.input_path, SubmitOptions::new(Dialect::Azure, &catalog).input_path);
    }

    #[test]
    fn each_route_gets_its_models_quota_unless_typed_for_it() {
        let catalog = Catalog::builtin();
        let fact = QuotaChoice::fact_kind(Scope::Global, Subscription::Default).unwrap();
        let fig = |m: &str| catalog.get(fact, m).unwrap() as u64;
        assert_ne!(fig("gpt-4.1"), fig("gpt-4.1-mini"), "the test needs two models with different quotas");
        let d = decode(
            "tab=control&cpRoutes=a/x=batch-gpt-4.1; b/x=batch-gpt-4.1-mini; c/x=team-dep&cpModel=gpt-4o&cpQuotas=team-dep=1_234",
            &catalog,
        )
        .unwrap();
        assert!(d.rejected.is_empty() && d.opened.ignored.is_empty(), "{:?} {:?}", d.rejected, d.opened.ignored);
        let ui = d.opened.control;
        let q = ui.deployment_quotas(&catalog);
        assert_eq!(
            q[0],
            DeploymentQuota {
                deployment: "batch-gpt-4.1".into(),
                tokens: Some(fig("gpt-4.1")),
                source: QuotaSource::Catalog { model: "gpt-4.1".into(), guessed: true }
            }
        );
        assert_eq!(q[1].tokens, Some(fig("gpt-4.1-mini")));
        assert_eq!((q[2].tokens, &q[2].source), (Some(1_234), &QuotaSource::Override));
        // The generated service holds each deployment's own quota.
        let src = crate::snippets::control_python(&ui.options(&catalog), &catalog).unwrap();
        let want = format!(
            "ENQUEUED_TOKEN_QUOTA = {{\n    \"batch-gpt-4.1\": {},\n    \"batch-gpt-4.1-mini\": {},\n    \"team-dep\": 1234,\n}}",
            fig("gpt-4.1"),
            fig("gpt-4.1-mini")
        );
        assert!(src.contains(&want), "{src}");
        // The planner: a gpt-4.1-mini job is planned under gpt-4.1-mini's quota, not gpt-4.1's.
        let big = fig("gpt-4.1") + 1;
        let ui = ControlUi { jobs: format!("mini@batch-gpt-4.1-mini: {big}; full@batch-gpt-4.1: {big}; plain: 5"), ..ui };
        let (jobs, plan) = ui.plan(&catalog).unwrap();
        assert_eq!(jobs.len(), 3);
        let fits = |i: usize| matches!(plan.slots[i], crate::snippets::Slot::Runs { .. });
        assert_eq!((fits(0), fits(1), fits(2)), (fig("gpt-4.1-mini") >= big, false, true));
        // A deployment without a known model falls back to the tab's model; an unknown one, no quota.
        let ui = ControlUi { jobs: "x@nameless: 5".into(), model: "no-such".into(), quota_overrides: String::new(), ..ui };
        assert_eq!(ui.plan(&catalog).unwrap_err(), PlanError::NoQuota(Some("nameless".into())));
        assert!(decode("tab=control&cpQuotas=a%3D0", &catalog).unwrap().opened.ignored.contains(&"cpQuotas".to_string()));
    }

    #[test]
    fn a_link_is_a_url_a_path_or_a_query_string() {
        for (link, query) in [
            ("https://batchlane.example/snippets?tab=keda&name=x#top", "tab=keda&name=x#top"),
            ("HTTP://localhost:8080/app/snippets/?tab=keda", "tab=keda"),
            ("/snippets?maxReplicaCount=7", "maxReplicaCount=7"),
            ("https://batchlane.example/snippets", ""),
            ("?tab=control", "tab=control"),
            ("tab=control&jobs=a%3A1", "tab=control&jobs=a%3A1"),
            ("  tab=keda\n", "tab=keda"),
        ] {
            assert_eq!(link_query(link), Ok(query), "{link}");
        }
        assert_eq!(link_query("https://batchlane.example/quota?tpm=1"), Err(NotSnippets { path: "/quota".into() }));
        assert_eq!(link_query("https://batchlane.example"), Err(NotSnippets { path: String::new() }));
        assert!(decode("/cost?x=1", &Catalog::builtin()).is_err());
    }

    #[test]
    fn decode_reports_what_it_refused_and_what_it_does_not_know() {
        let catalog = Catalog::builtin();
        let d = decode("https://h/snippets?maxReplicaCount=-1&tab=keda&nonsense=1&name=ok", &catalog).unwrap();
        assert_eq!(d.rejected.iter().map(|r| r.field.as_str()).collect::<Vec<_>>(), ["maxReplicaCount"]);
        assert_eq!(d.unknown, ["nonsense"]);
        assert_eq!(d.opened.ignored, ["maxReplicaCount"]);
        assert_eq!(d.opened.keda.form.name, "ok");
        let huge = format!("name={}", "x".repeat(crate::io::MAX_QUERY_BYTES + 1));
        let d = decode(&huge, &catalog).unwrap();
        assert_eq!(d.rejected.len(), 1);
        assert_eq!(d.opened.keda, KedaUi::new(&catalog));
    }
}
