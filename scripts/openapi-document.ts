/**
 * The OpenAPI document exactly as the service serves it at /v1/openapi.json, without a server
 * listening anywhere: the service is composed in this process on a temporary data dir (embedded,
 * no DNS, no feeds) and asked for its document. The clients are generated from this text
 * (`npm run clients:generate`), and a test checks that clients/openapi.json is current.
 */
import { withComposedApi } from './composed-service.ts';

export async function renderOpenApi(): Promise<string> {
  return withComposedApi(async (api) => {
    const res = await api.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${res.statusCode}: ${res.body}`);
    return `${JSON.stringify(JSON.parse(res.body), null, 2)}\n`;
  });
}
