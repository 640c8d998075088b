//! The patches: those that change the spec's own text, applied before it is
//! compiled (`patch_spec`); those applied to the compiled graph
//! (`Compiler::patch`); and where a patch's `at` points.

use super::compile::{Compiler, Ir, IrExtra};
use super::{Change, Patch};
use serde_json::{Map, Value};

impl Compiler<'_> {
    /// Applies the patches whose schema this table has.
    pub(super) fn patch(&mut self, patches: &[Patch]) -> Result<(), String> {
        for p in patches {
            let Some((schema, prop)) = patch_target(self.schemas, p.at) else { continue };
            let id = self.named(schema)?;
            // Applied to the spec itself, before compiling (`patch_spec`).
            if changes_the_spec(&p.change) {
                continue;
            }
            let Ir::Obj { props, required, extra } = self.nodes[id].clone() else {
                return Err(format!("patch {}: {schema} is not an object", p.at));
            };
            match (prop, p.change) {
                (None, Change::Closed) => self.nodes[id] = Ir::Obj { props, required, extra: IrExtra::Closed },
                (None, Change::RequiredString(name)) => {
                    let mut props = props;
                    let mut required = required;
                    if !props.iter().any(|(n, _)| n == name) {
                        let id = self.add(Ir::Str { values: Vec::new(), min: 0, max: None, pattern: None });
                        props.push((name.to_string(), id));
                    }
                    if !required.iter().any(|r| r == name) {
                        required.push(name.to_string());
                    }
                    self.nodes[id] = Ir::Obj { props, required, extra };
                }
                (None, Change::OneOfRequired(keys)) => {
                    let alts = keys
                        .iter()
                        .map(|k| {
                            let mut r = required.clone();
                            r.push(k.to_string());
                            // Required here means present and not null.
                            let mut props = props.clone();
                            if let Some(i) = props.iter().position(|(n, _)| n == k) {
                                props[i].1 = self.without_null(props[i].1);
                            }
                            self.add(Ir::Obj { props, required: r, extra })
                        })
                        .collect();
                    self.nodes[id] = Ir::Union(alts);
                }
                (Some(name), Change::Minimum(min)) => {
                    let i = props.iter().position(|(n, _)| n == name).ok_or_else(|| format!("patch {}: no such property", p.at))?;
                    let child = self.with_minimum(props[i].1, min)?;
                    let mut props = props;
                    props[i].1 = child;
                    self.nodes[id] = Ir::Obj { props, required, extra };
                }
                _ => return Err(format!("patch {}: change {:?} does not apply there", p.at, p.change)),
            }
        }
        Ok(())
    }

    /// Unions whose members a patch turned into unions, flattened (a
    /// union is never a union's member in a table).
    pub(super) fn flatten_unions(&mut self) {
        for id in 0..self.nodes.len() {
            let Ir::Union(ms) = &self.nodes[id] else { continue };
            if !ms.iter().any(|&m| matches!(self.nodes[m], Ir::Union(_))) {
                continue;
            }
            let mut flat = Vec::new();
            let mut todo: Vec<usize> = ms.iter().rev().copied().collect();
            let mut depth = 0;
            while let Some(m) = todo.pop() {
                match &self.nodes[m] {
                    Ir::Union(inner) if depth < 64 => {
                        depth += 1;
                        todo.extend(inner.iter().rev().copied());
                    }
                    _ if !flat.contains(&m) => flat.push(m),
                    _ => {}
                }
            }
            self.nodes[id] = Ir::Union(flat);
        }
    }
}

/// Whether a patch changes the spec's text (applied by [`patch_spec`]
/// before compiling) rather than the compiled graph (`Compiler::patch`).
fn changes_the_spec(change: &Change) -> bool {
    matches!(
        change,
        Change::NotRequired(_)
            | Change::AlsoItem(_)
            | Change::AlsoSchema(_)
            | Change::DropKeyword(_)
            | Change::AlsoProperty(..)
            | Change::AlsoValue(_)
            | Change::AlsoItemSchema(_)
    )
}

/// The patches that change the spec's text (a name out of a `required`
/// list, another schema allowed as an array's items), applied to the
/// subset's schemas before they are compiled, so that every schema built
/// from the patched one (by `allOf`, or a union beside `type`) sees it.
pub(super) fn patch_spec(schemas: &mut Map<String, Value>, patches: &[Patch]) -> Result<(), String> {
    for p in patches {
        if !changes_the_spec(&p.change) {
            continue;
        }
        // `Schema` or `Schema.property` (an inline object schema of a property).
        let Some((schema, props)) = patch_target(schemas, p.at) else { continue };
        let Some(mut s) = schemas.get_mut(schema) else { continue };
        for prop in props.into_iter().flat_map(|q| q.split('.')) {
            s = s.pointer_mut(&format!("/properties/{prop}")).ok_or_else(|| format!("patch {}: no property {prop}", p.at))?;
        }
        match p.change {
            Change::NotRequired(name) => {
                // A schema of the same name in the other vendor's spec may
                // not have the erratum: nothing to do there.
                if let Some(req) = s.get_mut("required").and_then(Value::as_array_mut) {
                    req.retain(|x| x != name);
                }
            }
            Change::AlsoItem(other) => {
                let Some(items) = s.get_mut("items") else { return Err(format!("patch {}: not an array", p.at)) };
                let reference = serde_json::json!({ "$ref": format!("#/components/schemas/{other}") });
                *items = serde_json::json!({ "anyOf": [items.take(), reference] });
            }
            Change::AlsoItemSchema(json) => {
                let also: Value = serde_json::from_str(json).map_err(|e| format!("patch {}: {e}", p.at))?;
                let Some(items) = s.get_mut("items") else { return Err(format!("patch {}: not an array", p.at)) };
                *items = serde_json::json!({ "anyOf": [items.take(), also] });
            }
            Change::AlsoSchema(json) => {
                let also: Value = serde_json::from_str(json).map_err(|e| format!("patch {}: {e}", p.at))?;
                *s = serde_json::json!({ "anyOf": [s.take(), also] });
            }
            Change::DropKeyword(k) => {
                s.as_object_mut().and_then(|o| o.remove(k)).ok_or_else(|| format!("patch {}: no keyword {k}", p.at))?;
            }
            Change::AlsoProperty(name, json) => {
                let also: Value = serde_json::from_str(json).map_err(|e| format!("patch {}: {e}", p.at))?;
                let props = s
                    .get_mut("properties")
                    .and_then(Value::as_object_mut)
                    .ok_or_else(|| format!("patch {}: not an object with properties", p.at))?;
                // The spec caught up with the service: the patch is stale.
                if props.contains_key(name) {
                    return Err(format!("patch {}: the spec defines {name} itself now; drop the patch", p.at));
                }
                props.insert(name.to_string(), also);
            }
            Change::AlsoValue(json) => {
                let also: Value = serde_json::from_str(json).map_err(|e| format!("patch {}: {e}", p.at))?;
                let Some(values) = s.get_mut("additionalProperties").filter(|v| v.is_object()) else {
                    return Err(format!("patch {}: not a map (no additionalProperties schema)", p.at));
                };
                *values = serde_json::json!({ "anyOf": [values.take(), also] });
            }
            _ => {}
        }
    }
    Ok(())
}

/// A patch's `at` (`Schema` or `Schema.property`, where a schema's own name
/// may hold dots: `OpenAI.ReasoningEffort`) as the schema it names in
/// `schemas` and the property path below it; None when the spec has no
/// such schema (the patch is for the other vendor's spec).
pub fn patch_target<'a>(schemas: &Map<String, Value>, at: &'a str) -> Option<(&'a str, Option<&'a str>)> {
    if schemas.contains_key(at) {
        return Some((at, None));
    }
    // The longest prefix that names a schema.
    at.char_indices()
        .rev()
        .filter(|&(_, c)| c == '.')
        .find_map(|(i, _)| schemas.contains_key(&at[..i]).then(|| (&at[..i], Some(&at[i + 1..]))))
}
