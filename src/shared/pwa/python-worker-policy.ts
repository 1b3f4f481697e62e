/**
 * The Content-Security-Policy of the Python worker's script, which the worker then runs
 * under (a worker takes its policy from its script's response, not from the page). It is
 * what keeps the model's Python code from reaching the network by the routes the worker
 * scope cannot take away (`import()` of a remote module): scripts only from the app (and
 * Pyodide's package CDN), requests only to the app, the CDN and PyPI, no fonts, images or
 * nested workers. `'unsafe-eval'` stays: Pyodide builds JavaScript glue with `Function`.
 */
export const PYTHON_WORKER_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval' https://cdn.jsdelivr.net",
  "connect-src 'self' https://cdn.jsdelivr.net https://pypi.org https://files.pythonhosted.org",
  "font-src 'none'",
  "img-src 'none'",
  "worker-src 'none'",
].join('; ');

/** True for the built Python worker's script (`assets/python.worker-<hash>.js`), under any base path. */
export function isPythonWorkerScript(pathname: string): boolean {
  return /\/assets\/python\.worker-[\w-]+\.js$/.test(pathname);
}
