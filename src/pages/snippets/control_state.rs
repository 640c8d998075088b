//! The Control plane tab's state, and its fields in the page's link
//! (`?tab=control&cpRoutes=…&jobs=…`): read when a link opens, written back
//! (only values that differ from the defaults) as the user types.

use batchlane_core::batch::{QuotaChoice, Subscription, Zone};
use batchlane_core::facts::{Catalog, Kind as FactKind};
use batchlane_core::io::query::{field, Field, Kind};
use batchlane_core::snippets::{AlertHook, AuditOptions, ControlOptions, Dialect};

#[derive(Clone, Debug, PartialEq)]
pub struct ControlUi {
    /// The service's options (its quota is the planner's).
    pub opts: ControlOptions,
    /// The planner's jobs: `name:tokens; …`.
    pub jobs: String,
    /// The quota typed in (else the catalog's for model × zone × subscription).
    pub quota_typed: bool,
    pub model: String,
    pub zone: Zone,
    pub subscription: Subscription,
    pub typed_quota: u64,
    pub audit: AuditOptions,
}

impl ControlUi {
    pub fn new(catalog: &Catalog) -> Self {
        let opts = ControlOptions::new(Dialect::Azure, catalog);
        Self {
            jobs: "nightly-summaries: 120000000; invoice-extract: 60000000; rescore: 40000000".into(),
            quota_typed: false,
            model: "gpt-4o-mini".into(),
            zone: Zone::Global,
            subscription: Subscription::Default,
            typed_quota: opts.enqueued_quota,
            opts,
            audit: AuditOptions::default(),
        }
    }

    /// The enqueued-token quota the planner and the service use.
    pub fn quota(&self, catalog: &Catalog) -> Option<u64> {
        if self.quota_typed {
            Some(self.typed_quota)
        } else {
            QuotaChoice::Catalog { zone: self.zone, subscription: self.subscription }.limit(catalog, Some(&self.model))
        }
    }

    /// The service's options with the planner's quota (0 = none known: refused).
    pub fn options(&self, catalog: &Catalog) -> ControlOptions {
        ControlOptions { enqueued_quota: self.quota(catalog).unwrap_or(0), ..self.opts.clone() }
    }

    /// The worst case's window per job, from the catalog.
    pub fn window_seconds(catalog: &Catalog) -> u64 {
        catalog.require(FactKind::CompletionWindowSeconds, "any") as u64
    }

    /// Switches the dialect, taking that dialect's endpoint path and output expiry.
    pub fn set_dialect(&mut self, d: Dialect, catalog: &Catalog) {
        let fresh = ControlOptions::new(d, catalog);
        self.opts.dialect = d;
        self.opts.endpoint_path = fresh.endpoint_path;
        self.opts.output_expires_after_seconds = fresh.output_expires_after_seconds;
    }
}

pub const ZONES: [(Zone, &str); 2] = [(Zone::Global, "global"), (Zone::DataZone, "datazone")];
pub const SUBSCRIPTIONS: [(Subscription, &str); 4] =
    [(Subscription::Ea, "ea"), (Subscription::Default, "default"), (Subscription::CreditCard, "creditcard"), (Subscription::Msdn, "msdn")];

type Get = fn(&ControlUi) -> String;
type Set = fn(&mut ControlUi, &str, &Catalog) -> bool;

/// Longest route or job list a link may carry.
pub const MAX_LIST_CHARS: usize = 2_000;
const MAX_TEXT: usize = super::link::MAX_TEXT_CHARS;

fn whole(v: &str) -> Option<u64> {
    v.parse().ok()
}

fn text(u: &mut String, v: &str) -> bool {
    *u = v.to_string();
    true
}

/// Every field: (query key, kind, read, apply). The dialect comes first: it resets the fields that follow it.
pub fn fields() -> Vec<(&'static str, Kind, Get, Set)> {
    let short = || Kind::Text { max_chars: MAX_TEXT };
    let list = || Kind::Text { max_chars: MAX_LIST_CHARS };
    let big = || Kind::whole(0.0, 1e15);
    vec![
        (
            "cpDialect",
            Kind::Enum(vec!["azure", "openai"]),
            |u| u.opts.dialect.subject().into(),
            |u, v, c| {
                u.set_dialect(if v == "openai" { Dialect::OpenAi } else { Dialect::Azure }, c);
                true
            },
        ),
        ("cpEndpoint", short(), |u| u.opts.endpoint.clone(), |u, v, _| text(&mut u.opts.endpoint, v)),
        ("cpApi", short(), |u| u.opts.api_version.clone(), |u, v, _| text(&mut u.opts.api_version, v)),
        ("cpPath", short(), |u| u.opts.endpoint_path.clone(), |u, v, _| text(&mut u.opts.endpoint_path, v)),
        ("cpRoutes", list(), |u| u.opts.routes.clone(), |u, v, _| text(&mut u.opts.routes, v)),
        (
            "cpExpires",
            big(),
            |u| u.opts.output_expires_after_seconds.to_string(),
            |u, v, _| v.parse().map(|n| u.opts.output_expires_after_seconds = n).is_ok(),
        ),
        (
            "cpPoll",
            big(),
            |u| u.opts.poll_interval_seconds.to_string(),
            |u, v, _| v.parse().map(|n| u.opts.poll_interval_seconds = n).is_ok(),
        ),
        ("cpAccount", short(), |u| u.opts.owned_account_url.clone(), |u, v, _| text(&mut u.opts.owned_account_url, v)),
        ("cpContainer", short(), |u| u.opts.owned_container.clone(), |u, v, _| text(&mut u.opts.owned_container, v)),
        (
            "cpHook",
            Kind::Enum(AlertHook::ALL.iter().map(|h| h.as_str()).collect()),
            |u| u.opts.alert_hook.as_str().into(),
            |u, v, _| AlertHook::from_name(v).map(|h| u.opts.alert_hook = h).is_some(),
        ),
        ("cpWebhook", short(), |u| u.opts.webhook_url.clone(), |u, v, _| text(&mut u.opts.webhook_url, v)),
        ("cpLedger", short(), |u| u.opts.ledger_dir.clone(), |u, v, _| text(&mut u.opts.ledger_dir, v)),
        ("jobs", list(), |u| u.jobs.clone(), |u, v, _| text(&mut u.jobs, v)),
        (
            "cpQuota",
            Kind::Enum(vec!["catalog", "typed"]),
            |u| if u.quota_typed { "typed" } else { "catalog" }.into(),
            |u, v, _| {
                u.quota_typed = v == "typed";
                true
            },
        ),
        ("cpModel", short(), |u| u.model.clone(), |u, v, _| text(&mut u.model, v)),
        (
            "cpZone",
            Kind::Enum(ZONES.iter().map(|z| z.1).collect()),
            |u| zone_name(u.zone).into(),
            |u, v, _| ZONES.iter().find(|z| z.1 == v).map(|z| u.zone = z.0).is_some(),
        ),
        (
            "cpSub",
            Kind::Enum(SUBSCRIPTIONS.iter().map(|s| s.1).collect()),
            |u| sub_name(u.subscription).into(),
            |u, v, _| SUBSCRIPTIONS.iter().find(|s| s.1 == v).map(|s| u.subscription = s.0).is_some(),
        ),
        ("cpTokens", big(), |u| u.typed_quota.to_string(), |u, v, _| whole(v).map(|n| u.typed_quota = n).is_some()),
        ("cpResource", short(), |u| u.audit.resource_id.clone(), |u, v, _| text(&mut u.audit.resource_id, v)),
        ("cpOid", short(), |u| u.audit.control_plane_object_id.clone(), |u, v, _| text(&mut u.audit.control_plane_object_id, v)),
        ("cpRule", short(), |u| u.audit.rule_name.clone(), |u, v, _| text(&mut u.audit.rule_name, v)),
        ("cpActionGroup", short(), |u| u.audit.action_group_id.clone(), |u, v, _| text(&mut u.audit.action_group_id, v)),
    ]
}

pub fn zone_name(z: Zone) -> &'static str {
    ZONES.iter().find(|x| x.0 == z).map_or("global", |x| x.1)
}

pub fn sub_name(s: Subscription) -> &'static str {
    SUBSCRIPTIONS.iter().find(|x| x.0 == s).map_or("default", |x| x.1)
}

/// The fields for the page's link table (defaults: the tab's own).
pub fn table_fields(catalog: &Catalog) -> Vec<Field> {
    let default = ControlUi::new(catalog);
    fields().into_iter().map(|(key, kind, get, _)| field(key, kind, get(&default))).collect()
}

/// The tab's state from a link's checked values; `true` when the link named any of its keys.
/// Keys whose value the tab can't use are added to `ignored`.
pub fn from_pairs(q: &[(String, String)], catalog: &Catalog, ignored: &mut Vec<String>) -> (ControlUi, bool) {
    let mut ui = ControlUi::new(catalog);
    let mut touched = false;
    for (key, _, _, set) in fields() {
        if let Some((_, v)) = q.iter().find(|(k, _)| k == key) {
            touched = true;
            if !set(&mut ui, v.trim(), catalog) {
                ignored.push(key.to_string());
            }
        }
    }
    (ui, touched)
}

/// Replaces the tab's keys in `pairs` with the values that differ from the defaults.
pub fn merge(pairs: &mut Vec<(String, String)>, ui: &ControlUi, catalog: &Catalog) {
    let fields = fields();
    pairs.retain(|(k, _)| !fields.iter().any(|(f, ..)| f == k));
    let default = ControlUi::new(catalog);
    for (key, _, get, _) in &fields {
        let v = get(ui);
        if v != get(&default) {
            pairs.push((key.to_string(), v));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use batchlane_core::io::query::{parse_query, query_string, Table};

    #[test]
    fn the_tab_round_trips_through_its_link() {
        let catalog = Catalog::builtin();
        let mut ui = ControlUi::new(&catalog);
        ui.set_dialect(Dialect::OpenAi, &catalog);
        ui.opts.routes = "a/x=dep-1; b/x=dep-2 & 인보이스".into();
        ui.opts.alert_hook = AlertHook::Webhook;
        (ui.jobs, ui.quota_typed, ui.typed_quota) = ("big: 9000; small: 10".into(), true, 12_345);
        (ui.zone, ui.subscription) = (Zone::DataZone, Subscription::Ea);
        ui.audit.rule_name = "door-2".into();
        ui.audit.action_group_id =
            "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/ops/providers/microsoft.insights/actionGroups/pager".into();
        let mut pairs = vec![("tab".to_string(), "control".to_string())];
        merge(&mut pairs, &ui, &catalog);
        let table = Table::new(table_fields(&catalog));
        let d = table.decode(&parse_query(&query_string(&pairs)).pairs);
        assert!(d.rejected.is_empty(), "{:?}", d.rejected);
        let mut ignored = Vec::new();
        let (back, touched) = from_pairs(&d.pairs, &catalog, &mut ignored);
        assert!(touched && ignored.is_empty(), "{ignored:?}");
        assert_eq!(back, ui);
        // The defaults write nothing.
        let mut none = Vec::new();
        merge(&mut none, &ControlUi::new(&catalog), &catalog);
        assert!(none.is_empty(), "{none:?}");
    }

    #[test]
    fn the_quota_comes_from_the_catalog_or_is_typed() {
        let catalog = Catalog::builtin();
        let mut ui = ControlUi::new(&catalog);
        let fact = QuotaChoice::fact_kind(Zone::Global, Subscription::Default);
        assert_eq!(ui.quota(&catalog), catalog.get(fact, "gpt-4o-mini").map(|v| v as u64));
        ui.model = "no-such-model".into();
        assert_eq!(ui.quota(&catalog), None);
        assert_eq!(ui.options(&catalog).enqueued_quota, 0);
        (ui.quota_typed, ui.typed_quota) = (true, 77);
        assert_eq!(ui.options(&catalog).enqueued_quota, 77);
    }
}
