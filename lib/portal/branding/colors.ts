// Brand colours: `#rrggbb`, stored lowercased. Text on a brand colour is black or white,
// whichever contrasts more (WCAG relative luminance), so any colour an MSP picks stays legible.

export const DEFAULT_PRIMARY = '#2f6fed';
export const DEFAULT_ACCENT = '#0f766e';

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function channel(hex: string): number {
  const c = parseInt(hex, 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance(color: string): number {
  const hex = color.replace('#', '');
  return 0.2126 * channel(hex.slice(0, 2)) + 0.7152 * channel(hex.slice(2, 4)) + 0.0722 * channel(hex.slice(4, 6));
}

/** `#ffffff` or `#111827`: the text colour with the higher contrast ratio on `background`. */
export function readableTextOn(background: string): string {
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#111827') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111827';
}
