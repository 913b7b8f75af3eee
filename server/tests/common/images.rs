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
