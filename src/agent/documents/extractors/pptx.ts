import { strFromU8, unzipSync } from 'fflate';
import type { DocumentPart, ExtractedDocument } from '../document-types.ts';
import { decodeXml, officeProperties } from './office-properties.ts';

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
  for (const [tag] of read('ppt/_rels/presentation.xml.rels').matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, `ppt/${target.replace(/^\/?ppt\//, '').replace(/^\.\//, '')}`);
  }
  const ordered = [...read('ppt/presentation.xml').matchAll(/<p:sldId\b[^>]*>/g)]
    .map(([tag]) => targets.get(attribute(tag, 'r:id') ?? ''))
    .filter((path): path is string => path !== undefined && files[path] !== undefined);
  if (ordered.length > 0) return ordered;
  const slideNumber = (path: string) => Number(/slide(\d+)\.xml$/.exec(path)?.[1] ?? 0);
  return Object.keys(files)
    .filter((path) => /^ppt\/slides\/slide\d+\.xml$/.test(path))
    .sort((a, b) => slideNumber(a) - slideNumber(b));
}

function slideText(xml: string): string {
  const paragraphs = [...xml.matchAll(/<a:p\b[^>]*>([\s\S]*?)<\/a:p>/g)].map(([, body = '']) =>
    [...body.matchAll(/<a:t>([\s\S]*?)<\/a:t>|<a:br\b[^>]*\/>/g)]
      .map(([whole, text]) => (whole.startsWith('<a:br') ? '\n' : decodeXml(text ?? '')))
      .join(''),
  );
  return paragraphs
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .join('\n');
}

/** The text of every slide, in order, and the title from the document properties when set. */
export async function extractPptx(bytes: Uint8Array): Promise<ExtractedDocument> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => file.name.endsWith('.xml') || file.name.endsWith('.rels') });
  } catch (error) {
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
