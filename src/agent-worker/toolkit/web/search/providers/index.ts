import type { SearchProvider } from '../search-provider.ts';
import { braveProvider } from './brave.ts';
import { crossrefProvider } from './crossref.ts';
import { githubProvider } from './github.ts';
import { hnAlgoliaProvider } from './hn-algolia.ts';
import { jinaSearchProvider } from './jina-search.ts';
import { npmProvider } from './npm.ts';
import { openAlexProvider } from './openalex.ts';
import { openverseProvider } from './openverse.ts';
import { searxngProvider } from './searxng.ts';
import { semanticScholarProvider } from './semantic-scholar.ts';
import { tavilyProvider } from './tavily.ts';
import { wikidataProvider } from './wikidata.ts';
import { wikimediaCommonsProvider } from './wikimedia-commons.ts';
import { wikipediaProvider } from './wikipedia.ts';

/**
 * Every search provider, in the default order of preference: the keyless ones a browser
 * can reach directly first, then those that need a key, an instance or a proxy. The
 * person's order in Settings → Search comes before this one.
 */
export const SEARCH_PROVIDERS: readonly SearchProvider[] = [
  wikipediaProvider,
  wikimediaCommonsProvider,
  openverseProvider,
  crossrefProvider,
  hnAlgoliaProvider,
  githubProvider,
  npmProvider,
  wikidataProvider,
  tavilyProvider,
  searxngProvider,
  braveProvider,
  jinaSearchProvider,
  openAlexProvider,
  semanticScholarProvider,
];
