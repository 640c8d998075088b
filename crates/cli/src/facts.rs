//! `batchlane facts [--format text|json] [--catalog FILE]... [--fact ID=VALUE]...`:
//! every figure of the catalog (id, value, unit, evidence, source, as-of).
//! `batchlane facts import FILE... [-o CATALOG] [--format text|json]`: reads
//! the vendors' own files (a quota-tier page, a lane availability matrix
//! (the batch deployments' model matrix, a Priority region matrix), a saved Azure Retail Prices
//! response, an OpenAPI spec, or a catalog file), prints what they add,
//! change and remove against the built-in catalog (each with its file) and
//! what they held that is no figure, and writes the catalog file
//! `--catalog` reads. Exit 0: done; 2: bad usage or a file refused (the
//! message names its file, line and field).

use crate::catalog::{import_path, CatalogArgs, HELP as CATALOG_HELP};
use crate::escape::{Os, Text};
use crate::exit::Exit;
use crate::files::AtomicFile;
use batchlane_core::facts::{catalog_entries, catalog_file_json, catalog_json, diff_overlay, Certainty, DiffEntry, Imported, OverlayDiff};
use std::ffi::OsString;
use std::io::Write;

pub const HELP: &str = "usage: batchlane facts [--format text|json] [--catalog FILE]... [--fact ID=VALUE]...
       batchlane facts import FILE... [-o CATALOG] [--format text|json]

The first form lists every figure of the catalog: id, value, unit, evidence
(documented or unconfirmed), source and as-of date; with --catalog, the
file's figures replace the built-in ones and name the file as their source.

The second reads the vendors' own files, never over the network: a quota-tier
page or a lane availability matrix (Azure's batch deployments' model matrix
deployments-batch.md, or a Priority processing region matrix; markdown as
published in MicrosoftDocs/azure-ai-docs; `batchlane lanes --catalog` then
answers from it), a saved Azure
Retail Prices API response (JSON, one page or an array of pages), an OpenAI
or Azure OpenAPI spec (JSON: its revision and the models it names), or a
catalog file. It prints the figures they change, add and remove against the
built-in catalog (each with its file), the items that became no figure (with
their line), and with -o writes the catalog file --catalog reads.

  --format   text (default) or json
  -o FILE    the catalog file to write (import only)

Exit codes: 0 done, 2 bad usage or a refused file (its file, line and field).";

use crate::args::{text_or_json as format, Format};

struct List {
    catalog: CatalogArgs,
    format: Format,
}

struct Import {
    files: Vec<OsString>,
    out: Option<OsString>,
    format: Format,
}

enum Args {
    List(List),
    Import(Import),
}

fn parse(args: &[OsString]) -> Result<Args, String> {
    if args.first().is_some_and(|a| a == "import") {
        let mut a = Import { files: Vec::new(), out: None, format: Format::Text };
        let mut it = args[1..].iter();
        while let Some(arg) = it.next() {
            match crate::args::word(arg) {
                "-o" | "--out" => a.out = Some(crate::args::value_os(&mut it, "-o")?),
                "--format" => a.format = format(&crate::args::value(&mut it, "--format")?)?,
                s if s.starts_with('-') && s.len() > 1 => return Err(format!("unexpected argument '{s}'")),
                _ => a.files.push(arg.clone()),
            }
        }
        if a.files.is_empty() {
            return Err("facts import needs at least one FILE".into());
        }
        return Ok(Args::Import(a));
    }
    let mut a = List { catalog: CatalogArgs::default(), format: Format::Text };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if a.catalog.take(crate::args::word(arg), &mut it)? {
            continue;
        }
        match crate::args::word(arg) {
            "--format" => a.format = format(&crate::args::value(&mut it, "--format")?)?,
            _ => return Err(format!("unexpected argument '{}'", Os(arg))),
        }
    }
    Ok(Args::List(a))
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let help = format!("{HELP}\n\nthe catalog flags (first form):\n{CATALOG_HELP}");
    let args = match crate::args::parse_or_exit("facts", &help, args, out, err, parse) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let written = match args {
        Args::List(a) => list(&a, out),
        Args::Import(a) => return import(&a, out, err),
    };
    if written.is_err() {
        return Exit::Unusable;
    }
    Exit::Ok
}

fn list(a: &List, out: &mut dyn Write) -> std::io::Result<()> {
    let catalog = &a.catalog.catalog;
    if a.format == Format::Json {
        return writeln!(out, "{}", catalog_json(catalog));
    }
    writeln!(out, "catalog as of {}", catalog.as_of())?;
    writeln!(out, "id\tvalue\tunit\tevidence\tsource\tas_of")?;
    for e in catalog_entries(catalog) {
        let evidence = match e.certainty {
            Certainty::Documented => "documented",
            Certainty::Unconfirmed => "unconfirmed",
        };
        let source = if e.url.is_empty() { e.source.clone() } else { format!("{} <{}>", e.source, e.url) };
        let mark = if e.overridden {
            " (override)"
        } else if e.removed {
            " (removed by an imported file: not used)"
        } else {
            ""
        };
        writeln!(out, "{}\t{}{mark}\t{:?}\t{evidence}\t{}\t{}", Text(&e.id), e.value, e.unit, Text(&source), Text(&e.as_of))?;
    }
    Ok(())
}

fn value(v: Option<f64>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

fn diff_text(imports: &[Imported], d: &OverlayDiff) -> String {
    let mut s = String::new();
    let line = |s: &mut String, sign: &str, e: &DiffEntry| {
        s.push_str(&format!("{sign} {}  {} -> {}  ({}, as of {})\n", e.id, value(e.old), value(e.new), e.file, e.as_of));
    };
    for imp in imports {
        let what = imp.kind.map_or("file", |k| k.describe());
        s.push_str(&format!("{}: {what}, {} figures, {} items not used\n", imp.file, imp.facts.len(), imp.skipped.len()));
    }
    s.push_str(&format!(
        "{} changed, {} added, {} removed, {} unchanged (against the built-in catalog); {} built-in figures not in these files stay as they are\n",
        d.changed.len(),
        d.added.len(),
        d.removed.len(),
        d.unchanged,
        d.outside
    ));
    if !d.removed.is_empty() {
        s.push_str("removed: figures of what a file covers (a tier page: its tier; a lane matrix: its tables) that it no longer lists; --catalog and /facts's Keep stop using them\n");
    }
    d.changed.iter().for_each(|e| line(&mut s, "~", e));
    d.added.iter().for_each(|e| line(&mut s, "+", e));
    d.removed.iter().for_each(|e| line(&mut s, "-", e));
    for imp in imports {
        for p in &imp.skipped {
            s.push_str(&format!("not used: {p}\n"));
        }
        if !imp.unknown_names.is_empty() {
            s.push_str(&format!("{}: models the catalog lacks: {}\n", imp.file, imp.unknown_names.join(", ")));
        }
    }
    s
}

fn import(a: &Import, out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let mut imports = Vec::with_capacity(a.files.len());
    for f in &a.files {
        match import_path(f) {
            Ok(i) => imports.push(i),
            Err(e) => {
                let _ = writeln!(err, "batchlane facts import: {}", Text(&e));
                return Exit::Unusable;
            }
        }
    }
    let d = diff_overlay(&imports);
    let shown = match a.format {
        Format::Text => diff_text(&imports, &d),
        Format::Json => {
            let v = serde_json::json!({ "files": imports, "diff": { "changed": d.changed, "added": d.added, "removed": d.removed, "unchanged": d.unchanged, "outside": d.outside } });
            format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default())
        }
    };
    let text: String = shown.chars().map(|c| if c.is_control() && c != '\n' { '\u{fffd}' } else { c }).collect();
    if out.write_all(text.as_bytes()).is_err() {
        return Exit::Unusable;
    }
    if let Some(path) = &a.out {
        // Written whole or not at all: a reader never sees half a catalog.
        let written = AtomicFile::create(std::path::Path::new(path)).and_then(|mut f| {
            let removed: Vec<String> = d.removed.iter().map(|e| e.id.clone()).collect();
            f.write_all((catalog_file_json(&d.facts, &removed) + "\n").as_bytes())?;
            f.commit()
        });
        if let Err(e) = written {
            let _ = writeln!(err, "batchlane facts import: cannot write {}: {e}", Os(path));
            return Exit::Unusable;
        }
        let _ = writeln!(err, "batchlane facts import: wrote {} figures to {}", d.facts.len(), Os(path));
    }
    Exit::Ok
}
