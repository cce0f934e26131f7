import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { QUIET_ZONE, code128Bars, code128Values } from './code128';

// The reader's WebAssembly from the package itself (it would otherwise be fetched from a CDN).
const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
});

/** The symbol drawn black on white, `scale` pixels a module, as a camera would see a label. */
function drawn(text: string, scale = 2, height = 40) {
  const { bars, modules } = code128Bars(text);
  const width = modules * scale;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [start, bar] of bars) {
    for (let y = 0; y < height; y += 1) {
      for (let x = start * scale; x < (start + bar) * scale; x += 1)
        data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return { data, width, height, colorSpace: 'srgb' as const };
}

describe('Code 128 tags', () => {
  it('computes the check character by the symbology’s rule', () => {
    // Start B 104; P 48 ×1, J 42 ×2, J 42 ×3, 1 17 ×4, 2 18 ×5, 3 19 ×6, C 35 ×7: 879 mod 103.
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('draws every character in 11 modules, the stop in 13, with quiet zones either side', () => {
    const text = 'PHN-LEH-0001-M-1';
    const { bars, modules } = code128Bars(text);
    expect(modules).toBe(QUIET_ZONE * 2 + 11 * (text.length + 2) + 13);
    expect(bars[0]![0]).toBe(QUIET_ZONE);
    const last = bars.at(-1)!;
    expect(last[0] + last[1]).toBe(modules - QUIET_ZONE);
  });

  it('is read back by a barcode reader (ZXing) as the code it was made from', async () => {
    for (const code of ['PHN-LEH-0001-M-1', 'PHN-SHE-0042-XXL-12', 'PHN-ACC-0100-FREE SIZE-3']) {
      const [found] = await readBarcodes(drawn(code), { formats: ['Code128'] });
      expect(found?.text, code).toBe(code);
      expect(found?.format).toBe('Code128');
    }
  });

  it('refuses what code set B cannot carry', () => {
    expect(() => code128Values('')).toThrow('nothing to encode');
    expect(() => code128Values('PHN-₹')).toThrow("cannot encode '₹'");
  });
});
