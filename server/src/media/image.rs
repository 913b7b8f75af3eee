//! Decoding by content, re-encoding and thumbnailing. CPU-bound: called on a blocking thread.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat, ImageReader, Limits};

use crate::api::error::ApiError;
use crate::i18n::Msg;

/// Longest side of a stored picture and of its thumbnail, in pixels.
const MAX_SIDE: u32 = 2048;
const THUMB_SIDE: u32 = 320;

pub struct Processed {
    pub full: Vec<u8>,
    pub thumb: Vec<u8>,
}

pub fn process(bytes: &[u8]) -> Result<Processed, ApiError> {
    let format = image::guess_format(bytes).map_err(|_| ApiError::Invalid(Msg::ImageInvalid))?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif
    ) {
        return Err(ApiError::Invalid(Msg::ImageInvalid));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(16_384);
    limits.max_image_height = Some(16_384);
    limits.max_alloc = Some(512 * 1024 * 1024);
    reader.limits(limits);
    let decoded = reader
        .decode()
        .map_err(|_| ApiError::Invalid(Msg::ImageInvalid))?;
    let full = if decoded.width() > MAX_SIDE || decoded.height() > MAX_SIDE {
        decoded.resize(MAX_SIDE, MAX_SIDE, image::imageops::FilterType::Lanczos3)
    } else {
        decoded
    };
    let thumb = full.thumbnail(THUMB_SIDE, THUMB_SIDE);
    Ok(Processed {
        full: jpeg(&full, 85)?,
        thumb: jpeg(&thumb, 80)?,
    })
}

/// Re-encodes as a baseline JPEG: only pixels go in, so no metadata comes out. Transparency is
/// laid over white (JPEG has none; dropping the alpha channel would leave black corners).
fn jpeg(img: &DynamicImage, quality: u8) -> Result<Vec<u8>, ApiError> {
    let rgba = img.to_rgba8();
    let mut flat = image::RgbImage::new(rgba.width(), rgba.height());
    for (x, y, px) in rgba.enumerate_pixels() {
        let [r, g, b, a] = px.0;
        let over = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        flat.put_pixel(x, y, image::Rgb([over(r), over(g), over(b)]));
    }
    let rgb = DynamicImage::ImageRgb8(flat);
    let mut out = Vec::new();
    rgb.write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality))
        .map_err(|e| ApiError::Internal(e.into()))?;
    Ok(out)
}
