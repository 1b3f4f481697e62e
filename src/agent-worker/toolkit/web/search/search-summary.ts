import type { ProviderOutcome, SearchHit, SearchType } from '@/shared/protocol/web/search-results.ts';

/** Longest summary, in characters. */
const SUMMARY_LIMIT = 700;
/** Top results the summary draws on. */
const SUMMARY_RESULTS = 3;

/**
 * A short synthesis of a search built from the top results' titles and snippets (no
 * model call): how many results from whom, then the leading sentence of each top result.
 */
export function summarizeSearch(
  type: SearchType,
  queries: readonly string[],
  hits: readonly SearchHit[],
  providers: readonly ProviderOutcome[],
): string {
  const answered = providers.filter((provider) => provider.status === 'answered').map((p) => p.name);
  const asked = queries.map((query) => `“${query}”`).join(' / ');
  if (hits.length === 0) {
    return answered.length === 0
      ? `No provider answered the ${type} search for ${asked}.`
      : `No ${type} results for ${asked} from ${listOf(answered)}.`;
  }
  const lead = `${hits.length} ${type} result${hits.length === 1 ? '' : 's'} for ${asked} from ${listOf(answered)}.`;
  const points = hits.slice(0, SUMMARY_RESULTS).map((hit) => {
    const sentence = firstSentence(hit.snippet);
    return sentence ? `${hit.title} (${hit.site}): ${sentence}` : `${hit.title} (${hit.site})`;
  });
  const text = `${lead} Top: ${points.join(' · ')}`;
  return text.length <= SUMMARY_LIMIT ? text : `${text.slice(0, SUMMARY_LIMIT - 1).trimEnd()}…`;
}

function firstSentence(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const match = /^(.{20,220}?[.!?])(\s|$)/.exec(clean);
  if (match?.[1]) return match[1];
  return clean.length <= 160 ? clean : `${clean.slice(0, 159).trimEnd()}…`;
}

function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'no provider';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
