import { domToCanvas } from 'modern-screenshot';
import type { PreviewScreenshot } from '../protocol/preview-browser.ts';

/** The tallest picture drawn, in CSS pixels (a long page is cut there: the model sees the top). */
const MAX_HEIGHT = 2_400;

/**
 * The page drawn as the browser laid it out, inside the page (modern-screenshot copies
 * the DOM with its computed styles into an SVG and paints that on a canvas): the frame
 * is another origin, so the app cannot capture it from outside. Web fonts are not
 * embedded (that would fetch them again); remote images are drawn when their servers
 * allow it.
 */
export async function drawPage(): Promise<PreviewScreenshot> {
  const root = document.documentElement;
  const width = Math.max(1, Math.round(window.innerWidth));
  const height = Math.max(1, Math.min(Math.round(root.scrollHeight), MAX_HEIGHT));
  const canvas = await domToCanvas(root, {
    width,
    height,
    scale: 1,
    font: false,
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
