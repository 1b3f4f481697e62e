import { z } from 'zod';

// Zod compiles fast parsers with `new Function` when it may; the page's CSP forbids eval,
// and even zod's guarded probe for it is reported as a violation. Imported first by
// main.tsx, so no schema in the page ever tries.
z.config({ jitless: true });
