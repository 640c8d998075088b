//! The fast path for an ordinary request line, when tokens are not counted:
//! one typed parse with borrowed strings that keeps only what the rules
//! read (message contents are parsed, as `serde_json::Value` would, and
//! dropped), instead of building the whole line as a `Value`. It answers
//! only for a line on which the rules of `line.rs` find nothing (besides
//! the served-model rule, which it applies the same way); anything unusual
//! (a duplicate key, a key with escapes, a wrong type, a missing field, a
//! bad role, an output cap that is an array or object) returns `None` and
//! the caller runs [`super::check_line`], so findings are the same byte for
//! byte.
//!
//! The body arguments the cross-field rules read (`tools`, `response_format`,
//! …) are kept as a [`Tree`], checked against the schema and handed to
//! those rules ([`super::cross_field::finds_any`]): a line they find
//! anything in returns `None`.
//!
//! The parse itself sees every object's keys, so it finds repeated keys
//! without a second pass over the line (`scan.rs`, which `line.rs` uses),
//! and a key's column comes from where its borrowed text sits in the line.

use super::fast_values::{Keys, Scalar, Skip, Small, Str};
use super::line::{LineRef, Parsed};
use super::schema::stream::Fit;
use super::schema::{Extra, Node, Table};
use super::tree::Tree;
use super::{Dialect, Endpoint, Findings};
use crate::facts::{Catalog, Kind};
use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::fmt;

const ROLES: &[&str] = &["system", "developer", "user", "assistant", "tool", "function"];
/// The body keys the output-cap rules read (`estimate.rs`), and those the
/// reasoning-model rules read (`model_rules.rs`; an object among them, as
/// `logit_bias` is, sends the line to the slow path).
const CAP_KEYS: &[&str] = &[
    "max_completion_tokens",
    "max_tokens",
    "max_output_tokens",
    "n",
    "temperature",
    "top_p",
    "presence_penalty",
    "frequency_penalty",
    "logprobs",
    "top_logprobs",
];

/// The catalog's figures the fast path reads on every line, looked up once
/// per file (a look-up per line cost ~5% of a structural check in wasm).
#[derive(Clone, Copy, Debug)]
pub struct FastFacts {
    /// The body checks' dialect; `None` when they are off (the catalog's `body_schema` fact).
    schema: Option<Dialect>,
    /// The longest custom_id, in characters.
    max_id_chars: usize,
}

impl FastFacts {
    pub fn new(catalog: &Catalog, dialect: Dialect) -> Self {
        FastFacts {
            schema: super::schema::enabled(catalog, dialect).then_some(dialect),
            max_id_chars: catalog.require(Kind::MaxCustomIdChars, "any") as usize,
        }
    }
}

/// [`super::check_line`] for an ordinary line (see the module), or `None`.
pub fn check_line_fast<'a>(line: LineRef<'a>, dialect: Dialect, catalog: &Catalog, out: &mut Findings) -> Option<Parsed<'a>> {
    check_line_fast_with(line, dialect, catalog, FastFacts::new(catalog, dialect), out)
}

/// [`check_line_fast`] with the catalog's figures looked up once (`facts`
/// from the same `catalog` and `dialect`).
pub(crate) fn check_line_fast_with<'a>(
    line: LineRef<'a>,
    dialect: Dialect,
    catalog: &Catalog,
    facts: FastFacts,
    out: &mut Findings,
) -> Option<Parsed<'a>> {
    // serde_json checks UTF-8 only in the strings it keeps: check it all.
    let text = simdutf8::basic::from_utf8(line.bytes).ok()?;
    let mut de = serde_json::Deserializer::from_str(text);
    let top = TopSeed { dialect: facts.schema }.deserialize(&mut de).ok()?;
    de.end().ok()?;
    // A key's opening quote, from where its text (borrowed from `text`) starts.
    let base = text.as_ptr() as usize;
    let at = |key: Option<usize>| key.map(|k| k - base - 1);
    let custom_id_at = at(top.custom_id_key);
    let url_at = at(top.url_key);
    // An empty id gets a warning: the slow path says so.
    let id = top.custom_id.filter(|id| !id.is_empty())?;
    let max = facts.max_id_chars;
    if top.method.as_deref() != Some("POST") || (id.len() > max && id.chars().nth(max).is_some()) {
        return None;
    }
    let url = top.url?;
    if !super::schema::listed(dialect.allowed_urls(), &url) {
        return None;
    }
    let endpoint = Endpoint::from_url(&url);
    let body = top.body?;
    let (model_at, max_tokens_at) = (at(body.model_key), at(body.max_tokens_key));
    let model = body.model.filter(|m| !m.trim().is_empty())?;
    if body.stream_true {
        return None;
    }
    // Azure's legacy url form with reasoning_effort gets a warning the slow path gives.
    if dialect == Dialect::Azure && url == "/chat/completions" && body.caps.get("reasoning_effort").is_some_and(|v| !v.is_null()) {
        return None;
    }
    match endpoint {
        // Checked whole against the schema while parsing (see `Body`).
        _ if body.schema_checked => {}
        Some(Endpoint::ChatCompletions) => {
            let messages = body.messages?;
            if messages.count == 0 || !messages.all_good {
                return None;
            }
        }
        Some(Endpoint::Embeddings | Endpoint::Moderations) if !body.input_set => return None,
        _ => {}
    }
    // The cross-field rules, on the arguments they read: a line they find
    // anything in goes to the slow path, which says what. (They also read
    // the messages or input below the top level: a line with what they
    // read there never gets here, see `names_an_item`; where the rules
    // would read the messages for the word "json", they are not in the
    // `Tree`, so the rules find the word missing and the slow path decides.)
    if let (false, Some(e @ (Endpoint::ChatCompletions | Endpoint::Responses))) = (body.cross.is_empty(), endpoint) {
        if super::cross_field::finds_any(&Tree::Obj(body.cross), e, dialect) {
            return None;
        }
    }
    let p = Parsed {
        custom_id: Some(id),
        url: Some(url),
        model: Some(model),
        endpoint,
        body: Some(Value::Object(body.caps)),
        custom_id_at,
        url_at,
        model_at,
        max_tokens_at,
    };
    super::served::model_rule(line, &p, dialect, catalog, out);
    Some(p)
}

/// The top-level fields the rules read, and where their keys' texts start
/// (addresses in the line).
struct Top<'a> {
    custom_id: Option<Cow<'a, str>>,
    method: Option<Cow<'a, str>>,
    url: Option<Cow<'a, str>>,
    body: Option<Body<'a>>,
    custom_id_key: Option<usize>,
    url_key: Option<usize>,
}

/// [`Top`] for a dialect: the body is checked against the schema of the
/// endpoint its url names (a body before the url: the slow path decides).
struct TopSeed {
    /// `None`: body checks are off (the catalog's `body_schema` fact).
    dialect: Option<Dialect>,
}

impl<'de> DeserializeSeed<'de> for TopSeed {
    type Value = Top<'de>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Top<'de>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for TopSeed {
    type Value = Top<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a request object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Top<'de>, A::Error> {
        let mut t = Top { custom_id: None, method: None, url: None, body: None, custom_id_key: None, url_key: None };
        let mut keys = Keys::new();
        while let Some(k) = keys.next(&mut a)? {
            match k {
                "custom_id" => {
                    t.custom_id_key = Some(k.as_ptr() as usize);
                    t.custom_id = Some(a.next_value::<Str>()?.0);
                }
                "method" => t.method = Some(a.next_value::<Str>()?.0),
                "url" => {
                    t.url_key = Some(k.as_ptr() as usize);
                    t.url = Some(a.next_value::<Str>()?.0);
                }
                "body" => {
                    let Some(url) = t.url.as_deref() else { return Err(A::Error::custom("a body before the url")) };
                    let schema = Endpoint::from_url(url).and_then(|e| super::schema::schema_for(self.dialect?, e));
                    t.body = Some(a.next_value_seed(BodySeed { schema })?);
                }
                _ => {
                    a.next_value::<Skip>()?;
                }
            }
        }
        Ok(t)
    }
}

struct Body<'a> {
    model: Option<Cow<'a, str>>,
    stream_true: bool,
    messages: Option<Messages>,
    input_set: bool,
    /// The output-cap keys, as `Value`s.
    caps: Map<String, Value>,
    model_key: Option<usize>,
    max_tokens_key: Option<usize>,
    /// Every key and value fitted the endpoint's schema.
    schema_checked: bool,
    /// The body arguments the cross-field rules read (`cross_field::BODY_KEYS`).
    cross: Vec<(&'a str, Tree<'a>)>,
}

/// What ends the parse of a body that holds what the cross-field rules read
/// (`cross_field/`: a body argument of theirs, or an item below the top
/// level, [`super::cross_field::names_an_item`]): the slow path checks it.
fn cross_field<E: serde::de::Error>() -> E {
    E::custom("what the cross-field rules read")
}

/// A body, checked against `schema` (the table and its root node) when
/// there is one: any key or value that does not fit ends the parse.
struct BodySeed {
    schema: Option<(&'static Table, u16)>,
}

impl<'de> DeserializeSeed<'de> for BodySeed {
    type Value = Body<'de>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Body<'de>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for BodySeed {
    type Value = Body<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a body object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Body<'de>, A::Error> {
        let mut b = Body {
            model: None,
            stream_true: false,
            messages: None,
            input_set: false,
            caps: Map::new(),
            model_key: None,
            max_tokens_key: None,
            schema_checked: false,
            cross: Vec::new(),
        };
        // The root object's keys, and how many of its required ones are here.
        let root = match self.schema {
            Some((t, id)) => match *t.node(id) {
                Node::Obj { props, required, extra } => Some((t, props, required, extra)),
                _ => return Err(A::Error::custom("a body schema that is not an object")),
            },
            None => None,
        };
        let mut required_seen = 0;
        let mut named = false;
        let mut keys = Keys::new();
        while let Some(k) = keys.next(&mut a)? {
            // The key's schema node (0, Any, for a key an open root allows).
            let node = match root {
                None => None,
                Some((t, props, required, extra)) => {
                    required_seen += super::schema::listed(required, k) as usize;
                    let c = match super::schema::prop(props, k) {
                        Some(&(_, c)) => c,
                        None => match extra {
                            // Refused, or (a name only the counterpart spec
                            // defines) a warning: the slow path says which.
                            Extra::Closed | Extra::ClosedBeside(_) => return Err(A::Error::custom("an unknown argument")),
                            Extra::Open => 0,
                            Extra::Values(c) => c,
                        },
                    };
                    Some((t, c))
                }
            };
            // A value the cross-field rules read sends the line to the slow path.
            let mut fit = |a: &mut A| -> Result<Skip, A::Error> {
                let seen = match node {
                    Some((t, c)) => a.next_value_seed(Fit { t, nodes: &[c] })?.seen,
                    None => a.next_value::<Skip>()?,
                };
                named |= seen == Skip::Named;
                Ok(seen)
            };
            match k {
                "model" => {
                    b.model_key = Some(k.as_ptr() as usize);
                    let m = a.next_value::<Str>()?.0;
                    if node.is_some_and(|(t, c)| !super::schema::fits_str(t, c, &m)) {
                        return Err(A::Error::custom("a model the schema does not allow"));
                    }
                    b.model = Some(m);
                }
                "stream" => b.stream_true = fit(&mut a)? == Skip::True,
                "messages" if node.is_none() => {
                    let m = a.next_value::<Messages>()?;
                    named |= m.named;
                    b.messages = Some(m);
                }
                // The service-tier rule (`service_tier.rs`) reads "flex" and
                // "priority": the slow path checks such a line.
                "service_tier" => {
                    let Small(v) = a.next_value()?;
                    if node.is_some_and(|(t, c)| !super::schema::fits(t, c, &v)) {
                        return Err(A::Error::custom("a value the schema does not allow"));
                    }
                    if matches!(v.as_str(), Some("flex" | "priority")) {
                        return Err(cross_field());
                    }
                }
                "input" => b.input_set = fit(&mut a)? != Skip::Null,
                // What the cross-field rules read: kept (as a `Tree`) for
                // them, after the schema's check.
                key if super::schema::listed(super::cross_field::BODY_KEYS, key) => {
                    let v: Tree = a.next_value()?;
                    if node.is_some_and(|(t, c)| !super::schema::fits(t, c, &v)) {
                        return Err(A::Error::custom("a value the schema does not allow"));
                    }
                    b.cross.push((key, v));
                }
                // What the model-family rules read (`model_rules.rs`), kept whole when small.
                "stop" | "reasoning_effort" | "reasoning" => {
                    let Small(v) = a.next_value()?;
                    if node.is_some_and(|(t, c)| !super::schema::fits(t, c, &v)) {
                        return Err(A::Error::custom("a value the schema does not allow"));
                    }
                    b.caps.insert(k.to_string(), v);
                }
                // An object: the reasoning rules need only whether it is set.
                "logit_bias" => {
                    if fit(&mut a)? != Skip::Null {
                        b.caps.insert(k.to_string(), Value::Bool(true));
                    }
                }
                key if super::schema::listed(CAP_KEYS, key) => {
                    if key == "max_tokens" {
                        b.max_tokens_key = Some(key.as_ptr() as usize);
                    }
                    let Scalar(v) = a.next_value()?;
                    if node.is_some_and(|(t, c)| !super::schema::fits(t, c, &v)) {
                        return Err(A::Error::custom("an output cap the schema does not allow"));
                    }
                    b.caps.insert(key.to_string(), v);
                }
                _ => {
                    fit(&mut a)?;
                }
            }
            if named {
                return Err(cross_field());
            }
        }
        if let Some((_, _, required, _)) = root {
            if required_seen != required.len() {
                return Err(A::Error::custom("a required argument is missing"));
            }
            b.schema_checked = true;
        }
        Ok(b)
    }
}

/// `body.messages`: how many, whether each is an object with a known role
/// and content (or an assistant's tool calls), and whether any holds what
/// the cross-field rules read (a tool message, tool calls).
struct Messages {
    count: usize,
    all_good: bool,
    named: bool,
}

impl<'de> Deserialize<'de> for Messages {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Messages;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array of messages")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Messages, A::Error> {
                let mut m = Messages { count: 0, all_good: true, named: false };
                while let Some((good, named)) = a.next_element_seed(Message)? {
                    m.count = m.count.saturating_add(1);
                    m.all_good &= good;
                    m.named |= named;
                }
                Ok(m)
            }
        }
        d.deserialize_seq(V)
    }
}

/// One message: whether `messages_rule` finds nothing in it, and whether it
/// holds what the cross-field rules read.
struct Message;

impl<'de> DeserializeSeed<'de> for Message {
    type Value = (bool, bool);
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(bool, bool), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Message {
    type Value = (bool, bool);
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a message object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<(bool, bool), A::Error> {
        let (mut role_ok, mut assistant, mut content, mut calls, mut function, mut content_key) =
            (false, false, false, false, false, false);
        let mut named = false;
        let mut keys = Keys::new();
        while let Some(k) = keys.next(&mut a)? {
            match k {
                "role" => {
                    let Str(r) = a.next_value::<Str>()?;
                    role_ok = super::schema::listed(ROLES, &r);
                    assistant = r == "assistant";
                    function = r == "function";
                    named |= super::cross_field::names_an_item(&r);
                }
                "content" => {
                    content_key = true;
                    let seen = a.next_value::<Skip>()?;
                    content = seen != Skip::Null;
                    named |= seen == Skip::Named;
                }
                key => {
                    calls |= key == "tool_calls" || key == "function_call";
                    named |= super::cross_field::names_an_item(key) | (a.next_value::<Skip>()? == Skip::Named);
                }
            }
        }
        // A function message's content may be null (as the spec allows).
        let content = if function { content_key } else { content };
        Ok((role_ok && (content || (assistant && calls)), named))
    }
}
