import type { ServerKind } from '@/shared/protocol/providers.ts';

/** One address the first-run search asks, with the server that usually listens there (a hint, never an identification). */
export type LocalServerAddress = { origin: string; usualServer: ServerKind };

/**
 * The addresses the first-run search asks: the default ports of llama.cpp's llama-server,
 * Ollama and LM Studio on this computer. Which server answers is told by its answers.
 */
export const LOCAL_SERVER_ADDRESSES: readonly LocalServerAddress[] = [
  { origin: 'http://127.0.0.1:8080', usualServer: 'llama.cpp' },
  { origin: 'http://127.0.0.1:11434', usualServer: 'Ollama' },
  { origin: 'http://127.0.0.1:1234', usualServer: 'LM Studio' },
];

/**
 * A model a found server lists: whether it is in memory and the window it runs with, where
 * the server says (null: it did not).
 */
export type FoundModel = { id: string; isLoaded: boolean | null; windowTokens: number | null };

/** What asking one address found. */
export type AddressOutcome =
  /** An OpenAI-compatible server this page can read: what it is (null: it did not say) and its models. */
  | {
      status: 'found';
      server: ServerKind | null;
      /** Its version or build, when it says. */
      version: string | null;
      models: FoundModel[];
    }
  /** Something answered, but the browser kept its replies from this page (CORS). */
  | { status: 'cors_refused' }
  /** It wants an API key (HTTP 401 or 403 on its model list). */
  | { status: 'needs_key'; httpStatus: number }
  /** It answered, but not with an OpenAI-style model list at /v1/models. */
  | { status: 'not_recognised'; detail: string }
  /** Nothing answered (or the browser would not let this page reach it). */
  | { status: 'nothing' }
  /** No answer in time. */
  | { status: 'timeout'; seconds: number };

/** One address with what asking it found. */
export type AddressResult = { address: LocalServerAddress; outcome: AddressOutcome };

/** The base URL of a found server's OpenAI-compatible API. */
export function apiBaseOf(address: LocalServerAddress): string {
  return `${address.origin}/v1`;
}

/** "127.0.0.1:8080" */
export function hostOf(address: LocalServerAddress): string {
  return new URL(address.origin).host;
}

/** The model to offer first: the first one loaded, else the first listed (null: none listed). */
export function preferredModel(models: readonly FoundModel[]): string | null {
  return (models.find((model) => model.isLoaded === true) ?? models[0])?.id ?? null;
}
