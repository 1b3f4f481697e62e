/** MIME types by file extension, for attachments, file views and the preview route. */
const MIME_BY_EXTENSION: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  cjs: 'text/javascript',
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
  avif: 'image/avif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  zip: 'application/zip',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  wasm: 'application/wasm',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
};

/** The MIME type for a path or URL: `text/uri-list` for web links, by extension otherwise. */
export function mimeForPath(path: string): string {
  if (/^https?:\/\//i.test(path)) return 'text/uri-list';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && MIME_BY_EXTENSION[extension]) || 'application/octet-stream';
}

/** The Content-Type to serve a path with: text types get `charset=utf-8`. */
export function contentTypeForPath(path: string): string {
  const mime = mimeForPath(path);
  const isText =
    mime.startsWith('text/') ||
    mime === 'application/json' ||
    mime === 'image/svg+xml' ||
    mime === 'application/xml';
  return isText ? `${mime}; charset=utf-8` : mime;
}
