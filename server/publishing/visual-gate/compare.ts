/**
 * Pixel-by-pixel comparison of two screenshots (pixelmatch over pngjs): strict, since both are
 * rendered by the same Chromium from fixed data — any pixel that differs at all counts, a
 * one-pixel colour change included. Images of different heights are compared over the taller
 * one, the shorter padded with white (what it lacks counts as changed where the other has ink).
 */
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface Comparison {
  changedPixels: number;
  totalPixels: number;
  /** changedPixels / totalPixels. */
  share: number;
  /** The candidate faded, with the changed pixels in red (PNG). */
  diff: Buffer;
}

function padded(image: PNG, width: number, height: number): PNG {
  if (image.width === width && image.height === height) return image;
  const out = new PNG({ width, height });
  out.data.fill(255);
  PNG.bitblt(image, out, 0, 0, Math.min(image.width, width), Math.min(image.height, height), 0, 0);
  return out;
}

export function comparePngs(production: Buffer, candidate: Buffer): Comparison {
  const a = PNG.sync.read(production);
  const b = PNG.sync.read(candidate);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const left = padded(a, width, height);
  const right = padded(b, width, height);
  const diff = new PNG({ width, height });
  const changedPixels = pixelmatch(left.data, right.data, diff.data, width, height, {
    threshold: 0,
    includeAA: true,
    alpha: 0.15,
    diffColor: [230, 0, 40],
  });
  const totalPixels = width * height;
  return {
    changedPixels,
    totalPixels,
    share: totalPixels ? changedPixels / totalPixels : 0,
    diff: PNG.sync.write(diff),
  };
}
