// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canSearchUnasked, isLoopbackHost, localAccessOf, searchTimeoutMs } from './local-network-access.ts';

/** A `permissions.query` that knows only the names given, with their states. */
function permissionsKnowing(states: Record<string, PermissionState>) {
  const asked: string[] = [];
  return {
    asked,
    permissions: {
      query: async (descriptor: PermissionDescriptor) => {
        asked.push(descriptor.name);
        const state = states[descriptor.name];
        if (!state) throw new TypeError(`The provided value '${descriptor.name}' is not a valid enum value`);
        return { state } as PermissionStatus;
      },
    },
  };
}

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['127.4.5.6', true],
    ['[::1]', true],
    ['sandpiper.example', false],
    ['192.168.1.20', false],
    ['127.0.0.1.example.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('localAccessOf', () => {
  it('needs no permission for a page on this computer, without asking the browser', async () => {
    const { permissions, asked } = permissionsKnowing({ 'loopback-network': 'denied' });
    expect(await localAccessOf('127.0.0.1', permissions)).toBe('not_needed');
    expect(asked).toEqual([]);
  });

  it('reads Chrome 145’s loopback-network permission for a public page', async () => {
    const { permissions } = permissionsKnowing({
      'loopback-network': 'prompt',
      'local-network-access': 'granted',
    });
    expect(await localAccessOf('sandpiper.example', permissions)).toBe('prompt');
  });

  it('falls back to the older local-network-access name', async () => {
    const { permissions, asked } = permissionsKnowing({ 'local-network-access': 'denied' });
    expect(await localAccessOf('sandpiper.example', permissions)).toBe('denied');
    expect(asked).toEqual(['loopback-network', 'local-network-access']);
  });

  it('does not know in a browser without either name, or without permissions', async () => {
    expect(await localAccessOf('sandpiper.example', permissionsKnowing({}).permissions)).toBe('unknown');
    expect(await localAccessOf('sandpiper.example', undefined)).toBe('unknown');
  });
});

describe('how the search starts', () => {
  it('starts by itself only where no prompt can appear, and waits long while one may be open', () => {
    expect(canSearchUnasked('not_needed')).toBe(true);
    expect(canSearchUnasked('granted')).toBe(true);
    expect(canSearchUnasked('prompt')).toBe(false);
    expect(canSearchUnasked('unknown')).toBe(false);
    expect(canSearchUnasked('denied')).toBe(false);
    expect(searchTimeoutMs('prompt')).toBeGreaterThan(searchTimeoutMs('not_needed'));
  });
});
