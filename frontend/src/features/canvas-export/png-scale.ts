import { A4_LANDSCAPE } from './drawing';

/** The PNG sizes on offer: the sheet's CSS pixels times 1, 2 or 3 (2× and 3× stay sharp on slides and in print). */
export const PNG_SCALES = [1, 2, 3] as const;
export type PngScale = (typeof PNG_SCALES)[number];
export const DEFAULT_PNG_SCALE: PngScale = 2;

export const pngScaleLabel = (scale: PngScale, sheet: { width: number; height: number } = A4_LANDSCAPE) =>
  `${scale}× (${sheet.width * scale} × ${sheet.height * scale} px)`;
