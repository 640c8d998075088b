//! A value checked against a table while it is parsed (the fast path): no
//! `Value` is built, strings stay borrowed. It only answers whether the
//! value fits: on a value that fits none of the nodes it asks about, the
//! parse stops with an error and the caller takes the slow path, whose
//! [`super::validate`] says what is wrong. Unions are followed as sets of
//! candidates narrowed as the value is read (at most [`CAP`] at a time;
//! more also sends the line to the slow path).

use super::{Extra, Node, Table};
use crate::batch::fast_values::{Keys, Skip};
use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// The most non-union nodes followed at once.
const CAP: usize = 48;

/// Asks whether the next value fits each of `nodes` (at most 64).
pub(in crate::batch) struct Fit<'a> {
    pub t: &'static Table,
    pub nodes: &'a [u16],
}

/// Which of the nodes the value fits (bit i: `nodes[i]`), never 0, and
/// what the value was.
#[derive(Clone, Copy)]
pub(in crate::batch) struct Fitted {
    pub mask: u64,
    pub seen: Skip,
}

/// The non-union nodes behind a list of nodes, each with the list entry it
/// stands for.
struct Leaves {
    ids: [u16; CAP],
    owner: [u8; CAP],
    n: usize,
    /// Entries that fit anything.
    any: u64,
}

impl Leaves {
    fn of(t: &Table, nodes: &[u16]) -> Option<Leaves> {
        if nodes.len() > 64 {
            return None;
        }
        let mut l = Leaves { ids: [0; CAP], owner: [0; CAP], n: 0, any: 0 };
        for (i, &id) in nodes.iter().enumerate() {
            l.add(t, id, i as u8, 0)?;
        }
        Some(l)
    }

    fn add(&mut self, t: &Table, id: u16, owner: u8, depth: usize) -> Option<()> {
        match t.node(id) {
            Node::Any => self.any |= 1 << owner,
            Node::Union(ms) => {
                if depth > 8 {
                    return None;
                }
                for &m in *ms {
                    self.add(t, m, owner, depth + 1)?;
                }
            }
            _ => {
                if self.n == CAP {
                    return None;
                }
                self.ids[self.n] = id;
                self.owner[self.n] = owner;
                self.n += 1;
            }
        }
        Some(())
    }

    /// The entries of the leaves for which `ok` holds, with those that fit anything.
    fn mask(&self, t: &Table, ok: impl Fn(&Node) -> bool) -> u64 {
        let mut m = self.any;
        for i in 0..self.n {
            if ok(t.node(self.ids[i])) {
                m |= 1 << self.owner[i];
            }
        }
        m
    }
}

fn no_fit<E: Error>() -> E {
    E::custom("the value fits no schema node")
}

fn result<E: Error>(mask: u64, seen: Skip) -> Result<Fitted, E> {
    if mask == 0 {
        Err(no_fit())
    } else {
        Ok(Fitted { mask, seen })
    }
}

fn in_bounds(x: f64, min: Option<f64>, max: Option<f64>) -> bool {
    min.is_none_or(|m| x >= m) && max.is_none_or(|m| x <= m)
}

impl<'de> DeserializeSeed<'de> for Fit<'_> {
    type Value = Fitted;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Fitted, D::Error> {
        let leaves = Leaves::of(self.t, self.nodes).ok_or_else(|| D::Error::custom("too many schema candidates"))?;
        d.deserialize_any(FitVisitor { t: self.t, leaves })
    }
}

struct FitVisitor {
    t: &'static Table,
    leaves: Leaves,
}

impl FitVisitor {
    fn number<E: Error>(&self, x: f64, integer: bool) -> Result<Fitted, E> {
        let integer = integer || (x.fract() == 0.0 && x.is_finite());
        let m = self.leaves.mask(self.t, |n| match *n {
            Node::Int { min, max } => integer && in_bounds(x, min, max),
            Node::Num { min, max } => in_bounds(x, min, max),
            _ => false,
        });
        result(m, Skip::Other)
    }

    fn string<E: Error>(&self, s: &str) -> Result<Fitted, E> {
        let m = self.leaves.mask(self.t, |n| super::validate::str_fits(self.t, n, s));
        result(m, Skip::Other.or_named(crate::batch::cross_field::names_an_item(s)))
    }
}

impl<'de> Visitor<'de> for FitVisitor {
    type Value = Fitted;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E: Error>(self) -> Result<Fitted, E> {
        result(self.leaves.mask(self.t, |n| matches!(n, Node::Null)), Skip::Null)
    }
    fn visit_bool<E: Error>(self, v: bool) -> Result<Fitted, E> {
        result(self.leaves.mask(self.t, |n| matches!(n, Node::Bool)), if v { Skip::True } else { Skip::Other })
    }
    fn visit_i64<E: Error>(self, v: i64) -> Result<Fitted, E> {
        self.number(v as f64, true)
    }
    fn visit_u64<E: Error>(self, v: u64) -> Result<Fitted, E> {
        self.number(v as f64, true)
    }
    fn visit_f64<E: Error>(self, v: f64) -> Result<Fitted, E> {
        self.number(v, false)
    }
    fn visit_str<E: Error>(self, v: &str) -> Result<Fitted, E> {
        self.string(v)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Fitted, A::Error> {
        let (t, l) = (self.t, &self.leaves);
        // The array leaves still in the running, and each one's items node.
        let mut alive = [false; CAP];
        let mut kids = [0u16; CAP];
        let mut kid_of = [0u8; CAP];
        let mut k = 0;
        for i in 0..l.n {
            if let Node::Arr { items, .. } = *t.node(l.ids[i]) {
                alive[i] = true;
                kid_of[i] = match kids[..k].iter().position(|&x| x == items) {
                    Some(p) => p as u8,
                    None => {
                        kids[k] = items;
                        k += 1;
                        (k - 1) as u8
                    }
                };
            }
        }
        let mut len = 0usize;
        let mut named = false;
        loop {
            if !alive.iter().any(|&x| x) {
                if l.any == 0 {
                    return Err(no_fit());
                }
                while let Some(s) = a.next_element::<Skip>()? {
                    named |= s == Skip::Named;
                }
                break;
            }
            let Some(f) = a.next_element_seed(Fit { t, nodes: &kids[..k] })? else { break };
            named |= f.seen == Skip::Named;
            len += 1;
            for i in 0..l.n {
                alive[i] &= f.mask & (1 << kid_of[i]) != 0;
            }
        }
        let mut m = l.any;
        for (i, &live) in alive.iter().enumerate().take(l.n) {
            if let (true, Node::Arr { min, max, .. }) = (live, *t.node(l.ids[i])) {
                if len >= min as usize && max.is_none_or(|x| len <= x as usize) {
                    m |= 1 << l.owner[i];
                }
            }
        }
        result(m, Skip::Other.or_named(named))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Fitted, A::Error> {
        let (t, l) = (self.t, &self.leaves);
        let mut alive = [false; CAP];
        let mut seen_required = [0u16; CAP];
        for (live, &id) in alive.iter_mut().zip(&l.ids[..l.n]) {
            *live = matches!(t.node(id), Node::Obj { .. });
        }
        let mut keys = Keys::new();
        let mut named = false;
        while let Some(key) = keys.next(&mut a)? {
            named |= crate::batch::cross_field::names_an_item(key);
            let mut kids = [0u16; CAP];
            let mut kid_of = [0u8; CAP];
            let mut k = 0;
            for i in 0..l.n {
                if !alive[i] {
                    continue;
                }
                let Node::Obj { props, required, extra } = *t.node(l.ids[i]) else { continue };
                let c = match super::prop(props, key) {
                    Some(&(_, c)) => c,
                    None => match extra {
                        Extra::Open => 0,
                        Extra::Values(c) => c,
                        // A name only the counterpart spec defines gets a
                        // warning: the slow path's.
                        Extra::Closed | Extra::ClosedBeside(_) => {
                            alive[i] = false;
                            continue;
                        }
                    },
                };
                if super::listed(required, key) {
                    seen_required[i] += 1;
                }
                kid_of[i] = match kids[..k].iter().position(|&x| x == c) {
                    Some(p) => p as u8,
                    None => {
                        kids[k] = c;
                        k += 1;
                        (k - 1) as u8
                    }
                };
            }
            if k == 0 {
                if l.any == 0 {
                    return Err(no_fit());
                }
                named |= a.next_value::<Skip>()? == Skip::Named;
                continue;
            }
            let f = a.next_value_seed(Fit { t, nodes: &kids[..k] })?;
            named |= f.seen == Skip::Named;
            for i in 0..l.n {
                alive[i] &= f.mask & (1 << kid_of[i]) != 0;
            }
        }
        let mut m = l.any;
        for i in 0..l.n {
            if let (true, Node::Obj { required, .. }) = (alive[i], t.node(l.ids[i])) {
                if seen_required[i] as usize == required.len() {
                    m |= 1 << l.owner[i];
                }
            }
        }
        result(m, Skip::Other.or_named(named))
    }
}
