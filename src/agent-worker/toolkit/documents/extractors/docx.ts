import mammoth from 'mammoth';
import { NodeHtmlMarkdown } from 'node-html-markdown';
import type { ExtractedDocument } from '../document-types.ts';
import { officeProperties } from './office-properties.ts';
import { checkZipSizes } from './zip-limits.ts';

/**
 * DOCX to markdown: mammoth turns the document into semantic HTML (headings, lists,
 * tables, bold/italic), node-html-markdown (the page reader's converter, worker-safe)
 * writes GFM from it, so tables become markdown tables — mammoth's own markdown output
 * drops them. Images are left out (their count is a warning). Loaded lazily.
 */

const converter = new NodeHtmlMarkdown({ bulletMarker: '-', maxConsecutiveNewlines: 2 });

/** A placeholder the converter writes for every image, counted and replaced afterwards. */
const IMAGE_SOURCE = 'sandpiper-omitted-image';

/** The document's text as markdown, with mammoth's messages as warnings. */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  checkZipSizes(bytes);
  const arrayBuffer = bytes.slice().buffer;
  // mammoth's browser build reads `arrayBuffer`, its Node build (the tests) `buffer`; both take an ArrayBuffer.
  const input = { arrayBuffer, buffer: arrayBuffer } as unknown as { arrayBuffer: ArrayBuffer };
  let result: Awaited<ReturnType<typeof mammoth.convertToHtml>>;
  try {
    result = await mammoth.convertToHtml(input, {
      convertImage: mammoth.images.imgElement(async () => ({ src: IMAGE_SOURCE })),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`the file is not a readable .docx (${message.slice(0, 200)}).`);
  }
  const markdown = converter.translate(result.value);
  const images = markdown.split(IMAGE_SOURCE).length - 1;
  const text = markdown.replace(/!\[([^\]]*)\]\(sandpiper-omitted-image\)/g, (_, alt: string) =>
    alt ? `[image: ${alt}]` : '[image]',
  );
  const warnings = [
    ...new Set(result.messages.map((message) => message.message)),
    ...(images > 0 ? [`${images} image${images === 1 ? '' : 's'} left out (shown as [image]).`] : []),
  ];
  return {
    format: 'docx',
    unit: 'document',
    metadata: officeProperties(bytes),
    parts: [{ label: 'Document', text: text.trim(), hasText: text.trim() !== '' }],
    warnings,
  };
}
