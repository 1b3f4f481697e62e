import * as Comlink from 'comlink';
import { createSignal } from 'solid-js';
import type { LoadProgress, LocalModelList } from '@/shared/protocol/local-model-facts.ts';
import type { AgentWorkerApi } from '@/shared/protocol/worker-api.ts';
import { errorMessage } from '../app/agent-client.ts';
import { downloadFailureText } from './local-model-groups.ts';
import { LOCAL_MODEL_CONTEXT_WINDOW_TOKENS } from './providers-form.ts';

/** Where the list of in-browser models stands. */
export type LocalModelsLoad =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; list: LocalModelList };

/** The one download the worker's engine can run at a time. */
export type LocalModelDownload = {
  modelId: string;
  /** web-llm's latest report, or null before the first one. */
  progress: LoadProgress | null;
  isCancelling: boolean;
};

/** What happened to a model last (a failed download, a cancellation, a deletion that failed). */
export type LocalModelNotice = { modelId: string; tone: 'error' | 'info'; text: string };

type LocalModelsApi = Pick<
  Comlink.Remote<AgentWorkerApi>,
  'listLocalModels' | 'downloadLocalModel' | 'cancelLocalModelDownload' | 'deleteLocalModel'
>;

/**
 * The in-browser models as settings sees them, through the worker: the list (WebGPU's
 * verdict and the models judged against it), one download at a time with progress, and
 * deletion. Downloads load with the window "Use" gives the model's provider.
 */
export function createLocalModelsStore(api: LocalModelsApi) {
  const [load, setLoad] = createSignal<LocalModelsLoad>({ state: 'idle' });
  const [download, setDownload] = createSignal<LocalModelDownload | null>(null);
  const [notice, setNotice] = createSignal<LocalModelNotice | null>(null);
  const [deletingId, setDeletingId] = createSignal<string | null>(null);

  /** Reads the list again; the current one stays on screen until the new one arrives. */
  async function refresh(): Promise<void> {
    if (load().state !== 'ready') setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', list: await api.listLocalModels() });
    } catch (error) {
      setLoad({ state: 'failed', message: `Could not list the in-browser models: ${errorMessage(error)}` });
    }
  }

  async function start(modelId: string): Promise<void> {
    if (download() !== null) return;
    setNotice(null);
    setDownload({ modelId, progress: null, isCancelling: false });
    const onProgress = Comlink.proxy((progress: LoadProgress) =>
      setDownload((current) => (current?.modelId === modelId ? { ...current, progress } : current)),
    );
    const outcome = await api
      .downloadLocalModel(modelId, LOCAL_MODEL_CONTEXT_WINDOW_TOKENS, onProgress)
      .catch((error: unknown) => ({ ok: false as const, cancelled: false, message: errorMessage(error) }));
    setDownload(null);
    const failure = downloadFailureText(outcome, navigator.onLine);
    if (failure !== null) {
      setNotice({ modelId, tone: outcome.ok || outcome.cancelled ? 'info' : 'error', text: failure });
    }
    await refresh();
  }

  async function cancel(): Promise<void> {
    setDownload((current) => (current ? { ...current, isCancelling: true } : current));
    await api.cancelLocalModelDownload().catch(() => undefined);
  }

  async function remove(modelId: string): Promise<void> {
    setDeletingId(modelId);
    setNotice(null);
    try {
      await api.deleteLocalModel(modelId);
    } catch (error) {
      setNotice({ modelId, tone: 'error', text: `Could not delete ${modelId}: ${errorMessage(error)}` });
    } finally {
      setDeletingId(null);
    }
    await refresh();
  }

  return {
    load,
    /** The download in progress, or null. */
    activeDownload: download,
    notice,
    /** The model being deleted, or null. */
    deletingId,
    refresh,
    /** Downloads a model (ignored while another downloads); never rejects. */
    startDownload: start,
    cancel,
    remove,
  };
}

export type LocalModelsStore = ReturnType<typeof createLocalModelsStore>;
