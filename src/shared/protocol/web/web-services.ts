/**
 * Every third-party service Sandpiper may contact for search and for reading pages, with
 * what it is for and where it lives. Settings → Search lists them (each can be switched
 * off); the web network's allow-list is built from the ones switched on.
 */

export const WEB_SERVICE_IDS = [
  'wikipedia',
  'wikimedia_commons',
  'openverse',
  'crossref',
  'hn_algolia',
  'github',
  'npm',
  'wikidata',
  'tavily',
  'searxng',
  'brave',
  'jina_search',
  'openalex',
  'semantic_scholar',
  'direct',
  'jina_reader',
  'cors_proxy',
] as const;
export type WebServiceId = (typeof WEB_SERVICE_IDS)[number];

export type WebService = {
  id: WebServiceId;
  name: string;
  /** What it is used for, in a few words. */
  purpose: string;
  /**
   * The origins requests go to. Empty for services whose address the person gives
   * (SearXNG, a CORS proxy) and for `direct` (any site the agent opens).
   */
  origins: readonly string[];
  /** The name of its key in the settings' tool keys, when it takes one. */
  keyName?: string;
  /** True when it cannot work without the key. */
  needsKey: boolean;
  /** True when its API refuses browser requests (no CORS) and goes through the CORS proxy. */
  needsProxy: boolean;
  /** Its published limit for requests without a key, as shown to the person. */
  limit?: string;
  docs: string;
};

export const WEB_SERVICES: readonly WebService[] = [
  {
    id: 'wikipedia',
    name: 'Wikipedia',
    purpose: 'General information (info)',
    origins: ['https://en.wikipedia.org'],
    needsKey: false,
    needsProxy: false,
    docs: 'https://www.mediawiki.org/wiki/API:REST_API',
  },
  {
    id: 'wikimedia_commons',
    name: 'Wikimedia Commons',
    purpose: 'Freely licensed images (image)',
    origins: ['https://commons.wikimedia.org', 'https://upload.wikimedia.org'],
    needsKey: false,
    needsProxy: false,
    docs: 'https://www.mediawiki.org/wiki/API:Search',
  },
  {
    id: 'openverse',
    name: 'Openverse',
    purpose: 'Openly licensed images (image)',
    origins: ['https://api.openverse.org'],
    needsKey: false,
    needsProxy: false,
    limit: 'about 20 searches a minute without a key',
    docs: 'https://api.openverse.org/v1/',
  },
  {
    id: 'crossref',
    name: 'Crossref',
    purpose: 'Scholarly works (research)',
    origins: ['https://api.crossref.org'],
    needsKey: false,
    needsProxy: false,
    docs: 'https://api.crossref.org/swagger-ui/index.html',
  },
  {
    id: 'hn_algolia',
    name: 'Hacker News (Algolia)',
    purpose: 'News and discussions (news, research)',
    origins: ['https://hn.algolia.com'],
    needsKey: false,
    needsProxy: false,
    limit: '10,000 requests an hour',
    docs: 'https://hn.algolia.com/api',
  },
  {
    id: 'github',
    name: 'GitHub',
    purpose: 'Repositories (api, tool)',
    origins: ['https://api.github.com'],
    needsKey: false,
    needsProxy: false,
    limit: '10 searches a minute without a key',
    docs: 'https://docs.github.com/en/rest/search/search',
  },
  {
    id: 'npm',
    name: 'npm registry',
    purpose: 'JavaScript packages (api, tool)',
    origins: ['https://registry.npmjs.org'],
    needsKey: false,
    needsProxy: false,
    docs: 'https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md',
  },
  {
    id: 'wikidata',
    name: 'Wikidata',
    purpose: 'Structured data (data)',
    origins: ['https://query.wikidata.org', 'https://www.wikidata.org'],
    needsKey: false,
    needsProxy: false,
    docs: 'https://www.wikidata.org/wiki/Wikidata:SPARQL_query_service',
  },
  {
    id: 'tavily',
    name: 'Tavily',
    purpose: 'Web search and page extraction (every type)',
    origins: ['https://api.tavily.com'],
    keyName: 'tavily',
    needsKey: true,
    needsProxy: false,
    docs: 'https://docs.tavily.com/documentation/api-reference/endpoint/search',
  },
  {
    id: 'searxng',
    name: 'SearXNG (your instance)',
    purpose: 'Web search (info, news, image, research)',
    origins: [],
    needsKey: false,
    needsProxy: false,
    docs: 'https://docs.searxng.org/dev/search_api.html',
  },
  {
    id: 'brave',
    name: 'Brave Search',
    purpose: 'Web, news and image search (through your CORS proxy)',
    origins: ['https://api.search.brave.com'],
    keyName: 'brave',
    needsKey: true,
    needsProxy: true,
    docs: 'https://api-dashboard.search.brave.com/app/documentation/web-search/get-started',
  },
  {
    id: 'jina_search',
    name: 'Jina Search',
    purpose: 'Web search (through your CORS proxy)',
    origins: ['https://s.jina.ai'],
    keyName: 'jina',
    needsKey: true,
    needsProxy: true,
    docs: 'https://jina.ai/reader/',
  },
  {
    id: 'openalex',
    name: 'OpenAlex',
    purpose: 'Scholarly works (research)',
    origins: ['https://api.openalex.org'],
    keyName: 'openalex',
    needsKey: true,
    needsProxy: false,
    docs: 'https://docs.openalex.org/',
  },
  {
    id: 'semantic_scholar',
    name: 'Semantic Scholar',
    purpose: 'Scholarly papers (research)',
    origins: ['https://api.semanticscholar.org'],
    keyName: 'semantic_scholar',
    needsKey: true,
    needsProxy: false,
    docs: 'https://api.semanticscholar.org/api-docs/graph',
  },
  {
    id: 'direct',
    name: 'Sites themselves',
    purpose: 'Pages and images opened directly, where the site allows it (CORS)',
    origins: [],
    needsKey: false,
    needsProxy: false,
    docs: 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/CORS',
  },
  {
    id: 'jina_reader',
    name: 'Jina Reader (r.jina.ai)',
    purpose: 'Reads pages that refuse direct requests, as markdown',
    origins: ['https://r.jina.ai'],
    keyName: 'jina',
    needsKey: false,
    needsProxy: false,
    limit: 'about 20 pages a minute without a key',
    docs: 'https://jina.ai/reader/',
  },
  {
    id: 'cors_proxy',
    name: 'Your CORS proxy',
    purpose: 'Reads pages and keyed APIs that refuse browser requests',
    origins: [],
    needsKey: false,
    needsProxy: false,
    docs: 'https://github.com/Rob--W/cors-anywhere',
  },
];

export function webServiceById(id: WebServiceId): WebService {
  const service = WEB_SERVICES.find((candidate) => candidate.id === id);
  if (!service) throw new Error(`Unknown web service ${id}.`);
  return service;
}
