//! A parsed body against a table: every value that does not fit, with its
//! path and the service's wording and code.

use super::{Extra, Node, Table};
use crate::batch::diagnostic::quote;
use crate::batch::tree::Json;
use crate::batch::Code;
use serde_json::Value;

/// What is wrong with a value.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    Type {
        expected: String,
        got: &'static str,
    },
    BelowMin {
        min: f64,
        integer: bool,
    },
    AboveMax {
        max: f64,
        integer: bool,
    },
    EmptyArray {
        min: u32,
    },
    TooShort {
        min: u32,
        len: usize,
    },
    TooLong {
        max: u32,
        len: usize,
    },
    /// A string shorter than `min` characters.
    StrTooShort {
        min: u32,
        len: usize,
    },
    /// A string longer than `max` characters.
    StrTooLong {
        max: u32,
        len: usize,
    },
    /// A string with no match of the pattern.
    Pattern {
        pattern: &'static str,
    },
    Value {
        allowed: Vec<&'static str>,
    },
    Missing,
    /// A key the object does not list, and it is closed; `at_root`: a body
    /// argument (the request body's own object), which may have been closed
    /// by a patch ([`super::closing_patch`]) rather than by the spec.
    Unknown {
        at_root: bool,
    },
    /// A name this spec does not define and the counterpart spec does
    /// ([`Extra::ClosedBeside`]): whether the service takes it is
    /// unconfirmed (a warning, evidence inferred).
    OnlyBeside,
}

/// What a [`Problem::OnlyBeside`] finding's message says of the service.
pub(crate) const UNCONFIRMED: &str = "whether the service accepts it is unconfirmed";

/// One value that does not fit: its path below the body (`messages[2].content`).
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub path: String,
    pub code: Code,
    pub problem: Problem,
    /// In the service's words.
    pub message: String,
}

/// The most findings one body reports (the rest of the body is still walked
/// only as far as deciding the unions needs).
const MAX_FINDINGS: usize = 16;

/// Checks `body` against node `root` of `table`.
pub fn validate(table: &Table, root: u16, body: &Value, out: &mut Vec<Finding>) {
    check(table, root, body, "", out, 0);
}

/// The deepest nesting walked (serde_json stops at 128 anyway).
const MAX_DEPTH: usize = 200;

/// Whether `v` fits node `id` (no findings built): a `Value`, or the fast
/// path's [`crate::batch::tree::Tree`] of a body argument.
pub(crate) fn fits<J: Json>(t: &Table, id: u16, v: &J) -> bool {
    fits_at(t, id, v, 0)
}

fn fits_at<J: Json>(t: &Table, id: u16, v: &J, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match t.node(id) {
        Node::Any => true,
        Node::Null => v.is_null(),
        Node::Bool => v.as_bool().is_some(),
        Node::Union(ms) => ms.iter().any(|&m| fits_at(t, m, v, depth + 1)),
        &Node::Int { min, max } => v.as_number().is_some_and(|n| is_integer(n) && in_bounds(n.as_f64(), min, max)),
        &Node::Num { min, max } => v.as_number().is_some_and(|n| in_bounds(n.as_f64(), min, max)),
        n @ Node::Str { .. } => v.as_str().is_some_and(|s| str_fits(t, n, s)),
        &Node::Arr { items, min, max } => v.as_array().is_some_and(|a| {
            a.len() >= min as usize && max.is_none_or(|m| a.len() <= m as usize) && a.iter().all(|x| fits_at(t, items, x, depth + 1))
        }),
        &Node::Obj { props, required, extra } => v.members().is_some_and(|mut members| {
            required.iter().all(|r| v.get(r).is_some())
                && members.all(|(k, x)| match super::prop(props, k) {
                    Some(&(_, c)) => fits_at(t, c, x, depth + 1),
                    None => match extra {
                        Extra::Open => true,
                        // A name only the counterpart spec defines is a
                        // finding (a warning): not a fit.
                        Extra::Closed | Extra::ClosedBeside(_) => false,
                        Extra::Values(c) => fits_at(t, c, x, depth + 1),
                    },
                })
        }),
    }
}

/// Whether the string `s` fits node `id` (without building a `Value`).
pub(crate) fn fits_str(t: &Table, id: u16, s: &str) -> bool {
    match t.node(id) {
        Node::Any => true,
        n @ Node::Str { .. } => str_fits(t, n, s),
        Node::Union(ms) => ms.iter().any(|&m| fits_str(t, m, s)),
        _ => false,
    }
}

/// Whether `s` fits string node `n`: one of its values (if it lists any),
/// its length in characters within bounds, a match of its pattern. A node
/// without bounds or pattern costs nothing more than the value test.
pub(crate) fn str_fits(t: &Table, n: &Node, s: &str) -> bool {
    let &Node::Str { values, min, max, pattern } = n else { return false };
    (values.is_empty() || super::listed(values, s))
        && (min == 0 && max.is_none() || char_len_within(s, min, max))
        && pattern.is_none_or(|p| t.pattern(p).is_none_or(|re| re.is_match(s)))
}

/// Whether `s` has between `min` and `max` characters, counting them only
/// when the byte length cannot tell (a character is 1 to 4 bytes).
fn char_len_within(s: &str, min: u32, max: Option<u32>) -> bool {
    let bytes = s.len();
    if bytes < min as usize {
        return false;
    }
    let sure_long_enough = bytes / 4 >= min as usize;
    let sure_short_enough = max.is_none_or(|m| bytes <= m as usize);
    if sure_long_enough && sure_short_enough {
        return true;
    }
    let n = s.chars().count();
    n >= min as usize && max.is_none_or(|m| n <= m as usize)
}

fn is_integer(n: &serde_json::Number) -> bool {
    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0 && f.is_finite())
}

fn in_bounds(x: Option<f64>, min: Option<f64>, max: Option<f64>) -> bool {
    let Some(x) = x else { return false };
    min.is_none_or(|m| x >= m) && max.is_none_or(|m| x <= m)
}

/// The JSON kind a node takes, for "expected …" (None for Any/Never).
fn kind_word(n: &Node) -> Option<&'static str> {
    Some(match n {
        Node::Null => "null",
        Node::Bool => "a boolean",
        Node::Int { .. } => "an integer",
        Node::Num { .. } => "a number",
        Node::Str { .. } => "a string",
        Node::Arr { .. } => "an array",
        Node::Obj { .. } => "an object",
        Node::Any | Node::Union(_) => return None,
    })
}

/// The non-union nodes a node stands for.
fn leaves(t: &Table, id: u16, out: &mut Vec<u16>, depth: usize) {
    match t.node(id) {
        Node::Union(ms) if depth < 16 => ms.iter().for_each(|&m| leaves(t, m, out, depth + 1)),
        Node::Union(_) => {}
        _ if !out.contains(&id) => out.push(id),
        _ => {}
    }
}

fn same_kind(n: &Node, v: &Value) -> bool {
    matches!(
        (n, v),
        (Node::Null, Value::Null)
            | (Node::Bool, Value::Bool(_))
            | (Node::Int { .. } | Node::Num { .. }, Value::Number(_))
            | (Node::Str { .. }, Value::String(_))
            | (Node::Arr { .. }, Value::Array(_))
            | (Node::Obj { .. }, Value::Object(_))
    )
}

fn got(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if is_integer(n) => "an integer",
        Value::Number(_) => "a decimal",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn push(out: &mut Vec<Finding>, path: &str, code: Code, problem: Problem, message: String) {
    if out.len() < MAX_FINDINGS {
        out.push(Finding { path: path.to_string(), code, problem, message });
    }
}

/// A bound as the service prints it (`2`, `0.5`).
pub(crate) fn figure(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

fn values_list(values: &[&str]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("'{}'", quote(v))).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

fn child(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn check(t: &Table, id: u16, v: &Value, path: &str, out: &mut Vec<Finding>, depth: usize) {
    if depth > MAX_DEPTH || out.len() >= MAX_FINDINGS {
        return;
    }
    match *t.node(id) {
        Node::Any => {}
        Node::Union(_) => union(t, id, v, path, out, depth),
        ref n if !same_kind(n, v) || (matches!(n, Node::Int { .. }) && !matches!(v, Value::Number(x) if is_integer(x))) => {
            let expected = kind_word(n).unwrap_or("nothing").to_string();
            type_error(path, expected, v, out);
        }
        Node::Null | Node::Bool => {}
        Node::Int { min, max } | Node::Num { min, max } => {
            let integer = matches!(t.node(id), Node::Int { .. });
            let Value::Number(n) = v else { return };
            let x = n.as_f64().unwrap_or(f64::NAN);
            let (word, code_lo, code_hi) = if integer {
                ("integer", Code::IntegerBelowMinValue, Code::IntegerAboveMaxValue)
            } else {
                ("decimal", Code::DecimalBelowMinValue, Code::DecimalAboveMaxValue)
            };
            if let Some(m) = min.filter(|&m| x < m) {
                let msg = format!("Invalid '{path}': {word} below minimum value. Expected a value >= {}, but got {n} instead.", figure(m));
                push(out, path, code_lo, Problem::BelowMin { min: m, integer }, msg);
            } else if let Some(m) = max.filter(|&m| x > m) {
                let msg = format!("Invalid '{path}': {word} above maximum value. Expected a value <= {}, but got {n} instead.", figure(m));
                push(out, path, code_hi, Problem::AboveMax { max: m, integer }, msg);
            }
        }
        Node::Str { values, min, max, pattern } => {
            let Value::String(s) = v else { return };
            if !values.is_empty() && !values.contains(&s.as_str()) {
                let msg = format!("Invalid value: '{}'. Supported values are: {}.", quote(s), values_list(values));
                push(out, path, Code::InvalidValue, Problem::Value { allowed: values.to_vec() }, msg);
            } else if (min > 0 || max.is_some()) && !char_len_within(s, min, max) {
                let len = s.chars().count();
                if len < min as usize {
                    let got = if len == 0 { "an empty string".to_string() } else { format!("a string with length {len}") };
                    let msg =
                        format!("Invalid '{path}': string too short. Expected a string with minimum length {min}, but got {got} instead.");
                    push(out, path, Code::StringBelowMinLength, Problem::StrTooShort { min, len }, msg);
                } else if let Some(m) = max {
                    let msg = format!(
                        "Invalid '{path}': string too long. Expected a string with maximum length {m}, but got a string with length {len} instead."
                    );
                    push(out, path, Code::StringAboveMaxLength, Problem::StrTooLong { max: m, len }, msg);
                }
            } else if let Some(p) = pattern {
                if t.pattern(p).is_some_and(|re| !re.is_match(s)) {
                    let src = t.patterns[p as usize];
                    let msg = format!(
                        "Invalid '{path}': string does not match pattern. Expected a string that matches the pattern '{}'.",
                        quote(src)
                    );
                    push(out, path, Code::InvalidValue, Problem::Pattern { pattern: src }, msg);
                }
            }
        }
        Node::Arr { items, min, max } => {
            let Value::Array(a) = v else { return };
            if a.is_empty() && min > 0 {
                let msg =
                    format!("Invalid '{path}': empty array. Expected an array with minimum length {min}, but got an empty array instead.");
                push(out, path, Code::EmptyArray, Problem::EmptyArray { min }, msg);
            } else if a.len() < min as usize {
                let msg = format!(
                    "Invalid '{path}': array too short. Expected an array with minimum length {min}, but got an array with length {} instead.",
                    a.len()
                );
                push(out, path, Code::ArrayBelowMinLength, Problem::TooShort { min, len: a.len() }, msg);
            } else if let Some(m) = max.filter(|&m| a.len() > m as usize) {
                let msg = format!(
                    "Invalid '{path}': array too long. Expected an array with maximum length {m}, but got an array with length {} instead.",
                    a.len()
                );
                push(out, path, Code::ArrayAboveMaxLength, Problem::TooLong { max: m, len: a.len() }, msg);
            }
            for (i, x) in a.iter().enumerate() {
                if out.len() >= MAX_FINDINGS {
                    break;
                }
                check(t, items, x, &format!("{path}[{i}]"), out, depth + 1);
            }
        }
        Node::Obj { props, required, extra } => {
            let Value::Object(o) = v else { return };
            for r in required {
                if !o.contains_key(*r) {
                    let p = child(path, r);
                    let msg = format!("Missing required parameter: '{p}'.");
                    push(out, &p, Code::MissingRequiredParameter, Problem::Missing, msg);
                }
            }
            for (k, x) in o {
                if out.len() >= MAX_FINDINGS {
                    break;
                }
                let c = match super::prop(props, k) {
                    Some(&(_, c)) => Some(c),
                    None => match extra {
                        Extra::Open => None,
                        Extra::Values(c) => Some(c),
                        Extra::ClosedBeside(names) if names.contains(&k.as_str()) => {
                            let p = child(path, k);
                            let msg = format!(
                                "Unrecognized request argument supplied: {} (not in {}; {} defines it; {UNCONFIRMED}).",
                                quote(k),
                                short_source(t.source),
                                t.beside.map_or_else(|| "the counterpart spec".to_string(), short_source),
                            );
                            push(out, &p, Code::UnknownParameter, Problem::OnlyBeside, msg);
                            None
                        }
                        Extra::Closed | Extra::ClosedBeside(_) => {
                            let p = child(path, k);
                            let msg = if path.is_empty() {
                                format!("Unrecognized request argument supplied: {}", quote(k))
                            } else {
                                format!("Unknown parameter: '{}'.", quote(&p))
                            };
                            push(out, &p, Code::UnknownParameter, Problem::Unknown { at_root: path.is_empty() }, msg);
                            None
                        }
                    },
                };
                if let Some(c) = c {
                    check(t, c, x, &child(path, k), out, depth + 1);
                }
            }
        }
    }
}

/// A spec's `owner/repo@commit path` as a message names it: the commit
/// cut to 12 characters, the file's name.
fn short_source(source: &str) -> String {
    let (repo_at, rest) = source.split_once(' ').unwrap_or((source, ""));
    let file = rest.split(' ').next().unwrap_or("").rsplit('/').next().unwrap_or("");
    let repo_at = match repo_at.split_once('@') {
        Some((repo, commit)) => format!("{repo}@{}", commit.get(..12).unwrap_or(commit)),
        None => repo_at.to_string(),
    };
    if file.is_empty() {
        repo_at
    } else {
        format!("{repo_at} {file}")
    }
}

fn type_error(path: &str, expected: String, v: &Value, out: &mut Vec<Finding>) {
    let msg = format!("Invalid type for '{path}': expected {expected}, but got {} instead.", got(v));
    push(out, path, Code::InvalidType, Problem::Type { expected, got: got(v) }, msg);
}

/// A value that fits none of a union's members: report against the member
/// it was most likely meant as.
fn union(t: &Table, id: u16, v: &Value, path: &str, out: &mut Vec<Finding>, depth: usize) {
    if fits(t, id, v) {
        return;
    }
    let mut all = Vec::new();
    leaves(t, id, &mut all, 0);
    let kin: Vec<u16> = all.iter().copied().filter(|&l| same_kind(t.node(l), v)).collect();
    if kin.is_empty() {
        let mut words: Vec<&str> = Vec::new();
        for w in all.iter().filter_map(|&l| kind_word(t.node(l))) {
            if !words.contains(&w) {
                words.push(w);
            }
        }
        let expected = match words.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.to_string(),
            [rest @ .., last] => format!("one of {} or {last}", rest.join(", ")),
        };
        return type_error(path, expected, v, out);
    }
    // Strings: a member that takes any value refused it by its length or
    // pattern: its finding; else one list of the values all members allow.
    if let Value::String(s) = v {
        if let Some(&free) = kin.iter().find(|&&l| matches!(t.node(l), Node::Str { values, .. } if values.is_empty())) {
            return check(t, free, v, path, out, depth + 1);
        }
        let mut allowed: Vec<&'static str> = Vec::new();
        for &l in &kin {
            if let Node::Str { values, .. } = t.node(l) {
                add_values(&mut allowed, values);
            }
        }
        let msg = format!("Invalid value: '{}'. Supported values are: {}.", quote(s), values_list(&allowed));
        return push(out, path, Code::InvalidValue, Problem::Value { allowed }, msg);
    }
    // Objects told apart by a field with fixed values (`type`, `role`): a
    // value none of them takes is the finding.
    if let Value::Object(o) = v {
        if let Some(f) = discriminator_miss(t, &kin, o) {
            let p = child(path, f.0);
            let msg = format!("Invalid value: '{}'. Supported values are: {}.", quote(&f.1), values_list(&f.2));
            return push(out, &p, Code::InvalidValue, Problem::Value { allowed: f.2 }, msg);
        }
    }
    // Members whose fixed fields (`type`, `role`) the value matches, if any.
    let mut kin = kin;
    if let Value::Object(o) = v {
        let disc = discriminators(t, &kin);
        let matching: Vec<u16> = kin.iter().copied().filter(|&l| !fixed_field_differs(t, l, o, &disc)).collect();
        if !matching.is_empty() {
            kin = matching;
        }
    }
    // Members that name the most of the value's keys: a chat-style message
    // (`role`, `content`) is meant as a message, not as an item whose
    // only fault would be a missing `type`.
    if let Value::Object(o) = v {
        let unnamed = |l: u16| match t.node(l) {
            Node::Obj { props, .. } => o.keys().filter(|k| !props.iter().any(|(n, _)| n == k)).count(),
            _ => usize::MAX,
        };
        if let Some(fewest) = kin.iter().map(|&l| unnamed(l)).min() {
            kin.retain(|&l| unnamed(l) == fewest);
        }
    }
    // Else the member with the fewest findings.
    let mut best: Option<Vec<Finding>> = None;
    for &l in &kin {
        let mut trial = Vec::new();
        check(t, l, v, path, &mut trial, depth + 1);
        // Fewer findings first; on a tie, the member the value got further into.
        let depth = |f: &[Finding]| f.iter().map(|x| x.path.len()).max().unwrap_or(0);
        if best.as_ref().is_none_or(|b| trial.len() < b.len() || (trial.len() == b.len() && depth(&trial) > depth(b))) {
            best = Some(trial);
        }
    }
    for f in best.unwrap_or_default() {
        if out.len() < MAX_FINDINGS {
            out.push(f);
        }
    }
}

/// The strings member `l` fixes field `name` to (None: not fixed).
fn fixed_values(t: &Table, l: u16, name: &str) -> Option<Vec<&'static str>> {
    let Node::Obj { props, .. } = t.node(l) else { return None };
    let &(_, c) = super::prop(props, name)?;
    let mut ls = Vec::new();
    leaves(t, c, &mut ls, 0);
    let mut all = Vec::new();
    for x in ls {
        match t.node(x) {
            Node::Str { values, .. } if !values.is_empty() => add_values(&mut all, values),
            // A discriminator may be left out as null.
            Node::Null => {}
            _ => return None,
        }
    }
    (!all.is_empty()).then_some(all)
}

/// The fields every member fixes to a few strings (`type`, `role`): what tells them apart.
fn discriminators(t: &Table, kin: &[u16]) -> Vec<&'static str> {
    let Node::Obj { props, .. } = t.node(kin[0]) else { return Vec::new() };
    props.iter().map(|&(n, _)| n).filter(|n| kin.iter().all(|&l| fixed_values(t, l, n).is_some())).collect()
}

/// Whether `o` has a discriminating field that member `l` fixes to other strings.
fn fixed_field_differs(t: &Table, l: u16, o: &serde_json::Map<String, Value>, disc: &[&str]) -> bool {
    disc.iter().any(|name| match (o.get(*name), fixed_values(t, l, name)) {
        (Some(Value::String(s)), Some(vals)) => !vals.contains(&s.as_str()),
        _ => false,
    })
}

/// A field every object member fixes to a few strings, whose value in `o`
/// none of them allows: (field, value, allowed values).
fn discriminator_miss(t: &Table, kin: &[u16], o: &serde_json::Map<String, Value>) -> Option<(&'static str, String, Vec<&'static str>)> {
    for name in discriminators(t, kin) {
        let Some(Value::String(s)) = o.get(name) else { continue };
        let mut allowed = Vec::new();
        for &l in kin {
            add_values(&mut allowed, &fixed_values(t, l, name).unwrap_or_default());
        }
        if !allowed.contains(&s.as_str()) {
            return Some((name, s.clone(), allowed));
        }
    }
    None
}

fn add_values(allowed: &mut Vec<&'static str>, values: &[&'static str]) {
    for v in values {
        if !allowed.contains(v) {
            allowed.push(v);
        }
    }
}
