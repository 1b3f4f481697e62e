import { freePastedName, isPastedFileName } from '@/shared/protocol/long-text.ts';
import { mimeForPath } from '@/shared/protocol/mime-types.ts';
import {
  type MessageAttachment,
  UPLOADS_FOLDER,
  type UploadDestination,
  type UploadFile,
} from '@/shared/protocol/uploads.ts';
import { WORKSPACE_ROOT, type WorkspaceFile } from '@/shared/protocol/workspace.ts';

/** Files placed in a workspace: the rows to write (folders first) and what the message lists. */
export type PlacedUploads = { writes: WorkspaceFile[]; attachments: MessageAttachment[] };

/**
 * The segments of an attached file's relative path, or an error a person can read when
 * it would leave its folder (`..`) or has no name. Backslashes count as separators.
 */
export function uploadSegments(path: string): string[] {
  const segments = path
    .split(/[\\/]+/)
    .map((segment) => withoutControlCharacters(segment).trim())
    .filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new Error(`The file name "${path}" leaves its folder.`);
  if (segments.length === 0) throw new Error(`The file name "${path}" is empty.`);
  return segments;
}

/** `text` without control characters, bidirectional overrides or broken characters (a file name can hold them; a workspace path should not). */
function withoutControlCharacters(text: string): string {
  return [...text].filter((character) => !UNSHOWABLE.test(character)).join('');
}

/** Controls, bidirectional overrides and isolates (they fake a name where it is shown), broken surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops.
const UNSHOWABLE = /^[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069\ud800-\udfff]$/u;

/**
 * A name not in `taken`: `name` itself, else `name (2)`, `name (3)`… with the suffix
 * before a file's extension (`report (2).pdf`) and after a folder's name.
 */
export function freeName(name: string, taken: ReadonlySet<string>, isFolder: boolean): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const hasExtension = !isFolder && dot > 0;
  const stem = hasExtension ? name.slice(0, dot) : name;
  const extension = hasExtension ? name.slice(dot) : '';
  for (let count = 2; ; count += 1) {
    const candidate = `${stem} (${count})${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Where each attached file goes: under `uploads/` (or straight under the home folder for
 * `home`), keeping a folder's tree. Each top-level name (a file, or a dropped folder) that
 * is already in the workspace, or already used by this send, gets a suffix (a taken
 * `pasted-N.txt` the next free number instead), so nothing is ever overwritten. Folders the files need and the workspace lacks are written too.
 */
export function placeUploads(options: {
  conversationId: string;
  files: readonly UploadFile[];
  destination: UploadDestination;
  /** Every path (relative to `/home/ubuntu`) the workspace holds now. */
  existingPaths: ReadonlySet<string>;
  now: number;
}): PlacedUploads {
  const { conversationId, files, destination, existingPaths, now } = options;
  const base = destination === 'uploads' ? UPLOADS_FOLDER : '';
  const prefix = base === '' ? '' : `${base}/`;
  const taken = new Set<string>();
  for (const path of existingPaths) {
    if (path.startsWith(prefix)) taken.add(path.slice(prefix.length).split('/')[0] ?? '');
  }
  const renamed = new Map<string, string>();
  const folders = new Set<string>();
  const fileRows: WorkspaceFile[] = [];
  const attachments: MessageAttachment[] = [];
  for (const file of files) {
    const [top = '', ...rest] = uploadSegments(file.path);
    // A folder's files share its (possibly suffixed) name; loose files each get their own.
    const isInFolder = rest.length > 0;
    let name = isInFolder ? renamed.get(top) : undefined;
    if (name === undefined) {
      // Pastes are numbered in the composer from 1: a later one takes the next free number.
      name =
        !isInFolder && isPastedFileName(top) && taken.has(top)
          ? freePastedName(taken)
          : freeName(top, taken, isInFolder);
      taken.add(name);
      if (isInFolder) renamed.set(top, name);
    }
    const path = `${prefix}${[name, ...rest].join('/')}`;
    if (fileRows.some((row) => row.path === path)) throw new Error(`"${file.path}" is attached twice.`);
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      folders.add(path.slice(0, slash));
    }
    const mimeType = file.type.trim() !== '' ? file.type.trim() : mimeForPath(path);
    const size = file.bytes.byteLength;
    fileRows.push({ conversationId, path, kind: 'file', content: file.bytes, size, modifiedAt: now });
    attachments.push({ path, mimeType, size });
  }
  const folderRows: WorkspaceFile[] = [...folders]
    .filter((path) => !existingPaths.has(path))
    .sort()
    .map((path) => ({
      conversationId,
      path,
      kind: 'directory',
      content: new Uint8Array(0),
      size: 0,
      modifiedAt: now,
    }));
  return { writes: [...folderRows, ...fileRows], attachments };
}

/** Files listed one per line before the rest are summed up, so a whole project does not flood the context. */
export const MAX_LISTED_ATTACHMENTS = 40;

/**
 * The block the model reads after a message's text: each file's absolute path, MIME type
 * and size in bytes, between delimiter lines. A pure function of the list, so the context
 * built from a message never changes.
 */
export function attachmentListing(attachments: readonly MessageAttachment[]): string {
  const lines = attachments
    .slice(0, MAX_LISTED_ATTACHMENTS)
    .map(
      (file) =>
        `- ${WORKSPACE_ROOT}/${file.path} (${file.mimeType}, ${file.size.toLocaleString('en-US')} bytes)`,
    );
  const rest = attachments.slice(MAX_LISTED_ATTACHMENTS);
  if (rest.length > 0) {
    const bytes = rest.reduce((sum, file) => sum + file.size, 0);
    lines.push(
      `- … and ${rest.length} more files (${bytes.toLocaleString('en-US')} bytes); list them with ls.`,
    );
  }
  const noun = attachments.length === 1 ? 'file' : 'files';
  return `[attached ${noun}: saved in the workspace]\n${lines.join('\n')}\n[end of attached ${noun}]`;
}

/** A message's text as the model reads it: as typed, then the listing of its files, if any. */
export function textWithAttachments(
  text: string,
  attachments: readonly MessageAttachment[] | undefined,
): string {
  if (!attachments || attachments.length === 0) return text;
  return text === '' ? attachmentListing(attachments) : `${text}\n\n${attachmentListing(attachments)}`;
}
