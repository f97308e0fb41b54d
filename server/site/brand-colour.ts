/**
 * The brand colour carries white text (the header, buttons) and is the colour of links on white:
 * WCAG 2's contrast ratio between it and white must be at least 4.5:1, so the pages keep axe at 0.
 * The formula is WCAG's (relative luminance of sRGB); it is ten lines, so it is written here
 * rather than taken from a colour library.
 */
export const minimumContrast = 4.5

function channel(value: number): number {
  const c = value / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0)
}

/** The contrast ratio of `hex` ('#rrggbb') with white, from 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05)
}
