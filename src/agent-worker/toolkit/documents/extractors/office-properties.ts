import { strFromU8, unzipSync } from 'fflate';
import { elementBodies } from './xml-scan.ts';
import { sizeLimitedFilter, UnpackLimitError } from './zip-limits.ts';

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text of an XML element or attribute with its entities decoded. */
export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return XML_ENTITIES[entity] ?? whole;
  });
}

const CORE_FIELDS = [
  ['title', 'dc:title'],
  ['author', 'dc:creator'],
  ['subject', 'dc:subject'],
  ['created', 'dcterms:created'],
  ['modified', 'dcterms:modified'],
] as const;

/** Title, author, subject and dates from an Office file's `docProps/core.xml`, when it has them. */
export function officeProperties(
  bytes: Uint8Array,
  files?: Record<string, Uint8Array>,
): Record<string, string> {
  let core = files?.['docProps/core.xml'];
  if (!files) {
    try {
      core = unzipSync(bytes, { filter: sizeLimitedFilter((file) => file.name === 'docProps/core.xml') })[
        'docProps/core.xml'
      ];
    } catch (error) {
      if (error instanceof UnpackLimitError) throw error;
      return {};
    }
  }
  if (!core) return {};
  const xml = strFromU8(core);
  const metadata: Record<string, string> = {};
  for (const [name, tag] of CORE_FIELDS) {
    const value = elementBodies(xml, tag, 1)[0]?.trim();
    if (value) metadata[name] = decodeXml(value);
  }
  return metadata;
}
