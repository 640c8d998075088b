//! Helpers shared by the fuzz targets: turning raw fuzzer bytes into the
//! inputs the parsers take (query pairs, several files fed in chunks, a
//! KEDA form). No parser logic here: the targets call batchlane-core.

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{
    ClusterFacts, Entity, FallbackBehavior, FallbackForm, JobStrategy, KedaForm, LintInput, QuotaFeed, ScaleKind, ScalingModifiersForm,
};
use libfuzzer_sys::arbitrary::{Result, Unstructured};

/// A query string as the page hands it to a decoder: `&`-separated pairs,
/// each split at its first `=`, bytes read as lossy UTF-8.
pub fn query_pairs(data: &[u8]) -> Vec<(String, String)> {
    data.split(|&b| b == b'&')
        .map(|pair| {
            let (k, v) = match pair.iter().position(|&b| b == b'=') {
                Some(i) => (&pair[..i], &pair[i + 1..]),
                None => (pair, &[][..]),
            };
            (String::from_utf8_lossy(k).into_owned(), String::from_utf8_lossy(v).into_owned())
        })
        .collect()
}

/// `data` split in exactly `parts` pieces at points taken from its first bytes (the
/// rest of the bytes are the content), so the fuzzer controls the split.
pub fn split_parts(data: &[u8], parts: usize) -> Vec<&[u8]> {
    let header = parts.saturating_sub(1).min(data.len());
    let (cuts, body) = data.split_at(header);
    let mut points: Vec<usize> = cuts.iter().map(|&c| (c as usize * body.len()) / 255).collect();
    points.sort_unstable();
    let mut out = Vec::with_capacity(parts);
    let mut start = 0;
    for p in points {
        out.push(&body[start..p]);
        start = p;
    }
    out.push(&body[start..]);
    // Too short for the cut points: the last files are empty.
    out.resize(parts.max(1), &[]);
    out
}

/// Chunks of `bytes` whose sizes cycle through `sizes` (0 read as 1): the
/// way a reader's slices may fall anywhere in a line or a UTF-8 sequence.
pub fn chunks<'a>(bytes: &'a [u8], sizes: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut rest = bytes;
    let mut i = 0;
    while !rest.is_empty() {
        let n = sizes.get(i % sizes.len().max(1)).map_or(rest.len(), |&s| (s as usize).max(1)).min(rest.len());
        let (a, b) = rest.split_at(n);
        out.push(a);
        rest = b;
        i += 1;
    }
    out
}

/// A count as a form or a link may give it: mostly small, sometimes any i64.
fn count(u: &mut Unstructured) -> Result<i64> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => u.arbitrary::<i64>()?,
        1 => u.int_in_range(-5..=5)?,
        _ => u.int_in_range(0..=1_000_000)?,
    })
}

fn real(u: &mut Unstructured) -> Result<f64> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => u.arbitrary::<f64>()?,
        1 => *u.choose(&[0.0, -1.0, f64::NAN, f64::INFINITY, f64::MIN_POSITIVE, 1e300, f64::MAX])?,
        _ => f64::from(u.int_in_range(1..=10_000_000u32)?) / 10.0,
    })
}

fn text(u: &mut Unstructured, default: &str) -> Result<String> {
    Ok(if u.arbitrary::<bool>()? { u.arbitrary::<String>()? } else { default.to_string() })
}

/// A KEDA form and cluster facts built from fuzzer bytes: the catalog's
/// defaults with any field replaced by an arbitrary value.
pub fn lint_input(u: &mut Unstructured, catalog: &Catalog) -> Result<LintInput> {
    let d = KedaForm::new(catalog);
    let opt_count = |u: &mut Unstructured| -> Result<Option<i64>> { Ok(if u.arbitrary()? { Some(count(u)?) } else { None }) };
    let form = KedaForm {
        kind: if u.arbitrary()? { ScaleKind::ScaledJob } else { ScaleKind::ScaledObject },
        name: text(u, &d.name)?,
        namespace: text(u, &d.namespace)?,
        target_name: text(u, &d.target_name)?,
        job_image: text(u, &d.job_image)?,
        service_account_name: text(u, &d.service_account_name)?,
        entity: if u.arbitrary()? {
            Entity::Topic { topic_name: text(u, "orders")?, subscription_name: text(u, "ingest")? }
        } else {
            Entity::Queue { queue_name: text(u, "doc-ingest")? }
        },
        servicebus_namespace: text(u, &d.servicebus_namespace)?,
        message_count: count(u)?,
        activation_message_count: opt_count(u)?,
        min_replicas: count(u)?,
        max_replicas: opt_count(u)?,
        idle_replicas: opt_count(u)?,
        polling_interval: count(u)?,
        cooldown_period: count(u)?,
        initial_cooldown_period: opt_count(u)?,
        fallback: if u.arbitrary()? {
            Some(FallbackForm {
                failure_threshold: count(u)?,
                replicas: count(u)?,
                behavior: *u.choose(&[
                    None,
                    Some(FallbackBehavior::Static),
                    Some(FallbackBehavior::CurrentReplicas),
                    Some(FallbackBehavior::CurrentReplicasIfHigher),
                    Some(FallbackBehavior::CurrentReplicasIfLower),
                ])?,
            })
        } else {
            None
        },
        scaling_modifiers: if u.arbitrary()? {
            Some(ScalingModifiersForm { formula: text(u, "servicebus")?, target: text(u, "5")? })
        } else {
            None
        },
        scaling_strategy: *u.choose(&[JobStrategy::Default, JobStrategy::Custom, JobStrategy::Accurate, JobStrategy::Eager])?,
        successful_jobs_history_limit: count(u)?,
        failed_jobs_history_limit: count(u)?,
        trigger_auth_name: text(u, &d.trigger_auth_name)?,
        trigger_auth_namespace: text(u, "")?,
        identity_id: text(u, "")?,
        identity_tenant_id: text(u, "")?,
        identity_authority_host: text(u, "")?,
        aks_kubernetes_version: text(u, &d.aks_kubernetes_version)?,
        worker_shutdown_seconds: count(u)?,
        quota: if u.arbitrary()? {
            Some(QuotaFeed {
                tpm: real(u)?,
                concurrency_per_replica: real(u)?,
                tokens_per_message: real(u)?,
                messages_per_minute_per_slot: real(u)?,
            })
        } else {
            None
        },
    };
    let cluster = ClusterFacts {
        hpa_on_workload: u.arbitrary()?,
        other_keda_install: u.arbitrary()?,
        workload_identity_before_addon: u.arbitrary()?,
        federated_credential_subject: u.arbitrary()?,
        receivers_per_replica: u.arbitrary()?,
        connections_per_replica: u.arbitrary()?,
        other_connections: u.arbitrary()?,
    };
    Ok(LintInput { form, cluster })
}

/// A reader that hands over `bytes` in short reads of sizes taken from
/// `sizes` (1 to 256 bytes each, cycling), so the importers see every split:
/// a byte order mark, a character, a number or a line cut between reads.
pub struct ShortReads<'a> {
    bytes: &'a [u8],
    sizes: &'a [u8],
    at: usize,
    turn: usize,
}

impl<'a> ShortReads<'a> {
    pub fn new(bytes: &'a [u8], sizes: &'a [u8]) -> Self {
        ShortReads { bytes, sizes, at: 0, turn: 0 }
    }
}

impl std::io::Read for ShortReads<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes.get(self.turn % self.sizes.len().max(1)).map_or(usize::MAX, |s| usize::from(*s) + 1);
        self.turn = self.turn.wrapping_add(1);
        let n = size.min(buf.len()).min(self.bytes.len() - self.at);
        buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Runs one traffic import of `body` in the given layout (a prefix makes a
/// body of another layout this one: a CSV header, `[` or `{"value":`), read
/// in short reads, then the analysis; checks the bounds the report promises.
/// Never a panic.
pub fn traffic_import(layout: batchlane_core::traffic::Layout, data: &[u8]) {
    use batchlane_core::traffic::{
        analyze_store, detect, Importer, Layout, TrafficOptions, MAX_CELLS, MAX_LISTED_MINUTES, MAX_TIER_NAMES, MAX_TIER_NAME_CHARS, MAX_VERSIONS,
    };
    let (sizes, body) = data.split_at(data.len().min(4));
    let prefix: &[u8] = match layout {
        Layout::PlainCsv => b"timestamp,deployment,model,model_version,requests,status,prompt_tokens,cached_tokens,completion_tokens,spillover,ttft_ms,tbt_ms,latency_ms,service_tier_request,service_tier_response\n",
        Layout::AzureMetricsCsv => b"TimeGenerated,MetricName,Total,Count,Maximum,Minimum,Average,TimeGrain,ModelDeploymentName,ModelName,ModelVersion,StatusCode,IsSpillover,ServiceTierRequest,ServiceTierResponse\n",
        Layout::AzureMetricsJson => b"[",
        Layout::MetricsList => b"{\"value\":",
    };
    let mut input = Vec::with_capacity(prefix.len() + body.len());
    if detect("f", body).ok() != Some(layout) {
        input.extend_from_slice(prefix);
    }
    input.extend_from_slice(body);
    let mut importer = Importer::new();
    let mut said = 0u64;
    let read = importer.read("f", &mut ShortReads::new(&input, sizes), &mut |done| {
        assert!(done >= said && done <= input.len() as u64, "progress {done} after {said} of {}", input.len());
        said = done;
    });
    assert!(importer.bytes_read() <= input.len() as u64);
    if read.is_err() {
        return;
    }
    assert_eq!(importer.bytes_read(), input.len() as u64, "a file read whole");
    let (store, files, notices) = importer.finish();
    assert!(store.cells() <= MAX_CELLS);
    assert!(store.tier_names.names.len() <= MAX_TIER_NAMES);
    assert!(store.tier_names.names.iter().all(|n| n.chars().count() <= MAX_TIER_NAME_CHARS * 10 + 1));
    for d in &store.deployments {
        // Tier minutes lie within the deployment's span.
        if let (Some((first, _)), Some((last, _))) = (d.tiers.minutes.first_key_value(), d.tiers.minutes.last_key_value()) {
            assert!(d.cells.first().is_some_and(|f| f <= *first) && d.cells.last().is_some_and(|l| l >= *last));
        }
    }
    let report = analyze_store(&store, files, notices, &TrafficOptions::default(), &batchlane_core::facts::Catalog::builtin());
    for d in &report.deployments {
        assert!(d.model_versions.len() <= MAX_VERSIONS);
        if let Some(t) = &d.tiers {
            assert!(t.minutes.len() <= MAX_LISTED_MINUTES && t.minutes.len() as u64 <= t.minutes_total);
            assert!(t.downgrade_share.is_none_or(|s| (0.0..=1.0).contains(&s)));
            assert!(t.flex_429_share.is_none_or(|s| (0.0..=1.0).contains(&s)));
        }
    }
    for p in &report.ptu {
        assert!(p.minutes as usize <= store.cells().max(1), "a plan of {} minutes over {} cells", p.minutes, store.cells());
    }
    let _ = report.to_json();
}
