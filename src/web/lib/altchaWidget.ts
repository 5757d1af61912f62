/**
 * Loaded only through captcha.ts, lazily: registers the ALTCHA `<altcha-widget>` element.
 * `altcha/external` is the build without inline styles or blob workers, so the page keeps its
 * strict Content-Security-Policy (style-src 'self'; no CDN): its stylesheet and the SHA-256
 * worker are our own hashed assets (altcha README 'Content Security Policy', 'Using
 * altcha/external'). The server issues SHA-256 challenges only (captchaService.ts).
 */
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';

globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
