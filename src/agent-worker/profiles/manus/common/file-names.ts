import { workspacePathOf } from '@/shared/protocol/workspace.ts';

const LONGEST_STEM = 48;

/**
 * A file name stem from what the model asked for: its `file_name` (folders and extension
 * dropped) or else the first words of the prompt, as lower-case ASCII words joined by
 * hyphens; `fallback` when nothing usable is left.
 */
export function fileStem(fileName: string | undefined, prompt: string, fallback: string): string {
  const given =
    fileName
      ?.split(/[\\/]/)
      .pop()
      ?.replace(/\.[a-z0-9]{1,5}$/i, '') ?? '';
  return slug(given) || slug(prompt) || fallback;
}

function slug(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let stem = '';
  for (const word of words) {
    const next = stem ? `${stem}-${word}` : word;
    if (next.length > LONGEST_STEM) break;
    stem = next;
  }
  return stem || (words[0]?.slice(0, LONGEST_STEM) ?? '');
}

const EXTENSION_BY_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/aac': 'aac',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/mp4': 'm4a',
  'image/x-icon': 'ico',
};

/** The file extension of a media type (`bin` for one this app does not know). */
export function extensionForMime(mime: string): string {
  return EXTENSION_BY_MIME[mime.toLowerCase()] ?? 'bin';
}

/**
 * The absolute workspace path a tool was given (relative paths start at `/home/ubuntu`),
 * or null when it points outside the workspace.
 */
export function absoluteWorkspacePath(path: string): string | null {
  const relative = workspacePathOf(path);
  return relative === null ? null : `/home/ubuntu/${relative}`;
}
