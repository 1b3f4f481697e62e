import { toCanvas } from 'html-to-image';
import type { PreviewScreenshot } from '../shared/protocol/preview-browser.ts';

/** The tallest picture drawn, in CSS pixels (a long page is cut there: the model sees the top). */
const MAX_HEIGHT = 2_400;

/**
 * The page drawn as the browser laid it out, inside the page: the frame is another origin,
 * so the app cannot capture it from outside. html-to-image copies the DOM with its computed
 * styles into an SVG `foreignObject` and paints that on a canvas; unlike its successors it
 * needs no helper frame of its own (which, nested in this sandboxed page, would be yet
 * another origin it could not read). Web fonts are not embedded (that would fetch them
 * again); remote images are drawn when their servers allow it.
 */
export async function drawPage(): Promise<PreviewScreenshot> {
  const root = document.documentElement;
  const width = Math.max(1, Math.round(window.innerWidth));
  const height = Math.max(1, Math.min(Math.round(root.scrollHeight), MAX_HEIGHT));
  const canvas = await toCanvas(root, {
    width,
    height,
    canvasWidth: width,
    canvasHeight: height,
    pixelRatio: 1,
    skipFonts: true,
    backgroundColor: '#ffffff',
  });
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the browser could not encode the picture');
  return {
    mime: 'image/png',
    width: canvas.width,
    height: canvas.height,
    bytes: new Uint8Array(await blob.arrayBuffer()),
  };
}
