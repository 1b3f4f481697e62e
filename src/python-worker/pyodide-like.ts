/** The parts of Pyodide the Python engine and pip use, as types (a module of its own so neither imports the other's). */

export type Stat = { mode: number; size: number; mtime: Date };

/** The parts of Pyodide's Emscripten filesystem used here. */
export type PyodideFs = {
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array): void;
  readFile(path: string): Uint8Array;
  readdir(path: string): string[];
  lstat(path: string): Stat;
  utime(path: string, atime: number, mtime: number): void;
  unlink(path: string): void;
  rmdir(path: string): void;
  chdir(path: string): void;
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
};

export type Writer = { write(buffer: Uint8Array): number };

/** The parts of Pyodide used here (its own types pull in Emscripten's globals). */
export type PyodideLike = {
  FS: PyodideFs;
  globals: { get(name: string): unknown };
  runPython(code: string, options?: { filename?: string }): unknown;
  runPythonAsync(code: string, options?: { filename?: string }): Promise<unknown>;
  setStdout(options: Writer): void;
  setStderr(options: Writer): void;
  setStdin(options: { read(buffer: Uint8Array): number; isatty?: boolean }): void;
  setInterruptBuffer(buffer: Int32Array): void;
  loadPackage(
    names: string,
    options?: { messageCallback?: (message: string) => void; errorCallback?: (message: string) => void },
  ): Promise<unknown>;
};

/** Where a run's output goes, as text. */
export type OutputSink = (stream: 'stdout' | 'stderr', text: string) => void;
