import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadWebLlmLibrary } from './load-web-llm.ts';

describe('loading web-llm', () => {
  it('adapts the real module: its model list, its function-calling models, an engine of the port’s shape', async () => {
    const library = await loadWebLlmLibrary();
    expect(library.appConfig.model_list.length).toBeGreaterThan(100);
    expect(library.functionCallingModelIds).toContain('Hermes-3-Llama-3.1-8B-q4f16_1-MLC');
    const engine = library.createEngine();
    expect(typeof engine.chat.completions.create).toBe('function');
    expect(typeof engine.reload).toBe('function');
    expect(typeof engine.interruptGenerate).toBe('function');
  });

  it('is the only runtime import of web-llm in the provider (a ~7 MB chunk, fetched on first use)', () => {
    const directory = new URL('.', import.meta.url);
    const sources = readdirSync(directory).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    const runtimeImports = sources.filter((name) => {
      const text = readFileSync(new URL(name, directory), 'utf8');
      return (
        /^import\s+(?!type\b)[^;]*from\s+'@mlc-ai\/web-llm'/m.test(text) ||
        text.includes("import('@mlc-ai/web-llm')")
      );
    });
    expect(runtimeImports).toEqual(['load-web-llm.ts']);
    expect(readFileSync(new URL('load-web-llm.ts', directory), 'utf8')).toContain(
      "await import('@mlc-ai/web-llm')",
    );
  });
});
