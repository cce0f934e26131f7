/*
 * Code 128 (ISO/IEC 15417), code set B: every printable ASCII character, which covers the tag
 * codes (PHN-LEH-0001-M-1). A symbol is the start character, the data, a check character (the
 * start's value plus each character's value times its position, modulo 103) and the stop, each
 * drawn as bars and spaces of 1 to 4 modules, with a quiet zone of 10 modules either side.
 */

/**
 * Bar and space widths in modules of values 0 to 106 (106 is the stop, which has a seventh,
 * final bar), bar first. The symbology's published table.
 */
// prettier-ignore
const WIDTHS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212',
  '221213', '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221',
  '223211', '221132', '221231', '213212', '223112', '312131', '311222', '321122', '321221',
  '312212', '322112', '322211', '212123', '212321', '232121', '111323', '131123', '131321',
  '112313', '132113', '132311', '211313', '231113', '231311', '112133', '112331', '132131',
  '113123', '113321', '133121', '313121', '211331', '231131', '213113', '213311', '213131',
  '311123', '311321', '331121', '312113', '312311', '332111', '314111', '221411', '431111',
  '111224', '111422', '121124', '121421', '141122', '141221', '112214', '112412', '122114',
  '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111', '111242',
  '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311',
  '113141', '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const START_B = 104;
const STOP = 106;
/** Modules of light either side of the symbol, which a reader needs to find it. */
export const QUIET_ZONE = 10;

/** The symbol's values: start B, the characters, the check character, the stop. */
export function code128Values(text: string): number[] {
  if (text === '') throw new Error('Code 128: nothing to encode');
  const data = [...text].map((char) => {
    const code = char.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 B cannot encode '${char}'`);
    return code - 32;
  });
  const check = data.reduce((sum, value, i) => sum + value * (i + 1), START_B) % 103;
  return [START_B, ...data, check, STOP];
}

/**
 * The bars of `text`'s symbol, as [start, width] in modules from the left edge of the quiet zone,
 * and the symbol's whole width in modules with both quiet zones.
 */
export function code128Bars(text: string): { bars: [number, number][]; modules: number } {
  const bars: [number, number][] = [];
  let at = QUIET_ZONE;
  for (const value of code128Values(text)) {
    [...WIDTHS[value]!].forEach((digit, i) => {
      const width = Number(digit);
      if (i % 2 === 0) bars.push([at, width]);
      at += width;
    });
  }
  return { bars, modules: at + QUIET_ZONE };
}
