//! Writes a deterministic Azure Monitor `Metrics - List` export for the
//! /traffic benchmark: `cargo run --release --example gen_traffic --
//! DEPLOYMENTS DAYS OUT.json`. Per deployment and minute: requests answered
//! 200 and 429 (split by `StatusCode`), `ProcessedPromptTokens` and
//! `GeneratedTokens`, with a daily wave and bursts — as `az monitor metrics
//! list --interval PT1M --filter "ModelDeploymentName eq '*' and StatusCode
//! eq '*'" -o json` prints it.

use batchlane_core::io::Rng;
use std::io::{BufWriter, Write};

const MODELS: &[&str] = &["gpt-4o", "gpt-4.1-mini", "gpt-4.1", "o4-mini"];

fn stamp(minute: u64) -> String {
    // 2026-11-01T00:00Z plus `minute`.
    let day = 1 + minute / 1440;
    let (month, day) = if day > 30 { (12, day - 30) } else { (11, day) };
    format!("2026-{month:02}-{day:02}T{:02}:{:02}:00Z", (minute % 1440) / 60, minute % 60)
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(deployments), Some(days), Some(out)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("usage: gen_traffic DEPLOYMENTS DAYS OUT.json");
        std::process::exit(2);
    };
    let deployments: u64 = deployments.parse().expect("DEPLOYMENTS");
    let minutes: u64 = days.parse::<u64>().expect("DAYS") * 1440;
    let mut w = BufWriter::with_capacity(1 << 20, std::fs::File::create(out)?);
    write!(w, "{{\"cost\": 0, \"timespan\": \"{}/{}\", \"interval\": \"PT1M\", \"namespace\": \"Microsoft.CognitiveServices/accounts\", \"resourceregion\": \"swedencentral\", \"value\": [", stamp(0), stamp(minutes))?;
    let metrics = ["AzureOpenAIRequests", "ProcessedPromptTokens", "GeneratedTokens"];
    for (mi, metric) in metrics.iter().enumerate() {
        if mi > 0 {
            write!(w, ",")?;
        }
        write!(w, "{{\"id\": \"/subscriptions/0/resourceGroups/rg/providers/Microsoft.CognitiveServices/accounts/aoai/providers/Microsoft.Insights/metrics/{metric}\", \"type\": \"Microsoft.Insights/metrics\", \"name\": {{\"value\": \"{metric}\", \"localizedValue\": \"{metric}\"}}, \"unit\": \"Count\", \"timeseries\": [")?;
        let statuses: &[&str] = if mi == 0 { &["200", "429"] } else { &[""] };
        let mut first_series = true;
        for d in 0..deployments {
            let model = MODELS[(d as usize) % MODELS.len()];
            for status in statuses {
                if !first_series {
                    write!(w, ",")?;
                }
                first_series = false;
                write!(w, "{{\"metadatavalues\": [{{\"name\": {{\"value\": \"ModelDeploymentName\"}}, \"value\": \"{model}-{d}\"}}")?;
                if mi == 0 {
                    write!(w, ", {{\"name\": {{\"value\": \"ModelName\"}}, \"value\": \"{model}\"}}, {{\"name\": {{\"value\": \"StatusCode\"}}, \"value\": \"{status}\"}}")?;
                }
                write!(w, ", {{\"name\": {{\"value\": \"ModelVersion\"}}, \"value\": \"2024-11-20\"}}], \"data\": [")?;
                // The same seed per deployment in every metric: the minutes agree.
                let mut rng = Rng::new(d * 7919 + 1);
                for m in 0..minutes {
                    let wave = 1.0 + (std::f64::consts::TAU * (m % 1440) as f64 / 1440.0).sin().abs() * 2.0;
                    let burst = if rng.uniform() < 0.01 { 4.0 } else { 1.0 };
                    let requests = (20.0 * wave * burst * (0.8 + 0.4 * rng.uniform())).round();
                    let throttled = if burst > 1.0 { (requests * 0.2).round() } else { 0.0 };
                    let value = match (mi, *status) {
                        (0, "200") => requests - throttled,
                        (0, _) => throttled,
                        (1, _) => (requests - throttled) * 1_500.0,
                        _ => (requests - throttled) * 300.0,
                    };
                    if m > 0 {
                        write!(w, ",")?;
                    }
                    if value > 0.0 {
                        write!(w, "{{\"timeStamp\": \"{}\", \"total\": {value:.1}}}", stamp(m))?;
                    } else {
                        write!(w, "{{\"timeStamp\": \"{}\"}}", stamp(m))?;
                    }
                }
                write!(w, "]}}")?;
            }
        }
        write!(w, "], \"errorCode\": \"Success\"}}")?;
    }
    writeln!(w, "]}}")?;
    w.flush()
}
