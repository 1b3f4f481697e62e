import type { EnvelopeMeta } from '../../protocol/envelope.ts';

/** A file or link the agent attached to a message, as `meta.attachments` reports it. */
export type Attachment = { name: string; path: string; mime: string };

/** A string field of `meta`, or null. */
export function stringField(meta: EnvelopeMeta, field: string): string | null {
  const value = meta[field];
  return typeof value === 'string' ? value : null;
}

/** The strings of an array (other entries dropped); not an array gives []. */
export function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** `meta.attachments` in the given order; malformed entries are skipped, never reordered. */
export function attachmentsOf(meta: EnvelopeMeta): Attachment[] {
  const raw = meta.attachments;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry): Attachment[] => {
    if (typeof entry === 'string' && entry.trim() !== '') {
      const path = entry.trim();
      return [
        { name: path.slice(path.lastIndexOf('/') + 1) || path, path, mime: 'application/octet-stream' },
      ];
    }
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, path, mime } = entry as Record<string, unknown>;
    if (typeof path !== 'string' || path === '') return [];
    return [
      {
        name: typeof name === 'string' && name !== '' ? name : path,
        path,
        mime: typeof mime === 'string' && mime !== '' ? mime : 'application/octet-stream',
      },
    ];
  });
}

/** The model's JSON arguments as an object; anything else (or malformed JSON) is `{}`. */
export function parseArguments(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
