import { describe, expect, it } from "vitest";
import { edgeAngles, grayOf, rgbaOf, rotate, sharpen, shrink, type Gray } from "@/lib/scan/client/photo-pixels";

/**
 * Dark and light bars 6 px wide whose edges run at `degrees` from upright
 * (clockwise), on a 400 × 300 picture: soft-edged, as a lens draws them
 * (hard pixel steps would add edges of their own along the pixel grid).
 */
function bars(degrees: number, width = 400, height = 300): Gray {
  const data = new Uint8ClampedArray(width * height);
  const radians = (degrees * Math.PI) / 180;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const across = x * Math.cos(radians) + y * Math.sin(radians);
      data[y * width + x] = 125 + 105 * Math.sin((Math.PI * across) / 6);
    }
  }
  return { data, width, height };
}

/** How far apart two directions are, a quarter turn counting as none. */
const apart = (a: number, b: number) => {
  const d = Math.abs(a - b) % 90;
  return Math.min(d, 90 - d);
};

const gray = (width: number, height: number, values: number[]): Gray => ({
  data: Uint8ClampedArray.from(values),
  width,
  height,
});

describe("grayOf and rgbaOf", () => {
  it("weighs red, green and blue as zxing does and gives opaque grey back", () => {
    const rgba = {
      data: Uint8ClampedArray.from([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255]),
      width: 3,
      height: 1,
    };
    const luma = grayOf(rgba);
    expect([...luma.data]).toEqual([255, 0, (306 * 255 + 512) >> 10]);
    expect([...rgbaOf(luma)]).toEqual([255, 255, 255, 255, 0, 0, 0, 255, 76, 76, 76, 255]);
  });
});

describe("edgeAngles", () => {
  it.each([0, 3, 17, 33, -28, 44])("finds bars turned %s° within half a degree", (degrees) => {
    const [found] = edgeAngles(bars(degrees));
    expect(found).toBeDefined();
    expect(apart(found!, degrees)).toBeLessThan(0.5);
  });

  it("reads a quarter turn more as the same direction", () => {
    const [found] = edgeAngles(bars(90 + 12));
    expect(apart(found!, 12)).toBeLessThan(0.5);
  });

  it("finds nothing in a flat picture", () => {
    expect(edgeAngles(gray(50, 50, new Array(2500).fill(128)))).toEqual([]);
  });
});

describe("rotate", () => {
  it("turns a quarter clockwise exactly", () => {
    // 3 × 2:  1 2 3      turned:  4 1
    //         4 5 6               5 2
    //                             6 3
    const turned = rotate(gray(3, 2, [1, 2, 3, 4, 5, 6]), 90);
    expect([turned.width, turned.height]).toEqual([2, 3]);
    expect([...turned.data]).toEqual([4, 1, 5, 2, 6, 3]);
  });

  it("makes turned bars upright, the new corners mean grey", () => {
    const picture = bars(25);
    const upright = rotate(picture, -25);
    expect(apart(edgeAngles(upright)[0]!, 0)).toBeLessThan(0.5);
    const mean = Math.round(picture.data.reduce((sum, v) => sum + v, 0) / picture.data.length);
    expect(upright.data[0]).toBe(mean);
  });
});

describe("sharpen", () => {
  it("leaves a flat picture as it is and deepens both sides of an edge", () => {
    expect([...sharpen(gray(4, 1, [90, 90, 90, 90]), 1, 1.5).data]).toEqual([90, 90, 90, 90]);
    const edge = sharpen(gray(6, 1, [60, 60, 60, 180, 180, 180]), 1, 1.5).data;
    expect(edge[2]).toBeLessThan(60);
    expect(edge[3]).toBeGreaterThan(180);
    expect(edge[0]).toBe(60);
  });
});

describe("shrink", () => {
  it("averages the pixels each new one covers", () => {
    const small = shrink(gray(4, 2, [0, 100, 200, 200, 100, 0, 50, 50]), 2);
    expect([small.width, small.height]).toEqual([2, 1]);
    expect([...small.data]).toEqual([50, 125]);
  });

  it("returns the picture itself when asked to grow it", () => {
    const picture = gray(1, 1, [7]);
    expect(shrink(picture, 0.5)).toBe(picture);
  });
});
