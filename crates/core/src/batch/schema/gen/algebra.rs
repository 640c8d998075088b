//! Step 2a, continued: the set algebra of the intermediate graph (union,
//! intersection, and the narrowing a patch asks for), kept apart from
//! reading the spec's keywords (`compile.rs`).

use super::compile::{Compiler, Ir, IrExtra, ANY, NULL};

impl Compiler<'_> {
    pub(super) fn union(&mut self, ids: Vec<usize>) -> usize {
        let mut members = Vec::new();
        for id in ids {
            match &self.nodes[id] {
                Ir::Any => return ANY,
                Ir::Never => {}
                Ir::Union(ms) => {
                    for &m in ms {
                        if !members.contains(&m) {
                            members.push(m);
                        }
                    }
                }
                _ if !members.contains(&id) => members.push(id),
                _ => {}
            }
        }
        match members.len() {
            0 => self.add(Ir::Never),
            1 => members[0],
            _ => self.add(Ir::Union(members)),
        }
    }

    /// A node that fits what both `a` and `b` fit (allOf, and type keywords
    /// beside `$ref` or `oneOf`).
    pub(super) fn intersect(&mut self, a: usize, b: usize) -> Result<usize, String> {
        if a == b || b == ANY {
            return Ok(a);
        }
        if a == ANY {
            return Ok(b);
        }
        let (na, nb) = (self.nodes[a].clone(), self.nodes[b].clone());
        Ok(match (na, nb) {
            (Ir::Union(ms), _) => {
                let ids = ms.iter().map(|&m| self.intersect(m, b)).collect::<Result<Vec<_>, _>>()?;
                self.union(ids)
            }
            (_, Ir::Union(ms)) => {
                let ids = ms.iter().map(|&m| self.intersect(a, m)).collect::<Result<Vec<_>, _>>()?;
                self.union(ids)
            }
            (Ir::Obj { props: pa, required: ra, extra: ea }, Ir::Obj { props: pb, required: rb, extra: eb }) => {
                let mut props = pa;
                for (name, id) in pb {
                    match props.iter().position(|(n, _)| *n == name) {
                        Some(i) => props[i].1 = self.intersect(props[i].1, id)?,
                        None => props.push((name, id)),
                    }
                }
                let mut required = ra;
                for r in rb {
                    if !required.contains(&r) {
                        required.push(r);
                    }
                }
                let extra = match (ea, eb) {
                    (IrExtra::Closed, _) | (_, IrExtra::Closed) => IrExtra::Closed,
                    (IrExtra::Values(v), _) | (_, IrExtra::Values(v)) => IrExtra::Values(v),
                    _ => IrExtra::Open,
                };
                self.add(Ir::Obj { props, required, extra })
            }
            (Ir::Str { values: va, min: ma, max: xa, pattern: pa }, Ir::Str { values: vb, min: mb, max: xb, pattern: pb }) => {
                let values: Vec<String> = match (va.is_empty(), vb.is_empty()) {
                    (true, _) => vb,
                    (_, true) => va,
                    _ => va.into_iter().filter(|v| vb.contains(v)).collect(),
                };
                // Two lists with no value in common fit nothing (an empty
                // list would mean any string).
                if values.is_empty()
                    && !(matches!(&self.nodes[a], Ir::Str { values, .. } if values.is_empty())
                        || matches!(&self.nodes[b], Ir::Str { values, .. } if values.is_empty()))
                {
                    return Ok(self.add(Ir::Never));
                }
                let max = match (xa, xb) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                let pattern = match (pa, pb) {
                    (Some(a), Some(b)) if a != b => return Err(format!("two patterns on one string: {a:?} and {b:?}")),
                    (a, b) => a.or(b),
                };
                self.add(Ir::Str { values, min: ma.max(mb), max, pattern })
            }
            (x, y) if x == y => a,
            (Ir::Null, Ir::Null) | (Ir::Bool, Ir::Bool) => a,
            (Ir::Int { min, max }, Ir::Int { min: m2, max: x2 })
            | (Ir::Int { min, max }, Ir::Num { min: m2, max: x2 })
            | (Ir::Num { min, max }, Ir::Int { min: m2, max: x2 }) => {
                self.add(Ir::Int { min: tighter(min, m2, f64::max), max: tighter(max, x2, f64::min) })
            }
            (Ir::Num { min, max }, Ir::Num { min: m2, max: x2 }) => {
                self.add(Ir::Num { min: tighter(min, m2, f64::max), max: tighter(max, x2, f64::min) })
            }
            (Ir::Arr { items, min, max }, Ir::Arr { items: i2, min: m2, max: x2 }) => {
                let items = self.intersect(items, i2)?;
                let max = match (max, x2) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                self.add(Ir::Arr { items, min: min.max(m2), max })
            }
            _ => self.add(Ir::Never),
        })
    }

    pub(super) fn without_null(&mut self, id: usize) -> usize {
        match self.nodes[id].clone() {
            Ir::Union(ms) => {
                let ids = ms.into_iter().filter(|&m| m != NULL).collect();
                self.union(ids)
            }
            _ => id,
        }
    }

    pub(super) fn with_minimum(&mut self, id: usize, min: f64) -> Result<usize, String> {
        match self.nodes[id].clone() {
            Ir::Int { max, .. } => Ok(self.add(Ir::Int { min: Some(min), max })),
            Ir::Union(ms) => {
                let ids = ms.iter().map(|&m| self.with_minimum(m, min)).collect::<Result<Vec<_>, _>>()?;
                Ok(self.union(ids))
            }
            Ir::Null => Ok(id),
            other => Err(format!("a minimum on {other:?}")),
        }
    }
}

pub(super) fn tighter(a: Option<f64>, b: Option<f64>, pick: fn(f64, f64) -> f64) -> Option<f64> {
    match (a, b) {
        (Some(x), Some(y)) => Some(pick(x, y)),
        (x, y) => x.or(y),
    }
}
