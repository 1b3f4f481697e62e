import { BundleError } from './bundle-format.ts';

/**
 * Characters a workspace path from a bundle may not hold: controls, bidirectional
 * overrides and isolates (they fake a name where it is shown: `exe.txt` for `txt.exe`),
 * broken surrogates, and the backslash (a folder separator elsewhere). The same set the
 * sandbox refuses in a new file's name (`requireCreatablePath`), plus the backslash.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069\ud800-\udfff\\]/u;
/** A slash, backslash or dot written as a URL escape: a path that would climb once decoded. */
const ENCODED_SEPARATOR = /%(2f|5c|2e)/i;

/**
 * A workspace path from a bundle, checked to be in the form the `files` table keeps
 * (relative to /home/ubuntu, no leading slash, no empty, `.` or `..` segment). Anything
 * that could land outside the workspace or hide its name — `..`, an absolute or drive
 * path, backslashes, encoded separators, control or bidirectional characters — is
 * refused rather than cleaned up, so a crafted bundle cannot place a file by surprise.
 */
export function normalizeBundlePath(raw: string): string {
  const problem = bundlePathProblem(raw);
  if (problem !== null) throw refused(raw, problem);
  return raw;
}

/** Why `raw` is not a path in the form the `files` table keeps (as `normalizeBundlePath` checks it), or null. */
export function bundlePathProblem(raw: string): string | null {
  if (raw.length === 0 || raw.length > 4096) return 'it is empty or too long';
  const unsafe = UNSAFE_CHARACTERS.exec(raw)?.[0];
  if (unsafe === '\\') return 'it contains a backslash';
  if (unsafe !== undefined) return 'it contains control, bidirectional or broken characters';
  if (raw.startsWith('/') || /^[a-zA-Z]:/.test(raw)) return 'it is absolute';
  if (ENCODED_SEPARATOR.test(raw)) return 'it contains an encoded slash or dot';
  const parts = raw.split('/');
  if (parts.some((part) => part === '..')) return 'it climbs out with ".."';
  if (parts.some((part) => part === '' || part === '.')) return 'it has an empty or "." folder';
  return null;
}

/**
 * A name as a message shows it: quoted, at most 200 characters, with controls (C0, DEL,
 * C1), broken surrogates and bidirectional characters escaped (so a message cannot be reversed by
 * the name it quotes).
 */
export function quoted(name: string): string {
  return JSON.stringify(name.slice(0, 200)).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function refused(raw: string, reason: string): BundleError {
  return new BundleError(`This bundle has a workspace path that is not allowed (${quoted(raw)}: ${reason}).`);
}
