//! The Control plane tab's fields in the link: (query key, kind, read,
//! apply); the dialect first, as it resets the fields after it.

use super::{MAX_LIST_CHARS, MAX_TEXT_CHARS};
use crate::batch::Subscription;
use crate::facts::Catalog;
use crate::io::{field, Field, Kind};
use crate::snippets::share_ui::{parse_quota_overrides, sub_name, zone_name, ControlUi, ZONES};
use crate::snippets::{AlertHook, Dialect};

type ControlGet = fn(&ControlUi) -> String;
type ControlSet = fn(&mut ControlUi, &str, &Catalog) -> bool;

fn whole(v: &str) -> Option<u64> {
    v.parse().ok()
}

fn set_text(u: &mut String, v: &str) -> bool {
    *u = v.to_string();
    true
}

/// Every Control plane field: (query key, kind, read, apply). The dialect
/// comes first: it resets the fields that follow it.
pub fn control_fields() -> Vec<(&'static str, Kind, ControlGet, ControlSet)> {
    let short = || Kind::Text { max_chars: MAX_TEXT_CHARS };
    let list = || Kind::Text { max_chars: MAX_LIST_CHARS };
    let big = || Kind::whole(0.0, 1e15);
    vec![
        (
            "cpDialect",
            Kind::Enum(vec!["azure", "openai"]),
            |u| u.opts.dialect.fact_subject().into(),
            |u, v, c| {
                u.set_dialect(if v == "openai" { Dialect::OpenAi } else { Dialect::Azure }, c);
                true
            },
        ),
        ("cpEndpoint", short(), |u| u.opts.endpoint.clone(), |u, v, _| set_text(&mut u.opts.endpoint, v)),
        ("cpApi", short(), |u| u.opts.api_version.clone(), |u, v, _| set_text(&mut u.opts.api_version, v)),
        ("cpPath", short(), |u| u.opts.endpoint_path.clone(), |u, v, _| set_text(&mut u.opts.endpoint_path, v)),
        ("cpRoutes", list(), |u| u.opts.routes.clone(), |u, v, _| set_text(&mut u.opts.routes, v)),
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
        ("cpAccount", short(), |u| u.opts.owned_account_url.clone(), |u, v, _| set_text(&mut u.opts.owned_account_url, v)),
        ("cpContainer", short(), |u| u.opts.owned_container.clone(), |u, v, _| set_text(&mut u.opts.owned_container, v)),
        (
            "cpHook",
            Kind::Enum(AlertHook::ALL.iter().map(|h| h.as_str()).collect()),
            |u| u.opts.alert_hook.as_str().into(),
            |u, v, _| AlertHook::from_name(v).map(|h| u.opts.alert_hook = h).is_some(),
        ),
        ("cpWebhook", short(), |u| u.opts.webhook_url.clone(), |u, v, _| set_text(&mut u.opts.webhook_url, v)),
        ("cpLedger", short(), |u| u.opts.ledger_dir.clone(), |u, v, _| set_text(&mut u.opts.ledger_dir, v)),
        ("jobs", list(), |u| u.jobs.clone(), |u, v, _| set_text(&mut u.jobs, v)),
        (
            "cpQuota",
            Kind::Enum(vec!["catalog", "typed"]),
            |u| if u.quota_typed { "typed" } else { "catalog" }.into(),
            |u, v, _| {
                u.quota_typed = v == "typed";
                true
            },
        ),
        ("cpModel", short(), |u| u.model.clone(), |u, v, _| set_text(&mut u.model, v)),
        (
            "cpZone",
            Kind::Enum(ZONES.iter().map(|z| z.1).collect()),
            |u| zone_name(u.zone).into(),
            |u, v, _| ZONES.iter().find(|z| z.1 == v).map(|z| u.zone = z.0).is_some(),
        ),
        (
            "cpSub",
            // `creditcard`, the old spelling, still opens.
            Kind::Enum(Subscription::LINK_WORDS.to_vec()),
            |u| sub_name(u.subscription).into(),
            |u, v, _| Subscription::from_code(v).map(|s| u.subscription = s).is_some(),
        ),
        ("cpTokens", big(), |u| u.typed_quota.to_string(), |u, v, _| whole(v).map(|n| u.typed_quota = n).is_some()),
        (
            "cpQuotas",
            list(),
            |u| u.quota_overrides.clone(),
            |u, v, _| parse_quota_overrides(v).map(|_| u.quota_overrides = v.to_string()).is_ok(),
        ),
        ("cpResource", short(), |u| u.audit.resource_id.clone(), |u, v, _| set_text(&mut u.audit.resource_id, v)),
        ("cpOid", short(), |u| u.audit.control_plane_object_id.clone(), |u, v, _| set_text(&mut u.audit.control_plane_object_id, v)),
        ("cpRule", short(), |u| u.audit.rule_name.clone(), |u, v, _| set_text(&mut u.audit.rule_name, v)),
        ("cpActionGroup", short(), |u| u.audit.action_group_id.clone(), |u, v, _| set_text(&mut u.audit.action_group_id, v)),
    ]
}

/// The Control plane tab's fields for the link table (defaults: the tab's own).
pub(super) fn control_table_fields(catalog: &Catalog) -> Vec<Field> {
    let default = ControlUi::new(catalog);
    control_fields().into_iter().map(|(key, kind, get, _)| field(key, kind, get(&default))).collect()
}

/// The Control plane tab from a link's checked values; `true` when the link
/// named any of its keys. Keys whose value the tab can't use are added to `ignored`.
pub(super) fn control_from_pairs(q: &[(String, String)], catalog: &Catalog, ignored: &mut Vec<String>) -> (ControlUi, bool) {
    let mut ui = ControlUi::new(catalog);
    let mut touched = false;
    for (key, _, _, set) in control_fields() {
        if let Some((_, v)) = q.iter().find(|(k, _)| k == key) {
            touched = true;
            if !set(&mut ui, v.trim(), catalog) {
                ignored.push(key.to_string());
            }
        }
    }
    (ui, touched)
}
