//! Illustrated portraits for the demo profiles, drawn by the program (nothing is downloaded): a
//! friendly head and shoulders with a skin tone, hair colour and style, shirt and background
//! chosen from the seed. Shapes are signed distances, so every edge is anti-aliased.

use image::{Rgb, RgbImage};

const SIZE: u32 = 256;

const SKIN: [[u8; 3]; 6] = [
    [255, 224, 196],
    [241, 194, 160],
    [224, 172, 128],
    [198, 134, 94],
    [160, 102, 68],
    [110, 70, 48],
];

const HAIR: [[u8; 3]; 6] = [
    [38, 30, 28],
    [74, 48, 36],
    [120, 76, 44],
    [164, 86, 48],
    [214, 178, 110],
    [150, 150, 158],
];

/// A point and a shape's signed distance to it (negative inside), in pixels.
type Shape = Box<dyn Fn(f32, f32) -> f32>;

fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> Shape {
    Box::new(move |x, y| {
        let k = (((x - cx) / rx).powi(2) + ((y - cy) / ry).powi(2)).sqrt();
        (k - 1.0) * rx.min(ry)
    })
}

fn rect(x0: f32, y0: f32, x1: f32, y1: f32, radius: f32) -> Shape {
    Box::new(move |x, y| {
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let (hx, hy) = ((x1 - x0) / 2.0 - radius, (y1 - y0) / 2.0 - radius);
        let (qx, qy) = ((x - cx).abs() - hx, (y - cy).abs() - hy);
        let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
        outside + qx.max(qy).min(0.0) - radius
    })
}

/// Both shapes at once.
fn intersect(a: Shape, b: Shape) -> Shape {
    Box::new(move |x, y| a(x, y).max(b(x, y)))
}

/// Either shape.
fn union(a: Shape, b: Shape) -> Shape {
    Box::new(move |x, y| a(x, y).min(b(x, y)))
}

/// A smile: the lower part of a ring.
fn smile(cx: f32, cy: f32, r: f32, width: f32) -> Shape {
    Box::new(move |x, y| {
        let ring = (((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r).abs() - width / 2.0;
        ring.max(cy + r * 0.45 - y)
    })
}

fn shade(c: [u8; 3], by: f32) -> [u8; 3] {
    c.map(|v| (f32::from(v) * by).clamp(0.0, 255.0) as u8)
}

struct Layer {
    shape: Shape,
    colour: [u8; 3],
    opacity: f32,
}

fn layer(shape: Shape, colour: [u8; 3]) -> Layer {
    Layer {
        shape,
        colour,
        opacity: 1.0,
    }
}

/// The portrait for `seed`, as a PNG; `feminine` chooses long hair.
pub fn portrait_png(seed: u64, feminine: bool) -> Vec<u8> {
    let pick = |n: u64, len: usize| (seed.wrapping_mul(n) >> 7) as usize % len;
    let hue = (seed.wrapping_mul(47) % 360) as f32;
    let (top, bottom) = (hsl(hue, 0.55, 0.78), hsl((hue + 40.0) % 360.0, 0.6, 0.58));
    let skin = SKIN[pick(2_654_435_761, SKIN.len())];
    let hair = HAIR[pick(40_503, HAIR.len())];
    let shirt = hsl((hue + 170.0) % 360.0, 0.45, 0.45);
    let dark = [52, 40, 44];

    let mut layers = Vec::new();
    if feminine {
        // Long hair falls behind the shoulders.
        layers.push(layer(
            union(
                ellipse(128.0, 118.0, 70.0, 78.0),
                rect(58.0, 118.0, 198.0, 214.0, 28.0),
            ),
            hair,
        ));
    }
    layers.push(layer(ellipse(128.0, 292.0, 112.0, 100.0), shirt));
    layers.push(layer(
        intersect(
            ellipse(128.0, 292.0, 112.0, 100.0),
            ellipse(128.0, 190.0, 30.0, 18.0),
        ),
        shade(shirt, 0.8),
    ));
    layers.push(layer(
        rect(108.0, 140.0, 148.0, 196.0, 14.0),
        shade(skin, 0.9),
    ));
    layers.push(layer(ellipse(80.0, 122.0, 10.0, 13.0), shade(skin, 0.95)));
    layers.push(layer(ellipse(176.0, 122.0, 10.0, 13.0), shade(skin, 0.95)));
    layers.push(layer(ellipse(128.0, 116.0, 48.0, 57.0), skin));
    // Hair on top: a cap cut by a line, with a side parting that varies.
    let parting = if seed.is_multiple_of(2) { 8.0 } else { -8.0 };
    let cap = intersect(
        ellipse(128.0, 108.0, 54.0, 62.0),
        Box::new(move |x, y| y - (84.0 + (x - 128.0 - parting) * 0.16)),
    );
    layers.push(layer(
        if feminine {
            union(cap, rect(74.0, 88.0, 88.0, 150.0, 7.0))
        } else {
            cap
        },
        hair,
    ));
    for (eye_x, brow_tilt) in [(109.0, 1.0), (147.0, -1.0)] {
        layers.push(layer(ellipse(eye_x, 118.0, 5.0, 6.0), dark));
        layers.push(Layer {
            shape: ellipse(eye_x + 1.5, 116.0, 1.6, 1.6),
            colour: [255, 255, 255],
            opacity: 0.9,
        });
        layers.push(layer(
            ellipse(eye_x, 104.0 + brow_tilt, 11.0, 3.0),
            shade(hair, 0.8),
        ));
        layers.push(Layer {
            shape: ellipse(eye_x - brow_tilt * 8.0, 140.0, 9.0, 6.0),
            colour: [238, 120, 130],
            opacity: 0.35,
        });
    }
    layers.push(Layer {
        shape: ellipse(128.0, 132.0, 4.0, 3.0),
        colour: shade(skin, 0.75),
        opacity: 0.8,
    });
    layers.push(layer(smile(128.0, 134.0, 15.0, 3.5), [168, 70, 80]));

    let mut img = RgbImage::new(SIZE, SIZE);
    for (x, y, px) in img.enumerate_pixels_mut() {
        let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
        let t = fy / SIZE as f32;
        let mut c: [f32; 3] =
            std::array::from_fn(|i| f32::from(top[i]) * (1.0 - t) + f32::from(bottom[i]) * t);
        for l in &layers {
            let coverage = (0.5 - (l.shape)(fx, fy)).clamp(0.0, 1.0) * l.opacity;
            if coverage > 0.0 {
                for (v, target) in c.iter_mut().zip(l.colour) {
                    *v = *v * (1.0 - coverage) + f32::from(target) * coverage;
                }
            }
        }
        *px = Rgb(c.map(|v| v.round().clamp(0.0, 255.0) as u8));
    }
    let mut out = std::io::Cursor::new(Vec::new());
    let _ = img.write_to(&mut out, image::ImageFormat::Png);
    out.into_inner()
}

/// A colour from hue (degrees), saturation and lightness (0 to 1).
fn hsl(h: f32, s: f32, l: f32) -> [u8; 3] {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    [
        ((r + m) * 255.0) as u8,
        ((g + m) * 255.0) as u8,
        ((b + m) * 255.0) as u8,
    ]
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn a_portrait_is_a_square_png_that_differs_by_seed() {
        let a = image::load_from_memory(&portrait_png(1, true)).expect("a PNG");
        assert_eq!((a.width(), a.height()), (SIZE, SIZE));
        assert_ne!(portrait_png(1, true), portrait_png(2, true));
        assert_ne!(portrait_png(3, true), portrait_png(3, false));
    }
}
