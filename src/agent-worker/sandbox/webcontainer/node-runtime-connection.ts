import * as Comlink from 'comlink';
import {
  ContainerDirent,
  ContainerEntry,
  ContainerEvent,
  type NodeRuntimeHostPort,
  NodeRuntimeReadiness,
  type SnapshotExclusions,
  type SpawnRequest,
  TreeEntry,
} from '@/shared/protocol/node-runtime-messages.ts';

/** A dev server the container reported ready. */
export type KnownServer = { port: number; url: string };

/**
 * The worker's side of the WebContainer host: every reply from the main thread is
 * parsed before use, listeners are wrapped with `Comlink.proxy`, and the container's
 * events are received once and fanned out to the conversations' sandboxes. The
 * container is shared by every conversation of the page, and so are its servers.
 */
export class NodeRuntimeConnection {
  private readonly servers = new Map<number, KnownServer>();
  private readonly listeners = new Set<(event: ContainerEvent) => void>();
  private subscription: Promise<void> | null = null;

  constructor(private readonly host: NodeRuntimeHostPort) {}

  async readiness(): Promise<NodeRuntimeReadiness> {
    return NodeRuntimeReadiness.parse(await this.host.readiness());
  }

  async entry(path: string): Promise<ContainerEntry | null> {
    return ContainerEntry.nullable().parse(await this.host.entry(path));
  }

  async list(path: string): Promise<ContainerDirent[]> {
    return ContainerDirent.array().parse(await this.host.list(path));
  }

  async readFile(path: string): Promise<Uint8Array> {
    return TreeEntry.shape.content.parse(await this.host.readFile(path));
  }

  writeFile(path: string, content: Uint8Array): Promise<void> {
    return this.host.writeFile(path, content);
  }

  mkdir(path: string): Promise<void> {
    return this.host.mkdir(path);
  }

  remove(path: string, options: { isRecursive: boolean }): Promise<void> {
    return this.host.remove(path, options);
  }

  rename(from: string, to: string): Promise<void> {
    return this.host.rename(from, to);
  }

  mount(path: string, entries: TreeEntry[]): Promise<void> {
    return this.host.mount(path, entries);
  }

  async snapshot(path: string, exclusions: SnapshotExclusions): Promise<TreeEntry[]> {
    return TreeEntry.array().parse(await this.host.snapshot(path, exclusions));
  }

  /** Starts a process; `onOutput` gets its output in order, all of it before `exit` resolves. */
  async spawn(request: SpawnRequest, onOutput: (text: string) => void): Promise<number> {
    const processId = await this.host.spawn(request, Comlink.proxy(onOutput));
    if (!Number.isInteger(processId)) throw new Error('The Node runtime host returned no process id.');
    return processId;
  }

  async exit(processId: number): Promise<number> {
    const code = await this.host.exit(processId);
    if (!Number.isInteger(code)) throw new Error(`The Node runtime host reported exit code ${String(code)}.`);
    return code;
  }

  write(processId: number, text: string): Promise<void> {
    return this.host.write(processId, text);
  }

  kill(processId: number): Promise<void> {
    return this.host.kill(processId);
  }

  /** Servers reported ready and not closed since, by port. */
  knownServers(): KnownServer[] {
    return [...this.servers.values()].sort((a, b) => a.port - b.port);
  }

  /** Calls `listener` with every container event; subscribes to the host on first use. */
  async onEvent(listener: (event: ContainerEvent) => void): Promise<() => void> {
    this.listeners.add(listener);
    this.subscription ??= this.host.subscribe(Comlink.proxy((event: unknown) => this.receive(event)));
    await this.subscription;
    return () => this.listeners.delete(listener);
  }

  private receive(raw: unknown): void {
    const parsed = ContainerEvent.safeParse(raw);
    if (!parsed.success) return;
    const event = parsed.data;
    if (event.type === 'server_ready') this.servers.set(event.port, { port: event.port, url: event.url });
    else this.servers.delete(event.port);
    for (const listener of this.listeners) listener(event);
  }
}
