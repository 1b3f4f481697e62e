import type { ProvidersForm } from './providers-form.ts';

/** The providers a spend cap cannot apply to, as Settings → Runs lists them beside the caps. */
export type UnpricedProviders = {
  /** Remote providers with no prices typed: what their runs spend is unknown. */
  withoutPrices: { id: string; name: string; isActive: boolean }[];
  /** In-browser models: their runs cost no money per token, so no cap counts them. */
  inBrowser: { id: string; name: string; isActive: boolean }[];
};

/**
 * The providers of the form (as edited, not yet saved) whose runs a spend cap cannot apply
 * to: remote ones whose three price fields are all empty, and in-browser models.
 */
export function unpricedProviders(form: ProvidersForm): UnpricedProviders {
  const entry = (draft: ProvidersForm['providers'][number]) => ({
    id: draft.id,
    name: draft.name.trim() || 'Unnamed provider',
    isActive: draft.id === form.activeProviderId,
  });
  const hasPrices = (draft: ProvidersForm['providers'][number]) =>
    [draft.inputPrice, draft.cachedInputPrice, draft.outputPrice].some((price) => price.trim() !== '');
  return {
    withoutPrices: form.providers.filter((draft) => draft.kind !== 'webllm' && !hasPrices(draft)).map(entry),
    inBrowser: form.providers.filter((draft) => draft.kind === 'webllm').map(entry),
  };
}
