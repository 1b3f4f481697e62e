import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';
import { LEGACY_PROFILE_ID, upgradeLegacyEventBody } from '../protocol/legacy-events.ts';
import { isDatabaseUnavailable } from '../protocol/storage-full.ts';
import { DATABASE_NAME } from './db-name.ts';
import { backfillSpendLedger } from './spend-ledger-backfill.ts';

/** A raw row as IndexedDB hands it back; repositories parse it with zod before use. */
export type UnknownRow = Record<string, unknown>;

/** One schema version: Dexie store definitions plus an optional data migration. */
export type SchemaVersion = {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (transaction: Transaction) => Promise<void> | void;
};

/**
 * Every schema version, oldest first. Add a new entry for each change (never edit
 * an old one) and a migration test in `migrations.test.ts`.
 */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      conversations: 'id, updatedAt',
      events: '[conversationId+seq], conversationId',
      plans: 'conversationId',
      settings: 'key',
    },
  },
  {
    // v2: each conversation's persisted workspace (issue 3), paths relative to /home/ubuntu.
    version: 2,
    stores: { files: '[conversationId+path], conversationId' },
  },
  {
    // v3: tool profiles (issue 9). Each conversation keeps its profile (older ones are
    // Manus'), and each envelope's event the role, meta kind and arguments of its action.
    version: 3,
    stores: {},
    upgrade: async (transaction) => {
      await transaction
        .table('conversations')
        .toCollection()
        .modify((row: UnknownRow) => {
          if (row.profileId === undefined) row.profileId = LEGACY_PROFILE_ID;
        });
      // Primary-key order ([conversationId+seq]): a call's turn comes before its envelopes.
      const calls = new Map<string, string>();
      let conversationId: unknown = null;
      await transaction
        .table('events')
        .toCollection()
        .modify((row: UnknownRow) => {
          if (row.conversationId !== conversationId) calls.clear();
          conversationId = row.conversationId;
          upgradeLegacyEventBody(row.body, calls);
        });
    },
  },
  {
    // v4: schedules (issue 14), one row per scheduled task; conversations a schedule started
    // carry `scheduled` (optional, so older rows need nothing).
    version: 4,
    stores: { schedules: 'id' },
  },
  {
    // v5: the spend ledger (issue 23's spend cap): tokens per local day, conversation and
    // provider, written by the journal with the events; rebuilt here from the events so far.
    version: 5,
    stores: { spend: '[day+conversationId+providerId], day' },
    upgrade: (transaction) =>
      backfillSpendLedger({
        conversations: transaction.table('conversations'),
        events: transaction.table('events'),
        spend: transaction.table('spend'),
      }),
  },
  {
    // What preview pages keep (localStorage, sessionStorage, cookies, IndexedDB), per conversation and site.
    version: 6,
    stores: { previewStorage: '[conversationId+site+area], conversationId' },
  },
  {
    // The workspace's history (workspace-history.ts): the bytes a change replaced, one row per
    // changed path, and each settled step's place in it. Files written before keep no hash;
    // their first change hashes them.
    version: 7,
    stores: {
      blobs: '[conversationId+hash], conversationId',
      fileChanges: '++rev, conversationId, [conversationId+rev]',
      checkpoints: '[conversationId+seq], conversationId',
    },
  },
  {
    // What a rewind dropped, kept until the conversation's next message so it can be undone
    // (conversation-rewind.ts): one row per conversation.
    version: 8,
    stores: { rewinds: 'conversationId' },
  },
  {
    // Know-how that outlives a conversation (protocol/know-how.ts): installed skills by
    // name, projects, and memories. Conversations gain `projectId` and `startContext`
    // (optional, so older rows need nothing).
    version: 9,
    stores: { skills: 'name', projects: 'id', memories: 'id, createdAt' },
  },
];

export { DATABASE_NAME };

/** The app's IndexedDB database. Rows are typed loosely here and parsed by the repositories. */
export class SandpiperDatabase extends Dexie {
  conversations!: Table<UnknownRow, string>;
  events!: Table<UnknownRow, [string, number]>;
  plans!: Table<UnknownRow, string>;
  settings!: Table<UnknownRow, string>;
  files!: Table<UnknownRow, [string, string]>;
  schedules!: Table<UnknownRow, string>;
  spend!: Table<UnknownRow, [string, string, string]>;
  previewStorage!: Table<UnknownRow, [string, string, string]>;
  blobs!: Table<UnknownRow, [string, string]>;
  fileChanges!: Table<UnknownRow, number>;
  checkpoints!: Table<UnknownRow, [string, number]>;
  rewinds!: Table<UnknownRow, string>;
  skills!: Table<UnknownRow, string>;
  projects!: Table<UnknownRow, string>;
  memories!: Table<UnknownRow, string>;

  /** Opens `name` with the schema versions up to and including `upToVersion` (default: all). */
  constructor(name: string = DATABASE_NAME, options: DexieOptions & { upToVersion?: number } = {}) {
    const { upToVersion, ...dexieOptions } = options;
    // 'strict': a write counts as committed once it is on the disk, not only handed to the
    // OS. Everything here is what the person saw (the thread is drawn from committed events,
    // files and plans) or made (settings, skills, projects, memories, a preview's storage),
    // so a power cut or an OS crash after a step was shown must not take it back. A page or
    // a browser crash loses nothing either way (the OS has the data); 'relaxed' would only
    // be safe against those. It costs about half a millisecond a commit here, more under
    // load (tests/bench/idb-durability.bench.test.ts), and the loop does not wait for most
    // commits (it stages them).
    super(name, { chromeTransactionDurability: 'strict', ...dexieOptions });
    for (const schema of SCHEMA_VERSIONS) {
      if (upToVersion !== undefined && schema.version > upToVersion) break;
      const version = this.version(schema.version).stores(schema.stores);
      if (schema.upgrade) version.upgrade(schema.upgrade);
    }
    // The browser's own close of the connection (IndexedDB fires `close` only then, never
    // for a close the page asked for), on every connection this database opens.
    this.on(
      'ready',
      (opened) => opened.backendDB().addEventListener('close', () => this.closedByBrowser()),
      true,
    );
  }

  /**
   * Opens the database. Dexie keeps a failed open's error for good (every later request
   * fails with it until the page reloads); here the next request tries to open again, as
   * Dexie does after the browser closed a connection. On a full disk Chromium cannot open
   * the database at all ("Internal error opening backing store"), and once space is freed
   * the same page must be able to go on (tests/bench/full-disk). A close the page asked
   * for stays closed, and a failure that would only come again (a migration) stands.
   */
  override open() {
    this.closedOnPurpose = false;
    const opening = super.open();
    opening.catch((error: unknown) => {
      // Not for a failure that would only come again (a migration that threw, a newer schema).
      if (!this.closedOnPurpose && !this.isOpen() && isDatabaseUnavailable(error))
        this.close({ disableAutoOpen: false });
    });
    return opening;
  }

  /** Closes the connection; closed on purpose (no `disableAutoOpen: false`), it stays closed. */
  override close(options?: { disableAutoOpen: boolean }): void {
    if (options?.disableAutoOpen !== false) this.closedOnPurpose = true;
    super.close(options);
  }

  /** Set by a close the page asked for, until it opens the database again. */
  private closedOnPurpose = false;

  /** Fails every write `unlessClosed` holds: the connection they wait on is gone. */
  private closedByBrowser(): void {
    const error = Object.assign(
      new Error(
        'The browser closed the database connection during a write (an IO error, as when the disk is full).',
      ),
      { name: 'DatabaseClosedError' },
    );
    for (const reject of this.waitingWrites) reject(error);
    this.waitingWrites.clear();
  }

  /** The writes `unlessClosed` holds, each rejected if the connection closes first. */
  private readonly waitingWrites = new Set<(error: Error) => void>();

  /**
   * Rejects when the connection closes while `work` (a write) is still waiting: Chromium
   * closes it after an IO error (a full disk among them) and a transaction then under way
   * may never complete nor abort (tests/bench/full-disk), which would hold its writer for
   * ever. Otherwise `work`'s own outcome.
   */
  async unlessClosed<T>(work: Promise<T>): Promise<T> {
    let rejectClosed: (error: Error) => void = () => undefined;
    const closed = new Promise<never>((_, reject) => {
      rejectClosed = reject;
    });
    this.waitingWrites.add(rejectClosed);
    try {
      return await Promise.race([work, closed]);
    } finally {
      this.waitingWrites.delete(rejectClosed);
    }
  }
}

/** The newest schema version number. */
export function latestSchemaVersion(): number {
  return SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1]?.version ?? 1;
}
