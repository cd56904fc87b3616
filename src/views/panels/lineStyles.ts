/**
 * How the results chart tells its lines apart: each line takes the next colour of the theme's
 * chart palette, and a line whose colour is close to that of an earlier line (themes repeat
 * colours: the high-contrast ones give several charts colours one value, and a palette's blue
 * and bright blue are near twins) is drawn with a dash pattern no such line has. Pure, unit tested.
 */

/** Solid, then patterns that stay apart at a glance (canvas setLineDash lengths, in pixels). */
export const DASHES: readonly (readonly number[])[] = [[], [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], [14, 4]];

/** The smallest CIE76 colour difference at which two lines read as different colours. */
export const DISTINCT_COLOURS = 25;

export interface LineStyle {
  colour: string;
  dash: readonly number[];
}

export function lineStyles(palette: readonly string[], count: number): LineStyle[] {
  const styles: LineStyle[] = [];
  for (let i = 0; i < count; i++) {
    const colour = palette[i % palette.length];
    const taken = styles.filter((s) => !distinctColours(s.colour, colour)).map((s) => s.dash);
    const dash = DASHES.find((d) => !taken.includes(d)) ?? DASHES[i % DASHES.length];
    styles.push({ colour, dash });
  }
  return styles;
}

/** Whether two CSS colours read as different; a colour that cannot be read counts as alike. */
export function distinctColours(a: string, b: string): boolean {
  const x = parseColour(a);
  const y = parseColour(b);
  if (!x || !y) return false;
  return colourDifference(x, y) >= DISTINCT_COLOURS;
}

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` and `rgba(…)` (what themes and a canvas give). */
export function parseColour(text: string): Rgb | undefined {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(value);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : undefined;
}

/** CIE76: the distance between two colours in CIELAB (D65), about 2.3 for a just-noticeable difference. */
export function colourDifference(a: Rgb, b: Rgb): number {
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

function lab(rgb: Rgb): [number, number, number] {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
