import type { Page } from 'playwright-core';

/**
 * What would show that hostile text ran, loaded or hijacked something, measured in the
 * page and in every frame: the corpus's `__xss` counter, CSP violation reports (collected
 * by `recordViolations`), `on*` attributes and script-bearing addresses in the app's DOM.
 */

/** One frame's reading: its origin, its `__xss` count and the CSP violations it reported. */
export type FrameReading = {
  url: string;
  /** `null`: an opaque (sandboxed) origin. */
  origin: string | null;
  xss: number;
  violations: string[];
  /** False when the frame could not be read (a frame sandboxed without scripts runs nothing, Playwright's probe included). */
  isReadable: boolean;
};

/** The figures of one look at the page. */
export type Harm = {
  /** `__xss` in the app's own document and in frames of the app's origin (goal 0). */
  executedInApp: number;
  /** `__xss` in frames of an opaque origin: a workspace page's own scripts, run sandboxed by design. */
  executedInSandboxedFrames: number;
  /** CSP reports in the app's own document and same-origin frames (goal 0). */
  unexpectedViolations: string[];
  /** CSP reports inside sandboxed preview frames: the preview's policy blocking the page (the defence working). */
  expectedViolations: string[];
  /** Elements of the app's DOM with an `on*` attribute (goal 0). */
  handlerAttributes: string[];
  /** `href`/`src`/`action`/`formaction` addresses with a script scheme, or data: other than an image (goal 0). */
  scriptAddresses: string[];
  frames: FrameReading[];
};

/**
 * Makes every document (the page and each frame, from before the app's code runs) collect
 * its CSP violation reports in `window.__cspViolations`.
 */
export async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as { __cspViolations?: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      // The element that tried (an inline handler's), and whether it was in the document.
      const target = event.target instanceof Element ? event.target : null;
      const where = target
        ? ` on ${target.isConnected ? '' : 'detached '}${target.outerHTML.slice(0, 160)}`
        : '';
      violations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} "${event.sample}"${where}`,
      );
    });
  });
}

async function readFrames(page: Page): Promise<FrameReading[]> {
  return Promise.all(
    page.frames().map(async (frame) => {
      try {
        const read = frame.evaluate(() => ({
          origin: window.origin === 'null' ? null : window.origin,
          xss: (window as { __xss?: number }).__xss ?? 0,
          violations: (window as { __cspViolations?: string[] }).__cspViolations ?? [],
        }));
        // A frame sandboxed without scripts may never give Playwright a context to evaluate in.
        const reading = await Promise.race([
          read,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no script context')), 2000)),
        ]);
        return { url: frame.url(), ...reading, isReadable: true };
      } catch {
        return { url: frame.url(), origin: null, xss: 0, violations: [], isReadable: false };
      }
    }),
  );
}

/** Reads the page and every frame (see `Harm`). */
export async function measureHarm(page: Page): Promise<Harm> {
  const appOrigin = new URL(page.url()).origin;
  const frames = await readFrames(page);
  const isApp = (reading: FrameReading) => reading.origin === appOrigin;
  const dom = await page.evaluate(() => {
    const isScriptAddress = (raw: string) => {
      // What a browser's URL parser ignores: leading and trailing spaces, tabs and newlines anywhere.
      const value = raw
        .replaceAll(/[\t\n\r]/g, '')
        .trim()
        .toLowerCase();
      if (/^(javascript|vbscript):/.test(value)) return true;
      return value.startsWith('data:') && !/^data:image\/(png|jpeg|gif|webp);/.test(value);
    };
    const handlers: string[] = [];
    const addresses: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) handlers.push(`<${element.localName} ${name}>`);
        if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(name)) {
          if (isScriptAddress(attribute.value))
            addresses.push(`<${element.localName} ${name}="${attribute.value}">`);
        }
      }
    }
    return { handlers, addresses };
  });
  return {
    executedInApp: frames.filter(isApp).reduce((total, reading) => total + reading.xss, 0),
    executedInSandboxedFrames: frames
      .filter((reading) => !isApp(reading))
      .reduce((total, reading) => total + reading.xss, 0),
    unexpectedViolations: frames.filter(isApp).flatMap((reading) => reading.violations),
    expectedViolations: frames.filter((reading) => !isApp(reading)).flatMap((reading) => reading.violations),
    handlerAttributes: dom.handlers,
    scriptAddresses: dom.addresses,
    frames,
  };
}
