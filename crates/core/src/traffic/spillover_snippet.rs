//! The command that turns spillover on for every request of a provisioned
//! deployment: the deployment's `spilloverDeploymentName` property (ARM
//! api-version 2024-10-01), set by a PUT of the deployment (sku, model and
//! the property), sent with `az rest`. The user's names reach the command
//! only through JSON's quoting (the body) and the shell's (every word).

use super::spillover::PtuPlan;
use crate::facts::{DeploymentType, Scope};
use crate::snippets::sh_quote;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The ARM api-version that has `spilloverDeploymentName`.
pub const SPILLOVER_API_VERSION: &str = "2024-10-01";

/// What the command names: where the deployments are and what the PTU
/// deployment runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpilloverTarget {
    pub subscription: String,
    pub resource_group: String,
    pub account: String,
    /// The provisioned deployment (spillover is set on it).
    pub ptu_deployment: String,
    /// The standard deployment the overflow goes to (same resource, same
    /// data-processing level).
    pub standard_deployment: String,
    pub model: String,
    /// The model version; empty leaves it out of the body.
    pub model_version: String,
    /// PTUs of the provisioned deployment.
    pub ptus: u64,
    pub scope: Scope,
}

/// The ARM sku name of the provisioned deployment type of `scope`.
pub fn provisioned_sku(scope: Scope) -> &'static str {
    DeploymentType::provisioned(scope).sku()
}

/// The standard deployment type spillover needs beside a provisioned one of `scope`.
pub fn standard_type(scope: Scope) -> DeploymentType {
    DeploymentType::standard(scope)
}

impl SpilloverTarget {
    /// A target for a plan's cheapest count (at least its minimum), names
    /// as placeholders for the user to replace.
    pub fn for_plan(p: &PtuPlan, standard_deployment: &str, model_version: &str) -> Self {
        SpilloverTarget {
            subscription: "00000000-0000-0000-0000-000000000000".into(),
            resource_group: "my-resource-group".into(),
            account: "my-openai-account".into(),
            ptu_deployment: format!("{}-ptu", p.model),
            standard_deployment: standard_deployment.to_string(),
            model: p.model.clone(),
            model_version: model_version.to_string(),
            ptus: p.best.ptu.max(p.min_ptu).max(1.0).round() as u64,
            scope: p.scope,
        }
    }

    /// The deployment's management URL (each name percent-encoded as a
    /// path segment; the URL is then one shell word, quoted).
    pub fn url(&self) -> String {
        format!(
            "https://management.azure.com/subscriptions/{}/resourceGroups/{}/providers/Microsoft.CognitiveServices/accounts/{}/deployments/{}?api-version={SPILLOVER_API_VERSION}",
            segment(&self.subscription),
            segment(&self.resource_group),
            segment(&self.account),
            segment(&self.ptu_deployment)
        )
    }

    /// The PUT body.
    pub fn body(&self) -> serde_json::Value {
        let mut model = json!({"format": "OpenAI", "name": self.model});
        if !self.model_version.trim().is_empty() {
            model["version"] = json!(self.model_version.trim());
        }
        json!({
            "sku": {"name": provisioned_sku(self.scope), "capacity": self.ptus},
            "properties": {"model": model, "spilloverDeploymentName": self.standard_deployment},
        })
    }

    /// `az rest --method put …`: the POSIX shell command.
    pub fn az_rest(&self) -> String {
        let body = serde_json::to_string_pretty(&self.body()).unwrap_or_default();
        format!(
            "# Sets spilloverDeploymentName on the provisioned deployment {dep} (ARM api-version {SPILLOVER_API_VERSION}).\n\
             # The PUT carries the deployment's sku and model: check them against the deployment as it is.\n\
             az rest --method put \\\n  --url {url} \\\n  --headers 'Content-Type=application/json' \\\n  --body {body}\n",
            dep = one_line(&self.ptu_deployment),
            url = sh_quote(&self.url()),
            body = sh_quote(&body),
        )
    }
}

/// A URL path segment: unreserved characters as they are, every other byte
/// as `%XX`.
fn segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.trim().bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A name as it may appear in a `#` comment: one line.
fn one_line(s: &str) -> String {
    s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target() -> SpilloverTarget {
        SpilloverTarget {
            subscription: "sub".into(),
            resource_group: "rg".into(),
            account: "acct".into(),
            ptu_deployment: "gpt-4o-ptu".into(),
            standard_deployment: "chat-gpt4o".into(),
            model: "gpt-4o".into(),
            model_version: "2024-11-20".into(),
            ptus: 15,
            scope: Scope::Global,
        }
    }

    #[test]
    fn the_put_sets_the_spillover_deployment() {
        let t = target();
        let body = t.body();
        assert_eq!(body["properties"]["spilloverDeploymentName"], "chat-gpt4o");
        assert_eq!(body["sku"]["name"], "GlobalProvisionedManaged");
        assert_eq!(body["sku"]["capacity"], 15);
        assert_eq!(body["properties"]["model"]["version"], "2024-11-20");
        let cmd = t.az_rest();
        assert!(cmd.contains("--url 'https://management.azure.com/subscriptions/sub/resourceGroups/rg/providers/Microsoft.CognitiveServices/accounts/acct/deployments/gpt-4o-ptu?api-version=2024-10-01'"), "{cmd}");
        assert!(cmd.contains("\"spilloverDeploymentName\": \"chat-gpt4o\""), "{cmd}");
        let no_version = SpilloverTarget { model_version: " ".into(), scope: Scope::DataZone, ..target() };
        assert!(no_version.body()["properties"]["model"].get("version").is_none());
        assert_eq!(no_version.body()["sku"]["name"], "DataZoneProvisionedManaged");
    }

    #[test]
    fn names_reach_the_shell_only_quoted() {
        let evil = SpilloverTarget { standard_deployment: "x'; rm -rf / #\"\n$(id)".into(), ptu_deployment: "p\nq".into(), ..target() };
        let cmd = evil.az_rest();
        // Each argument is one single-quoted word: the quote is closed and
        // reopened around an escaped one, so nothing runs.
        assert!(cmd.contains(r#"x'\''; rm -rf / #\"\n$(id)"#), "{cmd}");
        // The JSON carries the name as a JSON string.
        let body: serde_json::Value = serde_json::from_str(&serde_json::to_string(&evil.body()).unwrap()).unwrap();
        assert_eq!(body["properties"]["spilloverDeploymentName"], "x'; rm -rf / #\"\n$(id)");
        // The comment stays one line.
        assert!(cmd.lines().next().unwrap().contains("p q"), "{cmd}");
        // The URL's names are path segments, percent-encoded.
        assert!(cmd.contains("/deployments/p%0Aq?api-version"), "{cmd}");
        // Every line after the comments belongs to the one command: outside
        // single quotes only `\'` and line continuations.
        let mut in_quote = false;
        let mut escaped = false;
        for c in cmd.split_once("az rest").unwrap().1.chars() {
            match (in_quote, escaped, c) {
                (_, true, _) => escaped = false,
                (false, false, '\\') => escaped = true,
                (_, false, '\'') => in_quote = !in_quote,
                _ => {}
            }
        }
        assert!(!in_quote, "quotes balanced: {cmd}");
    }
}
