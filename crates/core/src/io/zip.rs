//! A minimal ZIP writer: stored (uncompressed) entries with their CRC-32,
//! for one archive of several files built in the browser (/batch's split
//! parts). No compression (JSONL parts are downloaded once, and a stored
//! archive is what every unzip reads); no ZIP64: an archive of 4 GiB or
//! more, or of 65,535 entries or more, is refused.

/// The CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) of `data`.
pub fn crc32(data: &[u8]) -> u32 {
    crc32_update(0, data)
}

/// Continues a CRC-32 over `data` from an earlier `crc` (0 to start).
pub fn crc32_update(crc: u32, data: &[u8]) -> u32 {
    static TABLE: std::sync::OnceLock<[u32; 256]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [0u32; 256];
        for (i, slot) in t.iter_mut().enumerate() {
            let mut c = i as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            }
            *slot = c;
        }
        t
    });
    let mut c = !crc;
    for &b in data {
        c = table[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    !c
}

/// Why an archive can't be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZipError {
    /// 4 GiB or more in all (ZIP64 is not written).
    TooLarge,
    /// 65,535 entries or more.
    TooManyEntries,
    /// A name longer than 65,535 bytes, or one with a NUL.
    BadName(String),
}

impl std::error::Error for ZipError {}

impl std::fmt::Display for ZipError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ZipError::TooLarge => write!(f, "the archive would be 4 GiB or more"),
            ZipError::TooManyEntries => write!(f, "the archive would hold 65,535 files or more"),
            ZipError::BadName(n) => write!(f, "the file name '{n}' can't go in an archive"),
        }
    }
}

/// The archive of `files` (name, bytes), in that order, stored. Names are
/// UTF-8 (flag bit 11); the date is the format's earliest (1980-01-01), so
/// the same files give the same bytes.
pub fn zip_stored(files: &[(&str, &[u8])]) -> Result<Vec<u8>, ZipError> {
    if files.len() >= 0xFFFF {
        return Err(ZipError::TooManyEntries);
    }
    let names_len: usize = files.iter().map(|(n, _)| n.len()).sum();
    let data_len: usize = files.iter().map(|(_, d)| d.len()).sum();
    let total = data_len as u64 + names_len as u64 * 2 + files.len() as u64 * (30 + 46) + 22;
    if total > u64::from(u32::MAX) {
        return Err(ZipError::TooLarge);
    }
    let mut out = Vec::with_capacity(total as usize);
    let mut central = Vec::new();
    const VERSION: u16 = 20;
    const UTF8: u16 = 1 << 11;
    const DOS_DATE: u16 = (1 << 5) | 1; // 1980-01-01: year 0 (from 1980), month 1, day 1
    let le16 = |v: &mut Vec<u8>, x: u16| v.extend_from_slice(&x.to_le_bytes());
    let le32 = |v: &mut Vec<u8>, x: u32| v.extend_from_slice(&x.to_le_bytes());
    for (name, data) in files {
        if name.len() > 0xFFFF || name.contains('\0') || name.is_empty() {
            return Err(ZipError::BadName((*name).to_string()));
        }
        let crc = crc32(data);
        let offset = out.len() as u32;
        let size = data.len() as u32;
        // Local file header.
        le32(&mut out, 0x0403_4b50);
        le16(&mut out, VERSION);
        le16(&mut out, UTF8);
        le16(&mut out, 0); // stored
        le16(&mut out, 0); // time
        le16(&mut out, DOS_DATE);
        le32(&mut out, crc);
        le32(&mut out, size);
        le32(&mut out, size);
        le16(&mut out, name.len() as u16);
        le16(&mut out, 0);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        // Its central directory record.
        le32(&mut central, 0x0201_4b50);
        le16(&mut central, VERSION);
        le16(&mut central, VERSION);
        le16(&mut central, UTF8);
        le16(&mut central, 0);
        le16(&mut central, 0);
        le16(&mut central, DOS_DATE);
        le32(&mut central, crc);
        le32(&mut central, size);
        le32(&mut central, size);
        le16(&mut central, name.len() as u16);
        le16(&mut central, 0); // extra
        le16(&mut central, 0); // comment
        le16(&mut central, 0); // disk
        le16(&mut central, 0); // internal attributes
        le32(&mut central, 0); // external attributes
        le32(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let cd_offset = out.len() as u32;
    let cd_size = central.len() as u32;
    out.extend_from_slice(&central);
    // End of central directory.
    le32(&mut out, 0x0605_4b50);
    le16(&mut out, 0);
    le16(&mut out, 0);
    le16(&mut out, files.len() as u16);
    le16(&mut out, files.len() as u16);
    le32(&mut out, cd_size);
    le32(&mut out, cd_offset);
    le16(&mut out, 0);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_check_value() {
        // The standard check value of CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32_update(crc32(b"12345"), b"6789"), 0xCBF4_3926);
    }

    #[test]
    fn the_structure_is_a_stored_zip() {
        let z = zip_stored(&[("a.jsonl", b"{}\n"), ("b.jsonl", b"")]).unwrap();
        assert_eq!(&z[..4], b"PK\x03\x04");
        let eocd = &z[z.len() - 22..];
        assert_eq!(&eocd[..4], b"PK\x05\x06");
        assert_eq!(u16::from_le_bytes([eocd[10], eocd[11]]), 2);
        let cd_offset = u32::from_le_bytes(eocd[16..20].try_into().unwrap()) as usize;
        assert_eq!(&z[cd_offset..cd_offset + 4], b"PK\x01\x02");
        assert!(zip_stored(&[("", b"x")]).is_err());
    }
}
