import { afterEach, describe, expect, it } from 'vitest';
import { NodeRuntimeConnection } from '../../src/agent-worker/sandbox/webcontainer/node-runtime-connection.ts';
import {
  NOT_ISOLATED_REASON,
  NodeRuntimeController,
  type NodeRuntimeEnvironment,
  type NodeRuntimeStatusUpdate,
  OFFLINE_REASON,
} from '../../src/page/host/webcontainer/node-runtime-controller.ts';
import { WebContainerHost } from '../../src/page/host/webcontainer/webcontainer-host.ts';
import type { NodeRuntimeHostPort } from '../../src/shared/protocol/node-runtime-messages.ts';
import { FakeWebContainer } from '../fixtures/fake-webcontainer.ts';
import { overMessageChannel } from './comlink-channel.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** The host reached through comlink over a real MessageChannel, closed after the test. */
function overComlink(host: NodeRuntimeHostPort): NodeRuntimeHostPort {
  return overMessageChannel(host, (close) => cleanups.push(close));
}

describe('the Node runtime host: when WebContainer serves, and why not', () => {
  function host(overrides: Partial<NodeRuntimeEnvironment> = {}) {
    const statuses: NodeRuntimeStatusUpdate[] = [];
    const boots: number[] = [];
    const boot = overrides.boot ?? (async () => new FakeWebContainer());
    const controller = new NodeRuntimeController({
      isEnabled: async () => true,
      isCrossOriginIsolated: () => true,
      isOnline: () => true,
      bootTimeoutMs: 1_000,
      setStatus: (status) => statuses.push(status),
      ...overrides,
      boot: () => {
        boots.push(Date.now());
        return boot();
      },
    });
    return {
      connection: new NodeRuntimeConnection(overComlink(new WebContainerHost(controller))),
      statuses,
      boots,
    };
  }

  it('stays off, without loading WebContainer, while the setting is off', async () => {
    const { connection, statuses, boots } = host({ isEnabled: async () => false });
    expect(await connection.readiness()).toEqual({ state: 'off' });
    expect(statuses).toEqual([{ state: 'off' }]);
    expect(boots).toEqual([]);
  });

  it('says why when the page is not cross-origin isolated or the browser is offline', async () => {
    const isolated = host({ isCrossOriginIsolated: () => false });
    expect(await isolated.connection.readiness()).toEqual({
      state: 'unavailable',
      reason: NOT_ISOLATED_REASON,
    });
    expect(isolated.statuses).toEqual([{ state: 'unavailable', reason: NOT_ISOLATED_REASON }]);
    const offline = host({ isOnline: () => false });
    expect(await offline.connection.readiness()).toEqual({ state: 'unavailable', reason: OFFLINE_REASON });
    expect([...isolated.boots, ...offline.boots]).toEqual([]);
  });

  it('gives up on a boot that outlasts its timeout without booting twice, and is ready if it finishes later', async () => {
    let finishBoot: (container: FakeWebContainer) => void = () => undefined;
    const pending = new Promise<FakeWebContainer>((resolve) => {
      finishBoot = resolve;
    });
    const { connection, statuses, boots } = host({ boot: () => pending, bootTimeoutMs: 100 });
    const first = await connection.readiness();
    expect(first).toMatchObject({
      state: 'unavailable',
      reason: expect.stringMatching(/did not finish booting within 0.1 s/),
    });
    expect(statuses.map((status) => status.state)).toEqual(['booting', 'unavailable']);
    expect(await connection.readiness()).toMatchObject({ state: 'unavailable' });
    expect(boots).toHaveLength(1);

    finishBoot(new FakeWebContainer());
    await expect.poll(() => statuses.at(-1)).toEqual({ state: 'ready' });
    expect(await connection.readiness()).toEqual({ state: 'ready', workdir: '/home/sandpiper' });
  });

  it('reports a failed boot and tries again on the next check', async () => {
    let attempts = 0;
    const { connection, statuses } = host({
      boot: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('iframe blocked');
        return new FakeWebContainer();
      },
    });
    expect(await connection.readiness()).toEqual({
      state: 'unavailable',
      reason: 'WebContainer failed to boot: iframe blocked. The virtual sandbox is used.',
    });
    expect(await connection.readiness()).toEqual({ state: 'ready', workdir: '/home/sandpiper' });
    expect(statuses.map((status) => status.state)).toEqual(['booting', 'unavailable', 'booting', 'ready']);
  });
});
