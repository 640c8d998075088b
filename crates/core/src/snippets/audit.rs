//! The second door: rules that notice batch traffic that does not come
//! through the control plane. Batch jobs bypass API Management, so the
//! control plane's ledger is the only attribution; a job created by any
//! other identity (or with an API key) is unmetered and unattributed.
//!
//! Three artefacts: a KQL query for a scheduled log alert over the
//! resource's RequestResponse logs (batch or file calls by any other caller),
//! an Activity Log alert on role assignments written on the resource (who
//! could open the door), and an Azure Policy that denies key access (calls
//! with a key carry no identity to check).

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::text::{FormError, Text};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditOptions {
    /// `/subscriptions/<id>/resourceGroups/<rg>/providers/Microsoft.CognitiveServices/accounts/<name>`
    pub resource_id: String,
    /// The object (principal) id of the control plane's managed identity.
    pub control_plane_object_id: String,
    /// Name of the alert rules.
    pub rule_name: String,
}

impl Default for AuditOptions {
    fn default() -> Self {
        Self {
            resource_id: "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-ai/providers/Microsoft.CognitiveServices/accounts/contoso-aoai".into(),
            control_plane_object_id: "11111111-2222-3333-4444-555555555555".into(),
            rule_name: "batch-second-door".into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditRules {
    pub kql: String,
    pub activity_log_alert: String,
    pub policy: String,
    pub why: Text,
}

fn is_guid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12]) && parts.iter().all(|p| p.chars().all(|c| c.is_ascii_hexdigit()))
}

fn is_arm_name(s: &str) -> bool {
    !s.is_empty() && s.len() <= 90 && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '(' | ')'))
}

/// `true` for an Azure OpenAI / AI Services account's resource id.
pub fn is_account_id(s: &str) -> bool {
    let p: Vec<&str> = s.split('/').collect();
    p.len() == 9
        && p[0].is_empty()
        && p[1].eq_ignore_ascii_case("subscriptions")
        && is_guid(p[2])
        && p[3].eq_ignore_ascii_case("resourceGroups")
        && is_arm_name(p[4])
        && p[5].eq_ignore_ascii_case("providers")
        && p[6].eq_ignore_ascii_case("Microsoft.CognitiveServices")
        && p[7].eq_ignore_ascii_case("accounts")
        && is_arm_name(p[8])
}

/// A KQL string literal: double quotes, with `\\`, `"` and control
/// characters escaped (the inputs are checked first; this is the second wall).
pub fn kql_str(s: &str) -> String {
    // Other control characters are dropped.
    super::code_common::backslash_quoted(s, |c| c.is_control().then(String::new))
}

impl AuditOptions {
    pub fn validate(&self) -> Vec<FormError> {
        let mut e = Vec::new();
        if !is_account_id(self.resource_id.trim()) {
            e.push(FormError::new(
                "resource_id",
                "The resource id is /subscriptions/<guid>/resourceGroups/<rg>/providers/Microsoft.CognitiveServices/accounts/<name>.",
                "리소스 ID는 /subscriptions/<guid>/resourceGroups/<rg>/providers/Microsoft.CognitiveServices/accounts/<name> 형식입니다.",
            ));
        }
        if !is_guid(self.control_plane_object_id.trim()) {
            e.push(FormError::new(
                "control_plane_object_id",
                "The control plane's object id is a GUID (its managed identity's principal id).",
                "컨트롤 플레인의 개체 ID는 GUID입니다 (managed identity의 principal ID).",
            ));
        }
        if !is_arm_name(self.rule_name.trim()) {
            e.push(FormError::new(
                "rule_name",
                "The rule name: letters, digits, - _ . ( ) only.",
                "규칙 이름에는 영문자, 숫자, - _ . ( )만 쓸 수 있습니다.",
            ));
        }
        e
    }
}

/// The three rules and why they matter.
pub fn audit_rules(o: &AuditOptions) -> Result<AuditRules, Vec<FormError>> {
    let e = o.validate();
    if !e.is_empty() {
        return Err(e);
    }
    let (id, oid, name) = (o.resource_id.trim(), o.control_plane_object_id.trim().to_ascii_lowercase(), o.rule_name.trim());
    let kql = format!(
        "// {name}: batch jobs or batch files created by anyone but the control plane.\n\
// Needs a diagnostic setting that sends the resource's RequestResponse logs to this workspace.\n\
// First check the operation names your resource logs:\n\
//   AzureDiagnostics | where ResourceId =~ {rid} | summarize count() by OperationName\n\
AzureDiagnostics\n\
| where ResourceId =~ {rid}\n\
| where Category == \"RequestResponse\"\n\
| where OperationName has_any (\"batch\", \"file\")\n\
| extend props = parse_json(properties_s)\n\
| extend caller = tolower(coalesce(tostring(column_ifexists(\"identity_claim_oid_g\", \"\")), tostring(props.objectId)))\n\
// A call with an API key carries no object id: it fires too.\n\
| where caller != {coid}\n\
| project TimeGenerated, OperationName, caller, CallerIPAddress, ResultSignature\n",
        rid = kql_str(&id.to_ascii_uppercase()),
        coid = kql_str(&oid),
    );
    let activity = json!({
        "type": "Microsoft.Insights/activityLogAlerts",
        "name": format!("{name}-role-assignments"),
        "location": "global",
        "properties": {
            "enabled": true,
            "description": "A role assignment was written on the Global Batch resource: check that only the control plane's identity can create batch jobs and upload batch files.",
            "scopes": [id],
            "condition": {"allOf": [
                {"field": "category", "equals": "Administrative"},
                {"field": "operationName", "equals": "Microsoft.Authorization/roleAssignments/write"},
                {"field": "resourceId", "equals": id}
            ]},
            "actions": {"actionGroups": []}
        }
    });
    let policy = json!({
        "properties": {
            "displayName": format!("{name}: Azure OpenAI accounts must have key access disabled"),
            "mode": "Indexed",
            "description": "Calls made with an account key carry no identity, so the second-door alert can't tell them from the control plane's. Deny accounts that allow keys.",
            "policyRule": {
                "if": {"allOf": [
                    {"field": "type", "equals": "Microsoft.CognitiveServices/accounts"},
                    {"field": "Microsoft.CognitiveServices/accounts/disableLocalAuth", "notEquals": true}
                ]},
                "then": {"effect": "deny"}
            }
        }
    });
    let pretty = |v: &serde_json::Value| serde_json::to_string_pretty(v).unwrap_or_default();
    Ok(AuditRules {
        kql,
        activity_log_alert: pretty(&activity),
        policy: pretty(&policy),
        why: Text::new(
            "Batch jobs don't pass through API Management: the control plane's ledger is the only record of who submitted what. A job created by any other identity, or with an account key, uses the same enqueued-token quota but is in nobody's ledger: no per-tenant attribution, no budget, no alert on expiry, no copy of its output. The query fires on such calls, the Activity Log alert on role assignments that could let another identity in, and the policy removes keys, which carry no identity at all.",
            "배치 작업은 API Management를 거치지 않으므로 누가 무엇을 제출했는지 기록하는 것은 컨트롤 플레인의 원장뿐입니다. 다른 ID나 계정 키로 만든 작업은 같은 큐에 넣은 토큰 할당량을 쓰지만 어느 원장에도 없습니다. 테넌트별 귀속도, 예산도, 만료 알림도, 출력 복사도 없습니다. 쿼리는 그런 호출에, Activity Log 알림은 다른 ID를 들일 수 있는 역할 할당에 반응하고, 정책은 ID가 전혀 없는 키를 없앱니다.",
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_name_the_resource_and_the_identity() {
        let o = AuditOptions::default();
        let r = audit_rules(&o).unwrap();
        assert!(r.kql.contains(&format!("caller != \"{}\"", o.control_plane_object_id)), "{}", r.kql);
        let alert: serde_json::Value = serde_json::from_str(&r.activity_log_alert).unwrap();
        assert_eq!(alert["properties"]["scopes"][0], o.resource_id.as_str());
        let policy: serde_json::Value = serde_json::from_str(&r.policy).unwrap();
        assert_eq!(policy["properties"]["policyRule"]["then"]["effect"], "deny");
    }

    #[test]
    fn nonsense_is_refused_before_it_reaches_a_query() {
        let o = AuditOptions {
            resource_id: "/subscriptions/x\" | take 1 //".into(),
            control_plane_object_id: "\" or 1==1".into(),
            rule_name: "a b".into(),
        };
        let fields: Vec<String> = audit_rules(&o).unwrap_err().into_iter().map(|e| e.field).collect();
        assert_eq!(fields, vec!["resource_id", "control_plane_object_id", "rule_name"]);
        assert_eq!(kql_str("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
    }
}
