/**
 * Upstream llama.cpp `llama-server` (../shared/llm) for the tests that need a real one:
 * the synthetic model made once per file, the server started on a free port with the
 * flags given, stopped by its PID. Where ../shared/llm is absent, the suites skip, saying
 * why (`skipEachWithoutShared(...LLM_NEEDS)`, tests/shared-folder.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

/** The synthetic model, written to a scratch folder; `remove` deletes it. */
export function makeSyntheticModel(): { path: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'sandpiper-llm-'));
  const path = join(folder, 'synthetic.gguf');
  execFileSync('python3', [join(LLM_DIR, 'make-model.py'), path], { stdio: 'ignore' });
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) };
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
