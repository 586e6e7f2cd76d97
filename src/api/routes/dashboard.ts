/**
 * GET /dashboard: the single-page dashboard and its assets (web/dashboard, and the charting
 * library from node_modules), served as fixed files: no key needed (the page asks for one),
 * no directory is exposed, nothing is built at run time.
 *
 * The page holds an API key, so every answer carries a strict Content-Security-Policy: scripts
 * and styles from this origin only (no inline script or style), requests to this origin only,
 * no frames, no forms that submit anywhere, and Trusted Types, so no script can write HTML
 * from a string.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

export interface StaticAsset {
  /** URL path, e.g. /dashboard/dashboard.js. */
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': DASHBOARD_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // Revalidated on each load (the ETag makes that a 304): an upgrade shows at once.
  'cache-control': 'no-cache',
};

export const dashboardRoutes =
  (assets: readonly StaticAsset[]): FastifyPluginAsync =>
  async (app) => {
    for (const a of assets) {
      const etag = `"${createHash('sha256').update(a.body).digest('base64url').slice(0, 27)}"`;
      app.get(
        a.path,
        // A page for browsers, not an API operation: left out of the OpenAPI document (and so of the generated clients).
        { exposeHeadRoute: true, schema: { hide: true } },
        async (req, reply) => {
          reply.headers(SECURITY_HEADERS).header('etag', etag).type(a.contentType);
          if (req.headers['if-none-match'] === etag) return reply.code(304).send();
          return reply.send(a.body);
        },
      );
    }
  };
