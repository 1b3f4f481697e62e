import * as Comlink from 'comlink';
import { createSignal } from 'solid-js';
import { DEFAULT_BUNDLE_LIMITS } from '@/shared/bundle/bundle-format.ts';
import { type AgentClient, errorMessage } from '../app/agent-client.ts';
import type { ConversationsStore } from '../thread/conversations-store.ts';
import { downloadBundle } from './bundle-download.ts';

/** What an import is doing now, for the progress line. */
export type ImportActivity = {
  phase: 'downloading' | 'reading' | 'importing';
  /** The file name or the host it comes from. */
  source: string;
  receivedBytes: number;
  totalBytes: number | null;
};

/** The outcome of one import: the new conversation, or the reason it was refused. */
export type ImportOutcome = { ok: true; conversationId: string } | { ok: false; message: string };

/** The longest title a toast quotes whole; a longer one is cut with an ellipsis. */
const QUOTED_TITLE_CHARS = 80;

/** What the person is told once a bundle became a conversation: "Imported ‘Trip to Lisbon’". */
export function importedMessage(title: string): string {
  const oneLine = title.replace(/\s+/g, ' ').trim() || 'Untitled conversation';
  const quoted =
    oneLine.length > QUOTED_TITLE_CHARS ? `${oneLine.slice(0, QUOTED_TITLE_CHARS - 1)}…` : oneLine;
  return `Imported ‘${quoted}’`;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** True when a dropped or picked file looks like a zip (by name or type). */
export function isZipFile(file: { name: string; type: string }): boolean {
  return (
    /\.zip$/i.test(file.name) ||
    file.type === 'application/zip' ||
    file.type === 'application/x-zip-compressed'
  );
}

/**
 * Imports bundles as new conversations — from a picked or dropped file, or from a URL
 * (`?bundle=`) — and opens each on success, said through `onImported`. The worker
 * validates every bundle; a refusal is reported through `onRefused` with its reason. One
 * import at a time.
 */
export function createBundleImportStore(dependencies: {
  client: AgentClient;
  conversations: ConversationsStore;
  onRefused: (message: string) => void;
  /** Told each bundle imported, in words (`importedMessage`). */
  onImported: (message: string) => void;
}) {
  const [activity, setActivity] = createSignal<ImportActivity | null>(null);

  async function importBytes(bytes: Uint8Array, source: string): Promise<ImportOutcome> {
    setActivity({
      phase: 'importing',
      source,
      receivedBytes: bytes.byteLength,
      totalBytes: bytes.byteLength,
    });
    const { conversationId, title } = await dependencies.client.api.importBundle(
      Comlink.transfer(bytes, [bytes.buffer]),
    );
    dependencies.conversations.select(conversationId);
    dependencies.onImported(importedMessage(title));
    return { ok: true, conversationId };
  }

  async function run(source: string, work: () => Promise<ImportOutcome>): Promise<ImportOutcome> {
    if (activity()) {
      return { ok: false, message: 'Another bundle is being imported; try again when it is done.' };
    }
    let outcome: ImportOutcome;
    try {
      outcome = await work();
    } catch (error) {
      outcome = { ok: false, message: errorMessage(error) };
    } finally {
      setActivity(null);
    }
    if (!outcome.ok) dependencies.onRefused(`Could not import ${source}: ${outcome.message}`);
    return outcome;
  }

  return {
    /** The import in progress, or null. */
    activity,
    /** Imports a picked or dropped file. */
    importFile(file: File): Promise<ImportOutcome> {
      return run(file.name, async () => {
        if (!isZipFile(file)) {
          return { ok: false, message: 'only .zip bundles exported from Sandpiper can be imported.' };
        }
        if (file.size > DEFAULT_BUNDLE_LIMITS.maxBundleBytes) {
          return {
            ok: false,
            message: `it is ${megabytes(file.size)}, over the ${megabytes(DEFAULT_BUNDLE_LIMITS.maxBundleBytes)} limit.`,
          };
        }
        setActivity({ phase: 'reading', source: file.name, receivedBytes: 0, totalBytes: file.size });
        return importBytes(new Uint8Array(await file.arrayBuffer()), file.name);
      });
    },
    /** Downloads a bundle (within the size limit) and imports it. */
    importFromUrl(url: string): Promise<ImportOutcome> {
      const source = `the bundle from ${new URL(url).host}`;
      return run(source, async () => {
        setActivity({ phase: 'downloading', source, receivedBytes: 0, totalBytes: null });
        const bytes = await downloadBundle(url, {
          maxBytes: DEFAULT_BUNDLE_LIMITS.maxBundleBytes,
          onProgress: (progress) => setActivity({ phase: 'downloading', source, ...progress }),
        });
        return importBytes(bytes, source);
      });
    },
  };
}

export type BundleImportStore = ReturnType<typeof createBundleImportStore>;
