/**
 * The dashboard's files, read once at start: the page (web/dashboard in the package) and the
 * charting library's browser build from its npm package (served by us: no CDN, works offline).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { StaticAsset } from '../api/routes/dashboard.ts';
import { packageRoot } from '../platform/package-root.ts';

export function loadDashboardAssets(): StaticAsset[] {
  const web = join(packageRoot(), 'web', 'dashboard');
  // chart.js exports no package.json: its main entry sits in dist/ beside the UMD build.
  const chartDist = dirname(createRequire(import.meta.url).resolve('chart.js'));
  return [
    { path: '/dashboard', contentType: 'text/html; charset=utf-8', body: readFileSync(join(web, 'index.html')) },
    { path: '/dashboard/dashboard.js', contentType: 'text/javascript; charset=utf-8', body: readFileSync(join(web, 'dashboard.js')) },
    { path: '/dashboard/dashboard.css', contentType: 'text/css; charset=utf-8', body: readFileSync(join(web, 'dashboard.css')) },
    { path: '/dashboard/favicon.svg', contentType: 'image/svg+xml', body: readFileSync(join(web, 'favicon.svg')) },
    { path: '/dashboard/vendor/chart.umd.min.js', contentType: 'text/javascript; charset=utf-8', body: readFileSync(join(chartDist, 'chart.umd.min.js')) },
  ];
}
