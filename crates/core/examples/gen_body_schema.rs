//! Regenerates the body-schema tables (`src/batch/schema/openai.rs`,
//! `azure.rs`) from the vendored spec subsets in `assets/specs/`, and prints
//! what each table checks. With `--spec openai=PATH` or `--spec azure=PATH`
//! (a vendor's whole OpenAPI JSON document) it first extracts a new subset.
//!
//! Usage: cargo run -p batchlane-core --example gen_body_schema [-- --spec openai=openapi.json] [--spec azure=inference.json]

use batchlane_core::batch::schema::gen;
use std::path::Path;

fn fail(msg: String) -> ! {
    eprintln!("gen_body_schema: {msg}");
    std::process::exit(1);
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let (Some("--spec"), Some(v)) = (args.get(i).map(String::as_str), args.get(i + 1)) else {
            fail("usage: gen_body_schema [--spec openai=PATH] [--spec azure=PATH]".into());
        };
        let (which, path) = v.split_once('=').unwrap_or_else(|| fail(format!("--spec {v}: NAME=PATH")));
        let (subset, roots) = match which {
            "openai" => (gen::OPENAI_SUBSET, gen::OPENAI_ROOTS),
            "azure" => (gen::AZURE_SUBSET, gen::AZURE_ROOTS),
            _ => fail(format!("--spec {which}: openai or azure")),
        };
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(format!("{path}: {e}")));
        let spec = serde_json::from_str(&text).unwrap_or_else(|e| fail(format!("{path}: {e}")));
        let names: Vec<&str> = roots.iter().map(|&(_, s)| s).collect();
        let sub = gen::extract_subset(&spec, &names).unwrap_or_else(|e| fail(format!("{path}: {e}")));
        let mut out = serde_json::to_string_pretty(&sub).expect("a Value serializes");
        out.push('\n');
        std::fs::write(root.join(subset), out).unwrap_or_else(|e| fail(format!("{subset}: {e}")));
        println!("{subset}: extracted from {path}");
        i += 2;
    }
    let read = |subset: &str| std::fs::read_to_string(root.join(subset)).unwrap_or_else(|e| fail(format!("{subset}: {e}")));
    let openai = read(gen::OPENAI_SUBSET);
    for (subset, table, config) in [
        (gen::OPENAI_SUBSET, "src/batch/schema/openai.rs", gen::Config::openai()),
        (gen::AZURE_SUBSET, "src/batch/schema/azure.rs", gen::Config::azure(&openai)),
    ] {
        let text = read(subset);
        let (code, stats) = gen::generate(&text, &config).unwrap_or_else(|e| fail(format!("{subset}: {e}")));
        std::fs::write(root.join(table), code).unwrap_or_else(|e| fail(format!("{table}: {e}")));
        println!("{table}:");
        for (name, s) in stats {
            println!(
                "  {name:18} types {:4}  enums {:3}  bounds {:3}  lengths {:3}  string lengths {:3}  patterns {:2}  required {:4}  unions {:4}  closed {:2}  unchecked {:3}",
                s.types, s.enums, s.bounds, s.lengths, s.str_lengths, s.patterns, s.required, s.unions, s.closed, s.unchecked
            );
        }
    }
}
