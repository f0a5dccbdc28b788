// What the photo reader does to a picture's pixels before it looks again
// (lib/scan/client/decode-photo.ts, docs/barcode-corpus.md): grey only, one
// byte per pixel, plain loops, so it runs the same in a worker, on the page
// and in the unit tests.

import "client-only";
/** A grey picture: one luminance byte per pixel, row by row. */
export type Gray = { data: Uint8ClampedArray; width: number; height: number };

/** Luminance of RGBA pixels, with the weights zxing uses (so a reader sees the same grey). */
export function grayOf(rgba: { data: Uint8ClampedArray; width: number; height: number }): Gray {
  const { width, height } = rgba;
  const data = new Uint8ClampedArray(width * height);
  for (let i = 0; i < data.length; i += 1) {
    const j = 4 * i;
    data[i] = (306 * rgba.data[j]! + 601 * rgba.data[j + 1]! + 117 * rgba.data[j + 2]! + 512) >> 10;
  }
  return { data, width, height };
}

/** The grey picture as opaque RGBA, what ImageData holds. */
export function rgbaOf(gray: Gray): Uint8ClampedArray<ArrayBuffer> {
  const rgba = new Uint8ClampedArray(gray.data.length * 4);
  for (let i = 0; i < gray.data.length; i += 1) {
    const v = gray.data[i]!;
    rgba[4 * i] = v;
    rgba[4 * i + 1] = v;
    rgba[4 * i + 2] = v;
    rgba[4 * i + 3] = 255;
  }
  return rgba;
}

/** Side of the picture the direction of the edges is measured on: enough for a code, quick. */
const ANGLE_SIDE = 1000;
/** Edge directions are averaged over squares this wide: several steps of a pixel staircase. */
const ANGLE_BLOCK = 12;

/**
 * The directions, in degrees within (-45, 45], that the strongest straight
 * edges of the picture run at, modulo a quarter turn: a barcode's bars (and
 * a 2-D code's module edges) make the largest share. Turning the picture by
 * minus one of them makes the bars upright. Strongest first; a second one
 * only when it is at least half as strong and 6° or more away.
 *
 * Each square of the picture gives one direction, the mean of its pixels'
 * gradients (the structure tensor), weighted by how strong and how much
 * alike they are: a single pixel's gradient leans towards the pixel grid on
 * an edge drawn as a staircase, the mean over a square does not.
 */
export function edgeAngles(gray: Gray): number[] {
  const { data, width, height } = shrinkTo(gray, ANGLE_SIDE);
  const BINS = 180; // half-degree bins over a quarter turn
  const bins = new Float64Array(BINS);
  for (let top = 1; top + ANGLE_BLOCK < height; top += ANGLE_BLOCK) {
    for (let left = 1; left + ANGLE_BLOCK < width; left += ANGLE_BLOCK) {
      let xx = 0;
      let yy = 0;
      let xy = 0;
      for (let y = top; y < top + ANGLE_BLOCK; y += 1) {
        for (let x = left; x < left + ANGLE_BLOCK; x += 1) {
          const i = y * width + x;
          // Scharr's kernel: closer to the true direction than Sobel's.
          const gx =
            3 * (data[i - width + 1]! - data[i - width - 1]! + data[i + width + 1]! - data[i + width - 1]!) +
            10 * (data[i + 1]! - data[i - 1]!);
          const gy =
            3 * (data[i + width - 1]! - data[i - width - 1]! + data[i + width + 1]! - data[i - width + 1]!) +
            10 * (data[i + width]! - data[i - width]!);
          xx += gx * gx;
          yy += gy * gy;
          xy += gx * gy;
        }
      }
      const energy = xx + yy;
      if (energy === 0) continue;
      const aligned = Math.hypot(xx - yy, 2 * xy);
      const coherence = aligned / energy;
      // Gradient direction, doubled angle halved; modulo a quarter turn.
      let degrees = (Math.atan2(2 * xy, xx - yy) * 90) / Math.PI;
      degrees = ((degrees % 90) + 90) % 90;
      bins[Math.floor(degrees * 2) % BINS]! += aligned * coherence * coherence;
    }
  }
  // Smoothed over ±1.5°, wrapping around the quarter turn.
  const smooth = new Float64Array(BINS);
  for (let b = 0; b < BINS; b += 1) {
    for (let k = -3; k <= 3; k += 1) smooth[b]! += bins[(b + k + BINS) % BINS]! * (4 - Math.abs(k));
  }
  const peaks: { degrees: number; weight: number }[] = [];
  for (let b = 0; b < BINS; b += 1) {
    const before = smooth[(b - 1 + BINS) % BINS]!;
    const after = smooth[(b + 1) % BINS]!;
    const here = smooth[b]!;
    if (here <= 0 || here < before || here <= after) continue;
    // Parabola through the three bins: the peak between them.
    const shift = before - 2 * here + after === 0 ? 0 : (0.5 * (before - after)) / (before - 2 * here + after);
    let degrees = (b + 0.5 + shift) / 2;
    if (degrees > 45) degrees -= 90;
    peaks.push({ degrees, weight: here });
  }
  peaks.sort((a, b) => b.weight - a.weight);
  const [first, ...others] = peaks;
  if (!first) return [];
  const apart = (a: number, b: number) => {
    const d = Math.abs(a - b) % 90;
    return Math.min(d, 90 - d) >= 6;
  };
  const second = others.find((peak) => apart(peak.degrees, first.degrees));
  return second && second.weight >= first.weight / 2 ? [first.degrees, second.degrees] : [first.degrees];
}

/**
 * The picture turned by `degrees` (clockwise, as the screen's y runs down),
 * grown to hold all of it; the corners it uncovers take the picture's mean
 * grey, so they add no edges of their own.
 */
export function rotate(gray: Gray, degrees: number): Gray {
  const { data, width, height } = gray;
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const outW = Math.ceil(Math.abs(width * cos) + Math.abs(height * sin));
  const outH = Math.ceil(Math.abs(width * sin) + Math.abs(height * cos));
  let sum = 0;
  for (let i = 0; i < data.length; i += 1) sum += data[i]!;
  const out = new Uint8ClampedArray(outW * outH).fill(Math.round(sum / Math.max(1, data.length)));
  for (let y = 0; y < outH; y += 1) {
    const dy = y + 0.5 - outH / 2;
    for (let x = 0; x < outW; x += 1) {
      const dx = x + 0.5 - outW / 2;
      // Where this pixel comes from, turned back; bilinear between the four around it.
      const sx = cos * dx + sin * dy + width / 2 - 0.5;
      const sy = -sin * dx + cos * dy + height / 2 - 0.5;
      if (sx < -0.5 || sy < -0.5 || sx > width - 0.5 || sy > height - 0.5) continue;
      const x0 = Math.max(0, Math.min(width - 1, Math.floor(sx)));
      const y0 = Math.max(0, Math.min(height - 1, Math.floor(sy)));
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const fx = Math.max(0, Math.min(1, sx - x0));
      const fy = Math.max(0, Math.min(1, sy - y0));
      const top = data[y0 * width + x0]! + (data[y0 * width + x1]! - data[y0 * width + x0]!) * fx;
      const bottom = data[y1 * width + x0]! + (data[y1 * width + x1]! - data[y1 * width + x0]!) * fx;
      out[y * outW + x] = top + (bottom - top) * fy;
    }
  }
  return { data: out, width: outW, height: outH };
}

/**
 * Unsharp masking: each pixel pushed away from the mean of its
 * (2·radius+1)² neighbourhood by `amount` times the difference. Brings back
 * some of the edges a slightly out-of-focus photo lost.
 */
export function sharpen(gray: Gray, radius: number, amount: number): Gray {
  const blurred = boxBlur(gray, radius);
  const out = new Uint8ClampedArray(gray.data.length);
  for (let i = 0; i < out.length; i += 1) out[i] = gray.data[i]! + amount * (gray.data[i]! - blurred.data[i]!);
  return { data: out, width: gray.width, height: gray.height };
}

/** The picture made smaller by `factor` (≥ 1), each pixel the mean of those it covers: less noise, fewer pixels. */
export function shrink(gray: Gray, factor: number): Gray {
  if (factor <= 1) return gray;
  const { data, width, height } = gray;
  const outW = Math.max(1, Math.round(width / factor));
  const outH = Math.max(1, Math.round(height / factor));
  const out = new Uint8ClampedArray(outW * outH);
  for (let y = 0; y < outH; y += 1) {
    const y0 = Math.floor((y * height) / outH);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * height) / outH));
    for (let x = 0; x < outW; x += 1) {
      const x0 = Math.floor((x * width) / outW);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * width) / outW));
      let sum = 0;
      for (let yy = y0; yy < y1; yy += 1) for (let xx = x0; xx < x1; xx += 1) sum += data[yy * width + xx]!;
      out[y * outW + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { data: out, width: outW, height: outH };
}

function shrinkTo(gray: Gray, side: number): Gray {
  return shrink(gray, Math.max(gray.width, gray.height) / side);
}

/** Mean over a (2·radius+1)² square, twice (close to a Gaussian), edges repeated. */
function boxBlur(gray: Gray, radius: number): Gray {
  const { width, height } = gray;
  let current = Float32Array.from(gray.data);
  const scratch = new Float32Array(current.length);
  const size = 2 * radius + 1;
  for (let pass = 0; pass < 2; pass += 1) {
    for (let y = 0; y < height; y += 1) {
      const row = y * width;
      const at = (x: number) => current[row + Math.max(0, Math.min(width - 1, x))]!;
      let sum = 0;
      for (let x = -radius; x <= radius; x += 1) sum += at(x);
      for (let x = 0; x < width; x += 1) {
        scratch[row + x] = sum / size;
        sum += at(x + radius + 1) - at(x - radius);
      }
    }
    const next = new Float32Array(current.length);
    for (let x = 0; x < width; x += 1) {
      const at = (y: number) => scratch[Math.max(0, Math.min(height - 1, y)) * width + x]!;
      let sum = 0;
      for (let y = -radius; y <= radius; y += 1) sum += at(y);
      for (let y = 0; y < height; y += 1) {
        next[y * width + x] = sum / size;
        sum += at(y + radius + 1) - at(y - radius);
      }
    }
    current = next;
  }
  return { data: Uint8ClampedArray.from(current), width, height };
}
