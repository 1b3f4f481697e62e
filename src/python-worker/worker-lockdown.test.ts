import { describe, expect, it } from 'vitest';
import { BLOCKED_GLOBALS, lockDownWorkerScope, PYTHON_NETWORK_REFUSAL } from './worker-lockdown.ts';

const ASSETS = 'https://app.example/assets/';

/** A fake worker global: attributes on "prototypes" as WebIDL puts them, plus one own property. */
function fakeScope() {
  const fetched: string[] = [];
  const eventTarget = { addEventListener: () => undefined, BroadcastChannel: class {} };
  const workerGlobalScope = Object.create(eventTarget, {
    indexedDB: { value: { open: () => 'keys' }, configurable: true, enumerable: true },
    caches: { get: () => ({ open: () => 'cache' }), configurable: true },
    fetch: {
      value: async (input: unknown) => {
        fetched.push(String(input));
        return 'response';
      },
      configurable: true,
      writable: true,
    },
    XMLHttpRequest: { value: class {}, configurable: true, writable: true },
    WebSocket: { value: class {}, configurable: true, writable: true },
    importScripts: { value: () => undefined, configurable: true, writable: true },
  });
  const dedicatedScope = Object.create(workerGlobalScope, {
    Worker: { value: class {}, configurable: true, writable: true },
  });
  const scope = Object.create(dedicatedScope, {
    location: { value: { href: 'https://app.example/assets/python.worker.js' } },
    EventSource: { value: class {}, configurable: true, writable: true },
  }) as Record<string, unknown>;
  return { scope, fetched, prototypes: [dedicatedScope, workerGlobalScope, eventTarget] };
}

describe('lockDownWorkerScope', () => {
  it('removes the blocked globals from the scope and its whole prototype chain', () => {
    const { scope, prototypes } = fakeScope();
    lockDownWorkerScope(scope, { assetsUrl: ASSETS });
    for (const name of BLOCKED_GLOBALS) {
      expect(name in scope, name).toBe(false);
      expect(Reflect.get(scope, name), name).toBeUndefined();
      for (const prototype of prototypes) expect(Reflect.get(prototype, name), name).toBeUndefined();
    }
    expect(typeof scope.addEventListener).toBe('function');
  });

  it("lets fetch reach pip's index and the app's assets, and refuses anything else", async () => {
    const { scope, fetched, prototypes } = fakeScope();
    lockDownWorkerScope(scope, { assetsUrl: ASSETS });
    const fetch = scope.fetch as (input: unknown) => Promise<unknown>;
    await fetch('https://cdn.jsdelivr.net/pyodide/v0.29.0/full/micropip.whl');
    await fetch('https://pypi.org/pypi/attrs/json');
    await fetch({ url: 'https://files.pythonhosted.org/packages/x.whl' });
    await fetch('/assets/lazy/pyodide-0.29.0/pyodide-lock.json');
    expect(fetched).toHaveLength(4);
    for (const url of [
      'https://example.com',
      'http://pypi.org/simple',
      'https://app.example/api/settings',
      'https://app.example/assets/../index.html',
      'https://pypi.org.evil.example/x',
    ]) {
      expect(() => fetch(url), url).toThrow(PYTHON_NETWORK_REFUSAL);
    }
    expect(fetched).toHaveLength(4);
    for (const prototype of prototypes) expect(Reflect.get(prototype, 'fetch')).toBeUndefined();
    expect(() => {
      scope.fetch = async () => 'unguarded';
    }).toThrow();
  });

  it('refuses to leave a blocked global it cannot delete', () => {
    const scope = Object.defineProperty({}, 'indexedDB', { value: {}, configurable: false });
    expect(() => lockDownWorkerScope(scope, { assetsUrl: ASSETS })).toThrow(/indexedDB/);
  });
});
