/**
 * Upstream llama.cpp `llama-server` (../shared/llm) for the tests that need a real one:
 * the synthetic model made once per machine (`syntheticModel`), the server started on a free port with the
 * flags given, stopped by its PID. Where ../shared/llm is absent, the suites skip, saying
 * why (`skipEachWithoutShared(...LLM_NEEDS)`, tests/shared-folder.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SHARED_FOLDER, sharedFile } from '../shared-folder.ts';

export const LLM_DIR = join(SHARED_FOLDER, 'llm');
/** What the suites need of the shared folder: the server and the script that makes the model. */
export const LLM_NEEDS = [sharedFile('llm/llama-server'), sharedFile('llm/make-model.py')];

/** The real chat templates kept with the tests (see tests/fixtures/chat-templates/README.md). */
const FIXTURE_TEMPLATES = resolve(import.meta.dirname, '../fixtures/chat-templates');

/** `--chat-template-file` for a template of ../shared/llm/templates, or with `fixture` one of ours. */
export function templateArgs(name: string, fixture = false): string[] {
  return ['--chat-template-file', join(fixture ? FIXTURE_TEMPLATES : join(LLM_DIR, 'templates'), name)];
}

export type LlamaServer = { process: ChildProcess; url: string };

/** Where made models are kept between files and runs, by what they are made from. */
const MODEL_CACHE = join(tmpdir(), 'sandpiper-llm-models');

/** A digest of what the synthetic model is made from: the script, the vocabulary and gguf-py. */
function modelInputsDigest(): string {
  const hash = createHash('sha256');
  const files = [
    join(LLM_DIR, 'make-model.py'),
    join(LLM_DIR, 'ggml-vocab-qwen2.gguf'),
    ...readdirSync(join(LLM_DIR, 'gguf-py'), { recursive: true, encoding: 'utf8' })
      .sort()
      .map((name) => join(LLM_DIR, 'gguf-py', name)),
  ];
  for (const file of files) {
    if (!statSync(file).isFile()) continue;
    hash.update(file.slice(LLM_DIR.length));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The synthetic model's path. Making it takes about 12 s of CPU, so it is made once per
 * machine and set of inputs (`modelInputsDigest`) and kept in the temp folder: a file that
 * finds another making it waits for that one (an exclusive lock file) instead of making its
 * own, and the model appears under its name only once whole (written aside, then renamed).
 */
export async function syntheticModel(): Promise<string> {
  const folder = join(MODEL_CACHE, modelInputsDigest());
  const path = join(folder, 'synthetic.gguf');
  mkdirSync(folder, { recursive: true });
  const lock = `${path}.lock`;
  const deadline = Date.now() + 120_000;
  while (!existsSync(path)) {
    let lockFd: number;
    try {
      lockFd = openSync(lock, 'wx');
    } catch {
      // Another file is making it: wait for it (a lock older than two minutes is from a killed run).
      const lockAgeMs = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (lockAgeMs > 120_000) rmSync(lock, { force: true });
      if (Date.now() > deadline)
        throw new Error(`The synthetic model was not made within 2 minutes (${lock}).`);
      await new Promise((wait) => setTimeout(wait, 250));
      continue;
    }
    try {
      const aside = `${path}.${process.pid}.part`;
      execFileSync('python3', [join(LLM_DIR, 'make-model.py'), aside], { stdio: 'ignore' });
      renameSync(aside, path);
    } finally {
      closeSync(lockFd);
      rmSync(lock, { force: true });
    }
  }
  return path;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts llama-server on `modelPath` with `args` on a free port and waits until it answers /health. */
export async function startLlama(modelPath: string, args: string[]): Promise<LlamaServer> {
  const port = await freePort();
  const child = spawn(
    join(LLM_DIR, 'llama-server'),
    [
      '-m',
      modelPath,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--jinja',
      '-t',
      '2',
      '-np',
      '1',
      ...args,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${url}/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { process: child, url };
    await new Promise((wait) => setTimeout(wait, 200));
  }
  child.kill();
  throw new Error(`llama-server did not start on ${url}`);
}
