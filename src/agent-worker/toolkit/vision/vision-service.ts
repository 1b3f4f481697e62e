import type { VisionPort } from '@/agent-worker/toolkit/ports/vision-port.ts';

/**
 * The vision port of a run: whether its provider sees images (decided when the run
 * starts, see `visionOf`), and the worker's drawing, loaded on first use (pdf.js comes
 * with the page renderer).
 */
export function createVisionPort(seesImages: boolean): VisionPort {
  return {
    seesImages,
    imageForModel: async (bytes, mime, label) =>
      (await import('./images-for-model.ts')).imageForModel(bytes, mime, label),
    pdfPagesForModel: async (bytes, pages, label, signal) =>
      (await import('./pdf-page-images.ts')).pdfPagesForModel(bytes, pages, label, signal),
  };
}
