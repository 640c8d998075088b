//! `batchlane schema [--dialect azure|openai] [--kind input|output|error|batch]
//! [--endpoint URL]`: the JSON Schema (draft 2020-12) of a line format,
//! written from the tables and rules the checker uses
//! (`batchlane_core::batch::schema::json_schema`). Exit 0: written; 2: bad
//! usage (an unknown dialect or kind, or an endpoint the dialect's batch
//! service does not take).

use crate::exit::Exit;
use batchlane_core::batch::schema::{json_schema, schema_endpoints, SchemaKind};
use batchlane_core::batch::{Dialect, Endpoint};
use std::ffi::OsString;
use std::io::Write;

pub const HELP: &str = "usage: batchlane schema [--dialect azure|openai] [--kind input|output|error|batch] [--endpoint URL]

The JSON Schema (draft 2020-12) of a batch line format, written from the
tables and rules `batchlane check` uses: a validator (ajv, jsonschema)
then refuses what the checker refuses on one line. Rules across lines
(duplicate custom_ids, one url and one model per file, file size), a
model family's own rules and token limits stay the checker's.

  --dialect     azure (default) or openai
  --kind        input (default: a batch input line, with the body schema of
                its endpoint), output (an output file line), error (an
                error file line) or batch (the batch object)
  --endpoint    one endpoint's url (/v1/chat/completions, /v1/responses,
                ...): only its urls and body; default every endpoint the
                dialect's batch service takes

Exit codes: 0 written, 2 bad usage.";

struct Args {
    dialect: Dialect,
    kind: SchemaKind,
    endpoint: Option<Endpoint>,
}

fn parse(args: &[OsString]) -> Result<Args, String> {
    let mut a = Args { dialect: Dialect::Azure, kind: SchemaKind::Input, endpoint: None };
    let mut endpoint_url = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |flag: &str| crate::args::value(&mut it, flag);
        match crate::args::word(arg) {
            "--dialect" => {
                let v = value("--dialect")?;
                a.dialect = Dialect::from_name(&v).ok_or_else(|| format!("unknown dialect '{v}' (azure or openai)"))?;
            }
            "--kind" => {
                let v = value("--kind")?;
                a.kind = SchemaKind::from_name(&v).ok_or_else(|| format!("unknown kind '{v}' (input, output, error or batch)"))?;
            }
            "--endpoint" => endpoint_url = Some(value("--endpoint")?),
            _ => return Err(format!("unexpected argument '{}'", crate::escape::Os(arg))),
        }
    }
    if let Some(url) = endpoint_url {
        let taken: Vec<&str> = a.dialect.allowed_urls().to_vec();
        let e = Endpoint::from_url(&url).filter(|e| schema_endpoints(a.dialect).contains(e));
        a.endpoint = Some(e.ok_or_else(|| format!("the {} batch service does not take '{url}' ({})", a.dialect.name(), taken.join(", ")))?);
    }
    Ok(a)
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let a = match crate::args::parse_or_exit("schema", HELP, args, out, err, parse) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let Some(text) = json_schema(a.dialect, a.kind, a.endpoint) else {
        let _ = writeln!(err, "batchlane schema: no schema for that endpoint");
        return Exit::Unusable;
    };
    if writeln!(out, "{text}").is_err() {
        return Exit::Unusable;
    }
    Exit::Ok
}
