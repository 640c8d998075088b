//! Log Analytics `AzureMetrics` rows as JSON, streamed: as
//! `az monitor log-analytics query` prints them (an array of objects) or as
//! the query API answers (`tables[0]` with `columns` and `rows`). serde
//! visitors check the shape as they read, keep only the wanted cells of one
//! row at a time, and hand it to the store through `analytics.rs`'s
//! [`Columns`] and [`read_row`].

use super::analytics::{read_row, Columns};
use super::csv::normalise;
use super::{json_error, Bom, ImportError, Sink};
use crate::text::Text;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::io::Read;

/// The columns this tool reads, normalised: a JSON row keeps only these.
const WANTED: [&str; 16] = [
    "timegenerated",
    "metricname",
    "total",
    "average",
    "maximum",
    "timegrain",
    "resource",
    "resourceid",
    "_resourceid",
    "modeldeploymentname",
    "modelname",
    "modelversion",
    "statuscode",
    "isspillover",
    "servicetierrequest",
    "servicetierresponse",
];

/// A row's wanted cells, by their place in [`WANTED`].
type Row = [Option<String>; WANTED.len()];

fn wanted(name: &str) -> Option<usize> {
    let n = normalise(name);
    WANTED.iter().position(|w| *w == n)
}

/// The names [`Columns::from_names`] is given: the wanted ones present,
/// at their place in [`WANTED`] (absent ones empty).
fn names(present: &[bool; WANTED.len()]) -> Vec<String> {
    WANTED.iter().zip(present).map(|(w, p)| if *p { w.to_string() } else { String::new() }).collect()
}

fn shape_error(file: &str) -> ImportError {
    ImportError::new(
        file,
        Text::new(
            "expected an array of AzureMetrics rows (az monitor log-analytics query) or {\"tables\": [{\"columns\", \"rows\"}]} (the query API)",
            "AzureMetrics 행의 배열(az monitor log-analytics query) 또는 {\"tables\": [{\"columns\", \"rows\"}]}(쿼리 API)이어야 합니다",
        ),
    )
}

/// A cell as text (numbers as written, `null` none); a nested array or
/// object is skipped, not built.
struct CellText;

impl<'de> DeserializeSeed<'de> for CellText {
    type Value = Option<String>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for CellText {
    type Value = Option<String>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a cell")
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Some(v))
    }
    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Some(serde_json::Number::from_f64(v).map_or_else(|| v.to_string(), |n| n.to_string())))
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Some("[…]".into()))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Some("{…}".into()))
    }
}

/// What the visitors share.
struct Ctx<'s, 'a> {
    sink: &'s mut Sink<'a>,
    stopped: Option<ImportError>,
}

impl Ctx<'_, '_> {
    fn stop<E: serde::de::Error>(&mut self, e: ImportError) -> E {
        self.stopped = Some(e);
        E::custom("stopped")
    }
}

/// The document: an array of row objects, or the query API's `tables`.
struct Document<'c, 's, 'a>(&'c mut Ctx<'s, 'a>);

impl<'de> Visitor<'de> for Document<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of AzureMetrics rows or {\"tables\": [...]}")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let ctx = self.0;
        let mut present = [false; WANTED.len()];
        let mut columns: Option<Columns> = None;
        let mut i: u64 = 0;
        while let Some(row) = seq.next_element_seed(ObjectRow { present: columns.is_none().then_some(&mut present) })? {
            i = i.saturating_add(1);
            if columns.is_none() {
                match Columns::from_names(ctx.sink.file, &names(&present)) {
                    Ok(c) => columns = Some(c),
                    Err(e) => return Err(ctx.stop(e)),
                }
            }
            let Some(c) = &columns else { continue };
            let get = |col: Option<usize>| col.and_then(|c| row.get(c)).and_then(Clone::clone);
            if let Err(e) = read_row(c, &get, i, ctx.sink) {
                return Err(ctx.stop(e));
            }
        }
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.0;
        let mut seen = false;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key == "tables" && !seen {
                seen = true;
                map.next_value_seed(Tables(&mut *ctx))?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        if !seen {
            let file = ctx.sink.file;
            return Err(ctx.stop(shape_error(file)));
        }
        Ok(())
    }
}

/// One row of the array: an object; only the wanted keys are kept. The
/// first row says which columns there are (`present`).
struct ObjectRow<'p> {
    present: Option<&'p mut [bool; WANTED.len()]>,
}

impl<'de> DeserializeSeed<'de> for ObjectRow<'_> {
    type Value = Row;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Row, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ObjectRow<'_> {
    type Value = Row;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an AzureMetrics row (an object)")
    }
    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Row, A::Error> {
        let mut row: Row = Default::default();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match wanted(&key) {
                Some(w) => {
                    row[w] = map.next_value_seed(CellText)?;
                    if let Some(p) = self.present.as_deref_mut() {
                        p[w] = true;
                    }
                }
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(row)
    }
}

/// `tables`: the first table is read, the others skipped.
struct Tables<'c, 's, 'a>(&'c mut Ctx<'s, 'a>);

impl<'de> DeserializeSeed<'de> for Tables<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Tables<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of tables")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let ctx = self.0;
        if seq.next_element_seed(Table(&mut *ctx))?.is_none() {
            let file = ctx.sink.file;
            return Err(ctx.stop(shape_error(file)));
        }
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }
}

#[derive(serde::Deserialize)]
struct ColumnName {
    #[serde(default)]
    name: Option<String>,
}

/// `{columns: [{name}], rows: [[cells]]}`; the columns come first (as the
/// query API writes them), so each row is read as it comes.
struct Table<'c, 's, 'a>(&'c mut Ctx<'s, 'a>);

impl<'de> DeserializeSeed<'de> for Table<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Table<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a table (an object with columns and rows)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.0;
        let file = ctx.sink.file;
        // The wanted columns: (place in a row, place in WANTED).
        let mut at: Option<(Vec<(usize, usize)>, Columns)> = None;
        let mut seen_rows = false;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "columns" if at.is_none() => {
                    let mut present = [false; WANTED.len()];
                    let mut places = Vec::new();
                    map.next_value_seed(ColumnList { present: &mut present, places: &mut places })?;
                    match Columns::from_names(file, &names(&present)) {
                        Ok(c) => at = Some((places, c)),
                        Err(e) => return Err(ctx.stop(e)),
                    }
                }
                "rows" if !seen_rows => {
                    seen_rows = true;
                    let Some((places, columns)) = &at else {
                        return Err(ctx.stop(ImportError::new(
                            file,
                            Text::new(
                                "the table's rows come before its columns: the query API writes columns first",
                                "표의 rows가 columns보다 앞에 있습니다. 쿼리 API는 columns를 먼저 씁니다",
                            ),
                        )));
                    };
                    map.next_value_seed(Rows { ctx: &mut *ctx, places, columns })?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if at.is_none() || !seen_rows {
            return Err(ctx.stop(shape_error(file)));
        }
        Ok(())
    }
}

/// `columns`: the place of each wanted one (the first of a name).
struct ColumnList<'p> {
    present: &'p mut [bool; WANTED.len()],
    places: &'p mut Vec<(usize, usize)>,
}

impl<'de> DeserializeSeed<'de> for ColumnList<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ColumnList<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of columns")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut j = 0usize;
        while let Some(c) = seq.next_element::<ColumnName>()? {
            if let Some(w) = c.name.as_deref().and_then(wanted) {
                if !self.present[w] {
                    self.present[w] = true;
                    self.places.push((j, w));
                }
            }
            j = j.saturating_add(1);
        }
        Ok(())
    }
}

/// `rows`, each read into the store as it comes.
struct Rows<'c, 's, 'a, 'p> {
    ctx: &'c mut Ctx<'s, 'a>,
    places: &'p [(usize, usize)],
    columns: &'p Columns,
}

impl<'de> DeserializeSeed<'de> for Rows<'_, '_, '_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Rows<'_, '_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of rows")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i: u64 = 0;
        while let Some(row) = seq.next_element_seed(ArrayRow { places: self.places })? {
            i = i.saturating_add(1);
            let get = |col: Option<usize>| col.and_then(|c| row.get(c)).and_then(Clone::clone);
            if let Err(e) = read_row(self.columns, &get, i, self.ctx.sink) {
                return Err(self.ctx.stop(e));
            }
        }
        Ok(())
    }
}

/// One row of `rows`: an array of cells; only the wanted places are kept.
struct ArrayRow<'p> {
    places: &'p [(usize, usize)],
}

impl<'de> DeserializeSeed<'de> for ArrayRow<'_> {
    type Value = Row;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Row, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ArrayRow<'_> {
    type Value = Row;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a row (an array of cells)")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Row, A::Error> {
        let mut row: Row = Default::default();
        let mut j = 0usize;
        loop {
            let more = match self.places.iter().find(|(at, _)| *at == j) {
                Some(&(_, w)) => match seq.next_element_seed(CellText)? {
                    Some(cell) => {
                        row[w] = cell;
                        true
                    }
                    None => false,
                },
                None => seq.next_element::<IgnoredAny>()?.is_some(),
            };
            if !more {
                return Ok(row);
            }
            j = j.saturating_add(1);
        }
    }
}

pub(crate) fn read_json(file: &str, input: &mut dyn Read, sink: &mut Sink<'_>) -> Result<(), ImportError> {
    let mut ctx = Ctx { sink, stopped: None };
    let mut de = serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 16, Bom::new(input)));
    let result = de.deserialize_any(Document(&mut ctx)).and_then(|()| de.end());
    result.map_err(|e| json_error(file, &e, ctx.stopped.take(), "AzureMetrics JSON", "AzureMetrics JSON이 아닙니다"))
}
