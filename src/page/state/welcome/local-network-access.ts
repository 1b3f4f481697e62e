/**
 * Whether this page may reach servers on this computer. Chromium (Local Network Access,
 * enforced since Chrome 142) asks the person before a page from any non-loopback address
 * (a public site, or one on the local network) connects to 127.0.0.1: the request waits
 * while the prompt is open and fails when it is refused (like a server that is not there).
 * Chrome 145 named the permission `loopback-network`; before, `local-network-access` (kept
 * as an alias). Other browsers do not know these names.
 */
export type LocalAccess =
  /** The page itself is on this computer: nothing to ask. */
  | 'not_needed'
  | 'granted'
  /** The browser will ask (the search should wait for the person's answer). */
  | 'prompt'
  /** The person or a policy said no: nothing on this computer can be reached from this page. */
  | 'denied'
  /** This browser does not say (no such permission): it may ask, or may not restrict at all. */
  | 'unknown';

const PERMISSION_NAMES = ['loopback-network', 'local-network-access'] as const;

/** True for localhost, *.localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * Where this page stands (`hostname`: this page's; `permissions`: the browser's, absent when
 * it has none). Never rejects.
 */
export async function localAccessOf(
  hostname: string,
  permissions: Pick<Permissions, 'query'> | undefined,
): Promise<LocalAccess> {
  if (isLoopbackHost(hostname)) return 'not_needed';
  if (!permissions) return 'unknown';
  for (const name of PERMISSION_NAMES) {
    try {
      // A name this browser does not know rejects (a TypeError); the next is tried.
      const status = await permissions.query({ name } as unknown as PermissionDescriptor);
      return status.state;
    } catch {}
  }
  return 'unknown';
}

/** How long each request of the search may take: long while the browser's prompt may be open. */
export function searchTimeoutMs(access: LocalAccess): number {
  return access === 'prompt' ? 60_000 : 3_000;
}

/** Whether the search may start by itself (no prompt will appear): otherwise the person starts it. */
export function canSearchUnasked(access: LocalAccess): boolean {
  return access === 'not_needed' || access === 'granted';
}
