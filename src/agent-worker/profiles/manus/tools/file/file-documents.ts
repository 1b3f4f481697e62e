import { invalidArguments, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import type { DocumentFormat, ExtractedDocument } from '@/agent-worker/toolkit/documents/document-types.ts';
import {
  documentSummary,
  extractDocument,
  extractedTextPath,
  partsWithoutText,
  renderDocument,
  selectParts,
} from '@/agent-worker/toolkit/documents/documents.ts';
import { sliceLines } from '@/agent-worker/toolkit/file-bytes.ts';
import type { VisionPort } from '@/agent-worker/toolkit/ports/vision-port.ts';
import { excerpt } from '@/agent-worker/toolkit/text-excerpt.ts';
import { MAX_OBSERVATION_IMAGES, type ObservationImage } from '@/shared/protocol/model-image-limits.ts';
import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import { type FileMeta, UNTRUSTED_DOCUMENT } from '@/shared/protocol/tool-meta/file-meta.ts';

/**
 * Most characters of a document's text an observation carries. Past it, restorable
 * compression (as observation.ts does for any observation): the whole text is saved to
 * a workspace file, and the observation keeps its head and tail and that file's path.
 * Kept under the observation limit, so the loop does not cut it a second time.
 */
export const DOCUMENT_INLINE_CHARACTERS = 8 * 1024;
/** Characters kept from each end of a text longer than that. */
const EXCERPT_KEEP = 3 * 1024;

type Request = {
  sandbox: SandboxPort;
  path: string;
  mime: string;
  bytes: Uint8Array;
  format: DocumentFormat;
  signal?: AbortSignal;
  /** For `view`: whether the model sees images, and the drawing of PDF pages for it. */
  vision?: VisionPort;
};

const nameOf = (path: string) => path.split('/').at(-1) ?? path;

async function extracted(
  request: Request,
  pages?: { first: number; last: number },
): Promise<ExtractedDocument | ToolOutcome<FileMeta>> {
  const result = await extractDocument(request.bytes, request.path, request.format, {
    ...(pages ? { pages } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  if ('error' in result)
    return {
      status: 'error',
      kind: 'execution',
      message: result.error,
      meta: { path: request.path, mime: request.mime },
    };
  return result.document;
}

function isOutcome(value: ExtractedDocument | ToolOutcome<FileMeta>): value is ToolOutcome<FileMeta> {
  return 'status' in value;
}

/** What meta says of a document: its format, unit and count, metadata, pages without text, warnings. */
function documentMeta(document: ExtractedDocument): NonNullable<FileMeta['document']> {
  const withoutText = partsWithoutText(document);
  return {
    format: document.format,
    unit: document.unit,
    count: document.parts.length,
    metadata: document.metadata,
    ...(withoutText.length > 0 ? { pages_without_text: withoutText } : {}),
    ...(document.warnings.length > 0 ? { warnings: document.warnings } : {}),
  };
}

/**
 * `text` for an observation: whole, or (saving `whole` to the workspace first) an
 * excerpt and where the rest is: the saved file, or — when it cannot be saved (a full
 * workspace) — the document itself, read again with a `range`.
 */
async function restorable(
  request: Request,
  text: string,
  whole: string,
): Promise<{ text: string; savedPath: string | null; isCut: boolean; rest: string }> {
  if (text.length <= DOCUMENT_INLINE_CHARACTERS) return { text, savedPath: null, isCut: false, rest: '' };
  const cut = excerpt(text, EXCERPT_KEEP);
  const savedPath = extractedTextPath(request.path);
  try {
    await request.sandbox.writeFile(savedPath, whole);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const rest = `The whole text could not be saved (${reason}): read ${request.path} again with \`range\` for the rest.`;
    return { text: cut, savedPath: null, isCut: true, rest };
  }
  return { text: cut, savedPath, isCut: true, rest: `All of it was saved to ${savedPath}.` };
}

function scannedNote(document: ExtractedDocument): string {
  const pages = partsWithoutText(document);
  if (pages.length === 0) return '';
  if (pages.length === document.parts.length)
    return ' No page has a text layer (scanned or image-only): its text cannot be read here.';
  const which = pages.length === 1 ? `Page ${pages[0]} has` : `Pages ${pages.join(', ')} have`;
  return ` ${which} no text layer (scanned or image-only).`;
}

/**
 * `file.read` of a document: its extracted text as markdown, `range` selecting lines of
 * that text as for a text file. A text too long for one observation is saved whole and
 * the observation keeps an excerpt and the saved file's path.
 */
export async function readDocument(
  request: Request,
  range: number[] | undefined,
): Promise<ToolOutcome<FileMeta>> {
  const document = await extracted(request);
  if (isOutcome(document)) return document;
  const whole = renderDocument(document, nameOf(request.path));
  const sliced = sliceLines(whole, range);
  if ('error' in sliced) return invalidArguments(sliced.error);
  const shown = await restorable(request, sliced.text, whole);
  const meta: FileMeta = {
    path: request.path,
    mime: request.mime,
    document: documentMeta(document),
    untrusted_content: UNTRUSTED_DOCUMENT,
    ...(shown.savedPath ? { extracted_path: shown.savedPath } : {}),
  };
  if (!shown.isCut) return { status: 'success', content: shown.text, meta };
  const lines = whole.split('\n').length;
  return {
    status: 'success',
    content: `${request.path} (${documentSummary(document)}): the text is ${sliced.text.length} characters (${lines} lines in all), too long for one observation. ${shown.rest} Read it with \`range\` or search it with \`match\`. Its start and end:\n\n${shown.text}`,
    meta,
  };
}

/** The PDF pages a `view` range asks for, so only those are read; none for other formats or a range that does not fit. */
function pagesAskedFor(
  request: Request,
  range: number[] | undefined,
): { first: number; last: number } | undefined {
  if (request.format !== 'pdf' || range?.length !== 2) return undefined;
  const [first = 0, last = 0] = range;
  return first >= 1 && (last === -1 || last >= first) ? { first, last } : undefined;
}

/**
 * A PDF's selected pages drawn as images for a model that sees them (at most
 * `MAX_OBSERVATION_IMAGES`, the first of the selection), and the sentence that says so,
 * or why they could not be drawn. Nothing for other formats or a model without vision.
 */
async function pagesAsImages(
  request: Request,
  selected: { first: number; last: number },
): Promise<{ note: string; images: ObservationImage[] }> {
  if (request.format !== 'pdf' || !request.vision?.seesImages) return { note: '', images: [] };
  const last = Math.min(selected.last, selected.first + MAX_OBSERVATION_IMAGES - 1);
  const pages = Array.from({ length: last - selected.first + 1 }, (_, index) => selected.first + index);
  const drawn = await request.vision.pdfPagesForModel(request.bytes, pages, request.path, request.signal);
  if ('refused' in drawn)
    return { note: ` The pages could not be shown to you as images: ${drawn.refused}`, images: [] };
  const shown = drawn.map((image) => Number(/page (\d+)$/.exec(image.label)?.[1] ?? 0));
  const which = shown.length === 1 ? `Page ${shown[0]} follows` : `Pages ${shown.join(', ')} follow`;
  const more =
    last < selected.last
      ? ` At most ${MAX_OBSERVATION_IMAGES} pages are shown at a time: \`view\` with \`range\` for pages ${last + 1}–${selected.last}.`
      : '';
  return { note: ` ${which} this observation as images.${more}`, images: drawn };
}

/**
 * `file.view` of a document: a summary (format, page/sheet/slide count, title, pages
 * without a text layer) and the text of the parts `range` selects as `derived_text`.
 */
export async function viewDocument(
  request: Request,
  range: number[] | undefined,
): Promise<ToolOutcome<FileMeta>> {
  const document = await extracted(request, pagesAskedFor(request, range));
  if (isOutcome(document)) return document;
  const name = nameOf(request.path);
  const whole = renderDocument(document, name);
  let selected: { first: number; last: number } | null = null;
  let text = whole;
  if (document.unit === 'document') {
    const sliced = sliceLines(whole, range);
    if ('error' in sliced) return invalidArguments(sliced.error);
    text = sliced.text;
  } else {
    const parts = selectParts(document, range);
    if ('error' in parts) return invalidArguments(parts.error);
    selected = parts;
    text = renderDocument(document, name, parts);
  }
  const shown = await restorable(request, text, whole);
  const title = document.metadata.title ? ` titled “${document.metadata.title}”` : '';
  const which =
    selected && (selected.first > 1 || selected.last < document.parts.length)
      ? ` Text of ${document.unit}s ${selected.first}–${selected.last}`
      : ' Its text';
  const where = shown.isCut
    ? ` is in derived_text, cut to its start and end. ${shown.rest}`
    : ' is in derived_text.';
  const drawn = selected ? await pagesAsImages(request, selected) : { note: '', images: [] };
  return {
    status: 'success',
    content: `${request.path}: ${documentSummary(document)}${title}, ${request.bytes.byteLength} bytes.${scannedNote(document)}${which}${where}${drawn.note}`,
    ...(drawn.images.length > 0 ? { images: drawn.images } : {}),
    meta: {
      path: request.path,
      mime: request.mime,
      derived_text: shown.text,
      document: documentMeta(document),
      untrusted_content: UNTRUSTED_DOCUMENT,
      ...(shown.savedPath ? { extracted_path: shown.savedPath } : {}),
    },
  };
}
