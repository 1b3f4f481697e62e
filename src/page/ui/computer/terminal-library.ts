import type { FitAddon } from '@xterm/addon-fit';
import type { Terminal } from '@xterm/xterm';

/** The xterm classes the terminal view uses. */
export type TerminalLibrary = { Terminal: typeof Terminal; FitAddon: typeof FitAddon };

let loading: Promise<TerminalLibrary> | null = null;

/**
 * xterm, its fit addon and its stylesheet, loaded on first use so none of them is part
 * of the first paint. A failed load is retried on the next call.
 */
export function loadTerminalLibrary(): Promise<TerminalLibrary> {
  loading ??= Promise.all([
    import('@xterm/xterm'),
    import('@xterm/addon-fit'),
    import('@xterm/xterm/css/xterm.css'),
  ]).then(([xterm, fit]) => ({ Terminal: xterm.Terminal, FitAddon: fit.FitAddon }));
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
