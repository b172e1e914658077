/** Paints an export sheet on an HTML canvas: the PNG is this canvas's bitmap, byte for byte. */
import type { DrawItem, Sheet } from './drawing';
import { EXPORT_FONT_FAMILY, type ExportFonts } from './export-fonts';

/** The export font, registered from the files the PDF embeds (export-fonts.ts), so lines break where they do there. */
const FONT_FAMILY = `"${EXPORT_FONT_FAMILY}", sans-serif`;

function paintItem(ctx: CanvasRenderingContext2D, item: DrawItem, fonts: ExportFonts): void {
  switch (item.kind) {
    case 'rect':
      if (item.fill) {
        ctx.fillStyle = item.fill;
        ctx.fillRect(item.x, item.y, item.w, item.h);
      }
      if (item.stroke) {
        ctx.strokeStyle = item.stroke;
        ctx.lineWidth = item.lineWidth ?? 1;
        ctx.strokeRect(item.x, item.y, item.w, item.h);
      }
      return;
    case 'line':
      ctx.strokeStyle = item.stroke;
      ctx.lineWidth = item.lineWidth;
      ctx.beginPath();
      ctx.moveTo(item.x1, item.y1);
      ctx.lineTo(item.x2, item.y2);
      ctx.stroke();
      return;
    case 'circle':
      ctx.beginPath();
      ctx.arc(item.cx, item.cy, item.r, 0, Math.PI * 2);
      if (item.fill) {
        ctx.fillStyle = item.fill;
        ctx.fill();
      }
      if (item.stroke) {
        ctx.strokeStyle = item.stroke;
        ctx.lineWidth = item.lineWidth ?? 1;
        ctx.stroke();
      }
      return;
    case 'text':
      ctx.fillStyle = item.colour;
      ctx.font = `${item.weight === 'bold' ? 'bold ' : ''}${item.size}px ${FONT_FAMILY}`;
      // maxWidth squeezes a line only if this font runs wider than the metrics it was wrapped with.
      // The characters the PDF shows: a letter the export font lacks is its replacement mark here too.
      ctx.fillText(fonts[item.weight].drawnText(item.text), item.x, item.y, item.maxWidth);
      return;
  }
}

/**
 * Sizes the canvas's bitmap to the sheet × `pixelRatio` (the device's, so the image is as sharp as the screen) and
 * paints the sheet on it. Its CSS size stays the sheet's size, so the bitmap is the rendered canvas × pixelRatio.
 */
export function paintSheet(canvas: HTMLCanvasElement, sheet: Sheet, pixelRatio: number, fonts: ExportFonts): void {
  canvas.width = Math.round(sheet.width * pixelRatio);
  canvas.height = Math.round(sheet.height * pixelRatio);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas.');
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.textBaseline = 'alphabetic';
  for (const item of sheet.items) paintItem(ctx, item, fonts);
}

/** The canvas's bitmap as a PNG file. */
export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made.'))), 'image/png');
  });
}
