import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer } from './fixtures/server.ts';

const TOKEN = 'shots-admin-token-0123456789abcdef';
const server = await startServer({ env: { ADMIN_TOKEN: TOKEN, SITE_OWNER_EMAIL: 'o@x.org', STATIC_DIR: '/tmp/monitoring-dist' } });
const browser = await launchBrowser();
try {
  const now = new Date().toISOString();
  await fetch(`${server.url}/api/analytics`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: [
    ...Array.from({ length: 12 }, () => ({ kind: 'page_view', label: '/tuner', timestamp: now })),
    ...Array.from({ length: 5 }, () => ({ kind: 'page_view', label: '/metronome', timestamp: now })),
    ...Array.from({ length: 7 }, () => ({ kind: 'feature_usage', label: 'tuner', action: 'start', timestamp: now })),
    { kind: 'feature_usage', label: 'feedback', action: 'open', timestamp: now },
    { kind: 'error', label: 'microphone', message: 'x', timestamp: now },
  ] }) });
  await fetch(`${server.url}/api/client-errors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reports: [{ message: 'Failed to load high scores', name: 'TypeError', stack: 'TypeError: Failed to fetch\n    at load (assets/index.js:1:2345)', context: { source: 'data', operation: 'query', table: 'tblblasterhighscore' }, time: now, url: `${server.url}/leader-board`, release: '1.0.0' }] }) });
  await fetch(`${server.url}/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ 'form-name': 'contact', name: 'Morag Piper', email: 'morag@example.org', message: 'How do I tune my drones? The tenor drones keep drifting flat after ten minutes.', honeypot: '' }).toString() });
  for (const width of [1280, 390]) {
    const height = width === 390 ? 844 : 800;
    const page = await newPage(browser, { width, height });
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Report a Bug' }).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/monitoring-shots/home-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Report a Bug' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Send Bug Report' }).click();
    await page.screenshot({ path: `/tmp/monitoring-shots/feedback-${width}.png` });
    await page.getByLabel('Description').fill('The tuner sticks.');
    await page.getByRole('button', { name: 'Send Bug Report' }).click();
    await page.getByText('Thank you for your report!').waitFor();
    await page.screenshot({ path: `/tmp/monitoring-shots/thanks-${width}.png` });
    await page.goto(`${server.url}/template1`);
    await page.getByRole('button', { name: 'Email the Chanterlab team' }).click();
    await page.locator('altcha-widget').waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/monitoring-shots/sendemail-${width}.png` });
    await page.goto(`${server.url}/admin/analytics`);
    await page.getByText('Only administrators can read this page.').waitFor();
    await page.screenshot({ path: `/tmp/monitoring-shots/refused-${width}.png` });
    await page.getByLabel('Administrator token').fill(TOKEN);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Top pages' }).waitFor();
    await page.screenshot({ path: `/tmp/monitoring-shots/analytics-${width}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Error reports' }).click();
    await page.getByText('Failed to load high scores', { exact: false }).first().waitFor();
    await page.screenshot({ path: `/tmp/monitoring-shots/errors-${width}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Submissions' }).click();
    await page.getByText('How do I tune', { exact: false }).waitFor();
    await page.screenshot({ path: `/tmp/monitoring-shots/submissions-${width}.png`, fullPage: true });
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
