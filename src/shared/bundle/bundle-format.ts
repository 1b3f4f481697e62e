import { z } from 'zod';
import { Conversation } from '../protocol/conversation.ts';
import { StoredEvent } from '../protocol/events.ts';
import { Plan } from '../protocol/phase-plan.ts';
import { PreviewStorageRow } from '../protocol/preview-storage.ts';
import { HistoryEntry } from '../protocol/workspace-change-rows.ts';

/**
 * The bundle format this build writes, and the newest it reads. 2: conversations carry
 * their tool profile, envelope events their role, meta kind and arguments (format 1
 * bundles are read as Manus conversations and upgraded on import). 3: the workspace's
 * history may travel too (`history/changes.json`, `history/checkpoints.json`,
 * `history/blobs/<sha-256>`): what each step changed and the bytes it replaced, so the
 * recipient sees each step's changes and can read the workspace at any step. Format 1
 * and 2 bundles carry no history and import as before; a `history/` entry in one is refused.
 */
export const BUNDLE_FORMAT_VERSION = 3;
/** The first format whose bundles may carry the workspace's history. */
export const HISTORY_FORMAT_VERSION = 3;
export const BUNDLE_FORMAT_NAME = 'sandpiper-conversation';

/** Entry names inside the zip. Workspace files live under `workspace/`, relative to /home/ubuntu. */
export const BUNDLE_ENTRIES = {
  manifest: 'manifest.json',
  conversation: 'conversation.json',
  events: 'events.json',
  plan: 'plan.json',
  schedules: 'schedules.json',
  /** What the conversation's previews keep (optional: older bundles lack it, older apps ignore it). */
  previewStorage: 'preview-storage.json',
  workspacePrefix: 'workspace/',
  /** The workspace's changes, oldest first (optional, format 3 on). */
  historyChanges: 'history/changes.json',
  /** Where each step stands in those changes (optional, format 3 on). */
  historyCheckpoints: 'history/checkpoints.json',
  /** The bytes a change replaced, one entry per SHA-256 (hex), unless the workspace holds them. */
  historyBlobPrefix: 'history/blobs/',
} as const;

/** Only the format fields, read first so a newer version is refused before anything else is parsed. */
export const BundleFormatHeader = z.object({
  format: z.literal(BUNDLE_FORMAT_NAME),
  formatVersion: z.number().int().positive(),
});

/** One workspace entry as the manifest lists it (directories are listed; files also have bytes in the zip). */
export const BundleWorkspaceEntry = z.object({
  path: z.string().min(1),
  kind: z.enum(['file', 'directory']),
  size: z.number().int().nonnegative(),
  modifiedAt: z.number(),
});
export type BundleWorkspaceEntry = z.infer<typeof BundleWorkspaceEntry>;

export const BundleManifest = BundleFormatHeader.extend({
  appVersion: z.string(),
  exportedAt: z.number(),
  workspace: z.array(BundleWorkspaceEntry),
  /**
   * Workspace files the conversation's events attach (a message's attachments, generated
   * media) that its workspace no longer held when it was exported: the import shows them
   * as gone, as the original did. A referenced file neither in the bundle nor listed here
   * means the bundle was cut or altered, and it is refused. (Optional: older format 2
   * bundles lack it, and older apps ignore it.)
   */
  absentFiles: z.array(z.string()).optional(),
});
export type BundleManifest = z.infer<typeof BundleManifest>;

/**
 * One recorded change of one workspace path, as `history/changes.json` lists them (in
 * order, `rev` strictly increasing): the path's entry before and after (null: absent).
 */
export const BundleChange = z.strictObject({
  rev: z.number().int().positive(),
  path: z.string().min(1),
  before: HistoryEntry.nullable(),
  after: HistoryEntry.nullable(),
});
export type BundleChange = z.infer<typeof BundleChange>;

/**
 * A settled step (its event's `seq`; an action's `uuid`, none for a message of the person)
 * and the last change of the workspace when it settled (`rev`; 0: none yet). Only steps
 * that worked in the conversation's own workspace travel: a bundle carries one workspace.
 */
export const BundleCheckpoint = z.strictObject({
  seq: z.number().int().nonnegative(),
  rev: z.number().int().nonnegative(),
  uuid: z.string().min(1).optional(),
});
export type BundleCheckpoint = z.infer<typeof BundleCheckpoint>;

/** A version of a file some change replaced, named by the SHA-256 (hex) of its bytes. */
export const BundleBlob = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  content: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'content must be bytes'),
});
export type BundleBlob = z.infer<typeof BundleBlob>;

/** The workspace's history as a bundle carries it (checked against the rest on import). */
export const BundleHistory = z.object({
  changes: z.array(BundleChange),
  checkpoints: z.array(BundleCheckpoint),
  blobs: z.array(BundleBlob),
});
export type BundleHistory = z.infer<typeof BundleHistory>;

/** Everything a bundle carries: one conversation and nothing else (no settings, no keys). */
export const BundleContents = z.object({
  conversation: Conversation,
  events: z.array(StoredEvent),
  plan: Plan.nullable(),
  /** Schedules of the conversation (kept as given; the schedule tool validates its own rows). */
  schedules: z.array(z.record(z.string(), z.unknown())),
  files: z.array(
    BundleWorkspaceEntry.extend({
      content: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'content must be bytes'),
    }),
  ),
  /** Each preview site's lasting storage (localStorage, cookies, IndexedDB; not the session's). */
  previewStorage: z.array(PreviewStorageRow.omit({ conversationId: true })).default([]),
  /** The workspace's history (absent: a bundle before format 3, or a conversation without one). */
  history: BundleHistory.optional(),
});
export type BundleContents = z.infer<typeof BundleContents>;

/** Limits an imported bundle must keep; anything past them is refused with the reason. */
export type BundleLimits = {
  /** Size of the zip itself. */
  maxBundleBytes: number;
  /**
   * Sum of every entry's declared size once decompressed, checked before anything is
   * inflated; an entry that inflates past its own declared size is refused there (a zip
   * bomb stops at one of the two).
   */
  maxUnpackedBytes: number;
  maxEntries: number;
};

export const DEFAULT_BUNDLE_LIMITS: BundleLimits = {
  maxBundleBytes: 100 * 1024 * 1024,
  maxUnpackedBytes: 250 * 1024 * 1024,
  maxEntries: 20_000,
};

/** Why a bundle was refused, in words a person can act on. */
export class BundleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BundleError';
  }
}
