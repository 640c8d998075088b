//! The small JSON readers of the fast path (`fast_line.rs`) and of the
//! schema walk that runs inside it (`schema/stream.rs`, `tree.rs`,
//! `top_fields.rs`): a borrowed string, an object's keys (repeats and
//! escapes refused), a scalar or small value as `Value` parses it, and a
//! value read only for what the cross-field rules look for. Each parses as
//! `serde_json::Value` would, or fails, and the caller takes the slow path.

use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

/// A string, borrowed from the line when it has no escapes.
pub(super) struct Str<'a>(pub(super) Cow<'a, str>);

impl<'de> Deserialize<'de> for Str<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Str<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Str(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Str(Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_str(V)
    }
}

/// The keys of one object, as written: a key that repeats, or one with
/// escapes (`scan.rs` compares keys as written; the slow path decides),
/// makes the parse fail, and the caller takes the slow path.
pub(super) struct Keys<'a> {
    first: [&'a str; LINEAR_KEYS],
    n: usize,
    /// All keys, once there are more than `LINEAR_KEYS`.
    set: Option<HashSet<&'a str>>,
}

/// Keys compared one by one; beyond this many, a set.
const LINEAR_KEYS: usize = 16;

impl<'a> Keys<'a> {
    pub(super) fn new() -> Self {
        Keys { first: [""; LINEAR_KEYS], n: 0, set: None }
    }

    /// The key, borrowed from the line; an error if it has escapes or repeats.
    fn add<E: serde::de::Error>(&mut self, key: Str<'a>) -> Result<&'a str, E> {
        let Cow::Borrowed(k) = key.0 else { return Err(E::custom("a key with escapes")) };
        let repeated = match &mut self.set {
            Some(set) => !set.insert(k),
            None if self.first[..self.n].contains(&k) => true,
            None if self.n < LINEAR_KEYS => {
                self.first[self.n] = k;
                self.n += 1;
                false
            }
            None => {
                let mut set: HashSet<&str> = self.first.iter().copied().collect();
                set.insert(k);
                self.set = Some(set);
                false
            }
        };
        if repeated {
            return Err(E::custom("a repeated key"));
        }
        Ok(k)
    }

    /// The next key of `a`, checked by [`Self::add`].
    pub(super) fn next<'de: 'a, A: MapAccess<'de>>(&mut self, a: &mut A) -> Result<Option<&'a str>, A::Error> {
        match a.next_key::<Str<'de>>()? {
            Some(k) => self.add(k).map(Some),
            None => Ok(None),
        }
    }
}

/// An output cap's value as `Value` parses it, when it is not an array or
/// an object (whose keys this path would not check: it gives up).
pub(super) struct Scalar(pub(super) Value);

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Scalar;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON scalar")
            }
            fn visit_unit<E>(self) -> Result<Scalar, E> {
                Ok(Scalar(Value::Null))
            }
            fn visit_bool<E>(self, v: bool) -> Result<Scalar, E> {
                Ok(Scalar(Value::Bool(v)))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Scalar, E> {
                Ok(Scalar(Value::from(v)))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Scalar, E> {
                Ok(Scalar(Value::from(v)))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Scalar, E> {
                Ok(Scalar(Value::from(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Scalar, E> {
                Ok(Scalar(Value::String(v.to_string())))
            }
        }
        d.deserialize_any(V)
    }
}

/// A small value as `Value` parses it: a scalar, or an array or object of
/// scalars (an object's keys checked as [`Keys`] does); anything nested
/// deeper gives up (the slow path decides).
pub(super) struct Small(pub(super) Value);

impl<'de> Deserialize<'de> for Small {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Small;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a small JSON value")
            }
            fn visit_unit<E>(self) -> Result<Small, E> {
                Ok(Small(Value::Null))
            }
            fn visit_bool<E>(self, v: bool) -> Result<Small, E> {
                Ok(Small(Value::Bool(v)))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Small, E> {
                Ok(Small(Value::from(v)))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Small, E> {
                Ok(Small(Value::from(v)))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Small, E> {
                Ok(Small(Value::from(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Small, E> {
                Ok(Small(Value::String(v.to_string())))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Small, A::Error> {
                let mut items = Vec::new();
                while let Some(Scalar(v)) = a.next_element()? {
                    items.push(v);
                }
                Ok(Small(Value::Array(items)))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Small, A::Error> {
                let mut keys = Keys::new();
                let mut map = Map::new();
                while let Some(k) = keys.next(&mut a)? {
                    let Scalar(v) = a.next_value()?;
                    map.insert(k.to_string(), v);
                }
                Ok(Small(Value::Object(map)))
            }
        }
        d.deserialize_any(V)
    }
}

/// Any JSON value, parsed as `Value` parses it (numbers in range, escapes)
/// but not kept: only whether it was `null` or `true`, or held a string or
/// key the cross-field rules read below a body's top level
/// ([`super::cross_field::names_an_item`]).
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Skip {
    Null,
    True,
    Other,
    /// Not `null` or `true`; it is, or holds, such a string or key.
    Named,
}

impl Skip {
    /// `Named` if `named`, else `self`.
    pub(super) fn or_named(self, named: bool) -> Skip {
        if named {
            Skip::Named
        } else {
            self
        }
    }
}

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Skip;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E>(self) -> Result<Skip, E> {
                Ok(Skip::Null)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Skip, E> {
                Ok(if v { Skip::True } else { Skip::Other })
            }
            fn visit_i64<E>(self, _: i64) -> Result<Skip, E> {
                Ok(Skip::Other)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Skip, E> {
                Ok(Skip::Other)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Skip, E> {
                Ok(Skip::Other)
            }
            fn visit_str<E>(self, v: &str) -> Result<Skip, E> {
                Ok(Skip::Other.or_named(super::cross_field::names_an_item(v)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Skip, A::Error> {
                let mut named = false;
                while let Some(s) = a.next_element::<Skip>()? {
                    named |= s == Skip::Named;
                }
                Ok(Skip::Other.or_named(named))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Skip, A::Error> {
                let mut keys = Keys::new();
                let mut named = false;
                while let Some(k) = keys.next(&mut a)? {
                    named |= super::cross_field::names_an_item(k) | (a.next_value::<Skip>()? == Skip::Named);
                }
                Ok(Skip::Other.or_named(named))
            }
        }
        d.deserialize_any(V)
    }
}
