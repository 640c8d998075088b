//! What can be read of a line with too many values to check fully, without
//! building it: its top-level custom_id, method and url and its body's model
//! (`line::check_line_cheap` applies the rules to them).

use super::fast_values::{Keys, Scalar, Skip};
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// A big line's top-level custom_id, method and url and its body's model, as
/// plain values (everything else is parsed and dropped: bounded memory).
pub(crate) struct TopFields {
    pub top: Map<String, Value>,
    /// The body: an object holding only `model` (if set), or a placeholder
    /// of the body's type when it is not an object.
    pub body: Option<Value>,
}

/// [`TopFields`] of a line, or `None` when the line is not an object or one
/// of those fields is not a plain value (a duplicate or escaped key too).
pub(crate) fn top_fields(bytes: &[u8]) -> Option<TopFields> {
    struct V;
    impl<'de> Visitor<'de> for V {
        type Value = TopFields;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a request object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<TopFields, A::Error> {
            let mut t = TopFields { top: Map::new(), body: None };
            let mut keys = Keys::new();
            while let Some(k) = keys.next(&mut a)? {
                match k {
                    "custom_id" | "method" | "url" => {
                        let Scalar(v) = a.next_value()?;
                        t.top.insert(k.to_string(), v);
                    }
                    "body" => t.body = Some(a.next_value::<BodyModel>()?.0),
                    _ => {
                        a.next_value::<Skip>()?;
                    }
                }
            }
            Ok(t)
        }
    }
    /// A body reduced to its model.
    struct BodyModel(Value);
    impl<'de> Deserialize<'de> for BodyModel {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct B;
            impl<'de> Visitor<'de> for B {
                type Value = BodyModel;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("a body")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<BodyModel, A::Error> {
                    let mut m = Map::new();
                    let mut keys = Keys::new();
                    while let Some(k) = keys.next(&mut a)? {
                        if k == "model" {
                            let Scalar(v) = a.next_value()?;
                            m.insert(k.to_string(), v);
                        } else {
                            a.next_value::<Skip>()?;
                        }
                    }
                    Ok(BodyModel(Value::Object(m)))
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<BodyModel, A::Error> {
                    while a.next_element::<Skip>()?.is_some() {}
                    Ok(BodyModel(Value::Array(Vec::new())))
                }
                fn visit_str<E>(self, _: &str) -> Result<BodyModel, E> {
                    Ok(BodyModel(Value::String(String::new())))
                }
                fn visit_u64<E>(self, v: u64) -> Result<BodyModel, E> {
                    Ok(BodyModel(Value::from(v)))
                }
                fn visit_i64<E>(self, v: i64) -> Result<BodyModel, E> {
                    Ok(BodyModel(Value::from(v)))
                }
                fn visit_f64<E>(self, v: f64) -> Result<BodyModel, E> {
                    Ok(BodyModel(Value::from(v)))
                }
                fn visit_bool<E>(self, v: bool) -> Result<BodyModel, E> {
                    Ok(BodyModel(Value::Bool(v)))
                }
                fn visit_unit<E>(self) -> Result<BodyModel, E> {
                    Ok(BodyModel(Value::Null))
                }
            }
            d.deserialize_any(B)
        }
    }
    let text = std::str::from_utf8(bytes).ok()?;
    let mut de = serde_json::Deserializer::from_str(text);
    let t = de.deserialize_map(V).ok()?;
    de.end().ok()?;
    Some(t)
}
