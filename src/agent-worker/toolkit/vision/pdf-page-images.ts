import type { RenderParameters } from 'pdfjs-dist/types/src/display/api';
import type { ImageRefusal } from '@/agent-worker/toolkit/ports/vision-port.ts';
import { MODEL_IMAGE_MAX_SIDE, type ObservationImage } from '@/shared/protocol/model-image-limits.ts';
import { endsReading, openPdf } from '../documents/extractors/pdf.ts';
import { canDrawImages, encodeForModel } from './images-for-model.ts';

/**
 * pdf.js's canvases as OffscreenCanvases: its default factory makes `<canvas>` elements,
 * and the agent worker has no document.
 */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(target: { canvas: OffscreenCanvas | null }, width: number, height: number) {
    if (!target.canvas) throw new Error('Canvas is not specified');
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

/**
 * pdf.js's SVG filters (transfer functions, high-contrast modes) need a document; without
 * one they are left out, which changes the colours of a few pages at worst.
 */
class NoFilterFactory {
  addFilter() {
    return 'none';
  }
  addHCMFilter() {
    return 'none';
  }
  addAlphaFilter() {
    return 'none';
  }
  addLuminosityFilter() {
    return 'none';
  }
  addHighlightHCMFilter() {
    return 'none';
  }
  addKnockoutFilter() {
    return 'none';
  }
  destroy() {}
}

/**
 * PDF pages drawn for a model that sees images: each page rendered by pdf.js on an
 * OffscreenCanvas at the scale that fits `MODEL_IMAGE_MAX_SIDE`, then encoded as JPEG.
 * Pages that fail are left out and named in the refusal when none could be drawn.
 */
export async function pdfPagesForModel(
  bytes: Uint8Array,
  pages: readonly number[],
  label: string,
  signal?: AbortSignal,
): Promise<ObservationImage[] | ImageRefusal> {
  if (!canDrawImages()) return { refused: 'pages cannot be drawn here (no OffscreenCanvas).' };
  let open: Awaited<ReturnType<typeof openPdf>>;
  try {
    open = await openPdf(bytes, {
      signal,
      forDrawing: { CanvasFactory: OffscreenCanvasFactory, FilterFactory: NoFilterFactory },
    });
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
  const { pdf, bounded, close } = open;
  const images: ObservationImage[] = [];
  const failed: number[] = [];
  try {
    for (const number of pages) {
      if (number < 1 || number > pdf.numPages) continue;
      signal?.throwIfAborted();
      try {
        const page = await bounded(pdf.getPage(number));
        const natural = page.getViewport({ scale: 1 });
        const scale = MODEL_IMAGE_MAX_SIDE / Math.max(natural.width, natural.height);
        const viewport = page.getViewport({ scale });
        const width = Math.max(1, Math.floor(viewport.width));
        const height = Math.max(1, Math.floor(viewport.height));
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D canvas');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, width, height);
        await bounded(
          page.render({
            canvas: null,
            canvasContext: context as unknown as NonNullable<RenderParameters['canvasContext']>,
            viewport,
          }).promise,
        );
        page.cleanup();
        const image = await encodeForModel(canvas, width, height, `${label}, page ${number}`);
        if ('refused' in image) failed.push(number);
        else images.push(image);
      } catch (error) {
        if (endsReading(error, signal)) throw error;
        failed.push(number);
      }
    }
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  } finally {
    close();
  }
  if (images.length === 0)
    return { refused: `page${failed.length === 1 ? '' : 's'} ${failed.join(', ')} could not be drawn.` };
  return images;
}
