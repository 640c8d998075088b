//! The generator of the body-schema tables (`openai.rs`, `azure.rs`).
//!
//! Two steps, both run by `cargo run -p batchlane-core --example gen_body_schema`:
//! 1. [`extract_subset`]: from a vendor's whole OpenAPI document, the request
//!    schemas we check and every schema they reach, without prose
//!    (descriptions, examples). The result is vendored in
//!    `crates/core/assets/specs/` so builds stay offline; it is only redone
//!    when a newer spec is fetched (`--spec openai=PATH`).
//! 2. [`generate`]: the vendored subset → a Rust table of [`super::Node`]s,
//!    with the live services' known differences from the spec applied
//!    ([`Patch`], each with its source). `tests/it/body_schema.rs` regenerates
//!    and compares byte for byte. Azure's table also reads OpenAI's subset
//!    ([`Beside`]): a root Azure closes to unknown arguments carries the
//!    names OpenAI's body for the same endpoint defines and Azure's lacks
//!    (warned of, not refused).
//!
//! Keywords that constrain values and are not modelled (`format`,
//! `maxProperties`, `propertyNames`, `not`)
//! are counted in [`Stats::unchecked`], never silently taken as checked; a
//! keyword the generator does not know stops it.
//!
//! Files: `extract.rs` (step 1), `compile.rs` (schemas → an intermediate
//! graph: `$ref`, `allOf`, unions), `patches.rs` (the services' differences),
//! `emit.rs` (the graph → Rust, and the counts).

mod algebra;
mod compile;
mod emit;
mod extract;
mod patch_spec;
mod patches;

pub use extract::extract_subset;
pub use patch_spec::patch_target;
pub use patches::{Change, Patch, PATCHES};

use compile::{Compiler, ANY};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Keywords that say nothing about validity (dropped from the subset).
pub(super) const PROSE: &[&str] = &[
    "description",
    "example",
    "examples",
    "title",
    "default",
    "deprecated",
    "x-oaiMeta",
    "x-oaiExpandable",
    "x-oaiTypeLabel",
    "x-stainless-const",
    "x-oaiSupportedSystemMessages",
    "x-ms-discriminator-value",
    "x-ms-client-name",
    "x-ms-enum",
    "x-ms-external",
    "x-nullable-description",
    "readOnly",
    "writeOnly",
    "externalDocs",
    "discriminator",
    "$recursiveAnchor",
];

/// Keywords that constrain values but are not modelled: counted, not checked.
pub(super) const UNMODELLED: &[&str] = &["format", "maxProperties", "propertyNames", "$recursiveRef", "minProperties", "not"];

/// What one generation run reads: the subset, what to call the table, the roots.
pub struct Config<'a> {
    /// `owner/repo@commit path` of the spec the subset came from.
    pub source: &'a str,
    /// Endpoint name (`chat`, …) → schema name.
    pub roots: &'a [(&'a str, &'a str)],
    /// The counterpart vendor's spec (Azure's table: OpenAI's), if any.
    pub beside: Option<Beside<'a>>,
}

/// The counterpart spec of a table: for each root this spec closes to
/// unknown arguments, the names the counterpart's root of the same endpoint
/// defines and this one does not are emitted with it
/// ([`super::Extra::ClosedBeside`]): taken with a warning, not refused, since
/// no answer of the service shows it refusing them.
#[derive(Clone, Copy)]
pub struct Beside<'a> {
    /// `owner/repo@commit path` of the counterpart spec.
    pub source: &'a str,
    /// Its vendored subset (as vendored).
    pub subset: &'a str,
    /// Its roots (endpoint name → schema name).
    pub roots: &'a [(&'a str, &'a str)],
}

impl<'a> Config<'a> {
    /// OpenAI's table, from its vendored subset.
    pub fn openai() -> Config<'static> {
        Config { source: OPENAI_SOURCE, roots: OPENAI_ROOTS, beside: None }
    }

    /// Azure's table; `openai_subset` is OpenAI's vendored subset (its counterpart).
    pub fn azure(openai_subset: &'a str) -> Config<'a> {
        Config {
            source: AZURE_SOURCE,
            roots: AZURE_ROOTS,
            beside: Some(Beside { source: OPENAI_SOURCE, subset: openai_subset, roots: OPENAI_ROOTS }),
        }
    }
}

/// Where the vendored OpenAI subset came from.
pub const OPENAI_SOURCE: &str = "openai/openai-openapi@f85dbe223d40e1a31cba812ab2d755c7e98a92a3 openapi.json (2026-08-21)";
/// Where the vendored Azure subset came from.
pub const AZURE_SOURCE: &str =
    "Azure/azure-rest-api-specs@0723d852ed5d4c0b95f331ce6f37833be70ea019 specification/ai/data-plane/OpenAI.v1/azure-v1-v1-generated.json";
/// The vendored subsets, relative to `crates/core`.
pub const OPENAI_SUBSET: &str = "assets/specs/openai-openapi.subset.json";
pub const AZURE_SUBSET: &str = "assets/specs/azure-v1.subset.json";

/// The vendors' request schemas: OpenAI's.
/// Every endpoint of the batch API (`CreateBatchRequest.endpoint`); a JSON
/// body where the endpoint also takes multipart (images edits, videos).
pub const OPENAI_ROOTS: &[(&str, &str)] = &[
    ("chat", "CreateChatCompletionRequest"),
    ("completions", "CreateCompletionRequest"),
    ("embeddings", "CreateEmbeddingRequest"),
    ("responses", "CreateResponse"),
    ("moderations", "CreateModerationRequest"),
    ("images_generations", "CreateImageRequest"),
    ("images_edits", "EditImageBodyJsonParam"),
    ("videos", "CreateVideoJsonBody"),
];

/// Azure OpenAI's v1 API (the current one; Global Batch takes it for every
/// model), each endpoint the request body of its `paths` POST in the spec:
/// chat (`AzureCreateChatCompletionRequest`, for both url forms the batch docs
/// show, `/v1/chat/completions` and `/chat/completions`), Responses
/// (`AzureCreateResponse`, the body of `POST /responses`) and embeddings
/// (`AzureCreateEmbeddingRequest`, the body of `POST /embeddings`; Global
/// Batch refuses the url, the body is still judged by Azure's schema). A url
/// is judged with or without its `/v1` prefix. Azure's spec has no
/// completions, moderations, images or videos body: those endpoints are not
/// Azure batch endpoints (`Dialect::allowed_urls`).
pub const AZURE_ROOTS: &[(&str, &str)] =
    &[("chat", "AzureCreateChatCompletionRequest"), ("responses", "AzureCreateResponse"), ("embeddings", "AzureCreateEmbeddingRequest")];

/// Counts of what a table checks, per root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub types: usize,
    pub enums: usize,
    pub bounds: usize,
    pub lengths: usize,
    /// String length bounds (`minLength` above 0, `maxLength`).
    pub str_lengths: usize,
    pub patterns: usize,
    pub required: usize,
    pub unions: usize,
    pub closed: usize,
    pub unchecked: usize,
}

pub(super) fn schemas_of(spec: &Value) -> Result<&Map<String, Value>, String> {
    spec.pointer("/components/schemas")
        .or_else(|| spec.get("definitions"))
        .and_then(Value::as_object)
        .ok_or_else(|| "no components.schemas or definitions in the spec".to_string())
}

pub(super) fn ref_name(r: &str) -> Option<&str> {
    r.strip_prefix("#/components/schemas/").or_else(|| r.strip_prefix("#/definitions/"))
}

/// The subset (as vendored) → the Rust source of a table, and its counts per root.
/// Why the generator refused its input (the message names the schema, the
/// field or the patch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenError(pub String);

impl std::fmt::Display for GenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GenError {}

impl From<String> for GenError {
    fn from(s: String) -> Self {
        GenError(s)
    }
}

impl From<&str> for GenError {
    fn from(s: &str) -> Self {
        GenError(s.to_string())
    }
}

pub fn generate(subset: &str, config: &Config) -> Result<(String, Vec<(String, Stats)>), GenError> {
    let spec: Value = serde_json::from_str(subset).map_err(|e| format!("subset: {e}"))?;
    let mut patched = schemas_of(&spec)?.clone();
    patch_spec::patch_spec(&mut patched, PATCHES)?;
    let schemas = &patched;
    let mut c = Compiler::new(schemas);
    for (_, schema) in config.roots {
        c.named(schema)?;
    }
    c.patch(PATCHES)?;
    c.flatten_unions();
    let roots: Vec<(&str, usize)> = config.roots.iter().map(|(n, s)| (*n, c.named[*s])).collect();
    undefined_required(&c, &roots)?;
    // A closed root: the names its counterpart (the other vendor's body for
    // the same endpoint) defines and it does not, sorted.
    let mut beside: HashMap<usize, Vec<String>> = HashMap::new();
    if let Some(b) = &config.beside {
        for &(name, id) in &roots {
            let compile::Ir::Obj { props, extra: compile::IrExtra::Closed, .. } = &c.nodes[id] else { continue };
            let Some(&(_, other)) = b.roots.iter().find(|(n, _)| *n == name) else { continue };
            let mut names: Vec<String> =
                property_names(b.subset, other)?.into_iter().filter(|n| !props.iter().any(|(p, _)| p == n)).collect();
            names.sort();
            beside.insert(id, names);
        }
    }
    // Renumber what the roots reach, breadth first (0 stays Any).
    let mut order = vec![ANY];
    let mut index: HashMap<usize, usize> = HashMap::from([(ANY, 0)]);
    let mut queue: std::collections::VecDeque<usize> = roots.iter().map(|&(_, id)| id).collect();
    while let Some(id) = queue.pop_front() {
        if index.contains_key(&id) {
            continue;
        }
        index.insert(id, order.len());
        order.push(id);
        queue.extend(emit::children(&c.nodes[id]));
    }
    if order.len() > u16::MAX as usize {
        return Err("more nodes than a u16 numbers".into());
    }
    let stats = roots
        .iter()
        .zip(config.roots)
        .map(|(&(name, id), &(_, schema))| {
            (name.to_string(), Stats { unchecked: emit::unmodelled(schemas, schema), ..emit::stats(&c, id) })
        })
        .collect();
    // The patterns the table's strings name, in the order first met.
    let mut patterns: Vec<String> = Vec::new();
    for &id in &order {
        if let compile::Ir::Str { pattern: Some(p), .. } = &c.nodes[id] {
            if !patterns.contains(p) {
                patterns.push(p.clone());
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "// @generated by `cargo run -p batchlane-core --example gen_body_schema` from");
    let _ = writeln!(out, "// {}. Do not edit.", config.source);
    out.push_str("use super::Extra::*;\nuse super::Node::*;\nuse super::Table;\n\n");
    let _ = writeln!(out, "#[rustfmt::skip]\npub static TABLE: Table = Table {{\n    source: {:?},", config.source);
    let _ = writeln!(out, "    beside: {:?},\n    roots: &[", config.beside.map(|b| b.source));
    for (name, id) in &roots {
        let _ = writeln!(out, "        ({name:?}, {}),", index[id]);
    }
    out.push_str("    ],\n    nodes: &[\n");
    for (n, &id) in order.iter().enumerate() {
        let _ = writeln!(out, "        /* {n} */ {},", emit::emit(&c.nodes[id], &index, &patterns, beside.get(&id).map(Vec::as_slice)));
    }
    out.push_str("    ],\n    patterns: &[\n");
    for p in &patterns {
        let _ = writeln!(out, "        {p:?},");
    }
    out.push_str("    ],\n    compiled: std::sync::OnceLock::new(),\n};\n");
    Ok((out, stats))
}

/// The properties schema `name` of a subset defines (after the patches and
/// `allOf`), as its own table is generated.
fn property_names(subset: &str, name: &str) -> Result<Vec<String>, String> {
    let spec: Value = serde_json::from_str(subset).map_err(|e| format!("counterpart subset: {e}"))?;
    let mut patched = schemas_of(&spec)?.clone();
    patch_spec::patch_spec(&mut patched, PATCHES)?;
    let mut c = Compiler::new(&patched);
    c.named(name)?;
    c.patch(PATCHES)?;
    match &c.nodes[c.named[name]] {
        compile::Ir::Obj { props, .. } => Ok(props.iter().map(|(n, _)| n.clone()).collect()),
        _ => Err(format!("counterpart {name} is not an object")),
    }
}

/// The lint: a `required` name the object does not define is a spec error
/// (the service cannot ask for a field it never describes); a patch must
/// say what the service does instead. Lists every such place, from its root.
fn undefined_required(c: &Compiler, roots: &[(&str, usize)]) -> Result<(), String> {
    let mut bad = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut queue: std::collections::VecDeque<(usize, String)> = roots.iter().map(|&(n, id)| (id, n.to_string())).collect();
    while let Some((id, path)) = queue.pop_front() {
        if !seen.insert(id) {
            continue;
        }
        match &c.nodes[id] {
            compile::Ir::Obj { props, required, .. } => {
                for r in required {
                    if !props.iter().any(|(n, _)| n == r) {
                        bad.push(format!("{path} requires '{r}', which it does not define"));
                    }
                }
                queue.extend(props.iter().map(|(n, c)| (*c, format!("{path}.{n}"))));
            }
            ir => queue.extend(emit::children(ir).into_iter().map(|c| (c, path.clone()))),
        }
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(format!("required but not defined (add a patch with its source): {}", bad.join("; ")))
    }
}
