//! Tokens of what is not plain text: image parts by the vendor's rule for
//! the model (32-px patches × a multiplier for the models the catalog gives
//! an `image_patch_multiplier`, else 512-px tiles; figures from the catalog), and tool definitions by the OpenAI
//! Cookbook's estimate. Whatever can't be counted exactly (an image whose
//! size is unknown, a model without image figures, any tool schema) is
//! counted at an estimate and tallied, so the report can say so.

use super::tokens::CachedCounter;
use crate::facts::{Catalog, Kind, Model};
use serde_json::Value;

/// The model whose figures stand in when a model has none of its own.
const FALLBACK_MODEL: &str = "gpt-4o";
/// The catalog subject of the tile geometry.
const TILE: &str = "tile";
/// Base64 characters decoded to read an image's header (JPEG size markers
/// can follow a long EXIF block).
const HEADER_B64_CHARS: usize = 96 * 1024;

/// What the report says about tokens that are estimates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MediaTally {
    pub image_parts: u64,
    /// Image parts counted at an upper bound (size unknown) or with another
    /// model's figures.
    pub images_estimated: u64,
    pub image_tokens: u64,
    pub tool_requests: u64,
    pub tool_tokens: u64,
}

impl MediaTally {
    pub fn merge(&mut self, o: &MediaTally) {
        self.image_parts = self.image_parts.saturating_add(o.image_parts);
        self.images_estimated = self.images_estimated.saturating_add(o.images_estimated);
        self.image_tokens = self.image_tokens.saturating_add(o.image_tokens);
        self.tool_requests = self.tool_requests.saturating_add(o.tool_requests);
        self.tool_tokens = self.tool_tokens.saturating_add(o.tool_tokens);
    }
}

/// The catalog's image and tool figures for one model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct MediaFacts {
    base: u64,
    per_tile: u64,
    low: u64,
    fit: f64,
    short: f64,
    tile: f64,
    /// The model has no image figures of its own.
    borrowed: bool,
    /// The patch rule's figures, for a model that counts images in patches.
    patch: Option<PatchFacts>,
    tool: [u64; 6],
}

/// A detail level of an image part (`detail`; absent = `auto`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    Low,
    High,
    Original,
    Auto,
}

impl Detail {
    const ALL: [Detail; 4] = [Detail::Low, Detail::High, Detail::Original, Detail::Auto];

    pub fn from_name(name: Option<&str>) -> Detail {
        match name {
            Some("low") => Detail::Low,
            Some("high") => Detail::High,
            Some("original") => Detail::Original,
            _ => Detail::Auto,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Detail::Low => "low",
            Detail::High => "high",
            Detail::Original => "original",
            Detail::Auto => "auto",
        }
    }
}

/// The patch rule of one model: the multiplier and, per detail level, the
/// longest side the image is first fitted in and the patch budget (0 = none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatchFacts {
    pub multiplier: f64,
    pub patch_side: f64,
    /// (max side px, budget) for low, high, original, auto.
    pub levels: [(f64, f64); 4],
}

impl PatchFacts {
    /// The model's patch figures, if it counts images in patches. A detail
    /// level without figures of its own takes `high`'s.
    pub fn for_model(c: &Catalog, model: &str) -> Option<PatchFacts> {
        let multiplier = c.get(Kind::ImagePatchMultiplier, model)?;
        let level = |d: &str| -> Option<(f64, f64)> {
            let subject = format!("{model}/{d}");
            Some((c.get(Kind::ImagePatchMaxSidePx, &subject)?, c.get(Kind::ImagePatchBudget, &subject)?))
        };
        let high = level("high").unwrap_or((0.0, 0.0));
        let levels = Detail::ALL.map(|d| level(d.name()).unwrap_or(high));
        Some(PatchFacts { multiplier, patch_side: c.require(Kind::ImagePatchMaxSidePx, "patch").max(1.0), levels })
    }

    fn level(&self, d: Detail) -> (f64, f64) {
        self.levels[d as usize]
    }

    /// Patches of a `w` × `h` image at `detail`, after the fit to the
    /// level's longest side and the shrink to its budget (the vision
    /// guide's steps A–C).
    pub fn patches(&self, w: u64, h: u64, detail: Detail) -> u64 {
        let (side, budget) = self.level(detail);
        let p = self.patch_side;
        let (mut w, mut h) = (w.max(1) as f64, h.max(1) as f64);
        let long = w.max(h);
        if side > 0.0 && long > side {
            w = (w * side / long).floor().max(1.0);
            h = (h * side / long).floor().max(1.0);
        }
        let count = |w: f64, h: f64| ((w / p).ceil() as u64).saturating_mul((h / p).ceil() as u64);
        let n = count(w, h);
        if budget <= 0.0 || (n as f64) <= budget {
            return n;
        }
        let shrink = (p * p * budget / (w * h)).sqrt();
        let (sw, sh) = (w * shrink / p, h * shrink / p);
        let adjusted = shrink * (sw.floor() / sw).min(sh.floor() / sh);
        let (w, h) = ((w * adjusted).floor().max(1.0), (h * adjusted).floor().max(1.0));
        count(w, h).min(budget as u64)
    }

    /// The most patches any image takes at `detail`.
    fn max_patches(&self, detail: Detail) -> u64 {
        let (side, budget) = self.level(detail);
        if budget > 0.0 {
            return budget as u64;
        }
        let per_side = (side.max(self.patch_side) / self.patch_side).ceil() as u64;
        per_side.saturating_mul(per_side)
    }

    /// Billable tokens: patches × multiplier, rounded up (step D).
    pub fn tokens(&self, patches: u64) -> u64 {
        let t = (patches as f64 * self.multiplier).ceil();
        if t >= u64::MAX as f64 {
            u64::MAX
        } else {
            t as u64
        }
    }
}

impl MediaFacts {
    pub fn for_model(c: &Catalog, model: Option<&Model>) -> Self {
        let patch = model.and_then(|m| PatchFacts::for_model(c, m.name));
        let own = model.map(|m| m.name).filter(|m| c.get(Kind::ImageTileTokens, m).is_some());
        let subject = own.unwrap_or(FALLBACK_MODEL);
        let get = |k: Kind| c.require(k, subject) as u64;
        let tool_subject = model.map(|m| m.name).filter(|m| c.get(Kind::ToolFuncInit, m).is_some()).unwrap_or(FALLBACK_MODEL);
        let tool = |k: Kind| c.require(k, tool_subject) as u64;
        MediaFacts {
            base: get(Kind::ImageBaseTokens),
            per_tile: get(Kind::ImageTileTokens),
            low: get(Kind::ImageLowDetailTokens),
            fit: c.require(Kind::ImageFitSidePx, TILE),
            short: c.require(Kind::ImageShortSidePx, TILE),
            tile: c.require(Kind::ImageTileSidePx, TILE),
            borrowed: own.is_none() && patch.is_none(),
            patch,
            tool: [
                tool(Kind::ToolFuncInit),
                tool(Kind::ToolPropInit),
                tool(Kind::ToolPropKey),
                tool(Kind::ToolEnumInitSubtract),
                tool(Kind::ToolEnumItem),
                tool(Kind::ToolFuncEnd),
            ],
        }
    }

    /// Tiles of a `w` × `h` image in high detail.
    pub fn tiles(&self, w: u64, h: u64) -> u64 {
        let (mut w, mut h) = (w.max(1) as f64, h.max(1) as f64);
        let long = w.max(h);
        if long > self.fit {
            w *= self.fit / long;
            h *= self.fit / long;
        }
        let short = w.min(h);
        if short > self.short {
            w *= self.short / short;
            h *= self.short / short;
        }
        ((w / self.tile).ceil() as u64).saturating_mul((h / self.tile).ceil() as u64)
    }

    /// The most tiles any image can take (short side at most `short`, long at most `fit`).
    fn max_tiles(&self) -> u64 {
        ((self.short / self.tile).ceil() as u64).saturating_mul((self.fit / self.tile).ceil() as u64)
    }

    /// Tokens of one image part; `estimated` is set when not exact.
    pub fn image(&self, part: &Value, estimated: &mut bool) -> u64 {
        let (url, detail) = image_ref(part);
        *estimated = self.borrowed;
        if let Some(p) = &self.patch {
            let detail = Detail::from_name(detail);
            let patches = match url.and_then(data_url_size) {
                Some((w, h)) => p.patches(w, h, detail),
                None => {
                    *estimated = true;
                    p.max_patches(detail)
                }
            };
            return p.tokens(patches);
        }
        if detail == Some("low") {
            return self.low;
        }
        let tiles = match url.and_then(data_url_size) {
            Some((w, h)) => self.tiles(w, h),
            None => {
                *estimated = true;
                self.max_tiles()
            }
        };
        self.base.saturating_add(tiles.saturating_mul(self.per_tile))
    }

    /// Tool definitions as the Cookbook counts them (function name and
    /// description, each property's name, type, description and enum).
    pub fn tools(&self, tools: &[Value], tc: &mut CachedCounter) -> u64 {
        let [func_init, prop_init, prop_key, enum_sub, enum_item, func_end] = self.tool;
        let mut n: u64 = 0;
        for t in tools {
            let f = t.get("function").unwrap_or(t);
            n = n.saturating_add(func_init);
            let name = f.get("name").and_then(Value::as_str).unwrap_or("");
            let desc = f.get("description").and_then(Value::as_str).unwrap_or("");
            n = n.saturating_add(tc.count(&format!("{name}:{}", desc.trim_end_matches('.'))));
            let Some(props) = f.get("parameters").and_then(|p| p.get("properties")).and_then(Value::as_object) else { continue };
            if props.is_empty() {
                continue;
            }
            n = n.saturating_add(prop_init);
            for (key, p) in props {
                n = n.saturating_add(prop_key);
                if let Some(items) = p.get("enum").and_then(Value::as_array) {
                    n = n.saturating_sub(enum_sub);
                    for item in items {
                        let text = item.as_str().map_or_else(|| item.to_string(), str::to_string);
                        n = n.saturating_add(enum_item).saturating_add(tc.count(&text));
                    }
                }
                let ty = p.get("type").and_then(Value::as_str).unwrap_or("");
                let pd = p.get("description").and_then(Value::as_str).unwrap_or("").trim_end_matches('.');
                n = n.saturating_add(tc.count(&format!("{key}:{ty}:{pd}")));
            }
        }
        if !tools.is_empty() {
            n = n.saturating_add(func_end);
        }
        n
    }
}

/// An image part's url and detail: Chat Completions (`{"type":"image_url",
/// "image_url":{"url","detail"}}`) or Responses (`{"type":"input_image",
/// "image_url":"…","detail"}`).
fn image_ref(part: &Value) -> (Option<&str>, Option<&str>) {
    let inner = part.get("image_url");
    let url = inner.and_then(|u| u.as_str().or_else(|| u.get("url").and_then(Value::as_str)));
    let detail = part.get("detail").or_else(|| inner.and_then(|u| u.get("detail"))).and_then(Value::as_str);
    (url, detail)
}

/// Whether a content part is an image.
pub(crate) fn is_image(part: &Value) -> bool {
    matches!(part.get("type").and_then(Value::as_str), Some("image_url" | "input_image"))
}

/// The pixel size of a base64 `data:` URL's PNG, GIF or JPEG.
fn data_url_size(url: &str) -> Option<(u64, u64)> {
    let b64 = url.strip_prefix("data:")?.split_once(";base64,")?.1;
    let cut = b64.char_indices().nth(HEADER_B64_CHARS).map_or(b64.len(), |(i, _)| i);
    let bytes = base64_prefix(&b64[..cut - cut % 4]);
    let be = |i: usize| Some(u32::from_be_bytes(bytes.get(i..i + 4)?.try_into().ok()?) as u64);
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some((be(16)?, be(20)?));
    }
    if bytes.starts_with(b"GIF8") {
        let le = |i: usize| Some(u16::from_le_bytes(bytes.get(i..i + 2)?.try_into().ok()?) as u64);
        return Some((le(6)?, le(8)?));
    }
    if bytes.starts_with(&[0xFF, 0xD8]) {
        let mut i = 2;
        while i + 9 < bytes.len() {
            if bytes[i] != 0xFF {
                return None;
            }
            let marker = bytes[i + 1];
            let len = u16::from_be_bytes([bytes[i + 2], bytes[i + 3]]) as usize;
            // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0..=0xCF).contains(&marker) && !matches!(marker, 0xC4 | 0xC8 | 0xCC) {
                let h = u16::from_be_bytes([bytes[i + 5], bytes[i + 6]]) as u64;
                let w = u16::from_be_bytes([bytes[i + 7], bytes[i + 8]]) as u64;
                return Some((w, h));
            }
            i += 2 + len;
        }
    }
    None
}

/// Decodes standard base64 (stops at the first character that isn't).
fn base64_prefix(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    for chunk in s.as_bytes().chunks(4) {
        let v: Vec<u8> = chunk.iter().map_while(|&c| val(c)).collect();
        if v.len() < 2 {
            break;
        }
        let n = v.iter().enumerate().fold(0u32, |a, (i, &x)| a | (x as u32) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..v.len()]);
        if v.len() < 4 {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_and_png_size() {
        assert_eq!(base64_prefix("aGVsbG8="), b"hello");
        // A PNG header for a 1024 x 1024 image.
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&1024u32.to_be_bytes());
        png.extend_from_slice(&1024u32.to_be_bytes());
        png.extend_from_slice(&[8, 6, 0, 0, 0]);
        let b64: String = {
            const T: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            png.chunks(3)
                .flat_map(|c| {
                    let n = c.iter().enumerate().fold(0u32, |a, (i, &x)| a | (x as u32) << (16 - 8 * i));
                    (0..4).map(move |i| if i <= c.len() { T[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' })
                })
                .collect()
        };
        assert_eq!(data_url_size(&format!("data:image/png;base64,{b64}")), Some((1024, 1024)));
    }
}
