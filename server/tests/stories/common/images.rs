//! Pictures made in the tests: JPEGs (with and without an EXIF block carrying a GPS position),
//! noisy PNGs that do not compress away, and a reader for a JPEG's segments.

#![allow(clippy::unwrap_used)]

use base64::Engine;

pub fn data_url(mime: &str, bytes: &[u8]) -> String {
    format!(
        "data:{mime};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

/// A JPEG of `w` x `h` pixels in a gradient, as the image crate writes it (no EXIF).
pub fn jpeg(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 120])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

/// A PNG of pseudo-random pixels: it stays large once compressed.
pub fn noisy_png(w: u32, h: u32) -> Vec<u8> {
    let mut seed: u32 = 0x9e37_79b9;
    let img = image::RgbImage::from_fn(w, h, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let [a, b, c, _] = seed.to_le_bytes();
        image::Rgb([a, b, c])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// The latitude a phone would have written: 48 deg 51' 29.88" N, 2 deg 17' 40.2" E.
pub const GPS_LATITUDE: [(u32, u32); 3] = [(48, 1), (51, 1), (2988, 100)];

/// `jpeg` with an APP1 "Exif" segment inserted right after SOI, holding IFD0 with a pointer to
/// a GPS IFD (latitude and longitude with their N/E references), as a camera writes it.
pub fn with_exif_gps(jpeg: &[u8]) -> Vec<u8> {
    assert_eq!(&jpeg[..2], &[0xFF, 0xD8], "not a JPEG");
    // TIFF, big-endian. Offsets are from the start of the TIFF header.
    let mut tiff: Vec<u8> = Vec::new();
    tiff.extend_from_slice(b"MM\0\x2A");
    tiff.extend_from_slice(&8u32.to_be_bytes()); // IFD0 at 8
                                                 // IFD0: one entry, GPSInfo (0x8825, LONG) -> GPS IFD at 26.
    tiff.extend_from_slice(&1u16.to_be_bytes());
    tiff.extend_from_slice(&0x8825u16.to_be_bytes());
    tiff.extend_from_slice(&4u16.to_be_bytes());
    tiff.extend_from_slice(&1u32.to_be_bytes());
    tiff.extend_from_slice(&26u32.to_be_bytes());
    tiff.extend_from_slice(&0u32.to_be_bytes()); // no next IFD
    assert_eq!(tiff.len(), 26);
    // GPS IFD: four entries (2 + 4 * 12 + 4 = 54 bytes), then the two rationals' data.
    let data_at = 26 + 2 + 4 * 12 + 4;
    let lat_at = data_at as u32;
    let lon_at = lat_at + 24;
    let entry = |tiff: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: [u8; 4]| {
        tiff.extend_from_slice(&tag.to_be_bytes());
        tiff.extend_from_slice(&kind.to_be_bytes());
        tiff.extend_from_slice(&count.to_be_bytes());
        tiff.extend_from_slice(&value);
    };
    tiff.extend_from_slice(&4u16.to_be_bytes());
    entry(&mut tiff, 0x0001, 2, 2, *b"N\0\0\0"); // GPSLatitudeRef
    entry(&mut tiff, 0x0002, 5, 3, lat_at.to_be_bytes()); // GPSLatitude
    entry(&mut tiff, 0x0003, 2, 2, *b"E\0\0\0"); // GPSLongitudeRef
    entry(&mut tiff, 0x0004, 5, 3, lon_at.to_be_bytes()); // GPSLongitude
    tiff.extend_from_slice(&0u32.to_be_bytes());
    assert_eq!(tiff.len(), data_at);
    for (n, d) in GPS_LATITUDE.into_iter().chain([(2, 1), (17, 1), (402, 10)]) {
        tiff.extend_from_slice(&n.to_be_bytes());
        tiff.extend_from_slice(&d.to_be_bytes());
    }
    let mut payload = b"Exif\0\0".to_vec();
    payload.extend_from_slice(&tiff);
    let length = u16::try_from(payload.len() + 2).unwrap();
    let mut out = vec![0xFF, 0xD8, 0xFF, 0xE1];
    out.extend_from_slice(&length.to_be_bytes());
    out.extend_from_slice(&payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// The marker and payload of each segment of a JPEG before its scan data.
pub fn jpeg_segments(jpeg: &[u8]) -> Vec<(u8, Vec<u8>)> {
    assert_eq!(&jpeg[..2], &[0xFF, 0xD8], "not a JPEG");
    let mut segments = Vec::new();
    let mut at = 2;
    while at + 4 <= jpeg.len() {
        assert_eq!(jpeg[at], 0xFF, "segment marker expected at {at}");
        let marker = jpeg[at + 1];
        let length = usize::from(u16::from_be_bytes([jpeg[at + 2], jpeg[at + 3]]));
        segments.push((marker, jpeg[at + 4..at + 2 + length].to_vec()));
        if marker == 0xDA {
            break; // start of scan: pixels follow
        }
        at += 2 + length;
    }
    segments
}

/// True when the JPEG has an APP1 segment that is EXIF.
pub fn has_exif(jpeg: &[u8]) -> bool {
    jpeg_segments(jpeg)
        .iter()
        .any(|(marker, payload)| *marker == 0xE1 && payload.starts_with(b"Exif"))
}

/// Width and height of a picture, read by its content.
pub fn dimensions(bytes: &[u8]) -> (u32, u32) {
    let img = image::load_from_memory(bytes).unwrap();
    (img.width(), img.height())
}

/// A decompression bomb: a valid PNG of `w` x `h` black RGB pixels whose deflate stream is
/// written by hand (one literal, then matches of 258 bytes at distance 1), so it is a small
/// file that decodes to `3 * w * h` bytes, and costs nothing to make.
pub fn png_bomb(w: u32, h: u32) -> Vec<u8> {
    let raw_len = u64::from(h) * (1 + 3 * u64::from(w));
    let mut bits = BitWriter::default();
    bits.put(1, 1); // BFINAL
    bits.put(1, 2); // BTYPE = fixed Huffman codes
    let literal_zero = 0b0011_0000;
    bits.code(literal_zero, 8);
    let mut left = raw_len - 1;
    while left >= 258 {
        bits.code(0b1100_0101, 8); // length 258 (symbol 285)
        bits.code(0, 5); // distance 1
        left -= 258;
    }
    for _ in 0..left {
        bits.code(literal_zero, 8);
    }
    bits.code(0, 7); // end of block
    let mut zlib = vec![0x78, 0x01];
    zlib.extend(bits.finish());
    let adler = ((raw_len % 65_521) as u32) << 16 | 1;
    zlib.extend(adler.to_be_bytes());

    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = w.to_be_bytes().to_vec();
    ihdr.extend(h.to_be_bytes());
    ihdr.extend([8, 2, 0, 0, 0]); // 8 bits, RGB
    chunk(&mut png, b"IHDR", &ihdr);
    chunk(&mut png, b"IDAT", &zlib);
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend((data.len() as u32).to_be_bytes());
    let mut crc = 0xffff_ffffu32;
    for &b in kind.iter().chain(data) {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    png.extend(kind);
    png.extend(data);
    png.extend((!crc).to_be_bytes());
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
#[derive(Default)]
struct BitWriter {
    out: Vec<u8>,
    acc: u32,
    n: u32,
}

impl BitWriter {
    fn put(&mut self, value: u32, len: u32) {
        for i in 0..len {
            self.acc |= ((value >> i) & 1) << self.n;
            self.n += 1;
            if self.n == 8 {
                self.out.push(self.acc as u8);
                self.acc = 0;
                self.n = 0;
            }
        }
    }

    fn code(&mut self, code: u32, len: u32) {
        for i in (0..len).rev() {
            self.put((code >> i) & 1, 1);
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}
