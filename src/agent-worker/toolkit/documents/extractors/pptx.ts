import { strFromU8, unzipSync } from 'fflate';
import type { DocumentPart, ExtractedDocument } from '../document-types.ts';
import { decodeXml, officeProperties } from './office-properties.ts';
import { elementBodies, openTagAt, openTags } from './xml-scan.ts';
import { sizeLimitedFilter, UnpackLimitError } from './zip-limits.ts';

/**
 * PPTX slide text: a .pptx is a zip of XML. The slides' order comes from
 * `ppt/presentation.xml` (its slide ids) through its relationships; each slide's
 * paragraphs are its `<a:p>` elements and their text the `<a:t>` runs inside. Notes,
 * charts and SmartArt text are not read. Loaded lazily.
 */

function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

/** Slide file paths in presentation order. */
function slidePaths(files: Record<string, Uint8Array>): string[] {
  const read = (path: string) => (files[path] ? strFromU8(files[path]) : '');
  const targets = new Map<string, string>();
  for (const tag of openTags(read('ppt/_rels/presentation.xml.rels'), 'Relationship')) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, `ppt/${target.replace(/^\/?ppt\//, '').replace(/^\.\//, '')}`);
  }
  const ordered = openTags(read('ppt/presentation.xml'), 'p:sldId')
    .map((tag) => targets.get(attribute(tag, 'r:id') ?? ''))
    .filter((path): path is string => path !== undefined && files[path] !== undefined);
  if (ordered.length > 0) return ordered;
  const slideNumber = (path: string) => Number(/slide(\d+)\.xml$/.exec(path)?.[1] ?? 0);
  return Object.keys(files)
    .filter((path) => /^ppt\/slides\/slide\d+\.xml$/.test(path))
    .sort((a, b) => slideNumber(a) - slideNumber(b));
}

/** A paragraph's text: its `<a:t>` runs, and a line break for each `<a:br/>`, in order. */
function paragraphText(body: string): string {
  let text = '';
  let from = 0;
  let nextRun = body.indexOf('<a:t>');
  let nextBreak = openTagAt(body, 'a:br', 0);
  for (;;) {
    if (nextRun !== -1 && nextRun < from) nextRun = body.indexOf('<a:t>', from);
    if (nextBreak !== -1 && nextBreak < from) nextBreak = openTagAt(body, 'a:br', from);
    if (nextRun === -1 && nextBreak === -1) return text;
    if (nextBreak !== -1 && (nextRun === -1 || nextBreak < nextRun)) {
      const end = body.indexOf('>', nextBreak);
      if (end === -1) return text;
      text += '\n';
      from = end + 1;
      continue;
    }
    const end = body.indexOf('</a:t>', nextRun + 5);
    if (end === -1) return text;
    text += decodeXml(body.slice(nextRun + 5, end));
    from = end + 6;
  }
}

function slideText(xml: string): string {
  const paragraphs = elementBodies(xml, 'a:p').map(paragraphText);
  return paragraphs
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .join('\n');
}

/** The text of every slide, in order, and the title from the document properties when set. */
export async function extractPptx(bytes: Uint8Array): Promise<ExtractedDocument> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: sizeLimitedFilter((file) => file.name.endsWith('.xml') || file.name.endsWith('.rels')),
    });
  } catch (error) {
    if (error instanceof UnpackLimitError) throw error;
    throw new Error(`the file is not a readable .pptx (${error instanceof Error ? error.message : error}).`);
  }
  const paths = slidePaths(files);
  if (paths.length === 0 && !files['ppt/presentation.xml'])
    throw new Error('the file is not a .pptx presentation (no ppt/presentation.xml inside).');
  const parts: DocumentPart[] = paths.map((path, index) => {
    const text = slideText(strFromU8(files[path]!));
    return { label: `Slide ${index + 1}`, text, hasText: text !== '' };
  });
  return { format: 'pptx', unit: 'slide', metadata: officeProperties(bytes, files), parts, warnings: [] };
}
