import { strToU8, type Zippable, zipSync } from 'fflate';
import { Conversation } from '../protocol/conversation.ts';
import { LEGACY_PROFILE_ID, upgradeLegacyEventBody } from '../protocol/legacy-events.ts';
import {
  parsed,
  refuseHostileJson,
  refuseImpossibleDate,
  refuseRepeatedSequence,
  refuseUnknownEventTypes,
} from './bundle-checks.ts';
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
import { historyEntries, isHistoryEntry, readHistory } from './bundle-history-entries.ts';
import { normalizeBundlePath, quoted } from './bundle-paths.ts';
import { referencedWorkspacePaths } from './bundle-references.ts';
import { compressionLevelFor } from './entry-compression.ts';
import { megabytes, readZipDirectory, readZipEntry, type ZipEntry } from './zip-reader.ts';

/**
 * Writes one conversation as a zip: manifest, conversation, events, plan, schedules,
 * workspace files, and the workspace's history when it has one.
 */
export function encodeBundle(contents: BundleContents, appVersion: string, exportedAt: number): Uint8Array {
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT_NAME,
    formatVersion: BUNDLE_FORMAT_VERSION,
    appVersion,
    exportedAt,
    workspace: contents.files.map(({ path, kind, size, modifiedAt }) => ({ path, kind, size, modifiedAt })),
  };
  const present = new Set(contents.files.map((file) => file.path));
  const absentFiles = referencedWorkspacePaths(contents.events).filter((path) => !present.has(path));
  if (absentFiles.length > 0) manifest.absentFiles = absentFiles;
  const json = (value: unknown) => strToU8(JSON.stringify(value, null, 1));
  const entries: Zippable = {
    [BUNDLE_ENTRIES.manifest]: json(manifest),
    [BUNDLE_ENTRIES.conversation]: json(contents.conversation),
    [BUNDLE_ENTRIES.events]: json(contents.events),
    [BUNDLE_ENTRIES.plan]: json(contents.plan),
    [BUNDLE_ENTRIES.schedules]: json(contents.schedules),
  };
  if (contents.previewStorage.length > 0)
    entries[BUNDLE_ENTRIES.previewStorage] = json(contents.previewStorage);
  for (const file of contents.files) {
    if (file.kind === 'file') entries[`${BUNDLE_ENTRIES.workspacePrefix}${file.path}`] = file.content;
  }
  Object.assign(entries, historyEntries(contents.history, json));
  // Each entry deflated only when its bytes compress (see `compressionLevelFor`).
  const leveled: Zippable = {};
  for (const [name, bytes] of Object.entries(entries) as [string, Uint8Array][])
    leveled[name] = [bytes, { level: compressionLevelFor(bytes) }];
  // Zip dates start in 1980.
  return zipSync(leveled, { level: 6, mtime: Math.max(exportedAt, Date.UTC(1980, 0, 2)) });
}

/**
 * Reads a bundle, refusing it with the reason when it is too big, a zip bomb (refused
 * on its declared sizes before inflating, history entries counted; an entry that holds
 * more than it declares stops there), from a newer format, malformed, inconsistent (a
 * file of another size than listed, an attachment it lacks), or when a path would leave
 * the workspace. The history is read in shape only: what needs the content hashes is
 * checked by the import (`checkBundleHistory`). Nothing is written here.
 */
export function decodeBundle(
  bytes: Uint8Array,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
  options: { withHistory?: boolean } = {},
): BundleContents {
  if (bytes.byteLength > limits.maxBundleBytes) {
    throw new BundleError(
      `This bundle is ${megabytes(bytes.byteLength)}, over the ${megabytes(limits.maxBundleBytes)} limit.`,
    );
  }
  const entries = new Map(readZipDirectory(bytes, limits).map((entry) => [entry.name, entry]));
  if (!entries.has(BUNDLE_ENTRIES.manifest))
    throw new BundleError('This is not a Sandpiper bundle: it has no manifest.json.');
  for (const entry of entries.values()) checkEntryName(entry);
  const read = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new BundleError(`This bundle is incomplete: ${name} is missing.`);
    return parseJson(readZipEntry(bytes, entry), name);
  };
  const manifestJson = read(BUNDLE_ENTRIES.manifest);
  const formatVersion = readFormatVersion(manifestJson);
  const manifest = parsed(BundleManifest, manifestJson, BUNDLE_ENTRIES.manifest);
  refuseImpossibleDate(manifest.exportedAt, 'manifest.json, exportedAt');
  const files = workspaceFiles(manifest, entries, bytes);
  // Without it (a copy only shown), the history's blobs are not even inflated.
  const history =
    options.withHistory === false ? undefined : readHistory(entries, bytes, formatVersion, read);
  // Format 1 came before tool profiles and roles; format 2 on records them.
  const isLegacy = formatVersion < 2;
  const events = read(BUNDLE_ENTRIES.events);
  refuseUnknownEventTypes(events);
  const contents = parsed(
    BundleContents,
    {
      conversation: isLegacy
        ? withLegacyProfile(read(BUNDLE_ENTRIES.conversation))
        : read(BUNDLE_ENTRIES.conversation),
      events: isLegacy ? withLegacyRoles(events) : events,
      plan: read(BUNDLE_ENTRIES.plan),
      schedules: read(BUNDLE_ENTRIES.schedules),
      files,
      previewStorage: entries.has(BUNDLE_ENTRIES.previewStorage) ? read(BUNDLE_ENTRIES.previewStorage) : [],
      ...(history ? { history } : {}),
    },
    'the conversation data',
  );
  checkConsistency(contents, manifest);
  return contents;
}

/**
 * Only the conversation's row of a bundle (its title, status, times), checked like
 * `decodeBundle` checks it, without inflating the rest: what a list of bundles shows.
 */
export function readBundleConversation(
  bytes: Uint8Array,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
): Conversation {
  const entries = new Map(readZipDirectory(bytes, limits).map((entry) => [entry.name, entry]));
  const read = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new BundleError(`This bundle is incomplete: ${name} is missing.`);
    return parseJson(readZipEntry(bytes, entry), name);
  };
  const formatVersion = readFormatVersion(read(BUNDLE_ENTRIES.manifest));
  const row = read(BUNDLE_ENTRIES.conversation);
  return parsed(Conversation, formatVersion < 2 ? withLegacyProfile(row) : row, BUNDLE_ENTRIES.conversation);
}

/** The manifest's format version, refused when it names another format or a newer version. */
function readFormatVersion(manifest: unknown): number {
  const format = (manifest as { format?: unknown } | null)?.format;
  if (typeof manifest !== 'object' || manifest === null || format !== BUNDLE_FORMAT_NAME)
    throw new BundleError('This is not a Sandpiper bundle: its manifest names another format.');
  const header = BundleFormatHeader.safeParse(manifest);
  if (!header.success)
    throw new BundleError('This bundle is not valid: its manifest has no usable format version.');
  if (header.data.formatVersion > BUNDLE_FORMAT_VERSION) {
    throw new BundleError(
      `This bundle was made by a newer Sandpiper (bundle format ${header.data.formatVersion}; this app reads up to ${BUNDLE_FORMAT_VERSION}). Update Sandpiper to open it.`,
    );
  }
  return header.data.formatVersion;
}

/**
 * Every zip entry is one the layout has: a known file, a workspace file or folder with an
 * allowed path, or a history entry (refused later in a bundle older than format 3).
 */
function checkEntryName(entry: ZipEntry): void {
  const { name } = entry;
  if (Object.values(BUNDLE_ENTRIES).includes(name as never) && !entry.isDirectory) return;
  if (isHistoryEntry(entry)) return;
  if (
    name.startsWith(BUNDLE_ENTRIES.workspacePrefix) &&
    name.length > BUNDLE_ENTRIES.workspacePrefix.length
  ) {
    const path = name.slice(BUNDLE_ENTRIES.workspacePrefix.length);
    normalizeBundlePath(entry.isDirectory ? path.slice(0, -1) : path);
    return;
  }
  if (name === BUNDLE_ENTRIES.workspacePrefix) return;
  throw new BundleError(`This bundle has an unexpected entry: ${quoted(name)}.`);
}

/**
 * The workspace the manifest lists, with each file's bytes: every path allowed and listed
 * once (also across Unicode forms), never inside a listed file, each file present with
 * the size listed; a workspace entry the manifest does not list as a file is refused.
 */
function workspaceFiles(
  manifest: BundleManifest,
  entries: ReadonlyMap<string, ZipEntry>,
  bytes: Uint8Array,
): BundleContents['files'] {
  const listed = new Map<string, BundleManifest['workspace'][number]>();
  const forms = new Set<string>();
  for (const [index, entry] of manifest.workspace.entries()) {
    const path = normalizeBundlePath(entry.path);
    const form = path.normalize('NFC');
    if (forms.has(form)) {
      const how = listed.has(path) ? '' : ', written in two Unicode forms';
      throw new BundleError(`This bundle lists the workspace path ${quoted(path)} twice${how}.`);
    }
    forms.add(form);
    refuseImpossibleDate(entry.modifiedAt, `manifest.json, workspace entry ${index + 1}, modifiedAt`);
    listed.set(path, entry);
  }
  for (const path of listed.keys()) {
    const segments = path.split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      const parent = segments.slice(0, depth).join('/');
      if (listed.get(parent)?.kind === 'file')
        throw new BundleError(`This bundle lists ${quoted(path)} inside ${quoted(parent)}, which is a file.`);
    }
  }
  for (const entry of entries.values()) {
    if (!entry.name.startsWith(BUNDLE_ENTRIES.workspacePrefix) || entry.isDirectory) continue;
    const path = entry.name.slice(BUNDLE_ENTRIES.workspacePrefix.length);
    if (listed.get(path)?.kind !== 'file')
      throw new BundleError(`This bundle has an unexpected entry: ${quoted(entry.name)}.`);
  }
  return [...listed].map(([path, entry]) => {
    if (entry.kind === 'directory') return { ...entry, path, size: 0, content: new Uint8Array(0) };
    const zipEntry = entries.get(`${BUNDLE_ENTRIES.workspacePrefix}${path}`);
    if (!zipEntry)
      throw new BundleError(`This bundle is incomplete: the workspace file ${quoted(path)} is missing.`);
    if (zipEntry.size !== entry.size) {
      throw new BundleError(
        `This bundle is damaged: the workspace file ${quoted(path)} is listed as ${entry.size} bytes but holds ${zipEntry.size}.`,
      );
    }
    return { ...entry, path, content: readZipEntry(bytes, zipEntry) };
  });
}

/**
 * What the schemas cannot see: one conversation throughout, events numbered once, dates
 * a clock gives, and every workspace file the events show present or listed as absent.
 */
function checkConsistency(contents: BundleContents, manifest: BundleManifest): void {
  const { conversation, events, plan, files } = contents;
  const strays = events.filter((event) => event.conversationId !== conversation.id).length;
  if (strays > 0 || (plan && plan.conversationId !== conversation.id)) {
    throw new BundleError('This bundle mixes data from more than one conversation.');
  }
  refuseRepeatedSequence(events);
  refuseImpossibleDate(conversation.createdAt, 'conversation.json, createdAt');
  refuseImpossibleDate(conversation.updatedAt, 'conversation.json, updatedAt');
  for (const [index, event] of events.entries())
    refuseImpossibleDate(event.at, `events.json, event ${index + 1}, at`);
  if (plan) {
    refuseImpossibleDate(plan.createdAt, 'plan.json, createdAt');
    refuseImpossibleDate(plan.updatedAt, 'plan.json, updatedAt');
  }
  const present = new Set(files.map((file) => file.path));
  const absent = new Set<string>();
  for (const path of manifest.absentFiles ?? []) {
    const checked = normalizeBundlePath(path);
    if (present.has(checked))
      throw new BundleError(`This bundle lists ${quoted(checked)} as absent, yet holds it.`);
    absent.add(checked);
  }
  for (const path of referencedWorkspacePaths(events)) {
    if (!present.has(path) && !absent.has(path)) {
      throw new BundleError(
        `This bundle is incomplete: its conversation shows the workspace file ${quoted(path)}, which the bundle does not hold.`,
      );
    }
  }
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

const text = new TextDecoder('utf-8', { fatal: true });

/** The JSON of a bundle file, refusing text that is not UTF-8 or JSON, and `__proto__` keys. */
function parseJson(bytes: Uint8Array, name: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text.decode(bytes));
  } catch {
    throw new BundleError(`This bundle is damaged: ${name} is not valid JSON.`);
  }
  // A running envelope's arguments are the model's, kept as it sent them.
  const isArguments = (path: string[]) => name === BUNDLE_ENTRIES.events && path[2] === 'arguments';
  refuseHostileJson(value, name, isArguments);
  return value;
}
