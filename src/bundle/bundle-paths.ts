import { BundleError } from './bundle-format.ts';

/**
 * A workspace path from a bundle, normalised to the form the `files` table keeps
 * (relative to /home/ubuntu, no leading slash). Anything that could land outside the
 * workspace — `..`, an absolute or drive path, backslashes, control characters — is
 * refused rather than cleaned up, so a crafted bundle cannot place a file by surprise.
 */
export function normalizeBundlePath(raw: string): string {
  if (raw.length === 0 || raw.length > 4096) throw refused(raw, 'it is empty or too long');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse.
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw refused(raw, 'it contains control characters');
  if (raw.includes('\\')) throw refused(raw, 'it contains a backslash');
  if (raw.startsWith('/') || /^[a-zA-Z]:/.test(raw)) throw refused(raw, 'it is absolute');
  const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..')) throw refused(raw, 'it climbs out with ".."');
  if (parts.length === 0) throw refused(raw, 'it names no file');
  return parts.join('/');
}

function refused(raw: string, reason: string): BundleError {
  return new BundleError(
    `This bundle has a workspace path that is not allowed (${JSON.stringify(raw.slice(0, 200))}: ${reason}).`,
  );
}
