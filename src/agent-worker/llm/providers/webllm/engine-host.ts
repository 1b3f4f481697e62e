import type { InitProgressReport } from '@mlc-ai/web-llm';
import type { LoadProgress } from '@/shared/protocol/local-model-facts.ts';
import type { MlcEnginePort, WebLlmLibrary } from './engine-port.ts';
import { KvCacheTracker } from './kv-cache-tracker.ts';
import { ReplyMemory } from './reply-memory.ts';

/** How a model is loaded: its id and the context window to allocate the KV cache for. */
export type ModelLoad = { modelId: string; contextWindowTokens: number };

/**
 * The agent worker's one web-llm engine and what it has loaded, shared by the
 * provider (which generates) and the model manager (which downloads and deletes).
 */
export type EngineHost = {
  /** The web-llm module, imported on first call. */
  library(): Promise<WebLlmLibrary>;
  /**
   * Loads `load.modelId` (downloading it into web-llm's cache if needed) unless it is
   * already loaded with that window. Calls for the same load share one reload and all
   * see its progress; a different load waits for the current one. Rejects with what
   * `reload` throws (no network, WebGPU lost, out of memory, `unload` called meanwhile).
   */
  load(load: ModelLoad, onProgress?: (progress: LoadProgress) => void): Promise<MlcEnginePort>;
  /** The loaded model, or null. */
  loaded(): ModelLoad | null;
  /** Forgets the loaded model after the engine reported it gone (web-llm unloads itself when the GPU device is lost). */
  forgetLoadedModel(): void;
  /** Unloads the model and frees GPU memory; an in-flight load is aborted. */
  unload(): Promise<void>;
  /** Generated replies by call id, for writing history back byte for byte. */
  readonly replies: ReplyMemory;
  /** The engine's KV-cache state, for usage accounting. */
  readonly kvCache: KvCacheTracker;
};

type PendingLoad = {
  load: ModelLoad;
  listeners: Set<(progress: LoadProgress) => void>;
  promise: Promise<MlcEnginePort>;
};

/** Creates the host; nothing is imported or allocated until the first `load` or `library` call. */
export function createEngineHost(loadLibrary: () => Promise<WebLlmLibrary>): EngineHost {
  let library: Promise<WebLlmLibrary> | null = null;
  let engine: MlcEnginePort | null = null;
  let loaded: ModelLoad | null = null;
  let pending: PendingLoad | null = null;
  const replies = new ReplyMemory();
  const kvCache = new KvCacheTracker();

  const getLibrary = (): Promise<WebLlmLibrary> => {
    library ??= loadLibrary().catch((error: unknown) => {
      library = null;
      throw error;
    });
    return library;
  };

  const getEngine = async (): Promise<MlcEnginePort> => {
    engine ??= (await getLibrary()).createEngine();
    return engine;
  };

  const startLoad = (load: ModelLoad): PendingLoad => {
    const listeners = new Set<(progress: LoadProgress) => void>();
    const report = (progress: InitProgressReport) => {
      const update = {
        fraction: progress.progress,
        text: progress.text,
        elapsedSeconds: progress.timeElapsed,
      };
      for (const listener of listeners) listener(update);
    };
    const promise = (async () => {
      const target = await getEngine();
      loaded = null;
      replies.clear();
      kvCache.reset();
      target.setInitProgressCallback(report);
      try {
        await target.reload(load.modelId, { context_window_size: load.contextWindowTokens });
      } finally {
        target.setInitProgressCallback(() => undefined);
      }
      loaded = load;
      return target;
    })();
    const entry: PendingLoad = { load, listeners, promise };
    const settle = () => {
      if (pending === entry) pending = null;
    };
    promise.then(settle, settle);
    return entry;
  };

  const load = async (wanted: ModelLoad, onProgress?: (progress: LoadProgress) => void) => {
    while (true) {
      if (!pending && engine && loaded && isSameLoad(loaded, wanted)) return engine;
      if (pending && !isSameLoad(pending.load, wanted)) {
        await pending.promise.catch(() => undefined);
        continue;
      }
      pending ??= startLoad(wanted);
      if (onProgress) pending.listeners.add(onProgress);
      return pending.promise;
    }
  };

  return {
    library: getLibrary,
    load,
    loaded: () => loaded,
    forgetLoadedModel: () => {
      loaded = null;
      kvCache.reset();
    },
    unload: async () => {
      loaded = null;
      kvCache.reset();
      if (engine) await engine.unload();
    },
    replies,
    kvCache,
  };
}

function isSameLoad(left: ModelLoad, right: ModelLoad): boolean {
  return left.modelId === right.modelId && left.contextWindowTokens === right.contextWindowTokens;
}
