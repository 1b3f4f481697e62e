import { baseName, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { deckDownloadName } from '../computer/deck-address.ts';
import { fileSlug } from '../workspace/file-slug.ts';
import type { AttachmentView } from './attachment-view.ts';
import type { Attachment } from './thread-reducer.ts';

/** Longest card name taken from a page's title, in characters. */
const MAX_TITLE_LENGTH = 120;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of an HTML document's first `<title>`: character references decoded, white
 * space collapsed, cut to a readable length. Null when it has none or it is blank.
 */
export function documentTitle(html: string): string | null {
  const raw = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  if (raw === undefined) return null;
  const text = raw
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  return text.length > MAX_TITLE_LENGTH ? `${text.slice(0, MAX_TITLE_LENGTH - 1)}…` : text;
}

/** The workspace page (relative to /home/ubuntu) whose title names a deck or a site; null for anything else. */
export function deliverablePage(view: AttachmentView): string | null {
  if (view.kind === 'deck') return workspacePathOf(view.path);
  if (view.kind === 'site') return view.pagePath;
  return null;
}

/** One attachment of a result, with where it opens and its page's title (null: none or not read yet). */
export type DeliverableEntry = { attachment: Attachment; view: AttachmentView; title: string | null };

/**
 * What a card is called and the file name it downloads as (null: nothing to download).
 * `site` downloads are zips of `folder` (relative; '' for the whole workspace).
 */
export type DeliverableNaming = {
  label: string;
  download:
    | { kind: 'deck'; fileName: string; pagePath: string }
    | { kind: 'site'; fileName: string; folder: string }
    | { kind: 'file'; fileName: string; path: string }
    | null;
};

/**
 * Names for a result's attachments, in order. A deck or a site is called by its page's
 * title unless the agent named the card itself (a name other than the file's); a deck
 * downloads as one HTML file named after its title, a site as a zip named after its
 * folder (else its title), a workspace file under its own name. No two downloads of one
 * result share a file name: a repeat gets `-2`, `-3`… before its extension.
 */
export function deliverableNames(entries: readonly DeliverableEntry[]): DeliverableNaming[] {
  const namings = entries.map(namingOf);
  const fileNames = distinctFileNames(namings.map((naming) => naming.download?.fileName ?? ''));
  return namings.map((naming, index) =>
    naming.download
      ? { ...naming, download: { ...naming.download, fileName: fileNames[index] ?? '' } }
      : naming,
  );
}

function namingOf({ attachment, view, title }: DeliverableEntry): DeliverableNaming {
  const isUnnamed = attachment.name === baseName(attachment.path) || attachment.name === attachment.path;
  const label = title !== null && isUnnamed ? title : attachment.name;
  const page = deliverablePage(view);
  if (view.kind === 'deck' && page !== null) {
    const stem = fileSlug(title ?? '') || deckDownloadName(page).replace(/\.html$/, '');
    return { label, download: { kind: 'deck', fileName: `${stem}.html`, pagePath: page } };
  }
  if (view.kind === 'site' && page !== null) {
    const folder = page.includes('/') ? page.slice(0, page.lastIndexOf('/')) : '';
    const stem = fileSlug(baseName(folder)) || fileSlug(title ?? '') || 'site';
    return { label, download: { kind: 'site', fileName: `${stem}.zip`, folder } };
  }
  if (view.kind === 'file')
    return { label, download: { kind: 'file', fileName: baseName(view.path), path: view.path } };
  return { label, download: null };
}

/**
 * `names` with repeats made distinct (compared without case, as many file systems do):
 * the second `deck.html` becomes `deck-2.html`. Empty names are left alone.
 */
export function distinctFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    if (name === '') return name;
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let count = 2; taken.has(candidate.toLowerCase()); count += 1)
      candidate = `${stem}-${count}${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
