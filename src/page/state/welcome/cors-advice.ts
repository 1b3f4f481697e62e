import type { ServerKind } from '@/shared/protocol/providers.ts';

/** How to let this page read a server's replies, for the server usually found at an address. */
export type CorsAdvice = { text: string; command: string | null; more: string | null };

/**
 * What to change so the server at an address accepts requests from `appOrigin`, in the
 * words of each product's documentation (checked 2026-11): Ollama's `OLLAMA_ORIGINS`
 * (by default it allows only localhost, 127.0.0.1 and 0.0.0.0 pages, on any port), LM
 * Studio's "Enable CORS" server setting (`lms server start --cors`), llama-server's
 * `--cors-origins` (default `*`; `--tools` limits it to localhost). The server is the one
 * usually at that port: a refused reply cannot be read, so it is a guess, and said as one.
 */
export function corsAdvice(usualServer: ServerKind, appOrigin: string): CorsAdvice {
  switch (usualServer) {
    case 'Ollama':
      return {
        text: 'If it is Ollama: by default it accepts pages from localhost and 127.0.0.1 only. Quit it and start it with this app’s origin added:',
        command: `OLLAMA_ORIGINS=${appOrigin} ollama serve`,
        more: 'For the desktop app or a system service, set OLLAMA_ORIGINS in its environment instead (macOS: launchctl setenv; Linux: the systemd unit) and restart it.',
      };
    case 'LM Studio':
      return {
        text: 'If it is LM Studio: switch on “Enable CORS” in its server settings (Developer tab), or start its server with:',
        command: 'lms server start --cors',
        more: null,
      };
    case 'llama.cpp':
      return {
        text: 'If it is llama-server: it accepts every origin unless it was started with --cors-origins (or --tools, which limits it to localhost). Add this app’s origin to what you start it with:',
        command: `--cors-origins ${appOrigin}`,
        more: null,
      };
    case 'vLLM':
      return {
        text: 'If it is vLLM: it accepts every origin unless --allowed-origins narrows it. Add this app’s origin:',
        command: `--allowed-origins '["${appOrigin}"]'`,
        more: null,
      };
  }
}
