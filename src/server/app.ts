/**
 * Builds the Fastify app: security headers, compression, rate limits, websockets, the API
 * under /api, and the web app. main.ts listens; tests call app.inject() on what this returns.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { actorPlugin } from './auth/actor.ts';
import { ApiError } from './services/errors.ts';
import { systemRoutes } from './routes/system.ts';
import { dataRoutes } from './routes/data.ts';
import { realtimeRoutes } from './routes/realtime.ts';
import { scoreRoutes } from './routes/scores.ts';
import { spaRoutes } from './routes/spa.ts';
import { formRoutes } from './routes/forms.ts';
import { createCaptchaService } from './services/captchaService.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Content-Security-Policy: only what the app loads — its own scripts, styles, fonts, images,
 * audio worklets and API/websocket on the same origin. No CDN, no inline script.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:', 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
} as const;

/** ALTCHA_HMAC_KEY, or a random key for this process only (with a warning saying so). */
function captchaKey(config: Config, app: FastifyInstance): string {
  if (config.ALTCHA_HMAC_KEY) return config.ALTCHA_HMAC_KEY;
  app.log.warn(
    'ALTCHA_HMAC_KEY is not set: using a random key, so solved human checks do not survive a restart and are not accepted by other instances',
  );
  return randomBytes(32).toString('hex');
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
    // The site never sends a Referer with secrets, but keep origins only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.siteUrl.startsWith('https://'),
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(websocket);
  await app.register(actorPlugin, { adminToken: config.ADMIN_TOKEN });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send({ error: { message: error.message, code: error.code } });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({
        error: {
          message: (error as Error).message,
          code: (error as { code?: string }).code ?? 'bad_request',
        },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: { message: 'Internal server error', code: 'internal' } });
  });

  await app.register(systemRoutes, { config, database });
  await app.register(dataRoutes, {
    database,
    publicKey: config.environments[config.APP_ENV]?.publicKey,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
    requireScoreSession: config.SCORE_SESSIONS === 'required',
  });
  await app.register(scoreRoutes, {
    database,
    publicKey: config.environments[config.APP_ENV]?.publicKey,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
    cacheTtlMs: config.SCORE_CACHE_MS,
  });
  await app.register(realtimeRoutes, { instanceId: randomUUID() });
  await app.register(formRoutes, {
    database,
    captcha: createCaptchaService(database, { hmacKey: captchaKey(config, app) }),
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
  });
  await spaRoutes(app, { staticDir: config.STATIC_DIR, siteUrl: config.siteUrl });

  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
