import { readFileSync } from 'node:fs';
import { VitePWA } from 'vite-plugin-pwa';
import solid from 'vite-plugin-solid';
import { configDefaults, defineConfig } from 'vitest/config';
import packageJson from './package.json' with { type: 'json' };
import { PATH_ALIASES } from './scripts/path-aliases.mjs';
import { CONTENT_SECURITY_POLICY } from './src/build/content-security-policy.ts';
import { previewRuntimePlugin } from './src/build/preview-runtime-build.ts';
import { CROSS_ORIGIN_ISOLATION_HEADERS } from './src/shared/protocol/cross-origin-isolation.ts';
import { chunkFileName, LAZY_ASSETS_FOLDER } from './src/shared/pwa/lazy-chunks.ts';
import { PYODIDE_ASSETS_PATH, PYODIDE_FILES } from './src/shared/pwa/pyodide-assets.ts';
import { isPythonWorkerScript, PYTHON_WORKER_CSP } from './src/shared/pwa/python-worker-policy.ts';
import { webManifest } from './src/shared/pwa/web-manifest.ts';
import { UNIT_TESTS, UNIT_TESTS_THAT_MOCK_MODULES } from './tests/unit-test-files.ts';

export default defineConfig({
  plugins: [
    solid(),
    // The preview runtime's code as a string (the service worker's preview route; tests import it too).
    previewRuntimePlugin(),
    // The CSP goes into the built page only: `vite dev` needs its HMR socket and inline helpers.
    {
      name: 'sandpiper-content-security-policy',
      apply: 'build',
      transformIndexHtml: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
          injectTo: 'head-prepend',
        },
      ],
    },
    // `npm start` serves the Python worker's script with its own policy, as the service worker does.
    {
      name: 'sandpiper-python-worker-policy',
      configurePreviewServer(server) {
        server.middlewares.use((request, response, next) => {
          if (isPythonWorkerScript(new URL(request.url ?? '/', 'http://localhost').pathname))
            response.setHeader('Content-Security-Policy', PYTHON_WORKER_CSP);
          next();
        });
      },
    },
    // Pyodide's files under their own names (it finds them next to its indexURL), with the
    // lazy assets; `vite dev` serves them from node_modules at the same path.
    {
      name: 'sandpiper-pyodide-assets',
      generateBundle() {
        for (const file of PYODIDE_FILES) {
          const source = readFileSync(new URL(`./node_modules/pyodide/${file}`, import.meta.url));
          this.emitFile({ type: 'asset', fileName: `${PYODIDE_ASSETS_PATH}${file}`, source });
        }
      },
      configureServer(server) {
        server.middlewares.use((request, response, next) => {
          const file = PYODIDE_FILES.find((name) => request.url?.endsWith(`/${PYODIDE_ASSETS_PATH}${name}`));
          if (!file) return next();
          if (file.endsWith('.wasm')) response.setHeader('Content-Type', 'application/wasm');
          if (file.endsWith('.mjs')) response.setHeader('Content-Type', 'text/javascript');
          response.end(readFileSync(new URL(`./node_modules/pyodide/${file}`, import.meta.url)));
        });
      },
    },
    // Our own service worker (src/service-worker/sw.ts), registered by src/page/state/app-updates.ts
    // with workbox-window; none in `vite dev`.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webManifest(packageJson.description),
      // The manifest and its icons are matched by the patterns below already.
      includeManifestIcons: false,
      injectManifest: {
        // A classic script: registrable in every browser that has service workers.
        rollupFormat: 'iife',
        // The app shell, the agent worker and the virtual sandbox (shell commands work
        // offline); heavy parts loaded on demand stay out (cached on first use).
        globPatterns: ['**/*.{html,js,css,svg,png}'],
        globIgnores: [`assets/${LAZY_ASSETS_FOLDER}/**`],
        buildPlugins: { vite: [previewRuntimePlugin()] },
      },
      devOptions: { enabled: false },
    }),
  ],
  base: process.env.SANDPIPER_BASE ?? '/',
  worker: { format: 'es', rolldownOptions: { output: { chunkFileNames: chunkFileName } } },
  // micromatch's picomatch reads `path.sep`, `process.platform` and `process.version` when
  // it loads: in the browser it gets a real `path` and those two values, not Vite's stubs.
  resolve: { alias: [...PATH_ALIASES, { find: 'path', replacement: 'path-browserify' }] },
  define: {
    'process.platform': JSON.stringify('browser'),
    'process.version': JSON.stringify('v20.0.0'),
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // The app, and the page a preview opened in a tab of its own is served (src/service-worker/sw.ts).
      input: { index: 'index.html', 'preview-tab': 'preview-tab.html' },
      output: { chunkFileNames: chunkFileName },
    },
  },
  // Cross-origin isolation, which the optional Node runtime (WebContainer) needs.
  server: { headers: { ...CROSS_ORIGIN_ISOLATION_HEADERS } },
  preview: { host: '127.0.0.1', headers: { ...CROSS_ORIGIN_ISOLATION_HEADERS } },
  test: {
    // The default report, and a record of what was skipped for `npm test`'s last line.
    reporters: ['default', './tests/skip-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // vitest's default is one worker fewer than the cores: one, on this machine's two.
          maxWorkers: 2,
          include: UNIT_TESTS,
          exclude: [...UNIT_TESTS_THAT_MOCK_MODULES, ...configDefaults.exclude],
          // Files share a worker and its loaded modules (threads, no isolation): importing the
          // same modules again for each of 250 files took two thirds of the unit run's time.
          pool: 'threads',
          isolate: false,
          environment: 'node',
          // A hang guard, not a speed check: the CPU-bound sweeps share two cores.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Files that replace a module (vi.mock): in a shared worker the module another file
          // loaded would stay real here, and the mock would leak into the next file.
          name: 'unit-isolated',
          include: UNIT_TESTS_THAT_MOCK_MODULES,
          maxWorkers: 2,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          maxWorkers: 2,
          // As the unit tests: files share a worker and its loaded modules (338 s → 275 s here).
          pool: 'threads',
          isolate: false,
          include: ['tests/integration/**/*.test.ts', 'tests/fixtures/**/*.test.ts'],
          // Run on their own afterwards (project `python`): their interrupt timing is load-sensitive.
          exclude: ['tests/integration/python-shell.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Python's interrupt tests, alone: under the whole integration run's parallel load,
          // two of them failed in 2 of 5 CI runs (see the file's header and docs/how-it-works.md).
          name: 'python',
          include: ['tests/integration/python-shell.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Two files at a time, one per core (each its own Chromium, servers and ports). The gain
          // is smaller than two: two Chromiums share two cores (issue 41's note has the times).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          include: ['tests/bench/**/*.bench.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
