// Mailsift dashboard (no build step): reads /v1/stats, /v1/usage and /v1/model with the key the
// user enters, and draws them with Chart.js (served by the service itself, no CDN).
// Everything a response says is put in the page as text (textContent, chart labels drawn on a
// canvas), never parsed as HTML. The key lives in this tab's sessionStorage only and travels
// as the Authorization header, never in a URL.
/* global Chart */

const KEY_ITEM = 'mailsift.apiKey';
const REFRESH_MS = 30_000;
const TOP_REASONS = 10;

const COLORS = {
  allow: '#1b7f3b',
  review: '#a15c00',
  block: '#b3261e',
  usage: '#1f5fbf',
  baseline: '#55555a',
  learned: '#1f5fbf',
  personal: '#7b3fa0',
  published: '#1d1d1f',
  real: '#1f5fbf',
  fake: '#b3261e',
  share: '#1d1d1f',
  reasons: '#1f5fbf',
};

const $ = (id) => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing element #${id}`);
  return el;
};

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

class KeyRefused extends Error {}

let timer;
let loading = false;
const charts = new Map();
/** Whether this key may read the rules (admin scope): asked once per key, since a refusal does not change. */
let rulesAccess;

function storedKey() {
  return sessionStorage.getItem(KEY_ITEM);
}

function setStatus(text, isError = false) {
  const el = $('status');
  el.textContent = text;
  el.classList.toggle('error', isError);
}

function setLocked(locked) {
  $('unlock').hidden = !locked;
  $('panels').hidden = locked;
  $('controls').hidden = locked;
  $('account').hidden = locked;
  document.body.dataset.state = locked ? 'locked' : 'loading';
  if (locked) $('key').focus();
}

/** GET a JSON resource of the API with the key as Bearer header: {status, body}. */
async function request(path) {
  const key = storedKey();
  if (!key) throw new KeyRefused('no key');
  const res = await fetch(path, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' }, cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' });
  let body;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  return { status: res.status, body, error: typeof body?.error === 'string' ? body.error : `HTTP ${res.status}` };
}

/** The body of a resource the dashboard needs; a key refused (401) or without the read scope (403) cannot show anything. */
async function api(path) {
  const r = await request(path);
  if (r.status === 401 || r.status === 403) throw new KeyRefused(r.error);
  if (r.status !== 200) throw new Error(`${path.split('?')[0]}: ${r.error}`);
  return r.body;
}

/** The selected period as from/to (UTC days, both included). */
function period() {
  const days = Number($('range').value);
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  const iso = (d) => d.toISOString().slice(0, 10);
  return `from=${iso(from)}&to=${iso(to)}`;
}

const shortDate = (date) => date.slice(5);

function axis(title, extra = {}) {
  return { title: { display: true, text: title, color: '#1d1d1f', font: { weight: 'bold' } }, ticks: { color: '#3a3a3f' }, grid: { color: '#e3e3e8' }, ...extra };
}

/** Creates the chart on first use, else replaces its data (no animation: a refresh must not flicker). */
function draw(id, config, summary) {
  const canvas = $(id);
  const existing = charts.get(id);
  if (existing) {
    existing.data = config.data;
    existing.options = config.options;
    existing.update('none');
  } else {
    charts.set(id, new Chart(canvas, config));
  }
  canvas.setAttribute('aria-label', summary);
}

function baseOptions(xTitle, yTitle, extra = {}) {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: { labels: { color: '#1d1d1f', boxWidth: 14 } } },
    scales: { x: axis(xTitle, { ticks: { color: '#3a3a3f', maxRotation: 0, autoSkipPadding: 8 } }), y: axis(yTitle, { beginAtZero: true, ticks: { color: '#3a3a3f', precision: 0 } }) },
    ...extra,
  };
}

function renderVerdicts(stats) {
  const labels = stats.days.map((d) => shortDate(d.date));
  const totals = { allow: 0, review: 0, block: 0 };
  for (const d of stats.days) for (const v of Object.keys(totals)) totals[v] += d.checks[v];
  const options = baseOptions('Day (UTC)', 'Checks');
  options.scales.x.stacked = true;
  options.scales.y.stacked = true;
  const summary = `${stats.days.length} days: ${number.format(totals.allow)} allow, ${number.format(totals.review)} review, ${number.format(totals.block)} block.`;
  draw(
    'verdicts-chart',
    {
      type: 'bar',
      data: { labels, datasets: ['allow', 'review', 'block'].map((v) => ({ label: v, data: stats.days.map((d) => d.checks[v]), backgroundColor: COLORS[v], stack: 'verdicts' })) },
      options,
    },
    summary,
  );
  const el = $('verdicts-summary');
  el.textContent = summary;
  for (const v of Object.keys(totals)) el.dataset[v] = String(totals[v]);
}

function renderUsage(usage) {
  const summary = `${number.format(usage.total)} billed emails from ${usage.from} to ${usage.to}.`;
  draw(
    'usage-chart',
    {
      type: 'bar',
      data: { labels: usage.days.map((d) => shortDate(d.date)), datasets: [{ label: 'billed emails', data: usage.days.map((d) => d.emails), backgroundColor: COLORS.usage }] },
      options: baseOptions('Day (UTC)', 'Billed emails'),
    },
    summary,
  );
  $('usage-summary').textContent = summary;
}

/** Points where learned versions were published, drawn at the bottom of a model chart. */
function publishedMarkers(stats) {
  const marks = stats.days.map((d) => (d.models_published.length ? 0 : null));
  const text = stats.days.map((d) => d.models_published.map((p) => `${p.model === 'personal' ? 'personal' : 'learned'} v${p.version}`).join(', '));
  return {
    label: 'new version published',
    data: marks,
    showLine: false,
    pointStyle: 'triangle',
    pointRadius: 8,
    pointHoverRadius: 10,
    backgroundColor: COLORS.published,
    borderColor: COLORS.published,
    text,
  };
}

function modelSeries(stats, metric) {
  const series = [];
  for (const model of ['baseline', 'learned', 'personal']) {
    const data = stats.days.map((d) => d.models[model]?.[metric] ?? null);
    if (data.every((x) => x === null) && model !== 'baseline') continue;
    series.push({ label: model === 'learned' ? 'learned (shared)' : model, data, borderColor: COLORS[model], backgroundColor: COLORS[model], pointRadius: 3, spanGaps: true, borderDash: model === 'baseline' ? [6, 4] : [] });
  }
  return series;
}

function renderModels(stats) {
  const labels = stats.days.map((d) => shortDate(d.date));
  const published = publishedMarkers(stats);
  const tooltip = {
    callbacks: {
      label: (ctx) => (ctx.dataset.text ? `published: ${ctx.dataset.text[ctx.dataIndex]}` : `${ctx.dataset.label}: ${ctx.formattedValue}`),
    },
  };
  const versions = stats.days.flatMap((d) => d.models_published.map((p) => `${p.model === 'personal' ? 'personal' : 'learned'} v${p.version} on ${d.date}`));
  const published_ = versions.length ? ` Published: ${versions.join('; ')}.` : ' No learned version was published in this period.';
  const days = stats.days.filter((d) => d.models.baseline);
  const mean = (model, metric) => {
    const xs = stats.days.map((d) => d.models[model]?.[metric]).filter((x) => typeof x === 'number');
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined;
  };
  const describe = (metric, fmt) =>
    ['baseline', 'learned', 'personal']
      .map((m) => [m, mean(m, metric)])
      .filter(([, v]) => v !== undefined)
      .map(([m, v]) => `${m} ${fmt(v)}`)
      .join(', ');
  const accuracyText = days.length ? `Daily accuracy on ${days.length} ${days.length === 1 ? 'day' : 'days'} with outcomes, mean: ${describe('accuracy', (v) => percent.format(v))}.${published_}` : `No outcomes reported in this period.${published_}`;
  const lossText = days.length ? `Daily log loss (lower is better), mean: ${describe('log_loss', (v) => v.toFixed(3))}.${published_}` : `No outcomes reported in this period.${published_}`;

  const accuracy = baseOptions('Day (UTC)', 'Accuracy', { plugins: { legend: { labels: { color: '#1d1d1f', boxWidth: 14 } }, tooltip } });
  accuracy.scales.y = axis('Accuracy', { min: 0, max: 1, ticks: { color: '#3a3a3f', callback: (v) => percent.format(v) } });
  draw('accuracy-chart', { type: 'line', data: { labels, datasets: [...modelSeries(stats, 'accuracy'), published] }, options: accuracy }, accuracyText);
  $('accuracy-summary').textContent = accuracyText;

  const loss = baseOptions('Day (UTC)', 'Log loss', { plugins: { legend: { labels: { color: '#1d1d1f', boxWidth: 14 } }, tooltip } });
  loss.scales.y = axis('Log loss (lower is better)', { beginAtZero: true });
  draw('logloss-chart', { type: 'line', data: { labels, datasets: [...modelSeries(stats, 'log_loss'), { ...publishedMarkers(stats) }] }, options: loss }, lossText);
  $('logloss-summary').textContent = lossText;
}

function renderOutcomes(stats) {
  const labels = stats.days.map((d) => shortDate(d.date));
  const real = stats.days.reduce((s, d) => s + d.outcomes.real, 0);
  const fake = stats.days.reduce((s, d) => s + d.outcomes.fake, 0);
  const share = stats.days.map((d) => (d.outcomes.real + d.outcomes.fake ? (100 * d.outcomes.fake) / (d.outcomes.real + d.outcomes.fake) : null));
  const summary = real + fake ? `${number.format(real + fake)} outcomes reported: ${number.format(real)} real, ${number.format(fake)} fake (${percent.format(fake / (real + fake))} fake).` : 'No outcomes reported in this period.';
  const options = baseOptions('Day (UTC)', 'Outcomes');
  options.scales.x.stacked = true;
  options.scales.y.stacked = true;
  options.scales.y1 = axis('Share fake (%)', { position: 'right', min: 0, max: 100, grid: { drawOnChartArea: false } });
  draw(
    'outcomes-chart',
    {
      type: 'bar',
      data: {
        labels,
        datasets: [
          { label: 'real', data: stats.days.map((d) => d.outcomes.real), backgroundColor: COLORS.real, stack: 'outcomes', order: 2 },
          { label: 'fake', data: stats.days.map((d) => d.outcomes.fake), backgroundColor: COLORS.fake, stack: 'outcomes', order: 2 },
          { type: 'line', label: 'share fake (%)', data: share, yAxisID: 'y1', borderColor: COLORS.share, backgroundColor: COLORS.share, pointRadius: 3, spanGaps: true, order: 1 },
        ],
      },
      options,
    },
    summary,
  );
  $('outcomes-summary').textContent = summary;
}

function renderReasons(stats) {
  const totals = new Map();
  for (const d of stats.days) for (const [code, n] of Object.entries(d.reasons)) totals.set(code, (totals.get(code) ?? 0) + n);
  const top = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_REASONS);
  const summary = top.length ? `Most frequent: ${top.map(([c, n]) => `${c} ${number.format(n)}`).join(', ')}.` : 'No checks in this period.';
  const options = baseOptions('Checks', 'Reason code', { indexAxis: 'y', plugins: { legend: { display: false } } });
  options.scales = { x: axis('Checks carrying the reason', { beginAtZero: true, ticks: { color: '#3a3a3f', precision: 0 } }), y: axis('Reason code', { ticks: { color: '#3a3a3f', autoSkip: false } }) };
  draw('reasons-chart', { type: 'bar', data: { labels: top.map(([c]) => c), datasets: [{ label: 'checks', data: top.map(([, n]) => n), backgroundColor: COLORS.reasons }] }, options }, summary);
  $('reasons-summary').textContent = summary;
}

function renderWaves(stats) {
  const body = $('waves-body');
  body.replaceChildren(
    ...stats.waves.map((w) => {
      const tr = document.createElement('tr');
      const domain = document.createElement('td');
      domain.textContent = w.domain;
      const n = document.createElement('td');
      n.className = 'num';
      n.textContent = number.format(w.recent_signups);
      tr.append(domain, n);
      return tr;
    }),
  );
  $('waves-table').hidden = stats.waves.length === 0;
  $('waves-empty').hidden = stats.waves.length > 0;
}

function renderModelStatus(model) {
  const mode = { off: 'Model mode off: every check is scored by the baseline.', on: 'Model mode on: the newest learned model answers once one exists.', auto: 'Model mode auto: a learned model answers only while it beats the baseline.' }[model.mode] ?? `Model mode ${model.mode}.`;
  const serving = model.serving === 'learned' ? `Your checks are answered by learned model v${model.learned_version}.` : 'Your checks are answered by the baseline.';
  const learned = model.learned_version > 0 ? `Learned model v${model.learned_version} is ${model.healthy ? 'healthy (it beats the baseline on recent outcomes)' : 'not healthy yet (it does not beat the baseline on recent outcomes)'}.` : 'No learned model has been published yet.';
  const examples = `${number.format(model.feedback_examples)} outcomes reported by ${number.format(model.customers)} ${model.customers === 1 ? 'customer' : 'customers'} in all.`;
  $('model-status').textContent = `${mode} ${serving} ${learned} ${examples}`;
  $('model-recommendation').textContent = model.recommendation;
}

const RULE_VALUE_OF_EMAIL = 'an address (only a keyed hash of it is kept)';
/** Rows of the rules table: an account may have 10,000 rules, a page of 10,000 rows redrawn every 30 s is no use to read. */
const RULES_SHOWN = 100;

/** The newest rules first (GET /v1/rules lists them oldest first), at most RULES_SHOWN of them. */
function renderRules(rules) {
  const shown = rules.slice(-RULES_SHOWN).reverse();
  $('rules-body').replaceChildren(
    ...shown.map((r) => {
      const tr = document.createElement('tr');
      for (const text of [r.action, r.type, r.value ?? RULE_VALUE_OF_EMAIL, r.note ?? '', r.created_at.slice(0, 16).replace('T', ' ')]) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    }),
  );
  $('rules-table').hidden = rules.length === 0;
  const count = `${number.format(rules.length)} ${rules.length === 1 ? 'rule' : 'rules'}`;
  $('rules-status').textContent = !rules.length ? 'No rules.' : rules.length > shown.length ? `${count}; the ${shown.length} newest are shown (GET /v1/rules lists every one).` : `${count}, newest first.`;
}

/** The account's rules, when the key has the admin scope; else the page says why it shows none. */
async function loadRules() {
  if (rulesAccess === 'denied') return;
  const r = await request('/v1/rules');
  if (r.status === 403) {
    rulesAccess = 'denied';
    $('rules-table').hidden = true;
    $('rules-status').textContent = 'This key cannot read the rules: that needs a key with the admin scope.';
    return;
  }
  if (r.status === 401) throw new KeyRefused(r.error);
  if (r.status !== 200) throw new Error(`/v1/rules: ${r.error}`);
  rulesAccess = 'granted';
  renderRules(r.body.rules);
}

async function load() {
  if (loading) return;
  loading = true;
  try {
    const range = period();
    const [stats, usage, model] = await Promise.all([api(`/v1/stats?${range}`), api(`/v1/usage?${range}`), api('/v1/model'), loadRules()]);
    $('account').textContent = `Account ${stats.account}, ${stats.from} to ${stats.to} (UTC)`;
    renderModelStatus(model);
    renderVerdicts(stats);
    renderUsage(usage);
    renderModels(stats);
    renderOutcomes(stats);
    renderReasons(stats);
    renderWaves(stats);
    $('updated').textContent = `Updated ${new Date().toLocaleTimeString('en-GB')}; refreshes every 30 s.`;
    setStatus('');
    document.body.dataset.state = 'loaded';
  } catch (err) {
    if (err instanceof KeyRefused) {
      forget();
      setStatus(`The API key was refused (${err.message}). Enter another: the dashboard needs a key with the read scope.`, true);
    } else {
      setStatus(`Could not load the figures: ${err instanceof Error ? err.message : String(err)}. Retrying in 30 s.`, true);
      document.body.dataset.state = 'error';
    }
  } finally {
    loading = false;
  }
}

function start() {
  setLocked(false);
  clearInterval(timer);
  timer = setInterval(load, REFRESH_MS);
  return load();
}

function forget() {
  sessionStorage.removeItem(KEY_ITEM);
  rulesAccess = undefined;
  clearInterval(timer);
  for (const c of charts.values()) c.destroy();
  charts.clear();
  setLocked(true);
}

function init() {
  Chart.defaults.font.family = getComputedStyle(document.documentElement).fontFamily;
  Chart.defaults.color = '#1d1d1f';
  $('key-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const input = $('key');
    const key = input.value.trim();
    input.value = '';
    if (!key) return;
    sessionStorage.setItem(KEY_ITEM, key);
    setStatus('');
    void start();
  });
  $('forget').addEventListener('click', () => {
    forget();
    setStatus('The key was removed from this tab.');
  });
  $('refresh').addEventListener('click', () => void load());
  $('range').addEventListener('change', () => void load());
  if (storedKey()) void start();
  else setLocked(true);
}

init();
