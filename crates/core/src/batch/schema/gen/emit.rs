//! Step 2b: the graph → the Rust source of a table, and what it checks.

use super::compile::{Compiler, Ir, IrExtra};
use super::{ref_name, Stats, UNMODELLED};
use serde_json::{Map, Value};
use std::collections::{BTreeSet, HashMap};

pub(super) fn children(ir: &Ir) -> Vec<usize> {
    match ir {
        Ir::Arr { items, .. } => vec![*items],
        Ir::Obj { props, extra, .. } => {
            let mut v: Vec<usize> = props.iter().map(|(_, id)| *id).collect();
            if let IrExtra::Values(id) = extra {
                v.push(*id);
            }
            v
        }
        Ir::Union(ms) => ms.clone(),
        _ => Vec::new(),
    }
}

fn num(x: Option<f64>) -> String {
    match x {
        Some(v) => format!("Some({v:?})"),
        None => "None".into(),
    }
}

/// A node as Rust; `beside`: for a closed object, the names the counterpart
/// spec defines and this one does not (emitted as `ClosedBeside`).
pub(super) fn emit(ir: &Ir, index: &HashMap<usize, usize>, patterns: &[String], beside: Option<&[String]>) -> String {
    match ir {
        Ir::Any => "Any".into(),
        // Never fits nothing: an empty union.
        Ir::Never => "Union(&[])".into(),
        Ir::Null => "Null".into(),
        Ir::Bool => "Bool".into(),
        Ir::Int { min, max } => format!("Int {{ min: {}, max: {} }}", num(*min), num(*max)),
        Ir::Num { min, max } => format!("Num {{ min: {}, max: {} }}", num(*min), num(*max)),
        Ir::Str { values, min, max, pattern } => {
            let max = max.map_or("None".into(), |m| format!("Some({m})"));
            let pattern = match pattern {
                Some(p) => format!("Some({})", patterns.iter().position(|x| x == p).expect("every pattern is listed")),
                None => "None".into(),
            };
            format!("Str {{ values: &{values:?}, min: {min}, max: {max}, pattern: {pattern} }}")
        }
        Ir::Arr { items, min, max } => {
            let max = max.map_or("None".into(), |m| format!("Some({m})"));
            format!("Arr {{ items: {}, min: {min}, max: {max} }}", index[items])
        }
        Ir::Obj { props, required, extra } => {
            let props: Vec<String> = props.iter().map(|(n, id)| format!("({n:?}, {})", index[id])).collect();
            let extra = match extra {
                IrExtra::Open => "Open".to_string(),
                IrExtra::Closed => match beside {
                    Some(names) if !names.is_empty() => format!("ClosedBeside(&{names:?})"),
                    _ => "Closed".to_string(),
                },
                IrExtra::Values(id) => format!("Values({})", index[id]),
            };
            format!("Obj {{ props: &[{}], required: &{required:?}, extra: {extra} }}", props.join(", "))
        }
        Ir::Union(ms) => format!("Union(&[{}])", ms.iter().map(|m| index[m].to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// The unmodelled keywords in the schemas `root` reaches (each schema once).
pub(super) fn unmodelled(schemas: &Map<String, Value>, root: &str) -> usize {
    fn walk(v: &Value, refs: &mut Vec<String>) -> usize {
        match v {
            Value::Object(o) => o
                .iter()
                .map(|(k, x)| {
                    if k == "$ref" {
                        if let Some(n) = x.as_str().and_then(ref_name) {
                            refs.push(n.to_string());
                        }
                    }
                    let own = UNMODELLED.contains(&k.as_str()) as usize;
                    own + if k == "properties" {
                        x.as_object().map_or(0, |p| p.values().map(|s| walk(s, refs)).sum())
                    } else {
                        walk(x, refs)
                    }
                })
                .sum(),
            Value::Array(a) => a.iter().map(|x| walk(x, refs)).sum(),
            _ => 0,
        }
    }
    let mut seen = BTreeSet::new();
    let mut todo = vec![root.to_string()];
    let mut n = 0;
    while let Some(name) = todo.pop() {
        if seen.insert(name.clone()) {
            if let Some(s) = schemas.get(&name) {
                n += walk(s, &mut todo);
            }
        }
    }
    n
}

pub(super) fn stats(c: &Compiler, root: usize) -> Stats {
    let mut s = Stats::default();
    let mut seen = BTreeSet::new();
    let mut todo = vec![root];
    while let Some(id) = todo.pop() {
        if !seen.insert(id) {
            continue;
        }
        let ir = &c.nodes[id];
        match ir {
            Ir::Any => {}
            Ir::Union(_) => s.unions += 1,
            Ir::Int { min, max } | Ir::Num { min, max } => {
                s.types += 1;
                s.bounds += min.is_some() as usize + max.is_some() as usize;
            }
            Ir::Str { values, min, max, pattern } => {
                s.types += 1;
                s.enums += !values.is_empty() as usize;
                s.str_lengths += (*min > 0) as usize + max.is_some() as usize;
                s.patterns += pattern.is_some() as usize;
            }
            Ir::Arr { min, max, .. } => {
                s.types += 1;
                s.lengths += (*min > 0) as usize + max.is_some() as usize;
            }
            Ir::Obj { required, extra, .. } => {
                s.types += 1;
                s.required += required.len();
                s.closed += (*extra == IrExtra::Closed) as usize;
            }
            Ir::Null | Ir::Bool | Ir::Never => s.types += 1,
        }
        todo.extend(children(ir));
    }
    s
}
