/**
 * The workspace port: save bytes to a path of the conversation's workspace and read them
 * back (images, decks, generated media), within the workspace's size limit. Paths are
 * absolute and under `/home/ubuntu`; a write past the limit is refused and writes nothing.
 */
export type SavedFile = { path: string; size: number; mime: string };

export interface WorkspacePort {
  save(path: string, content: string | Uint8Array): Promise<SavedFile>;
  read(path: string): Promise<Uint8Array>;
  /** True when a file is at `path`. */
  exists(path: string): Promise<boolean>;
}
