import type {
  AdapterFacts,
  DownloadOutcome,
  LocalModel,
  ModelFit,
} from '@/shared/protocol/local-model-facts.ts';

/** The in-browser models in the order settings shows them: one group per fit. */
export type LocalModelGroups = Record<ModelFit, LocalModel[]>;

/** The words settings uses for each fit. */
export const FIT_LABEL: Record<ModelFit, string> = {
  compatible: 'Compatible',
  may_not_fit: 'May not fit',
  unsupported: 'Unsupported',
};

/**
 * The models whose id contains `filter` (any case; empty keeps all), grouped by fit.
 * Within a group: downloaded models first, then the catalog's order (by memory needed).
 */
export function groupLocalModels(models: readonly LocalModel[], filter = ''): LocalModelGroups {
  const needle = filter.trim().toLowerCase();
  const groups: LocalModelGroups = { compatible: [], may_not_fit: [], unsupported: [] };
  for (const model of models) {
    if (needle !== '' && !model.modelId.toLowerCase().includes(needle)) continue;
    groups[model.fit].push(model);
  }
  for (const group of Object.values(groups)) {
    group.sort((left, right) => Number(right.isDownloaded) - Number(left.isDownloaded));
  }
  return groups;
}

/** "google swiftshader (software adapter) · no shader-f16": what WebGPU offers here, in one line. */
export function describeAdapter(adapter: AdapterFacts): string {
  const name =
    [adapter.vendor, adapter.architecture].filter((part) => part !== '').join(' ') ||
    adapter.description ||
    'Unknown GPU';
  const kind = adapter.isFallbackAdapter ? ' (software adapter: slow)' : '';
  const f16 = adapter.hasShaderF16 ? 'shader-f16 available' : 'no shader-f16 (only f32 models can run)';
  return `${name}${kind} · ${f16}`;
}

const NETWORK_FAILURE = /fetch|network|connection|internet|offline|ERR_|load failed|timed? ?out/i;

/**
 * What to tell the person when a download ends without a model: null when it worked;
 * a cancellation as such; otherwise web-llm's reason, ending with what to check when
 * the files could not be fetched (or the browser is offline).
 */
export function downloadFailureText(outcome: DownloadOutcome, isOnline: boolean): string | null {
  if (outcome.ok) return null;
  if (outcome.cancelled) return 'Download cancelled.';
  const message = outcome.message.trim().replace(/\.$/, '');
  const isNetwork = !isOnline || NETWORK_FAILURE.test(message);
  return isNetwork
    ? `${message}. The model files could not be fetched: check your connection, then try again.`
    : `${message}.`;
}

/** "45%" from web-llm's progress fraction (0–1), clamped. */
export function progressPercent(fraction: number): number {
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}
