//! Voice recordings: what a container says it holds is never taken on its word. The length of a
//! recording is measured from its audio itself: in WebM (Matroska), the time of its last block
//! (Chromium's recorder writes no Duration at all); in Ogg, the granule position of its last page,
//! checked against the samples its Opus packets hold; in MP4, the sum of the audio track's sample
//! durations. A length the container states (Matroska's Duration, MP4's `mvhd` and `mdhd`) that
//! disagrees with the measured one by more than a second is a lie, and the file is refused.
//!
//! Every read is bounds-checked, sizes are checked before anything is skipped, and nothing is
//! allocated by what a file claims: a hostile file is refused, never a panic or a huge buffer.
//! Public so that the fuzz targets (`fuzz/`) reach it.

use crate::i18n::Msg;

/// Longest voice recording, in milliseconds.
pub const MAX_MILLIS: u64 = 60_000;

/// What a recorder that stops at 60 seconds may run over by (it stops on its next frame).
const GRACE_MILLIS: u64 = 500;

/// Largest voice recording, in bytes.
pub const MAX_BYTES: usize = 1024 * 1024;

/// How far a length the container states may differ from the measured one.
const TOLERANCE_MILLIS: u64 = 1_000;

/// The containers we take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    /// Opus (or Vorbis) in WebM.
    WebM,
    /// Opus (or Vorbis) in Ogg.
    Ogg,
    /// AAC (or Opus) in MP4.
    Mp4,
}

impl Container {
    /// The extension a stored recording gets.
    pub fn extension(self) -> &'static str {
        match self {
            Container::WebM => "webm",
            Container::Ogg => "ogg",
            Container::Mp4 => "m4a",
        }
    }

    /// The container of a stored recording's key, by its extension.
    pub fn of_key(key: &str) -> Option<Container> {
        let (_, ext) = key.rsplit_once('.')?;
        [Container::WebM, Container::Ogg, Container::Mp4]
            .into_iter()
            .find(|c| c.extension() == ext)
    }

    /// What a stored recording is served as.
    pub fn mime(self) -> &'static str {
        match self {
            Container::WebM => "audio/webm",
            Container::Ogg => "audio/ogg",
            Container::Mp4 => "audio/mp4",
        }
    }
}

/// A recording measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recording {
    pub container: Container,
    pub millis: u64,
}

impl Recording {
    /// Its length in seconds, to a tenth.
    pub fn seconds(&self) -> f64 {
        (self.millis as f64 / 100.0).round() / 10.0
    }
}

/// Measures a recording; refuses one that is empty, too large, not an audio recording we know
/// (no audio track, truncated, a lying length) or too long.
pub fn measure(bytes: &[u8]) -> Result<Recording, Msg> {
    if bytes.is_empty() {
        return Err(Msg::AudioEmpty);
    }
    if bytes.len() > MAX_BYTES {
        return Err(Msg::AudioTooLarge);
    }
    let measured = if bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
        webm::measure(bytes).map(|millis| (Container::WebM, millis))
    } else if bytes.starts_with(b"OggS") {
        ogg::measure(bytes).map(|millis| (Container::Ogg, millis))
    } else if bytes.get(4..8) == Some(b"ftyp") {
        mp4::measure(bytes).map(|millis| (Container::Mp4, millis))
    } else {
        None
    };
    let (container, millis) = measured.ok_or(Msg::AudioInvalid)?;
    if millis == 0 {
        return Err(Msg::AudioEmpty);
    }
    if millis > MAX_MILLIS + GRACE_MILLIS {
        return Err(Msg::AudioTooLong);
    }
    Ok(Recording { container, millis })
}

/// Whether a stated length agrees with the measured one.
fn agrees(stated_millis: u64, measured_millis: u64) -> bool {
    stated_millis.abs_diff(measured_millis) <= TOLERANCE_MILLIS
}

/// `value * 1000 / scale` without overflow (None for a zero scale).
fn to_millis(value: u64, scale: u64) -> Option<u64> {
    if scale == 0 {
        return None;
    }
    u64::try_from(u128::from(value) * 1000 / u128::from(scale)).ok()
}

/// Big-endian unsigned integer of up to 8 bytes.
fn be_uint(bytes: &[u8]) -> Option<u64> {
    if bytes.len() > 8 {
        return None;
    }
    Some(bytes.iter().fold(0u64, |n, b| (n << 8) | u64::from(*b)))
}

fn be_u32(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

fn be_u64(bytes: &[u8], at: usize) -> Option<u64> {
    let b = bytes.get(at..at.checked_add(8)?)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(b);
    Some(u64::from_be_bytes(a))
}

mod webm {
    //! EBML, as Matroska and WebM use it.

    use super::{agrees, be_uint};

    const EBML: u64 = 0x1A45_DFA3;
    const DOC_TYPE: u64 = 0x4282;
    const SEGMENT: u64 = 0x1853_8067;
    const INFO: u64 = 0x1549_A966;
    const TIMECODE_SCALE: u64 = 0x2A_D7B1;
    const DURATION: u64 = 0x4489;
    const TRACKS: u64 = 0x1654_AE6B;
    const TRACK_ENTRY: u64 = 0xAE;
    const TRACK_NUMBER: u64 = 0xD7;
    const TRACK_TYPE: u64 = 0x83;
    const CODEC_ID: u64 = 0x86;
    const CLUSTER: u64 = 0x1F43_B675;
    const TIMECODE: u64 = 0xE7;
    const BLOCK_GROUP: u64 = 0xA0;
    const BLOCK: u64 = 0xA1;
    const SIMPLE_BLOCK: u64 = 0xA3;

    /// Matroska's track type of audio.
    const AUDIO: u64 = 2;

    /// Tracks a recording may name.
    const MAX_TRACKS: usize = 8;

    /// An element's header: its id, where its data starts, and its size (None: unknown, as a
    /// live recorder writes its Segment and Clusters).
    struct Header {
        id: u64,
        data: usize,
        size: Option<usize>,
    }

    /// A variable-length integer at `at`: its value (with the length marker when `keep_marker`,
    /// as ids are written) and its length; None when it runs past the data or is not one.
    fn vint(bytes: &[u8], at: usize, keep_marker: bool) -> Option<(u64, usize, bool)> {
        let first = *bytes.get(at)?;
        if first == 0 {
            return None;
        }
        let len = first.leading_zeros() as usize + 1;
        let raw = bytes.get(at..at.checked_add(len)?)?;
        let mut value = if keep_marker {
            u64::from(first)
        } else {
            u64::from(first) & ((1u64 << (8 - len)) - 1)
        };
        for b in &raw[1..] {
            value = (value << 8) | u64::from(*b);
        }
        // All value bits set: a size that is unknown.
        let all_ones = !keep_marker && value == (1u64 << (7 * len)) - 1;
        Some((value, len, all_ones))
    }

    fn header(bytes: &[u8], at: usize) -> Option<Header> {
        let (id, id_len, _) = vint(bytes, at, true)?;
        if id_len > 4 {
            return None;
        }
        let (size, size_len, unknown) = vint(bytes, at + id_len, false)?;
        let data = at + id_len + size_len;
        let size = if unknown {
            None
        } else {
            Some(usize::try_from(size).ok()?)
        };
        Some(Header { id, data, size })
    }

    /// The children of a master element of known size, each with its data.
    fn children(bytes: &[u8]) -> impl Iterator<Item = Option<(u64, &[u8])>> + '_ {
        let mut at = 0;
        let mut broken = false;
        std::iter::from_fn(move || {
            if broken || at >= bytes.len() {
                return None;
            }
            let child = header(bytes, at).and_then(|h| {
                let end = h.data.checked_add(h.size?)?;
                let data = bytes.get(h.data..end)?;
                at = end;
                Some((h.id, data))
            });
            broken = child.is_none();
            Some(child)
        })
    }

    #[derive(Default)]
    struct Track {
        number: u64,
        kind: u64,
        codec: Vec<u8>,
    }

    fn track(entry: &[u8]) -> Option<Track> {
        let mut track = Track::default();
        for child in children(entry) {
            let (id, data) = child?;
            match id {
                TRACK_NUMBER => track.number = be_uint(data)?,
                TRACK_TYPE => track.kind = be_uint(data)?,
                CODEC_ID => track.codec = data.iter().take(32).copied().collect(),
                _ => {}
            }
        }
        Some(track)
    }

    fn float(data: &[u8]) -> Option<f64> {
        match data.len() {
            4 => Some(f64::from(f32::from_be_bytes(data.try_into().ok()?))),
            8 => Some(f64::from_be_bytes(data.try_into().ok()?)),
            _ => None,
        }
    }

    /// The recording's length in milliseconds, measured from its blocks.
    pub fn measure(bytes: &[u8]) -> Option<u64> {
        // The EBML header: a WebM or Matroska document.
        let head = header(bytes, 0)?;
        if head.id != EBML {
            return None;
        }
        let head_end = head.data.checked_add(head.size?)?;
        let doc_type = children(bytes.get(head.data..head_end)?)
            .find_map(|c| c.filter(|(id, _)| *id == DOC_TYPE).map(|(_, d)| d))?;
        if doc_type != b"webm" && doc_type != b"matroska" {
            return None;
        }
        let mut scale: u64 = 1_000_000;
        let mut stated: Option<f64> = None;
        let mut tracks: Vec<Track> = Vec::new();
        let mut cluster_time: Option<u64> = None;
        let mut last: Option<u64> = None;
        let mut segment = false;
        // The Segment and its Clusters are walked into (their size may be unknown); every other
        // element is read whole or stepped over.
        let mut at = head_end;
        while at < bytes.len() {
            let h = header(bytes, at)?;
            let end = match h.size {
                Some(size) => Some(h.data.checked_add(size)?),
                None => None,
            };
            if end.is_some_and(|end| end > bytes.len()) {
                // Cut short.
                return None;
            }
            match h.id {
                SEGMENT if !segment => {
                    segment = true;
                    at = h.data;
                    continue;
                }
                CLUSTER if segment => {
                    cluster_time = None;
                    at = h.data;
                    continue;
                }
                BLOCK_GROUP if segment => {
                    // Known size only: its Block is among its children.
                    end?;
                    at = h.data;
                    continue;
                }
                _ => {}
            }
            let end = end?;
            let data = &bytes[h.data..end];
            match h.id {
                INFO if segment => {
                    for child in children(data) {
                        match child? {
                            (TIMECODE_SCALE, d) => scale = be_uint(d).filter(|s| *s > 0)?,
                            (DURATION, d) => stated = Some(float(d)?),
                            _ => {}
                        }
                    }
                }
                TRACKS if segment => {
                    for child in children(data) {
                        let (id, entry) = child?;
                        if id == TRACK_ENTRY {
                            if tracks.len() == MAX_TRACKS {
                                return None;
                            }
                            tracks.push(track(entry)?);
                        }
                    }
                }
                TIMECODE if segment => cluster_time = Some(be_uint(data)?),
                SIMPLE_BLOCK | BLOCK if segment => {
                    let (number, len, _) = vint(data, 0, false)?;
                    let relative = data.get(len..len + 2)?;
                    let relative = i64::from(i16::from_be_bytes([relative[0], relative[1]]));
                    // A block of a track the Tracks did not name, or before its Cluster's time.
                    if !tracks.iter().any(|t| t.number == number) {
                        return None;
                    }
                    let time = i64::try_from(cluster_time?).ok()? + relative;
                    let time = u64::try_from(time.max(0)).ok()?;
                    last = Some(last.map_or(time, |l: u64| l.max(time)));
                }
                _ => {}
            }
            at = end;
        }
        // Audio alone: one track or more, every one of them audio, Opus or Vorbis.
        let known = |t: &Track| t.kind == AUDIO && (t.codec == b"A_OPUS" || t.codec == b"A_VORBIS");
        if tracks.is_empty() || !tracks.iter().all(known) {
            return None;
        }
        // The last block's time, in TimecodeScale units of nanoseconds.
        let nanos = u128::from(last?) * u128::from(scale);
        let millis = u64::try_from(nanos / 1_000_000).ok()?;
        if let Some(stated) = stated {
            let stated_nanos = stated * scale as f64;
            if !stated_nanos.is_finite() || stated_nanos < 0.0 {
                return None;
            }
            if !agrees((stated_nanos / 1e6) as u64, millis) {
                return None;
            }
        }
        Some(millis)
    }
}

mod ogg {
    //! Ogg pages, checksums included; the stream's first packet says Opus or Vorbis.

    use super::{agrees, to_millis};

    /// The recording's length in milliseconds: its last granule position, checked against the
    /// samples its Opus packets hold.
    pub fn measure(bytes: &[u8]) -> Option<u64> {
        let mut at = 0;
        let mut serial: Option<u32> = None;
        let mut codec: Option<Codec> = None;
        let mut granule: Option<u64> = None;
        // Packets so far, the samples of the audio ones, and the first bytes of the one being read.
        let mut packets: u64 = 0;
        let mut samples: u64 = 0;
        let mut packet: Vec<u8> = Vec::with_capacity(2);
        let mut packet_open = false;
        let mut head: Vec<u8> = Vec::new();
        while at < bytes.len() {
            let page = bytes.get(at..)?;
            if !page.starts_with(b"OggS") || *page.get(4)? != 0 {
                return None;
            }
            let header_type = *page.get(5)?;
            let position = i64::from_le_bytes(page.get(6..14)?.try_into().ok()?);
            let page_serial = u32::from_le_bytes(page.get(14..18)?.try_into().ok()?);
            let segments = usize::from(*page.get(26)?);
            let table = page.get(27..27 + segments)?;
            let body_len: usize = table.iter().map(|l| usize::from(*l)).sum();
            let page_len = 27 + segments + body_len;
            let whole = page.get(..page_len)?;
            if crc(whole) != u32::from_le_bytes(whole.get(22..26)?.try_into().ok()?) {
                return None;
            }
            // One logical stream, audio alone.
            if *serial.get_or_insert(page_serial) != page_serial {
                return None;
            }
            let continued = header_type & 0x01 != 0;
            if continued != packet_open {
                return None;
            }
            let mut offset = 27 + segments;
            for lace in table {
                let lace = usize::from(*lace);
                let data = &whole[offset..offset + lace];
                offset += lace;
                if !packet_open {
                    packet.clear();
                    packet_open = true;
                }
                // The first packet (the codec's header) is kept whole, up to a bound; of the
                // others, their first two bytes.
                if packets == 0 {
                    if head.len() + data.len() > 4096 {
                        return None;
                    }
                    head.extend_from_slice(data);
                }
                let room = 2 - packet.len().min(2);
                packet.extend_from_slice(&data[..data.len().min(room)]);
                if lace < 255 {
                    packet_open = false;
                    if packets == 0 {
                        codec = Some(Codec::of(&head)?);
                    } else if let Some(Codec::Opus { .. }) = codec {
                        // OpusTags is the second packet; the audio follows.
                        if packets >= 2 {
                            samples = samples.checked_add(opus_samples(&packet)?)?;
                        }
                    }
                    packets += 1;
                }
            }
            if position >= 0 {
                let position = position as u64;
                // Granule positions never go back.
                if granule.is_some_and(|g| g > position) {
                    return None;
                }
                granule = Some(position);
            }
            at += page_len;
        }
        if packet_open {
            return None;
        }
        match codec? {
            Codec::Opus { pre_skip } => {
                let played = granule?.checked_sub(pre_skip)?;
                let millis = to_millis(played, 48_000)?;
                let counted = to_millis(samples.saturating_sub(pre_skip), 48_000)?;
                agrees(millis, counted).then_some(millis)
            }
            Codec::Vorbis { rate } => to_millis(granule?, rate),
        }
    }

    #[derive(Clone, Copy)]
    enum Codec {
        Opus { pre_skip: u64 },
        Vorbis { rate: u64 },
    }

    impl Codec {
        fn of(head: &[u8]) -> Option<Codec> {
            if head.starts_with(b"OpusHead") {
                let pre_skip = u16::from_le_bytes(head.get(10..12)?.try_into().ok()?);
                Some(Codec::Opus {
                    pre_skip: u64::from(pre_skip),
                })
            } else if head.starts_with(b"\x01vorbis") {
                let rate = u32::from_le_bytes(head.get(12..16)?.try_into().ok()?);
                (rate > 0).then_some(Codec::Vorbis {
                    rate: u64::from(rate),
                })
            } else {
                None
            }
        }
    }

    /// The samples (at 48 kHz) of an Opus packet, from its table of contents (RFC 6716 3.1).
    pub(super) fn opus_samples(packet: &[u8]) -> Option<u64> {
        let Some(toc) = packet.first() else {
            // An empty packet: nothing to play (a lost frame).
            return Some(0);
        };
        let config = toc >> 3;
        let frame = match config {
            0..=11 => [480, 960, 1920, 2880][usize::from(config % 4)],
            12..=15 => [480, 960][usize::from(config % 2)],
            _ => [120, 240, 480, 960][usize::from(config % 4)],
        };
        let frames = match toc & 0x03 {
            0 => 1,
            1 | 2 => 2,
            _ => u64::from(packet.get(1)? & 0x3F),
        };
        Some(frame * frames)
    }

    /// Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, the checksum field taken as zero.
    fn crc(page: &[u8]) -> u32 {
        let mut crc = 0u32;
        for (i, byte) in page.iter().enumerate() {
            let byte = if (22..26).contains(&i) { 0 } else { *byte };
            crc ^= u32::from(byte) << 24;
            for _ in 0..8 {
                crc = if crc & 0x8000_0000 != 0 {
                    (crc << 1) ^ 0x04C1_1DB7
                } else {
                    crc << 1
                };
            }
        }
        crc
    }

    /// The checksum a page carries, for building pages (tests).
    #[cfg(test)]
    pub(super) fn page_crc(page: &[u8]) -> u32 {
        crc(page)
    }
}

mod mp4 {
    //! ISO base media boxes: plain files (`moov` with sample tables) and fragmented ones (`moof`).

    use super::{agrees, be_u32, be_u64, to_millis};

    /// The boxes in `bytes`, each as its type and its payload; an item None where one is cut
    /// short or its size is not one.
    fn boxes(bytes: &[u8]) -> impl Iterator<Item = Option<([u8; 4], &[u8])>> + '_ {
        let mut at = 0usize;
        let mut broken = false;
        std::iter::from_fn(move || {
            if broken || at >= bytes.len() {
                return None;
            }
            let item = (|| {
                let size = u64::from(be_u32(bytes, at)?);
                let kind: [u8; 4] = bytes.get(at + 4..at + 8)?.try_into().ok()?;
                let (header, size) = match size {
                    0 => (8, (bytes.len() - at) as u64),
                    1 => (16, be_u64(bytes, at + 8)?),
                    n => (8, n),
                };
                let size = usize::try_from(size).ok()?;
                if size < header {
                    return None;
                }
                let payload = bytes.get(at + header..at.checked_add(size)?)?;
                at += size;
                Some((kind, payload))
            })();
            broken = item.is_none();
            Some(item)
        })
    }

    /// The one box of a kind among `bytes`' boxes (None when absent or the boxes are broken).
    fn child<'a>(bytes: &'a [u8], kind: &[u8; 4]) -> Option<&'a [u8]> {
        let mut found = None;
        for item in boxes(bytes) {
            let (k, payload) = item?;
            if &k == kind && found.is_none() {
                found = Some(payload);
            }
        }
        found
    }

    /// A full box's version.
    fn version(payload: &[u8]) -> Option<u8> {
        payload.first().copied()
    }

    /// `mvhd` or `mdhd`: its timescale and duration.
    fn timing(payload: &[u8]) -> Option<(u64, u64)> {
        match version(payload)? {
            0 => Some((
                u64::from(be_u32(payload, 12)?),
                u64::from(be_u32(payload, 16)?),
            )),
            1 => Some((u64::from(be_u32(payload, 20)?), be_u64(payload, 24)?)),
            _ => None,
        }
    }

    struct Track {
        id: u32,
        audio: bool,
        codec_known: bool,
        timescale: u64,
        stated: u64,
        /// The sum of the sample table's durations.
        samples: u64,
        /// Default sample duration of fragments (`trex`).
        default_duration: u64,
        /// The sum of the fragments' sample durations.
        fragments: u64,
    }

    fn track(trak: &[u8]) -> Option<Track> {
        let tkhd = child(trak, b"tkhd")?;
        let id = match version(tkhd)? {
            0 => be_u32(tkhd, 12)?,
            1 => be_u32(tkhd, 20)?,
            _ => return None,
        };
        let mdia = child(trak, b"mdia")?;
        let (timescale, stated) = timing(child(mdia, b"mdhd")?)?;
        let handler = child(mdia, b"hdlr")?.get(8..12)?;
        let stbl = child(child(mdia, b"minf")?, b"stbl")?;
        let stsd = child(stbl, b"stsd")?;
        let entries = be_u32(stsd, 4)?;
        let first = stsd.get(8..)?;
        let codec_known = entries >= 1
            && boxes(first)
                .next()
                .flatten()
                .is_some_and(|(k, _)| &k == b"mp4a" || &k == b"Opus");
        let stts = child(stbl, b"stts")?;
        let count = usize::try_from(be_u32(stts, 4)?).ok()?;
        // Every entry is there: a count the box cannot hold is a lie.
        if stts.len() < 8 + count.checked_mul(8)? {
            return None;
        }
        let mut samples: u64 = 0;
        for i in 0..count {
            let n = u64::from(be_u32(stts, 8 + i * 8)?);
            let delta = u64::from(be_u32(stts, 12 + i * 8)?);
            samples = samples.checked_add(n.checked_mul(delta)?)?;
        }
        Some(Track {
            id,
            audio: handler == b"soun",
            codec_known,
            timescale,
            stated,
            samples,
            default_duration: 0,
            fragments: 0,
        })
    }

    /// Adds a fragment's sample durations (`traf`: `tfhd` and its `trun`s) to its track.
    fn fragment(traf: &[u8], tracks: &mut [Track]) -> Option<()> {
        let tfhd = child(traf, b"tfhd")?;
        let flags = be_u32(tfhd, 0)? & 0x00FF_FFFF;
        let id = be_u32(tfhd, 4)?;
        let track = tracks.iter_mut().find(|t| t.id == id)?;
        let mut at = 8;
        if flags & 0x01 != 0 {
            at += 8;
        }
        if flags & 0x02 != 0 {
            at += 4;
        }
        let default = if flags & 0x08 != 0 {
            u64::from(be_u32(tfhd, at)?)
        } else {
            track.default_duration
        };
        for item in boxes(traf) {
            let (kind, trun) = item?;
            if &kind != b"trun" {
                continue;
            }
            let flags = be_u32(trun, 0)? & 0x00FF_FFFF;
            let count = u64::from(be_u32(trun, 4)?);
            let mut at = 8;
            if flags & 0x01 != 0 {
                at += 4;
            }
            if flags & 0x04 != 0 {
                at += 4;
            }
            let fields = [0x100, 0x200, 0x400, 0x800]
                .iter()
                .filter(|f| flags & **f != 0)
                .count();
            // Every sample's fields are there.
            let needed = count.checked_mul(fields as u64 * 4)?;
            if ((trun.len() - at.min(trun.len())) as u64) < needed {
                return None;
            }
            if flags & 0x100 != 0 {
                for i in 0..count as usize {
                    let d = u64::from(be_u32(trun, at + i * fields * 4)?);
                    track.fragments = track.fragments.checked_add(d)?;
                }
            } else {
                track.fragments = track.fragments.checked_add(count.checked_mul(default)?)?;
            }
        }
        Some(())
    }

    /// The recording's length in milliseconds: its audio track's samples.
    pub fn measure(bytes: &[u8]) -> Option<u64> {
        let mut movie: Option<(u64, u64)> = None;
        let mut tracks: Vec<Track> = Vec::new();
        let mut moov_seen = false;
        let mut fragments = Vec::new();
        for item in boxes(bytes) {
            let (kind, payload) = item?;
            match &kind {
                b"moov" if !moov_seen => {
                    moov_seen = true;
                    for inner in boxes(payload) {
                        let (kind, inner) = inner?;
                        match &kind {
                            b"mvhd" => movie = Some(timing(inner)?),
                            b"trak" => {
                                if tracks.len() == 8 {
                                    return None;
                                }
                                tracks.push(track(inner)?);
                            }
                            b"mvex" => {
                                for trex in boxes(inner) {
                                    let (kind, trex) = trex?;
                                    if &kind == b"trex" {
                                        let id = be_u32(trex, 4)?;
                                        let duration = u64::from(be_u32(trex, 12)?);
                                        if let Some(t) = tracks.iter_mut().find(|t| t.id == id) {
                                            t.default_duration = duration;
                                        }
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                }
                b"moov" => return None,
                // Fragments are read once the tracks are known (the `moov` comes first).
                b"moof" => fragments.push(payload),
                _ => {}
            }
        }
        for moof in fragments {
            if !moov_seen || fragments_over(moof, &mut tracks).is_none() {
                return None;
            }
        }
        // One audio track, and nothing else.
        let [track] = tracks.as_slice() else {
            return None;
        };
        if !track.audio || !track.codec_known {
            return None;
        }
        let units = track.samples.checked_add(track.fragments)?;
        let millis = to_millis(units, track.timescale)?;
        if track.stated != 0 && !agrees(to_millis(track.stated, track.timescale)?, millis) {
            return None;
        }
        if let Some((scale, duration)) = movie.filter(|(_, d)| *d != 0) {
            if !agrees(to_millis(duration, scale)?, millis) {
                return None;
            }
        }
        Some(millis)
    }

    fn fragments_over(moof: &[u8], tracks: &mut [Track]) -> Option<()> {
        for item in boxes(moof) {
            let (kind, traf) = item?;
            if &kind == b"traf" {
                fragment(traf, tracks)?;
            }
        }
        Some(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> Vec<u8> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/audio/");
        std::fs::read(format!("{path}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn seconds(name: &str) -> Result<f64, Msg> {
        measure(&fixture(name)).map(|r| r.seconds())
    }

    #[test]
    fn each_container_is_measured_from_its_audio() {
        assert_eq!(seconds("voice.webm"), Ok(3.0));
        assert_eq!(seconds("stated.webm"), Ok(3.0));
        assert_eq!(seconds("voice.ogg"), Ok(5.0));
        assert_eq!(seconds("voice.m4a"), Ok(7.0));
        assert_eq!(seconds("fragmented.m4a"), Ok(4.0));
        assert_eq!(seconds("long.webm"), Err(Msg::AudioTooLong));
        assert_eq!(seconds("video.webm"), Err(Msg::AudioInvalid));
    }

    #[test]
    fn a_stated_length_that_disagrees_is_a_lie() {
        // Matroska's Duration (an 8-byte float after its id and size) made 30 seconds.
        let mut webm = fixture("stated.webm");
        let at = webm
            .windows(3)
            .position(|w| w == [0x44, 0x89, 0x88])
            .expect("a Duration");
        webm[at + 3..at + 11].copy_from_slice(&30_000f64.to_be_bytes());
        assert_eq!(measure(&webm), Err(Msg::AudioInvalid));
        // MP4's track duration made ten times longer.
        let mut m4a = fixture("voice.m4a");
        let at = m4a.windows(4).position(|w| w == b"mdhd").expect("an mdhd") + 4;
        assert_eq!(m4a[at], 0);
        let duration = u32::from_be_bytes(m4a[at + 16..at + 20].try_into().unwrap());
        m4a[at + 16..at + 20].copy_from_slice(&(duration * 10).to_be_bytes());
        assert_eq!(measure(&m4a), Err(Msg::AudioInvalid));
        // Ogg's last granule position made a minute later, its checksum made right.
        let mut ogg = fixture("voice.ogg");
        let last = ogg.windows(4).rposition(|w| w == b"OggS").unwrap();
        let granule = i64::from_le_bytes(ogg[last + 6..last + 14].try_into().unwrap());
        ogg[last + 6..last + 14].copy_from_slice(&(granule + 48_000 * 20).to_le_bytes());
        let crc = ogg::page_crc(&ogg[last..]);
        ogg[last + 22..last + 26].copy_from_slice(&crc.to_le_bytes());
        assert_eq!(measure(&ogg), Err(Msg::AudioInvalid));
    }

    #[test]
    fn cut_short_or_broken_is_not_a_recording() {
        for name in [
            "voice.webm",
            "stated.webm",
            "voice.ogg",
            "voice.m4a",
            "fragmented.m4a",
        ] {
            let whole = fixture(name);
            for cut in [whole.len() / 3, whole.len() / 2, whole.len() - 7] {
                assert!(measure(&whole[..cut]).is_err(), "{name} cut at {cut}");
            }
            // Any byte changed: refused or measured, never a panic.
            for at in (0..whole.len()).step_by(13) {
                let mut changed = whole.clone();
                changed[at] ^= 0xFF;
                let _ = measure(&changed);
            }
        }
        assert_eq!(measure(b""), Err(Msg::AudioEmpty));
        assert_eq!(measure(b"hello, not a recording"), Err(Msg::AudioInvalid));
        assert_eq!(measure(&vec![0; MAX_BYTES + 1]), Err(Msg::AudioTooLarge));
        // Sizes that claim more than there is.
        let mut huge = fixture("voice.m4a");
        huge[0..4].copy_from_slice(&u32::MAX.to_be_bytes());
        assert_eq!(measure(&huge), Err(Msg::AudioInvalid));
    }

    #[test]
    fn opus_packets_count_their_frames() {
        assert_eq!(ogg::opus_samples(&[0xFC]), Some(960));
        assert_eq!(ogg::opus_samples(&[0xFD]), Some(1920));
        // SILK 60 ms frames, three of them (code 3: the count in the second byte).
        assert_eq!(ogg::opus_samples(&[0x5B, 0x03]), Some(2880 * 3));
        assert_eq!(ogg::opus_samples(&[0x5B]), None);
        assert_eq!(ogg::opus_samples(&[]), Some(0));
    }
}
