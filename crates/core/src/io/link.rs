//! Typed field tables over query strings: a page describes its URL state
//! as a [`Table`] (one line per field: query key, [`Kind`], default);
//! [`Table::decode`] keeps the values that pass their kind's checks and
//! refuses the others with a [`Reason`]; and the one contract of the
//! pages' link codecs ([`LinkCodec`]). Reading and writing the query
//! string itself is `query.rs`.

use super::query::*;

/// A number field's range: `min..=max`, whole numbers only when `whole`;
/// `unset` names the word that stands for "no value" (e.g. `"unset"`).
#[derive(Clone, Debug, PartialEq)]
pub struct Range {
    pub min: f64,
    pub max: f64,
    pub whole: bool,
    pub unset: Option<&'static str>,
}

/// What a field holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Number(Range),
    /// One of these words (exactly).
    Enum(Vec<&'static str>),
    /// Printable text of at most `max_chars` characters.
    Text {
        max_chars: usize,
    },
    /// `1`/`0` (also read: `true`/`false`).
    Bool,
}

impl Kind {
    /// A number in `min..=max`.
    pub fn number(min: f64, max: f64) -> Kind {
        Kind::Number(Range { min, max, whole: false, unset: None })
    }

    /// A whole number in `min..=max`.
    pub fn whole(min: f64, max: f64) -> Kind {
        Kind::Number(Range { min, max, whole: true, unset: None })
    }

    /// This number kind, also accepting `word` for "no value".
    pub fn or_unset(self, word: &'static str) -> Kind {
        match self {
            Kind::Number(r) => Kind::Number(Range { unset: Some(word), ..r }),
            other => other,
        }
    }

    /// Checks a value; `Ok` holds it as kept (numbers and words trimmed,
    /// flags as `1`/`0`, text as given).
    pub fn check(&self, value: &str) -> Result<String, Reason> {
        let max_chars = match self {
            Kind::Text { max_chars } => *max_chars,
            _ => MAX_SHORT_CHARS,
        };
        if value.chars().count() > max_chars {
            return Err(Reason::TooLong { max: max_chars });
        }
        let v = value.trim();
        match self {
            Kind::Number(r) => {
                if r.unset == Some(v) {
                    return Ok(v.to_string());
                }
                // Thousands separators as people type them: "60,000" (the
                // one leniency, `io::parse_number`).
                let x = super::parse_number(v).ok_or(Reason::NotANumber)?;
                if x < r.min {
                    Err(Reason::TooSmall { min: r.min })
                } else if x > r.max {
                    Err(Reason::TooLarge { max: r.max })
                } else if r.whole && x.fract() != 0.0 {
                    Err(Reason::NotWhole)
                } else {
                    Ok(v.to_string())
                }
            }
            Kind::Enum(words) => {
                if words.contains(&v) {
                    Ok(v.to_string())
                } else {
                    Err(Reason::NotOneOf { allowed: words.iter().map(|w| w.to_string()).collect() })
                }
            }
            Kind::Text { .. } => {
                if value.chars().any(char::is_control) {
                    Err(Reason::ControlCharacter)
                } else {
                    Ok(value.to_string())
                }
            }
            Kind::Bool => match v {
                "1" | "true" => Ok("1".to_string()),
                "0" | "false" => Ok("0".to_string()),
                _ => Err(Reason::NotABool),
            },
        }
    }
}

/// One field of a page's URL state.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub key: String,
    pub kind: Kind,
    /// The value when the link does not give one (as written in a link).
    pub default: String,
}

/// One field: `field("tpm", Kind::number(0.0, 1e9), "60000")`.
pub fn field(key: impl Into<String>, kind: Kind, default: impl Into<String>) -> Field {
    Field { key: key.into(), kind, default: default.into() }
}

/// What a link brought for a table: the values kept (checked, in the
/// link's order), those refused, and keys the table does not know.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Decoded {
    pub pairs: Pairs,
    pub rejected: Vec<Rejected>,
    pub unknown: Vec<String>,
}

impl Decoded {
    /// The kept value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Whether the link named any of the table's keys (kept or refused).
    pub fn touched(&self) -> bool {
        !self.pairs.is_empty() || !self.rejected.is_empty()
    }
}

/// A page's fields: the one description its link, its storage and its
/// checks share.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub fields: Vec<Field>,
}

impl Table {
    pub fn new(fields: Vec<Field>) -> Self {
        Table { fields }
    }

    pub fn field(&self, key: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.key == key)
    }

    /// Replaces a field's default (for defaults that depend on the catalog).
    pub fn with_default(mut self, key: &str, value: impl Into<String>) -> Self {
        if let Some(f) = self.fields.iter_mut().find(|f| f.key == key) {
            f.default = value.into();
        }
        self
    }

    /// Every field at its default, in table order.
    pub fn defaults(&self) -> Pairs {
        self.fields.iter().map(|f| (f.key.clone(), f.default.clone())).collect()
    }

    /// Checks the pairs against the table: each known key's value passes
    /// its kind or is refused with a reason (a repeated key keeps its
    /// first value); unknown keys are listed and otherwise left alone.
    pub fn decode(&self, pairs: &[(String, String)]) -> Decoded {
        let mut d = Decoded::default();
        let mut seen: Vec<&str> = Vec::new();
        for (key, value) in pairs {
            let Some(f) = self.field(key) else {
                if !d.unknown.contains(key) {
                    d.unknown.push(cut(key, SHOWN_CHARS));
                }
                continue;
            };
            if seen.contains(&key.as_str()) {
                d.rejected.push(rejected(key, value, Reason::Repeated));
                continue;
            }
            seen.push(key);
            match f.kind.check(value) {
                Ok(v) => d.pairs.push((key.clone(), v)),
                Err(reason) => d.rejected.push(rejected(key, value, reason)),
            }
        }
        d
    }

    /// Every field: the kept value where the pairs give one, else the default.
    pub fn complete(&self, kept: &[(String, String)]) -> Pairs {
        self.fields
            .iter()
            .map(|f| {
                let v = kept.iter().find(|(k, _)| *k == f.key).map_or_else(|| f.default.clone(), |(_, v)| v.clone());
                (f.key.clone(), v)
            })
            .collect()
    }

    /// The table's pairs among `pairs` that differ from their default, in
    /// table order (what a short link needs).
    pub fn changed(&self, pairs: &[(String, String)]) -> Pairs {
        self.fields.iter().filter_map(|f| pairs.iter().find(|(k, _)| *k == f.key).filter(|(_, v)| *v != f.default).cloned()).collect()
    }
}

/// What a link opens: the state it carries (a refused value keeps its
/// default), the values refused with their reasons (the query's own
/// problems first), the keys the page does not read, and whether the link
/// named any of the page's keys at all.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened<S> {
    pub state: S,
    pub rejected: Vec<Rejected>,
    pub unknown: Vec<String>,
    pub touched: bool,
}

/// A page's link codec: the one contract of `batch::share`,
/// `cost::share`, `quota::share` and `snippets::share`, through which each
/// page reads and writes its link (its `use_url_state` checks the pairs
/// with [`LinkCodec::table`], the page opens them with
/// [`LinkCodec::open`] and writes [`LinkCodec::pairs`] back), and a link
/// is read and written as a query string ([`LinkCodec::parse`],
/// [`LinkCodec::to_query`]).
pub trait LinkCodec {
    /// What a link carries.
    type State;
    /// Every key a link may carry, its kind and its default (old keys of
    /// saved links included).
    fn table(&self) -> Table;
    /// What checked pairs (the table's, from a link or storage) open: the
    /// state, and the values the codec itself refused (`unknown` empty,
    /// `touched` whether the pairs named a key of the state).
    fn open(&self, checked: &[(String, String)]) -> Opened<Self::State>;
    /// The pairs that open `state` again (what differs from the defaults,
    /// and what the page always writes).
    fn pairs(&self, state: &Self::State) -> Pairs;
    /// Reads a link's query string (a leading `?` and a `#…` are ignored;
    /// bounded as [`parse_query`]), every value checked by the page's table:
    /// the query's problems, the table's refusals, then the codec's.
    fn parse(&self, query: &str) -> Opened<Self::State> {
        let parsed = parse_query(query);
        let d = self.table().decode(&parsed.pairs);
        let o = self.open(&d.pairs);
        let touched = d.touched() || o.touched;
        Opened { state: o.state, rejected: [parsed.problems, d.rejected, o.rejected].concat(), unknown: d.unknown, touched }
    }
    /// The query string (no `?`) that opens `state` again.
    fn to_query(&self, state: &Self::State) -> String {
        query_string(&self.pairs(state))
    }
}
