//! Times the /traffic engine's stages on an export (`gen_traffic`'s):
//! `cargo run --profile speed --example bench_traffic -- FILE`.
use batchlane_core::facts::Catalog;
use batchlane_core::traffic::{analyze_store, load_all, TrafficOptions};
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let t = Instant::now();
    let bytes = std::fs::read(&path).expect("read");
    let read = t.elapsed();
    let t = Instant::now();
    let (store, files, notices) = load_all(&[(path.clone(), bytes.as_slice())], &mut |_, _| {}).expect("load");
    let load = t.elapsed();
    let t = Instant::now();
    let report = analyze_store(&store, files, notices, &TrafficOptions::default(), &Catalog::builtin());
    let analyse = t.elapsed();
    let t = Instant::now();
    let json = report.to_json().to_string();
    let out = t.elapsed();
    println!(
        "traffic: {} MB, {} deployments, {} deployment-minutes: read {:.2} s, parse and merge {:.2} s, analyse {:.2} s, JSON {:.2} s ({} KB)",
        bytes.len() / 1_000_000,
        report.deployments.len(),
        store.cells(),
        read.as_secs_f64(),
        load.as_secs_f64(),
        analyse.as_secs_f64(),
        out.as_secs_f64(),
        json.len() / 1000
    );
}
