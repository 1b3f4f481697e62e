import { describe, expect, it } from 'vitest';
import { isPythonWorkerScript, PYTHON_WORKER_CSP } from '../shared/pwa/python-worker-policy.ts';
import { withIsolationHeaders } from './isolation-headers.ts';

describe("the Python worker's policy", () => {
  it('goes on the built Python worker script only, under any base path', () => {
    expect(isPythonWorkerScript('/assets/python.worker-fVCVoNb3.js')).toBe(true);
    expect(isPythonWorkerScript('/sandpiper/assets/python.worker-a_b-1.js')).toBe(true);
    expect(isPythonWorkerScript('/assets/agent.worker-fVCVoNb3.js')).toBe(false);
    expect(isPythonWorkerScript('/assets/python.worker-x.js.map')).toBe(false);
    const worker = withIsolationHeaders(new Response('x'), 'https://app.example/assets/python.worker-abc.js');
    expect(worker.headers.get('Content-Security-Policy')).toBe(PYTHON_WORKER_CSP);
    const page = withIsolationHeaders(new Response('x'), 'https://app.example/index.html');
    expect(page.headers.get('Content-Security-Policy')).toBeNull();
  });

  it('allows no script, request or font from an address the person has not given Python', () => {
    const directives = new Map(
      PYTHON_WORKER_CSP.split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).not.toContain('https:');
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'https://cdn.jsdelivr.net',
      'https://pypi.org',
      'https://files.pythonhosted.org',
    ]);
    expect(directives.get('font-src')).toEqual(["'none'"]);
  });
});
