import type {
  ContainerDirent,
  ContainerEntry,
  ContainerEvent,
  NodeRuntimeHostPort,
  NodeRuntimeReadiness,
  SnapshotExclusions,
  SpawnRequest,
  TreeEntry,
} from '@/shared/protocol/node-runtime-messages.ts';
import type { ContainerApi } from './container-api.ts';
import { ContainerProcesses } from './container-processes.ts';
import { exclusionGlobs, fromFileSystemTree, toFileSystemTree } from './mount-tree.ts';
import type { NodeRuntimeController } from './node-runtime-controller.ts';

type EventListener = (event: ContainerEvent) => void | Promise<void>;

/**
 * The WebContainer host on the main thread: the agent worker's remote hands on the
 * container (through a comlink proxy of this object). It only relays: sessions, path
 * translation and the workspace's persistence live in the worker.
 */
export class WebContainerHost implements NodeRuntimeHostPort {
  private readonly processes: ContainerProcesses;
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly controller: NodeRuntimeController) {
    this.processes = new ContainerProcesses(() => controller.requireContainer());
    controller.whenBooted((container) => this.forwardEvents(container));
  }

  readiness(): Promise<NodeRuntimeReadiness> {
    return this.controller.refresh();
  }

  async entry(path: string): Promise<ContainerEntry | null> {
    const { fs } = this.container();
    const slash = path.lastIndexOf('/');
    const parent = slash < 0 ? '.' : path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (name === '' || name === '.') return { kind: 'directory', size: 0 };
    let found: { isDirectory(): boolean } | undefined;
    try {
      found = (await fs.readdir(parent, { withFileTypes: true })).find((entry) => entry.name === name);
    } catch {
      return null;
    }
    if (!found) return null;
    if (found.isDirectory()) return { kind: 'directory', size: 0 };
    return { kind: 'file', size: (await fs.readFile(path)).byteLength };
  }

  async list(path: string): Promise<ContainerDirent[]> {
    const { fs } = this.container();
    const entries = await fs.readdir(path, { withFileTypes: true });
    return Promise.all(
      entries.map(async (entry): Promise<ContainerDirent> => {
        if (entry.isDirectory()) return { name: entry.name, kind: 'directory', size: 0 };
        const bytes = await fs.readFile(`${path}/${entry.name}`);
        return { name: entry.name, kind: 'file', size: bytes.byteLength };
      }),
    );
  }

  readFile(path: string): Promise<Uint8Array> {
    return this.container().fs.readFile(path);
  }

  writeFile(path: string, content: Uint8Array): Promise<void> {
    return this.container().fs.writeFile(path, content);
  }

  async mkdir(path: string): Promise<void> {
    await this.container().fs.mkdir(path, { recursive: true });
  }

  remove(path: string, options: { isRecursive: boolean }): Promise<void> {
    return this.container().fs.rm(path, { recursive: options.isRecursive });
  }

  rename(from: string, to: string): Promise<void> {
    return this.container().fs.rename(from, to);
  }

  async mount(path: string, entries: TreeEntry[]): Promise<void> {
    const container = this.container();
    await container.fs.mkdir(path, { recursive: true });
    await container.mount(toFileSystemTree(entries), { mountPoint: path });
  }

  async snapshot(path: string, exclusions: SnapshotExclusions): Promise<TreeEntry[]> {
    const tree = await this.container().export(path, {
      format: 'json',
      excludes: exclusionGlobs(exclusions),
    });
    return fromFileSystemTree(tree, exclusions);
  }

  spawn(request: SpawnRequest, onOutput: (text: string) => void | Promise<void>): Promise<number> {
    return this.processes.spawn(request, onOutput);
  }

  exit(processId: number): Promise<number> {
    return this.processes.exit(processId);
  }

  write(processId: number, text: string): Promise<void> {
    return this.processes.write(processId, text);
  }

  async kill(processId: number): Promise<void> {
    this.processes.kill(processId);
  }

  async subscribe(listener: EventListener): Promise<void> {
    this.listeners.add(listener);
  }

  private container(): ContainerApi {
    return this.controller.requireContainer();
  }

  private forwardEvents(container: ContainerApi): void {
    container.on('server-ready', (port, url) => this.emit({ type: 'server_ready', port, url }));
    container.on('port', (port, type) => {
      if (type === 'close') this.emit({ type: 'port_closed', port });
    });
    container.on('error', (error) => console.warn('WebContainer reported an error:', error.message));
  }

  /** A listener that fails (its worker is gone) is dropped. */
  private emit(event: ContainerEvent): void {
    for (const listener of this.listeners) {
      Promise.resolve()
        .then(() => listener(event))
        .catch(() => this.listeners.delete(listener));
    }
  }
}
