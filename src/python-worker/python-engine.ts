import type { FileChanges, MirrorEntry, PythonRequest } from '../shared/protocol/python-messages.ts';
import type { OutputSink, PyodideFs, PyodideLike, Stat } from './pyodide-like.ts';
import { runPip } from './python-pip.ts';
import { PYTHON_PRELUDE } from './python-prelude.ts';

/** The root shared with the virtual shell: the conversation's workspace. */
export const PYTHON_WORKSPACE_ROOT = '/home/ubuntu';

/** Past this many bytes of output (UTF-8) a run's further output is dropped (a runaway `print` loop). */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/**
 * One Pyodide interpreter whose `/home/ubuntu` mirrors the workspace: files come in
 * before a run, and what the run created, changed or removed goes back after it.
 */
export class PythonEngine {
  private readonly runCode: (...args: unknown[]) => number;

  constructor(
    private readonly pyodide: PyodideLike,
    interrupt: Int32Array | null,
  ) {
    if (interrupt) pyodide.setInterruptBuffer(interrupt);
    pyodide.FS.mkdirTree(PYTHON_WORKSPACE_ROOT);
    pyodide.runPython(PYTHON_PRELUDE, { filename: '<sandpiper>' });
    this.runCode = pyodide.globals.get('_sandpiper_run') as (...args: unknown[]) => number;
  }

  /** Runs `request` and returns its exit code and the workspace files it changed. */
  async run(
    request: PythonRequest,
    options: { cwd: string; stdin: Uint8Array; incoming: FileChanges; output: OutputSink },
  ): Promise<{ exitCode: number; files: FileChanges }> {
    this.apply(options.incoming);
    const before = this.scan();
    const output = cappedOutput(options.output);
    this.pyodide.setStdout({ write: (buffer) => output.write('stdout', buffer) });
    this.pyodide.setStderr({ write: (buffer) => output.write('stderr', buffer) });
    let offset = 0;
    this.pyodide.setStdin({
      isatty: false,
      read: (buffer) => {
        const count = Math.min(buffer.length, options.stdin.length - offset);
        buffer.set(options.stdin.subarray(offset, offset + count));
        offset += count;
        return count;
      },
    });
    let exitCode: number;
    if (request.mode === 'pip') {
      this.pyodide.FS.mkdirTree(options.cwd);
      this.pyodide.FS.chdir(options.cwd);
      exitCode = await runPip(this.pyodide, request.argv, (stream, text) => output.text(stream, text));
    } else {
      const target =
        request.mode === 'code' ? request.source : request.mode === 'file' ? request.path : request.module;
      exitCode = this.runCode(request.mode, target, request.argv, options.cwd);
    }
    output.flush();
    return { exitCode, files: this.changesSince(before) };
  }

  /** Writes the host's changes into the filesystem, with the host's modification times. */
  private apply(changes: FileChanges): void {
    const { FS } = this.pyodide;
    for (const path of [...changes.deletes].sort().reverse()) removeTree(FS, absolute(path));
    for (const path of changes.directories) FS.mkdirTree(absolute(path));
    for (const file of changes.writes) {
      const path = absolute(file.path);
      FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
      FS.writeFile(path, file.content);
      FS.utime(path, file.modifiedAt, file.modifiedAt);
    }
  }

  private changesSince(before: Map<string, MirrorEntry>): FileChanges {
    const after = this.scan();
    const changes: FileChanges = { deletes: [], directories: [], writes: [] };
    for (const path of before.keys()) if (!after.has(path)) changes.deletes.push(path);
    for (const [path, entry] of after) {
      const old = before.get(path);
      const isSame =
        old?.kind === entry.kind && old.size === entry.size && old.modifiedAt === entry.modifiedAt;
      if (isSame) continue;
      if (entry.kind === 'directory') changes.directories.push(path);
      else {
        const content = this.pyodide.FS.readFile(absolute(path));
        changes.writes.push({ path, content, modifiedAt: entry.modifiedAt });
      }
    }
    return changes;
  }

  /** Every file and folder under the workspace root (symlinks are not kept, as in the workspace). */
  private scan(): Map<string, MirrorEntry> {
    const { FS } = this.pyodide;
    const entries = new Map<string, MirrorEntry>();
    const visit = (relative: string) => {
      for (const name of FS.readdir(absolute(relative))) {
        if (name === '.' || name === '..') continue;
        const path = relative ? `${relative}/${name}` : name;
        const stat = FS.lstat(absolute(path));
        if (FS.isDir(stat.mode)) {
          entries.set(path, { kind: 'directory', size: 0, modifiedAt: stat.mtime.getTime() });
          visit(path);
        } else if (FS.isFile(stat.mode)) {
          entries.set(path, { kind: 'file', size: stat.size, modifiedAt: stat.mtime.getTime() });
        }
      }
    };
    visit('');
    return entries;
  }
}

function absolute(relative: string): string {
  return relative ? `${PYTHON_WORKSPACE_ROOT}/${relative}` : PYTHON_WORKSPACE_ROOT;
}

function removeTree(FS: PyodideFs, path: string): void {
  let stat: Stat;
  try {
    stat = FS.lstat(path);
  } catch {
    return;
  }
  if (!FS.isDir(stat.mode)) {
    FS.unlink(path);
    return;
  }
  for (const name of FS.readdir(path)) if (name !== '.' && name !== '..') removeTree(FS, `${path}/${name}`);
  FS.rmdir(path);
}

/** Decodes output as UTF-8 across chunk boundaries and stops passing it on past the cap (in bytes). */
function cappedOutput(sink: OutputSink) {
  const decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() };
  const encoder = new TextEncoder();
  let total = 0;
  let isCapped = false;
  const pass = (stream: 'stdout' | 'stderr', value: string, bytes: number) => {
    if (isCapped) return;
    total += bytes;
    if (total > MAX_OUTPUT_BYTES) {
      isCapped = true;
      sink('stderr', `\n[output past ${MAX_OUTPUT_BYTES / 1024 / 1024} MB dropped]\n`);
      return;
    }
    if (value) sink(stream, value);
  };
  return {
    text(stream: 'stdout' | 'stderr', value: string): void {
      pass(stream, value, encoder.encode(value).length);
    },
    write(stream: 'stdout' | 'stderr', buffer: Uint8Array): number {
      pass(stream, decoders[stream].decode(buffer, { stream: true }), buffer.length);
      return buffer.length;
    },
    flush(): void {
      // The bytes held back by the decoders were counted when they were written.
      pass('stdout', decoders.stdout.decode(), 0);
      pass('stderr', decoders.stderr.decode(), 0);
    },
  };
}
