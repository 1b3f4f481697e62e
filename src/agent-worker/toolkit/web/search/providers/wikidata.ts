import { z } from 'zod';
import type { SearchProvider } from '../search-provider.ts';
import { fetchJson, withQuery } from './provider-request.ts';

const SERVICE = 'Wikidata';
/** The most results `wbsearchentities` (behind EntitySearch) gives in one page. */
const MOST_RESULTS = 50;

/** A SPARQL JSON result binding's term (only its value is used). */
const Term = z.looseObject({ value: z.string() });

/** SPARQL 1.1 Query Results JSON: `results.bindings`, one object per row, unbound variables absent. */
const SparqlReply = z.looseObject({
  results: z.looseObject({
    bindings: z.array(
      z.looseObject({ item: Term, itemLabel: Term.optional(), itemDescription: Term.optional() }),
    ),
  }),
});

/**
 * `text` as the body of a SPARQL double-quoted string. It is hostile input: backslashes
 * and control characters become spaces (so no escape sequence, `\u0022` included, can be
 * formed from it) and quotes are escaped, so it cannot end the literal.
 */
export function sparqlStringLiteral(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const safe = text.replace(/[\\\u0000-\u001f\u007f\u2028\u2029]/g, ' ').replaceAll('"', '\\"');
  return `"${safe}"`;
}

/** The query: Wikidata's entity search (as the search box uses it) with English labels and descriptions. */
export function wikidataSearchQuery(text: string, limit: number): string {
  const count = Math.max(1, Math.min(MOST_RESULTS, Math.floor(limit)));
  return `SELECT ?item ?itemLabel ?itemDescription ?ordinal WHERE {
  SERVICE wikibase:mwapi {
    bd:serviceParam wikibase:endpoint "www.wikidata.org" ;
                    wikibase:api "EntitySearch" ;
                    mwapi:search ${sparqlStringLiteral(text)} ;
                    mwapi:language "en" ;
                    mwapi:limit "${count}" .
    ?item wikibase:apiOutputItem mwapi:item .
    ?ordinal wikibase:apiOrdinal true .
  }
  SERVICE wikibase:label { bd:serviceParam wikibase:language "en" . }
}
ORDER BY ?ordinal
LIMIT ${count}`;
}

/** An entity's page (`https://www.wikidata.org/wiki/Q42`) from its concept URI, or the URI itself. */
export function wikidataPageUrl(entityUri: string): string {
  const id = /\/entity\/([QPL]\d+)$/.exec(entityUri)?.[1];
  return id ? `https://www.wikidata.org/wiki/${id}` : entityUri;
}

/**
 * Wikidata items matching the text, through the query service's MediaWiki API bridge
 * (`wikibase:mwapi` EntitySearch), in the search box's order. Results link to the item's
 * page on www.wikidata.org (its concept URI is `http://`, which redirects there).
 */
export const wikidataProvider: SearchProvider = {
  id: 'wikidata',
  types: ['data'],
  filtersTime: false,
  rateLimit: null,
  async search(query, context) {
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery('https://query.wikidata.org/sparql', {
          query: wikidataSearchQuery(query.text, query.limit),
          format: 'json',
        }),
      },
      SparqlReply,
    );
    return reply.results.bindings.slice(0, query.limit).map((row) => {
      const url = wikidataPageUrl(row.item.value);
      const id = url.split('/').pop() ?? row.item.value;
      return {
        title: row.itemLabel?.value ?? id,
        url,
        snippet: row.itemDescription?.value ?? '',
        detail: id,
      };
    });
  },
};
