import { z } from 'zod';

/** An attachment as seed 001 describes it, and as `meta.attachments` always reports it. */
export const Attachment = z.object({
  name: z.string().min(1),
  path: z.string().min(1),
  mime: z.string().min(1),
});
export type Attachment = z.infer<typeof Attachment>;

const MIME_BY_EXTENSION: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  jsx: 'text/javascript',
  json: 'application/json',
  csv: 'text/csv',
  py: 'text/x-python',
  sh: 'text/x-shellscript',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  xml: 'application/xml',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  zip: 'application/zip',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The MIME type for a path or URL: `text/uri-list` for web links, by extension otherwise. */
export function mimeForPath(path: string): string {
  if (/^https?:\/\//i.test(path)) return 'text/uri-list';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && MIME_BY_EXTENSION[extension]) || 'application/octet-stream';
}

/** The last path segment, or the whole string for a URL without one. */
export function nameForPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const segment = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return segment || path;
}

/** Turns seed 000's path strings and seed 001's objects alike into `{name, path, mime}`. */
export function normalizeAttachment(value: string | Partial<Attachment>): Attachment {
  if (typeof value === 'string') {
    const path = value.trim();
    return { name: nameForPath(path), path, mime: mimeForPath(path) };
  }
  const path = (value.path ?? '').trim();
  return {
    name: value.name?.trim() || nameForPath(path),
    path,
    mime: value.mime?.trim() || mimeForPath(path),
  };
}
