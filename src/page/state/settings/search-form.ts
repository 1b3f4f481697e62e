import type { AgentSettings } from '@/shared/protocol/settings.ts';
import { WEB_SERVICES, type WebService, type WebServiceId } from '@/shared/protocol/web/web-services.ts';
import { sitePrefixProblem, WebSettings } from '@/shared/protocol/web/web-settings.ts';

/** Services that read pages rather than search (listed apart, never ordered). */
const PAGE_READER_IDS: readonly WebServiceId[] = ['direct', 'jina_reader', 'cors_proxy'];

/** Search providers in their default order (the catalogue's). */
export const SEARCH_PROVIDER_IDS: readonly WebServiceId[] = WEB_SERVICES.map((service) => service.id).filter(
  (id) => !PAGE_READER_IDS.includes(id),
);

/** The services that read pages, in the catalogue's order. */
export const PAGE_READERS: readonly WebService[] = WEB_SERVICES.filter((service) =>
  PAGE_READER_IDS.includes(service.id),
);

/**
 * Settings → Search as typed: the services switched off, every search provider in the
 * person's order, the three addresses as text, and the tool keys by key name.
 */
export type SearchForm = {
  disabledServices: WebServiceId[];
  /** Every search provider, in order (the saved order first, the rest in the default order). */
  providerOrder: WebServiceId[];
  searxngUrl: string;
  corsProxyTemplate: string;
  contactEmail: string;
  /** Every tool key, by key name (those of other tools kept as they are). */
  toolKeys: Record<string, string>;
  /** True when the web tools may read only the allowed sites. */
  isSiteListOn: boolean;
  /** The allowed sites as typed, one URL prefix a line (kept while the list is off). */
  allowedSites: string;
};

export type SearchFormField = 'searxngUrl' | 'corsProxyTemplate' | 'contactEmail' | 'allowedSites';

/** One field Settings → Search refuses, and why. */
export type SearchProblem = { field: SearchFormField; message: string };

/** The settings to save, or every problem (the first also as `field` and `message`). */
export type SearchValidation =
  | { ok: true; settings: AgentSettings }
  | { ok: false; field: SearchFormField; message: string; problems: SearchProblem[] };

/** Every search provider: those in `saved` first (unknown and repeated ids dropped), then the rest by default. */
export function fullProviderOrder(saved: readonly WebServiceId[]): WebServiceId[] {
  const known = saved.filter((id, index) => SEARCH_PROVIDER_IDS.includes(id) && saved.indexOf(id) === index);
  return [...known, ...SEARCH_PROVIDER_IDS.filter((id) => !known.includes(id))];
}

/** The form for `settings`. */
export function searchFormFromSettings(settings: AgentSettings): SearchForm {
  const { web } = settings;
  return {
    disabledServices: [...web.disabledServices],
    providerOrder: fullProviderOrder(web.providerOrder),
    searxngUrl: web.searxngUrl ?? '',
    corsProxyTemplate: web.corsProxyTemplate ?? '',
    contactEmail: web.contactEmail ?? '',
    toolKeys: { ...settings.toolKeys },
    isSiteListOn: web.allowedSites !== null && web.allowedSites !== undefined,
    allowedSites: (web.allowedSites ?? []).join('\n'),
  };
}

/** The allowed sites as typed: each non-empty line, trimmed, without repeats. */
export function siteLines(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trim());
  return lines.filter((line, index) => line !== '' && lines.indexOf(line) === index);
}

/** What is wrong with each line of the allowed sites that is not a site prefix (1-based line numbers). */
export function siteLineProblems(text: string): { line: number; message: string }[] {
  return text.split('\n').flatMap((typed, index) => {
    const line = typed.trim();
    const problem = line === '' ? null : sitePrefixProblem(line);
    return problem === null ? [] : [{ line: index + 1, message: problem }];
  });
}

/** `order` with `id` moved by `offset` places (clamped to the ends); unchanged when `id` is absent. */
export function moveProvider(
  order: readonly WebServiceId[],
  id: WebServiceId,
  offset: number,
): WebServiceId[] {
  const from = order.indexOf(id);
  if (from < 0) return [...order];
  const to = Math.min(order.length - 1, Math.max(0, from + offset));
  const next = order.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
}

/** The form with `id` switched on or off. */
export function withServiceEnabled(form: SearchForm, id: WebServiceId, isEnabled: boolean): SearchForm {
  const others = form.disabledServices.filter((disabled) => disabled !== id);
  return { ...form, disabledServices: isEnabled ? others : [...others, id] };
}

/**
 * The service whose row carries the key field for `keyName`: the first in the catalogue
 * with it (Jina's key is shared by Jina Search and Jina Reader).
 */
export function keyOwner(keyName: string): WebServiceId | null {
  return WEB_SERVICES.find((service) => service.keyName === keyName)?.id ?? null;
}

/** The form field a schema issue's path starts with (an unknown one is put on the SearXNG address). */
function searchFieldOf(path: PropertyKey | undefined): SearchFormField {
  return path === 'searxngUrl' ||
    path === 'corsProxyTemplate' ||
    path === 'contactEmail' ||
    path === 'allowedSites'
    ? path
    : 'searxngUrl';
}

/** Text trimmed, empty as null. */
function optional(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

const FIELD_LABELS: Record<SearchFormField, string> = {
  searxngUrl: 'SearXNG instance',
  corsProxyTemplate: 'CORS proxy',
  contactEmail: 'Contact e-mail',
  allowedSites: 'Allowed sites',
};

/** The tool keys the search services are read with (the keys this form edits). */
const SEARCH_KEY_NAMES: ReadonlySet<string> = new Set(
  WEB_SERVICES.flatMap((service) => (service.keyName ? [service.keyName] : [])),
);

/**
 * Checks the form and merges it into `current` as `web` and `toolKeys`. The addresses
 * are checked by the `WebSettings` schema (its message is shown); keys are trimmed and
 * empty ones removed; an order equal to the default is saved as none, so later defaults apply.
 */
export function validateSearchForm(form: SearchForm, current: AgentSettings): SearchValidation {
  const problems: SearchProblem[] = [];
  const searxngUrl = optional(form.searxngUrl);
  if (searxngUrl !== null && !/^https?:\/\//i.test(searxngUrl)) {
    problems.push({
      field: 'searxngUrl',
      message: `${FIELD_LABELS.searxngUrl}: a SearXNG address starts with http(s)://, e.g. https://searx.example.org.`,
    });
  }
  const badSite = siteLineProblems(form.allowedSites)[0];
  if (form.isSiteListOn && badSite) {
    problems.push({
      field: 'allowedSites',
      message: `${FIELD_LABELS.allowedSites}, line ${badSite.line}: ${badSite.message}`,
    });
  }
  const candidate = {
    disabledServices: form.disabledServices.filter(
      (id, index) => form.disabledServices.indexOf(id) === index,
    ),
    providerOrder: form.providerOrder.every((id, index) => id === SEARCH_PROVIDER_IDS[index])
      ? []
      : fullProviderOrder(form.providerOrder),
    searxngUrl,
    corsProxyTemplate: optional(form.corsProxyTemplate),
    contactEmail: optional(form.contactEmail),
    // Off is saved as no list at all, as settings saved before the list existed read.
    ...(form.isSiteListOn ? { allowedSites: siteLines(form.allowedSites) } : {}),
  };
  const parsed = WebSettings.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const known = searchFieldOf(issue.path[0]);
      // One message a field: the field's own check above says it better than the schema.
      if (problems.some((problem) => problem.field === known)) continue;
      problems.push({ field: known, message: `${FIELD_LABELS[known]}: ${issue.message}` });
    }
  }
  const [first] = problems;
  if (first || !parsed.success) {
    const shown = first ?? {
      field: 'searxngUrl' as const,
      message: `${FIELD_LABELS.searxngUrl}: not valid.`,
    };
    return { ok: false, ...shown, problems: first ? problems : [shown] };
  }
  // Only the search services' keys are this form's: every other tool key (Settings →
  // Media's) is kept as `current` has it, whichever section is saved first.
  const toolKeys: Record<string, string> = {};
  for (const [name, value] of Object.entries(current.toolKeys)) {
    if (!SEARCH_KEY_NAMES.has(name)) toolKeys[name] = value;
  }
  for (const [name, value] of Object.entries(form.toolKeys)) {
    const trimmed = value.trim();
    if (SEARCH_KEY_NAMES.has(name) && trimmed !== '') toolKeys[name] = trimmed;
  }
  return { ok: true, settings: { ...current, web: parsed.data, toolKeys } };
}
