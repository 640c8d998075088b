//! The second door: rules that notice batch traffic that does not come
//! through the control plane. Batch jobs bypass API Management, so the
//! control plane's ledger is the only attribution; a job created by any
//! other identity (or with an API key) is unmetered and unattributed.
//!
//! Three artefacts: a KQL query for a scheduled log alert over the
//! resource's RequestResponse logs (batch or file writes by any other
//! caller), an Activity Log alert on role assignments written in the
//! account's subscription (at the account, its resource group or the
//! subscription: who could open the door), sent to an action group, and an
//! Azure Policy that denies key access (calls with a key carry no identity
//! to check). What each does not catch is said in the artefact and in
//! [`AuditRules::gaps`].

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
    /// The action group the Activity Log alert notifies:
    /// `/subscriptions/<id>/resourceGroups/<rg>/providers/microsoft.insights/actionGroups/<name>`.
    #[serde(default = "default_action_group")]
    pub action_group_id: String,
}

fn default_action_group() -> String {
    "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-ai/providers/microsoft.insights/actionGroups/batch-oncall".into()
}

impl Default for AuditOptions {
    fn default() -> Self {
        Self {
            resource_id: "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-ai/providers/Microsoft.CognitiveServices/accounts/contoso-aoai".into(),
            control_plane_object_id: "11111111-2222-3333-4444-555555555555".into(),
            rule_name: "batch-second-door".into(),
            action_group_id: default_action_group(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditRules {
    pub kql: String,
    pub activity_log_alert: String,
    pub policy: String,
    pub why: Text,
    /// What the three rules do not catch.
    pub gaps: Text,
}

fn is_guid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12]) && parts.iter().all(|p| p.chars().all(|c| c.is_ascii_hexdigit()))
}

fn is_arm_name(s: &str) -> bool {
    !s.is_empty() && s.len() <= 90 && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '(' | ')'))
}

/// `true` for `/subscriptions/<guid>/resourceGroups/<name>/providers/<provider>/<kind>/<name>`.
fn is_resource_id(s: &str, provider: &str, kind: &str) -> bool {
    let p: Vec<&str> = s.split('/').collect();
    p.len() == 9
        && p[0].is_empty()
        && p[1].eq_ignore_ascii_case("subscriptions")
        && is_guid(p[2])
        && p[3].eq_ignore_ascii_case("resourceGroups")
        && is_arm_name(p[4])
        && p[5].eq_ignore_ascii_case("providers")
        && p[6].eq_ignore_ascii_case(provider)
        && p[7].eq_ignore_ascii_case(kind)
        && is_arm_name(p[8])
}

/// `true` for an Azure OpenAI / AI Services account's resource id.
pub fn is_account_id(s: &str) -> bool {
    is_resource_id(s, "Microsoft.CognitiveServices", "accounts")
}

/// `true` for an action group's resource id.
pub fn is_action_group_id(s: &str) -> bool {
    is_resource_id(s, "microsoft.insights", "actionGroups")
}

/// A KQL string literal: double quotes, with `\\`, `"` and control
/// characters escaped (the inputs are checked first; this is the second wall).
pub fn kql_str(s: &str) -> String {
    // Other control characters, and bidirectional controls (KQL documents no
    // escape for them), are dropped.
    super::code::backslash_quoted(s, |c| (c.is_control() || super::code::is_bidi_control(c)).then(String::new))
}

impl AuditOptions {
    pub fn validate(&self) -> Vec<FormError> {
        let mut e = Vec::new();
        if !is_account_id(self.resource_id.trim()) {
            e.push(crate::snippets::form_error(
                "resource_id",
                "The resource id is /subscriptions/<guid>/resourceGroups/<rg>/providers/Microsoft.CognitiveServices/accounts/<name>.",
                "리소스 ID는 /subscriptions/<guid>/resourceGroups/<rg>/providers/Microsoft.CognitiveServices/accounts/<name> 형식입니다.",
            ));
        }
        if !is_guid(self.control_plane_object_id.trim()) {
            e.push(crate::snippets::form_error(
                "control_plane_object_id",
                "The control plane's object id is a GUID (its managed identity's principal id).",
                "컨트롤 플레인의 개체 ID는 GUID입니다 (managed identity의 principal ID).",
            ));
        }
        if !is_arm_name(self.rule_name.trim()) {
            e.push(crate::snippets::form_error(
                "rule_name",
                "The rule name: letters, digits, - _ . ( ) only.",
                "규칙 이름에는 영문자, 숫자, - _ . ( )만 쓸 수 있습니다.",
            ));
        }
        if !is_action_group_id(self.action_group_id.trim()) {
            e.push(crate::snippets::form_error(
                "action_group_id",
                "The action group is /subscriptions/<guid>/resourceGroups/<rg>/providers/microsoft.insights/actionGroups/<name>: an alert without one notifies nobody.",
                "작업 그룹은 /subscriptions/<guid>/resourceGroups/<rg>/providers/microsoft.insights/actionGroups/<name> 형식입니다. 작업 그룹이 없는 알림은 아무에게도 전달되지 않습니다.",
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
    let subscription = format!("/subscriptions/{}", id.split('/').nth(2).unwrap_or_default());
    let resource_group = id.split('/').nth(4).unwrap_or_default();
    let kql = format!(
        "// {name}: batch jobs or batch files created (or cancelled, deleted) by anyone but the control plane.\n\
// Run it as a scheduled query alert (rows > 0) with the same action group as the Activity Log alert.\n\
// Needs a diagnostic setting that sends the resource's RequestResponse logs to this workspace.\n\
// First check the operation names your resource logs:\n\
//   AzureDiagnostics | where ResourceId =~ {rid} | summarize count() by OperationName\n\
// Writes only: an operation counts when its name holds a write verb (create, upload, post, cancel,\n\
// delete) and no read verb (get, list, retrieve, content, download): reads never fire. Adjust the\n\
// verbs to the names above.\n\
// Does not catch: calls through another account or region (one query per account); a write whose\n\
// logged name has none of the verbs; calls made before the diagnostic setting existed; the\n\
// control plane's own identity misused (its calls are trusted here).\n\
AzureDiagnostics\n\
| where ResourceId =~ {rid}\n\
| where Category == \"RequestResponse\"\n\
| where OperationName matches regex \"(?i)batch|file\"\n\
| where OperationName matches regex \"(?i)create|upload|post|cancel|delete\"\n\
| where not(OperationName matches regex \"(?i)get|list|retrieve|content|download\")\n\
| extend props = parse_json(properties_s)\n\
| extend caller = tolower(coalesce(tostring(column_ifexists(\"identity_claim_oid_g\", \"\")), tostring(props.objectId)))\n\
// A call with an API key carries no object id: it fires too.\n\
| where caller != {coid}\n\
| summarize writes = count(), first = min(TimeGenerated), last = max(TimeGenerated) by caller, OperationName, CallerIPAddress, ResultSignature\n",
        rid = kql_str(&id.to_ascii_uppercase()),
        coid = kql_str(&oid),
    );
    // Scope and condition: the event of a role assignment carries the
    // assignment's own id (<scope>/providers/Microsoft.Authorization/roleAssignments/<guid>),
    // never the account's, so `resourceId equals <account>` matched nothing.
    // `scopes` are prefixes of the events' resource ids ("A list of resource
    // IDs that will be used as prefixes. The alert will only apply to Activity
    // Log events with resource IDs that fall under one of these prefixes":
    // learn.microsoft.com/rest/api/monitor/activity-log-alerts/create-or-update,
    // api-version 2020-10-01). An assignment at the subscription falls under
    // the subscription only, so the rule is scoped there: it fires for the
    // account, its resource group and the subscription (and, the price of
    // seeing the subscription, for the subscription's other resource groups).
    // Fields category / operationName / status and the actionGroups list: the
    // same page's AlertRuleLeafCondition and ActionList.
    let activity = json!({
        "type": "Microsoft.Insights/activityLogAlerts",
        "apiVersion": "2020-10-01",
        "name": format!("{name}-role-assignments"),
        "location": "global",
        "properties": {
            "enabled": true,
            "description": format!("A role assignment was written in the subscription of the Global Batch account {id} (on the account, resource group {resource_group}, the subscription, or another resource group): check that only the control plane's identity can create batch jobs and upload batch files. Does not catch: assignments at a management group or the tenant root (not in this subscription's Activity Log), a user added to a group that already holds a role (Microsoft Entra audit log), a custom role given more actions (roleDefinitions/write), or an eligible role activated through PIM."),
            "scopes": [subscription],
            "condition": {"allOf": [
                {"field": "category", "equals": "Administrative"},
                {"field": "operationName", "equals": "Microsoft.Authorization/roleAssignments/write"},
                {"field": "status", "equals": "Succeeded"}
            ]},
            "actions": {"actionGroups": [{"actionGroupId": o.action_group_id.trim()}]}
        }
    });
    let policy = json!({
        "properties": {
            "displayName": format!("{name}: Azure OpenAI accounts must have key access disabled"),
            "mode": "Indexed",
            "description": "Calls made with an account key carry no identity, so the second-door alert can't tell them from the control plane's. Deny accounts that allow keys. Does not catch: accounts that already exist until they are changed (deny acts on create and update; see their compliance state), or an exemption for the account.",
            "policyRule": {
                "if": {"allOf": [
                    {"field": "type", "equals": "Microsoft.CognitiveServices/accounts"},
                    {"field": "Microsoft.CognitiveServices/accounts/disableLocalAuth", "notEquals": true}
                ]},
                "then": {"effect": "deny"}
            }
        }
    });
    let pretty = super::code::json_pretty;
    Ok(AuditRules {
        kql,
        activity_log_alert: pretty(&activity),
        policy: pretty(&policy),
        why: Text::new(
            "Batch jobs don't pass through API Management: the control plane's ledger is the only record of who submitted what. A job created by any other identity, or with an account key, uses the same enqueued-token quota but is in nobody's ledger: no per-tenant attribution, no budget, no alert on expiry, no copy of its output. The query fires on such calls, the Activity Log alert on role assignments that could let another identity in, and the policy removes keys, which carry no identity at all.",
            "배치 작업은 API Management를 거치지 않으므로 누가 무엇을 제출했는지 기록하는 것은 컨트롤 플레인의 원장뿐입니다. 다른 ID나 계정 키로 만든 작업은 같은 큐에 넣은 토큰 할당량을 쓰지만 어느 원장에도 없습니다. 테넌트별 귀속도, 예산도, 만료 알림도, 출력 복사도 없습니다. 쿼리는 그런 호출에, Activity Log 알림은 다른 ID를 들일 수 있는 역할 할당에 반응하고, 정책은 ID가 전혀 없는 키를 없앱니다.",
        ),
        gaps: Text::new(
            "What they miss. The query: writes whose logged operation name has none of its verbs, calls before the diagnostic setting existed, other accounts, and misuse of the control plane's own identity. The Activity Log alert (which fires on every role assignment in the subscription, not only the account's): assignments at a management group or the tenant root, a user added to a group that already holds a role, a custom role given more actions, an eligible role activated through PIM. The policy: accounts that already allow keys until they are next changed, and exempted accounts.",
            "놓치는 것. 쿼리: 기록된 작업 이름에 쓰기 동사가 없는 쓰기, 진단 설정 전의 호출, 다른 계정, 컨트롤 플레인 자신의 ID 오용. Activity Log 알림(계정뿐 아니라 구독의 모든 역할 할당에 반응): 관리 그룹이나 테넌트 루트의 할당, 이미 역할이 있는 그룹에 추가된 사용자, 동작이 늘어난 사용자 지정 역할, PIM으로 활성화된 적격 역할. 정책: 이미 키를 허용하는 계정(다음 변경 전까지)과 예외가 지정된 계정.",
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kql_str_never_writes_a_bidi_control() {
        // KQL documents no escape for them (quotes, \t, \n, \\ only): dropped, as control characters are.
        let s = kql_str("a\u{202e}b\u{2066}c\u{200f}d\u{061c}e\u{1b}f\"");
        assert_eq!(s, "\"abcdef\\\"\"");
    }

    #[test]
    fn rules_name_the_resource_and_the_identity() {
        let o = AuditOptions::default();
        let r = audit_rules(&o).unwrap();
        assert!(r.kql.contains(&format!("caller != \"{}\"", o.control_plane_object_id)), "{}", r.kql);
        let alert: serde_json::Value = serde_json::from_str(&r.activity_log_alert).unwrap();
        assert_eq!(alert["properties"]["scopes"][0], "/subscriptions/00000000-0000-0000-0000-000000000000");
        let policy: serde_json::Value = serde_json::from_str(&r.policy).unwrap();
        assert_eq!(policy["properties"]["policyRule"]["then"]["effect"], "deny");
    }

    #[test]
    fn nonsense_is_refused_before_it_reaches_a_query() {
        let o = AuditOptions {
            resource_id: "/subscriptions/x\" | take 1 //".into(),
            control_plane_object_id: "\" or 1==1".into(),
            rule_name: "a b".into(),
            action_group_id: "\"}] , \"x\": 1".into(),
        };
        let fields: Vec<String> = audit_rules(&o).unwrap_err().into_iter().map(|e| e.field).collect();
        assert_eq!(fields, vec!["resource_id", "control_plane_object_id", "rule_name", "action_group_id"]);
        assert_eq!(kql_str("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
    }

    /// Does an Activity Log alert fire on an event? Scopes are prefixes of
    /// the event's resource id; every allOf leaf's field equals its value
    /// (case-insensitive), an anyOf holds when one of its leaves does.
    fn fires(alert: &serde_json::Value, event: &serde_json::Value) -> bool {
        let p = &alert["properties"];
        let lower = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_ascii_lowercase();
        let id = lower(&event["resourceId"]);
        let in_scope = p["scopes"].as_array().unwrap().iter().any(|s| id.starts_with(&lower(s)));
        let leaf = |c: &serde_json::Value| lower(&event[c["field"].as_str().unwrap()]) == lower(&c["equals"]);
        let all = p["condition"]["allOf"].as_array().unwrap().iter().all(|c| match c["anyOf"].as_array() {
            Some(any) => any.iter().any(leaf),
            None => leaf(c),
        });
        in_scope && all && p["enabled"] == true
    }

    #[test]
    fn the_alert_fires_on_role_assignments_at_the_account_and_above_and_notifies_an_action_group() {
        // Fails before the fix: the rule was scoped to the account and matched
        // resourceId == account, which an assignment's own id never equals;
        // its action group list was empty.
        let o = AuditOptions::default();
        let alert: serde_json::Value = serde_json::from_str(&audit_rules(&o).unwrap().activity_log_alert).unwrap();
        let sub = "/subscriptions/00000000-0000-0000-0000-000000000000";
        let assignment = |scope: &str, op: &str, status: &str| {
            json!({
                "resourceId": format!("{scope}/providers/Microsoft.Authorization/roleAssignments/9f6a1f3e-0000-4000-8000-000000000001"),
                "category": "Administrative",
                "operationName": op,
                "status": status,
            })
        };
        let write = "Microsoft.Authorization/roleAssignments/write";
        for scope in [o.resource_id.clone(), format!("{sub}/resourceGroups/rg-ai"), sub.to_string()] {
            assert!(fires(&alert, &assignment(&scope, write, "Succeeded")), "{scope}");
            assert!(!fires(&alert, &assignment(&scope, write, "Started")), "once per assignment: {scope}");
            assert!(!fires(&alert, &assignment(&scope, "Microsoft.Authorization/roleAssignments/delete", "Succeeded")), "{scope}");
        }
        let other_sub = "/subscriptions/99999999-0000-0000-0000-000000000000";
        assert!(!fires(&alert, &assignment(other_sub, write, "Succeeded")));
        let groups = alert["properties"]["actions"]["actionGroups"].as_array().unwrap();
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0]["actionGroupId"], o.action_group_id.as_str());
        assert!(alert["properties"]["description"].as_str().unwrap().contains("Does not catch"));
    }

    #[test]
    fn an_alert_without_an_action_group_is_refused() {
        for bad in
            ["", "batch-oncall", "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Web/sites/x"]
        {
            let o = AuditOptions { action_group_id: bad.into(), ..AuditOptions::default() };
            let fields: Vec<String> = audit_rules(&o).unwrap_err().into_iter().map(|e| e.field).collect();
            assert_eq!(fields, ["action_group_id"], "{bad:?}");
        }
    }

    #[test]
    fn the_query_counts_batch_and_file_writes_only() {
        // Fails before the fix: the query matched every batch or file
        // operation, reads (get, list, content) included.
        let kql = audit_rules(&AuditOptions::default()).unwrap().kql;
        let filters: Vec<(bool, regex_lite::Regex)> = kql
            .lines()
            .filter(|l| l.starts_with("| where") && l.contains("OperationName matches regex"))
            .map(|l| {
                let pattern = l.split('"').nth(1).unwrap();
                (l.contains("not("), regex_lite::Regex::new(pattern).unwrap())
            })
            .collect();
        let counted = |op: &str| filters.iter().all(|(negated, re)| re.is_match(op) != *negated);
        for op in ["Create_Batch", "CreateBatch", "Upload_File", "Files_Upload", "Cancel_Batch", "Delete_File", "POST /batches"] {
            assert!(counted(op), "{op} is a write");
        }
        for op in [
            "Get_Batch",
            "List_Batches",
            "ListBatches",
            "Retrieve_File_Content",
            "GetFileContent",
            "Download_File",
            "ChatCompletions_Create",
        ] {
            assert!(!counted(op), "{op} is not a batch or file write");
        }
        assert!(kql.contains("Does not catch"), "{kql}");
    }
}
