import { z } from 'zod';

/** The `toolKeys` name the X access token is kept under (redacted like every tool key). */
export const X_TOKEN_KEY = 'x_token';

/**
 * Settings → X (muxd's `x_*` tools). X's API sends no CORS headers, so a page cannot call
 * it: requests go to a proxy the person runs, at `proxyUrl`, with X API v2 paths appended
 * (`https://my-proxy.example/x` → `https://my-proxy.example/x/2/tweets`). The token is a
 * secret in `toolKeys` under `X_TOKEN_KEY`, sent only to that proxy as a bearer token.
 */
export const XSettings = z.object({
  proxyUrl: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//i.test(url), 'The proxy URL must start with http:// or https://.'),
});
export type XSettings = z.infer<typeof XSettings>;
