import { strFromU8, strToU8, Unzip, UnzipInflate, type Zippable, zipSync } from 'fflate';
import type { z } from 'zod';
import { concatBytes } from '../protocol/bytes.ts';
import { LEGACY_PROFILE_ID, upgradeLegacyEventBody } from '../protocol/legacy-events.ts';
import {
  BUNDLE_ENTRIES,
  BUNDLE_FORMAT_NAME,
  BUNDLE_FORMAT_VERSION,
  BundleContents,
  BundleError,
  BundleFormatHeader,
  type BundleLimits,
  BundleManifest,
  DEFAULT_BUNDLE_LIMITS,
} from './bundle-format.ts';
import { normalizeBundlePath } from './bundle-paths.ts';

/** Writes one conversation as a zip: manifest, conversation, events, plan, schedules, workspace files. */
export function encodeBundle(contents: BundleContents, appVersion: string, exportedAt: number): Uint8Array {
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT_NAME,
    formatVersion: BUNDLE_FORMAT_VERSION,
    appVersion,
    exportedAt,
    workspace: contents.files.map(({ path, kind, size, modifiedAt }) => ({ path, kind, size, modifiedAt })),
  };
  const json = (value: unknown) => strToU8(JSON.stringify(value, null, 1));
  const entries: Zippable = {
    [BUNDLE_ENTRIES.manifest]: json(manifest),
    [BUNDLE_ENTRIES.conversation]: json(contents.conversation),
    [BUNDLE_ENTRIES.events]: json(contents.events),
    [BUNDLE_ENTRIES.plan]: json(contents.plan),
    [BUNDLE_ENTRIES.schedules]: json(contents.schedules),
  };
  for (const file of contents.files) {
    if (file.kind === 'file') entries[`${BUNDLE_ENTRIES.workspacePrefix}${file.path}`] = file.content;
  }
  // Zip dates start in 1980.
  return zipSync(entries, { level: 6, mtime: Math.max(exportedAt, Date.UTC(1980, 0, 2)) });
}

/**
 * Reads a bundle, refusing it with the reason when it is too big (before or while
 * inflating — a zip bomb stops at the limit), from a newer format, malformed, or when
 * a workspace path would leave the workspace. Nothing is written here.
 */
export function decodeBundle(
  bytes: Uint8Array,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
): BundleContents {
  if (bytes.byteLength > limits.maxBundleBytes) {
    throw new BundleError(
      `This bundle is ${megabytes(bytes.byteLength)}, over the ${megabytes(limits.maxBundleBytes)} limit.`,
    );
  }
  const entries = unzipWithinLimits(bytes, limits);
  const manifestBytes = entries.get(BUNDLE_ENTRIES.manifest);
  if (!manifestBytes) throw new BundleError('This is not a Sandpiper bundle: it has no manifest.json.');
  const manifestJson = parseJson(manifestBytes, BUNDLE_ENTRIES.manifest);
  const header = BundleFormatHeader.safeParse(manifestJson);
  if (!header.success)
    throw new BundleError('This is not a Sandpiper bundle: its manifest names another format.');
  if (header.data.formatVersion > BUNDLE_FORMAT_VERSION) {
    throw new BundleError(
      `This bundle was made by a newer Sandpiper (bundle format ${header.data.formatVersion}; this app reads up to ${BUNDLE_FORMAT_VERSION}). Update Sandpiper to open it.`,
    );
  }
  const manifest = parsed(BundleManifest, manifestJson, BUNDLE_ENTRIES.manifest);
  const read = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new BundleError(`This bundle is incomplete: ${name} is missing.`);
    return parseJson(entry, name);
  };
  const listed = new Set<string>();
  const files: BundleContents['files'] = manifest.workspace.map((entry) => {
    const path = normalizeBundlePath(entry.path);
    if (listed.has(path)) throw new BundleError(`This bundle lists the workspace path ${path} twice.`);
    listed.add(path);
    if (entry.kind === 'directory') return { ...entry, path, size: 0, content: new Uint8Array(0) };
    const content = entries.get(`${BUNDLE_ENTRIES.workspacePrefix}${path}`);
    if (!content) throw new BundleError(`This bundle is incomplete: the workspace file ${path} is missing.`);
    return { ...entry, path, size: content.byteLength, content };
  });
  for (const name of entries.keys()) {
    const isKnown =
      Object.values(BUNDLE_ENTRIES).includes(name as never) ||
      (name.startsWith(BUNDLE_ENTRIES.workspacePrefix) &&
        listed.has(normalizeBundlePath(name.slice(BUNDLE_ENTRIES.workspacePrefix.length))));
    if (!isKnown)
      throw new BundleError(`This bundle has an unexpected entry: ${JSON.stringify(name.slice(0, 200))}.`);
  }
  const isLegacy = header.data.formatVersion < BUNDLE_FORMAT_VERSION;
  const contents = parsed(
    BundleContents,
    {
      conversation: isLegacy
        ? withLegacyProfile(read(BUNDLE_ENTRIES.conversation))
        : read(BUNDLE_ENTRIES.conversation),
      events: isLegacy ? withLegacyRoles(read(BUNDLE_ENTRIES.events)) : read(BUNDLE_ENTRIES.events),
      plan: read(BUNDLE_ENTRIES.plan),
      schedules: read(BUNDLE_ENTRIES.schedules),
      files,
    },
    'the conversation data',
  );
  const id = contents.conversation.id;
  const strays = contents.events.filter((event) => event.conversationId !== id).length;
  if (strays > 0 || (contents.plan && contents.plan.conversationId !== id)) {
    throw new BundleError('This bundle mixes data from more than one conversation.');
  }
  return contents;
}

/** A format 1 conversation (made before tool profiles) is a Manus conversation. */
function withLegacyProfile(conversation: unknown): unknown {
  if (typeof conversation !== 'object' || conversation === null || 'profileId' in conversation)
    return conversation;
  return { ...conversation, profileId: LEGACY_PROFILE_ID };
}

/** A format 1 log gets the roles, meta kinds and arguments the runtime now records (as the v3 migration does). */
function withLegacyRoles(events: unknown): unknown {
  if (!Array.isArray(events)) return events;
  const calls = new Map<string, string>();
  for (const event of events) {
    if (typeof event === 'object' && event !== null)
      upgradeLegacyEventBody((event as { body?: unknown }).body, calls);
  }
  return events;
}

/** Every entry of the zip, counting bytes as they inflate so a bomb stops at the limit. */
function unzipWithinLimits(bytes: Uint8Array, limits: BundleLimits): Map<string, Uint8Array> {
  const entries = new Map<string, Uint8Array>();
  let unpacked = 0;
  let failure: BundleError | null = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    if (entries.size >= limits.maxEntries) {
      failure = new BundleError(`This bundle has more than ${limits.maxEntries} entries.`);
      return;
    }
    if (entries.has(file.name) || file.name.endsWith('/')) {
      if (!file.name.endsWith('/'))
        failure = new BundleError(`This bundle has the entry ${JSON.stringify(file.name)} twice.`);
      return;
    }
    if (file.compression !== 0 && file.compression !== 8) {
      failure = new BundleError(`This bundle uses an unsupported compression (method ${file.compression}).`);
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, isFinal) => {
      if (failure) return;
      if (error) {
        failure = new BundleError(`This bundle is damaged: ${error.message}.`);
        return;
      }
      unpacked += chunk.byteLength;
      if (unpacked > limits.maxUnpackedBytes) {
        failure = new BundleError(
          `This bundle unpacks to more than ${megabytes(limits.maxUnpackedBytes)}; it was refused (a zip bomb looks like this).`,
        );
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (isFinal) entries.set(file.name, concatBytes(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const chunkSize = 64 * 1024;
  try {
    for (let offset = 0; offset < bytes.byteLength && !failure; offset += chunkSize) {
      const end = Math.min(bytes.byteLength, offset + chunkSize);
      unzip.push(bytes.subarray(offset, end), end === bytes.byteLength);
    }
  } catch (error) {
    failure ??= new BundleError(
      `This is not a readable zip file (${error instanceof Error ? error.message : error}).`,
    );
  }
  if (failure) throw failure;
  if (entries.size === 0)
    throw new BundleError('This is not a Sandpiper bundle: the file is not a zip or is empty.');
  return entries;
}

function parseJson(bytes: Uint8Array, name: string): unknown {
  try {
    return JSON.parse(strFromU8(bytes));
  } catch {
    throw new BundleError(`This bundle is damaged: ${name} is not valid JSON.`);
  }
}

function parsed<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new BundleError(
    `This bundle is not valid: ${what}${where}: ${issue?.message ?? 'unexpected content'}.`,
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
