//! Decoding by content, re-encoding and thumbnailing. CPU-bound: called on a blocking thread,
//! a few at a time (`Media` holds the permits).
//!
//! A small file can describe a huge picture (a "decompression bomb": half a megabyte of PNG that
//! decodes to gigabytes). So the dimensions are read from the header before anything is decoded,
//! pictures over `MAX_PIXELS` are refused with 413, and the decoder's allocations are capped.
//! Large pictures are shrunk by area averaging (no floating-point copy of the whole picture);
//! what each decode will cost in memory is known from the header (`cost_mib`), so that `Media`
//! bounds the memory of all decoding together.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageFormat, ImageReader, Limits};

use crate::api::error::ApiError;
use crate::i18n::Msg;

/// Longest side of a stored picture and of its thumbnail, in pixels.
const MAX_SIDE: u32 = 2048;
const THUMB_SIDE: u32 = 320;

/// Largest picture decoded: 24 megapixels. A phone saves 12 by default, and our app redraws
/// every photo to at most 2048 pixels a side before it uploads it; a dating photo is shown at
/// most 2048 pixels wide, so more only costs memory.
pub const MAX_PIXELS: u64 = 24_000_000;

/// Memory of a decode beyond its pixels: the stored picture, its thumbnail and their copies.
const WORK_BYTES: u64 = 32 * 1024 * 1024;

/// Most memory one decode may allocate: the largest picture at four bytes a pixel, and room.
const MAX_DECODE_BYTES: u64 = MAX_PIXELS * 4 + WORK_BYTES;

pub struct Processed {
    pub full: Vec<u8>,
    pub thumb: Vec<u8>,
}

/// What decoding a picture will cost, read from its header before anything is decoded: the
/// picture's memory at four bytes a pixel and the work around it, in MiB. A picture refused by
/// its header (not a picture, too many pixels) is refused here.
pub fn cost_mib(bytes: &[u8]) -> Result<u32, ApiError> {
    let (width, height) = dimensions(bytes)?;
    let total = u64::from(width) * u64::from(height) * 4 + WORK_BYTES;
    Ok(u32::try_from(total.div_ceil(1024 * 1024)).unwrap_or(u32::MAX))
}

/// A picture's format and size in pixels, from its header; refused when it is not one of ours
/// or has too many pixels.
fn dimensions(bytes: &[u8]) -> Result<(u32, u32), ApiError> {
    let format = image::guess_format(bytes).map_err(|_| ApiError::Invalid(Msg::ImageInvalid))?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif
    ) {
        return Err(ApiError::Invalid(Msg::ImageInvalid));
    }
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|_| ApiError::Invalid(Msg::ImageInvalid))?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ApiError::TooLarge(Msg::ImageTooManyPixels));
    }
    Ok((width, height))
}

pub fn process(bytes: &[u8]) -> Result<Processed, ApiError> {
    let (width, height) = dimensions(bytes)?;
    let format = image::guess_format(bytes).map_err(|_| ApiError::Invalid(Msg::ImageInvalid))?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let decoded = reader.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => ApiError::TooLarge(Msg::ImageTooManyPixels),
        _ => ApiError::Invalid(Msg::ImageInvalid),
    })?;
    let full = shrink(decoded, MAX_SIDE);
    let thumb = full.thumbnail(THUMB_SIDE, THUMB_SIDE);
    Ok(Processed {
        full: jpeg(&full, 85)?,
        thumb: jpeg(&thumb, 80)?,
    })
}

/// Fits `img` within `side` x `side`. A picture more than twice too large is area-averaged
/// (whole numbers, no copy beyond the result) to the size; one less is resized with Lanczos,
/// whose floating-point buffers are then small.
fn shrink(img: DynamicImage, side: u32) -> DynamicImage {
    if img.width() <= side && img.height() <= side {
        return img;
    }
    if img.width() > 2 * side || img.height() > 2 * side {
        return img.thumbnail(side, side);
    }
    img.resize(side, side, FilterType::Lanczos3)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG claiming `width` x `height` with empty pixel data: refused by its header alone.
    fn header_only_png(width: u32, height: u32) -> Vec<u8> {
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = b"IHDR".to_vec();
        ihdr.extend(width.to_be_bytes());
        ihdr.extend(height.to_be_bytes());
        ihdr.extend([8, 2, 0, 0, 0]);
        for chunk in [ihdr, b"IDAT".to_vec(), b"IEND".to_vec()] {
            png.extend((chunk.len() as u32 - 4).to_be_bytes());
            png.extend(&chunk);
            png.extend(crc32(&chunk).to_be_bytes());
        }
        png
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn a_picture_over_the_pixel_cap_is_refused_before_decoding() {
        let err = process(&header_only_png(6_000, 6_600)).err();
        assert!(
            matches!(err, Some(ApiError::TooLarge(Msg::ImageTooManyPixels))),
            "{err:?}"
        );
    }
}
