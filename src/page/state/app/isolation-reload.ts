/** sessionStorage key set just before the one reload that brings cross-origin isolation. */
export const ISOLATION_RELOAD_KEY = 'sandpiper-isolation-reload';

/** What the page knows when a service worker starts controlling it. */
export type IsolationReloadFacts = {
  /** True when an earlier service worker controlled the page (an update, not the first install). */
  isUpdate: boolean;
  isCrossOriginIsolated: boolean;
  /** True when this tab already reloaded for isolation (sessionStorage): never twice. */
  hasReloaded: boolean;
  /** True once the person has typed or clicked in this page: never reload under them. */
  hasInteracted: boolean;
};

/**
 * Whether to reload once so that the service worker, which adds COOP/COEP to what it
 * serves, makes the page cross-origin isolated on a host that sends no such headers.
 * Only after the first install, only if the page is not isolated yet, at most once per
 * tab (a browser that cannot isolate would otherwise loop), and only before the person
 * started doing something; the next visit is isolated anyway.
 */
export function shouldReloadForIsolation(facts: IsolationReloadFacts): boolean {
  return !facts.isUpdate && !facts.isCrossOriginIsolated && !facts.hasReloaded && !facts.hasInteracted;
}
