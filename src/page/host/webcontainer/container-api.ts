import type {
  DirEnt,
  ErrorListener,
  ExportOptions,
  FileSystemTree,
  LoadFilesOptions,
  PortListener,
  ServerReadyListener,
  SpawnOptions,
  Unsubscribe,
  WebContainerProcess,
} from '@webcontainer/api';

/**
 * The part of WebContainer's file system API Sandpiper uses, with the real signatures
 * (`@webcontainer/api` 1.6.4). Paths are relative to the container's `workdir`.
 */
export interface ContainerFileSystem {
  readFile(path: string, encoding?: null): Promise<Uint8Array>;
  writeFile(
    path: string,
    data: string | Uint8Array,
    options?: string | { encoding?: string | null } | null,
  ): Promise<void>;
  readdir(path: string, options: { encoding?: null; withFileTypes: true }): Promise<DirEnt<string>[]>;
  mkdir(path: string, options: { recursive: true }): Promise<string>;
  rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>;
  rename(oldPath: string, newPath: string): Promise<void>;
}

/**
 * The part of a booted `WebContainer` Sandpiper uses. The real class is assignable to
 * it (the host's boot returns one as this type, which the type check verifies), and
 * the test fake implements it.
 */
export interface ContainerApi {
  readonly fs: ContainerFileSystem;
  /** Absolute path of the working directory every relative path starts from. */
  readonly workdir: string;
  spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess>;
  mount(tree: FileSystemTree, options?: LoadFilesOptions): Promise<void>;
  export(path: string, options: ExportOptions & { format?: 'json' }): Promise<FileSystemTree>;
  on(event: 'server-ready', listener: ServerReadyListener): Unsubscribe;
  on(event: 'port', listener: PortListener): Unsubscribe;
  on(event: 'error', listener: ErrorListener): Unsubscribe;
}

/** The folder name of the container's working directory (`/home/sandpiper`). */
export const WORKDIR_NAME = 'sandpiper';
