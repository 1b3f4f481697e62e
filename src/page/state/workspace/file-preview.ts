import { mimeForPath as mimeByExtension, mimeFromBytes } from '@/shared/protocol/mime-types.ts';

/** Text shown in the file view at most; longer files are cut with a note. */
export const MAX_PREVIEW_BYTES = 256 * 1024;

/** How the file view shows a file's bytes. */
export type FilePreview =
  | {
      kind: 'text';
      text: string;
      lineCount: number;
      /** highlight.js language name, or null for plain text. */
      language: string | null;
      isTruncated: boolean;
      isHtml: boolean;
      /** Markdown, shown rendered (sanitised) with its source a click away. */
      isMarkdown: boolean;
      totalBytes: number;
    }
  | { kind: 'image'; mime: string; totalBytes: number }
  | { kind: 'audio'; mime: string; totalBytes: number }
  | { kind: 'video'; mime: string; totalBytes: number }
  | { kind: 'pdf'; mime: string; totalBytes: number }
  | { kind: 'binary'; mime: string; totalBytes: number };

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  py: 'python',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  css: 'css',
  md: 'markdown',
  markdown: 'markdown',
  yml: 'yaml',
  yaml: 'yaml',
  sql: 'sql',
  diff: 'diff',
  patch: 'diff',
  toml: 'ini',
  ini: 'ini',
  cfg: 'ini',
};

/** Every language name `languageForPath` can return (the highlighter registers these). */
export const HIGHLIGHT_LANGUAGES = [...new Set(Object.values(LANGUAGE_BY_EXTENSION))];

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The highlight.js language for a file name, by extension; null means plain text. */
export function languageForPath(path: string): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (name === 'dockerfile' || name === 'makefile') return 'bash';
  return LANGUAGE_BY_EXTENSION[extensionOf(path)] ?? null;
}

/** A workspace file's MIME type by extension (for downloads and previews); unknown types are octet streams. */
export function mimeForPath(path: string): string {
  const mime = mimeByExtension(path);
  return mime === 'text/uri-list' ? 'application/octet-stream' : mime;
}

/** The end of the first `limit` bytes, moved back so it does not split a UTF-8 character. */
function characterBoundary(bytes: Uint8Array, limit: number): number {
  if (bytes.byteLength <= limit) return bytes.byteLength;
  let end = limit;
  while (end > limit - 4 && end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return end;
}

function decodeUtf8(bytes: Uint8Array): string | null {
  if (bytes.subarray(0, 8192).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * How to show a file, by what its bytes announce (a PDF starts `%PDF-` whatever its name)
 * and else by its extension: a PDF (its pages drawn), images (SVG included, shown as an
 * `<img>` so scripts in them never run), audio or video (a player), text (UTF-8 without
 * NUL bytes, cut at `maxBytes`), or binary.
 */
export function previewFile(path: string, bytes: Uint8Array, maxBytes = MAX_PREVIEW_BYTES): FilePreview {
  const mime = mimeFromBytes(bytes) ?? mimeForPath(path);
  const totalBytes = bytes.byteLength;
  if (mime === 'application/pdf') return { kind: 'pdf', mime, totalBytes };
  if (mime.startsWith('image/')) return { kind: 'image', mime, totalBytes };
  if (mime.startsWith('audio/')) return { kind: 'audio', mime, totalBytes };
  if (mime.startsWith('video/')) return { kind: 'video', mime, totalBytes };
  const end = characterBoundary(bytes, maxBytes);
  const text = decodeUtf8(bytes.subarray(0, end));
  if (text === null) return { kind: 'binary', mime, totalBytes };
  const lines = text.split('\n');
  const lineCount = text === '' ? 0 : text.endsWith('\n') ? lines.length - 1 : lines.length;
  return {
    kind: 'text',
    text,
    lineCount,
    language: languageForPath(path),
    isTruncated: end < totalBytes,
    isHtml: mime === 'text/html',
    isMarkdown: mime === 'text/markdown',
    totalBytes,
  };
}
