//! A JSON value as the cross-field rules and the schema's [`super::schema::fits`]
//! read it, whether a `serde_json::Value` (the slow path builds the whole
//! line as one) or a [`Tree`] (the fast path builds one of only the body
//! arguments those rules read: `tools`, `response_format`, …): the rules
//! are written once, over [`Json`], so both paths judge a value the same way.
//!
//! A [`Tree`] borrows its strings from the line (unless they hold escapes)
//! and keeps an object's members in a short vector, as written: no map, no
//! copy of a key. A key with escapes or a repeated key ends its parse (the
//! slow path compares keys as written and reports the repeat), as in the
//! rest of the fast path.

use super::fast_values::Keys;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Number, Value};
use std::borrow::Cow;
use std::fmt;

/// A read-only JSON value.
pub(crate) trait Json: Sized {
    /// An object's members.
    type Members<'a>: Iterator<Item = (&'a str, &'a Self)>
    where
        Self: 'a;
    /// The member `key` of an object (`None` for anything else).
    fn get(&self, key: &str) -> Option<&Self>;
    fn as_str(&self) -> Option<&str>;
    fn as_array(&self) -> Option<&[Self]>;
    fn as_bool(&self) -> Option<bool>;
    fn as_number(&self) -> Option<&Number>;
    fn is_null(&self) -> bool;
    /// An object's members (`None` for anything else).
    fn members(&self) -> Option<Self::Members<'_>>;
}

impl Json for Value {
    type Members<'a> = std::iter::Map<serde_json::map::Iter<'a>, fn((&'a String, &'a Value)) -> (&'a str, &'a Value)>;
    fn get(&self, key: &str) -> Option<&Value> {
        self.as_object()?.get(key)
    }
    fn as_str(&self) -> Option<&str> {
        Value::as_str(self)
    }
    fn as_array(&self) -> Option<&[Value]> {
        Value::as_array(self).map(Vec::as_slice)
    }
    fn as_bool(&self) -> Option<bool> {
        Value::as_bool(self)
    }
    fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }
    fn is_null(&self) -> bool {
        Value::is_null(self)
    }
    fn members(&self) -> Option<Self::Members<'_>> {
        Some(self.as_object()?.iter().map(|(k, v)| (k.as_str(), v)))
    }
}

/// A JSON value parsed as `Value` parses it (numbers, escapes), its strings
/// borrowed where they can be, an object's members in the order written.
#[derive(Debug, PartialEq)]
pub(crate) enum Tree<'a> {
    Null,
    Bool(bool),
    Num(Number),
    Str(Cow<'a, str>),
    Arr(Vec<Tree<'a>>),
    Obj(Vec<(&'a str, Tree<'a>)>),
}

impl<'t> Json for Tree<'t> {
    type Members<'a>
        = std::iter::Map<std::slice::Iter<'a, (&'t str, Tree<'t>)>, fn(&'a (&'t str, Tree<'t>)) -> (&'a str, &'a Tree<'t>)>
    where
        Self: 'a;
    fn get(&self, key: &str) -> Option<&Tree<'t>> {
        match self {
            Tree::Obj(m) => m.iter().find(|(k, _)| *k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    fn as_str(&self) -> Option<&str> {
        match self {
            Tree::Str(s) => Some(s),
            _ => None,
        }
    }
    fn as_array(&self) -> Option<&[Tree<'t>]> {
        match self {
            Tree::Arr(a) => Some(a),
            _ => None,
        }
    }
    fn as_bool(&self) -> Option<bool> {
        match self {
            Tree::Bool(b) => Some(*b),
            _ => None,
        }
    }
    fn as_number(&self) -> Option<&Number> {
        match self {
            Tree::Num(n) => Some(n),
            _ => None,
        }
    }
    fn is_null(&self) -> bool {
        matches!(self, Tree::Null)
    }
    fn members(&self) -> Option<Self::Members<'_>> {
        match self {
            Tree::Obj(m) => Some(m.iter().map(|(k, v)| (*k, v))),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Tree<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Tree<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E>(self) -> Result<Tree<'de>, E> {
                Ok(Tree::Null)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Tree<'de>, E> {
                Ok(Tree::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Tree<'de>, E> {
                Ok(Tree::Num(v.into()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Tree<'de>, E> {
                Ok(Tree::Num(v.into()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Tree<'de>, E> {
                // As `Value` does (serde_json never hands over a non-finite number).
                Ok(Number::from_f64(v).map_or(Tree::Null, Tree::Num))
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Tree<'de>, E> {
                Ok(Tree::Str(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Tree<'de>, E> {
                Ok(Tree::Str(Cow::Owned(v.to_string())))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Tree<'de>, A::Error> {
                let mut items = Vec::new();
                while let Some(x) = a.next_element()? {
                    items.push(x);
                }
                Ok(Tree::Arr(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Tree<'de>, A::Error> {
                let mut keys = Keys::new();
                let mut members = Vec::new();
                while let Some(k) = keys.next(&mut a)? {
                    // Room for a schema's usual members at once (grown 4
                    // then 8, the vector would move twice): never more than
                    // a `Value`'s map node takes, and nothing for `{}`.
                    if members.is_empty() {
                        members.reserve_exact(8);
                    }
                    members.push((k, a.next_value()?));
                }
                Ok(Tree::Obj(members))
            }
        }
        d.deserialize_any(V)
    }
}
