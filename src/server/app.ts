/**
 * Builds the Fastify app: security headers, compression, rate limits, websockets, the API
 * under /api, and the web app. main.ts listens; tests call app.inject() on what this returns.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { humanCheckSettings, mapTileSource, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { databaseErrorCode, isDatabaseUnavailable } from './db/isDatabaseUnavailable.ts';
import { actorPlugin } from './auth/actor.ts';
import { refuseBadRequestTargets, rewriteRequestTarget } from './http/requestTargetPolicy.ts';
import { TRUST_PROXY_TRUE_WARNING, trustProxyOption } from './http/trustProxy.ts';
import { ApiError, tooManyRequests } from './services/errors.ts';
import { registerBoundedJsonParser } from './boundedJson.ts';
import { errorSummary } from './errorSummary.ts';
import { createDailyWriteCaps } from './services/dailyWriteCaps.ts';
import { startPruner } from './services/pruner.ts';
import { systemRoutes } from './routes/system.ts';
import { dataRoutes } from './routes/data.ts';
import { realtimeRoutes } from './routes/realtime.ts';
import { battleRoutes } from './routes/battle.ts';
import { battleBoardRoutes } from './routes/battleBoard.ts';
import { createBattleLobby, type LobbyLimits } from './battle/battleLobby.ts';
import { systemBattleClock, type BattleClock } from './battle/battleClock.ts';
import { databaseRatingStore } from './battle/databaseRatingStore.ts';
import { battleNetwork } from './battle/battleNetwork.ts';
import type { BattleBus } from './battle/battleBus.ts';
import type { LobbyDirectory } from './battle/lobbyDirectory.ts';
import type { MatchTiming } from '../music/battle/battleMatch.ts';
import { realtimeSockets } from './realtime/realtimeSockets.ts';
import { SOCKET_LIMIT_DEFAULTS, type SocketLimitSettings } from './realtime/socketLimits.ts';
import { scoreRoutes } from './routes/scores.ts';
import { spaRoutes } from './routes/spa.ts';
import { formRoutes } from './routes/forms.ts';
import { createCaptchaService } from './services/captchaService.ts';
import { createMailer } from './mail/mailer.ts';
import { authSecret } from './auth/authSecret.ts';
import { createAuth, parseAdminEmails } from './auth/createAuth.ts';
import { sessionResolver } from './auth/sessionResolver.ts';
import { authRoutes } from './routes/auth.ts';
import { authAccountRoutes } from './routes/authAccount.ts';
import { adminUserRoutes } from './routes/adminUsers.ts';
import { curationRoutes } from './routes/curation.ts';
import { monitoringRoutes } from './routes/monitoring.ts';
import { sendEmailRoutes } from './routes/sendEmail.ts';
import { playlistRoutes } from './routes/playlists.ts';
import { practiceHistoryRoutes } from './routes/practiceHistory.ts';
import { libraryRoutes } from './routes/library.ts';
import { placeRoutes } from './routes/places.ts';
import { bandRoutes } from './routes/bands.ts';
import { tutorRoutes } from './routes/tutors.ts';
import { gazetteer } from './services/places/gazetteer.ts';
import { bandSearchRoutes } from './routes/bandSearch.ts';
import { configuredRecipients } from './services/emailRelayService.ts';
import { directoryRecipients } from './services/directory/directoryRecipients.ts';
import { bandCalendarRoutes } from './routes/bandCalendar.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { bandDynamicHead } from './http/bandPageHead.ts';
import { listedBandPages } from './services/bands/listedBandPages.ts';
import { createOwnerMail } from './services/ownerMail.ts';
import {
  altchaHumanCheck,
  createRemoteHumanCheck,
  type HumanCheckService,
} from './services/remoteHumanCheck.ts';

/** Retry-After for a 429 whose limit did not say when it ends: the usual one-minute window. */
const RETRY_AFTER_FALLBACK_SECONDS = 60;

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Socket limits besides the configured caps; tests pass short timeouts (issue 13.8). */
  realtime?: Partial<SocketLimitSettings>;
  /** Told of every route registered (tests check each /api path is a contract's; issue 15.1). */
  onRoute?: (route: RouteOptions) => void;
  /** Battle's pace and lobby limits; tests shorten the countdown and pauses (issue 17). */
  battle?: {
    timing?: Partial<MatchTiming>;
    /** The matches' clock (tests drive it by hand; default performance.now()). */
    clock?: BattleClock;
    limits?: Partial<LobbyLimits>;
    /**
     * How this instance reaches the others (issue 17 item 5). Default: LISTEN/NOTIFY and the
     * battle_lobby table on PostgreSQL, memory on PGlite (one process).
     */
    network?: { bus: BattleBus; directory: LobbyDirectory };
  };
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

/**
 * The policy for this deployment: Sentry's ingest origin may be reached when SENTRY_DSN is set,
 * and the Turnstile or hCaptcha widget (script, frame, verification calls) when configured.
 */
export function cspFor(config: Config): Record<string, readonly string[] | null> {
  const connect: string[] = [];
  const scripts: string[] = [];
  if (config.SENTRY_DSN) connect.push(new URL(config.SENTRY_DSN).origin);
  const provider = humanCheckSettings(config).provider;
  if (provider === 'turnstile') scripts.push('https://challenges.cloudflare.com');
  if (provider === 'hcaptcha') scripts.push('https://hcaptcha.com', 'https://*.hcaptcha.com');
  // Issue 16 item 2: the operator's map tile host, when MAP_TILE_URL is set.
  const tiles = mapTileSource(config);
  const imgSrc = tiles ? [...contentSecurityPolicy.imgSrc, tiles] : contentSecurityPolicy.imgSrc;
  if (connect.length === 0 && scripts.length === 0) {
    return tiles ? { ...contentSecurityPolicy, imgSrc } : contentSecurityPolicy;
  }
  return {
    ...contentSecurityPolicy,
    imgSrc,
    scriptSrc: [...contentSecurityPolicy.scriptSrc, ...scripts],
    connectSrc: [...contentSecurityPolicy.connectSrc, ...connect, ...scripts],
    frameSrc: scripts.length > 0 ? scripts : ["'self'"],
    styleSrc: [...contentSecurityPolicy.styleSrc, ...scripts],
  };
}

/** ALTCHA_HMAC_KEY, or a random key for this process only (with a warning saying so). */
/** The configured human check (config.ts humanCheckSettings); a half-set pair is reported. */
function createHumanCheck(
  config: Config,
  database: Database,
  app: FastifyInstance,
): HumanCheckService {
  const settings = humanCheckSettings(config);
  if (settings.provider !== 'altcha' && settings.secret) {
    return createRemoteHumanCheck({
      provider: settings.provider,
      siteKey: settings.siteKey,
      secret: settings.secret,
    });
  }
  if (config.TURNSTILE_SITE_KEY || config.HCAPTCHA_SITE_KEY) {
    app.log.warn('A human-check site key is set without its secret: using ALTCHA');
  }
  return altchaHumanCheck(createCaptchaService(database, { hmacKey: captchaKey(config, app) }));
}

function captchaKey(config: Config, app: FastifyInstance): string {
  if (config.ALTCHA_HMAC_KEY) return config.ALTCHA_HMAC_KEY;
  app.log.warn(
    'ALTCHA_HMAC_KEY is not set: using a random key, so solved human checks do not survive a restart and are not accepted by other instances',
  );
  return randomBytes(32).toString('hex');
}

/**
 * The origin sign-in links use (BETTER_AUTH_URL, else the site URL) and the other origins
 * allowed to post to /api/auth: the Vite dev server in development, and 127.0.0.1 beside
 * localhost when no public URL is set (a local run).
 */
function accountSite(config: Config): { siteUrl: string; extraOrigins: string[] } {
  const siteUrl = (config.BETTER_AUTH_URL ?? config.siteUrl).replace(/\/+$/, '');
  const extraOrigins: string[] = [];
  if (!config.PUBLIC_SITE_URL && !config.BETTER_AUTH_URL) {
    extraOrigins.push(`http://127.0.0.1:${config.PORT}`, `http://localhost:${config.PORT}`);
  }
  if (config.NODE_ENV !== 'production') {
    extraOrigins.push('http://localhost:5173', 'http://localhost:8888');
  }
  return { siteUrl, extraOrigins: extraOrigins.filter((o) => o !== siteUrl) };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // Issue 13.1/13.2: one request-target policy for every route (http/requestTarget.ts).
    rewriteUrl: rewriteRequestTarget,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  refuseBadRequestTargets(app);
  if (config.TRUST_PROXY === true) app.log.warn(TRUST_PROXY_TRUE_WARNING);
  // Issue 13.9: JSON nested deeper than MAX_JSON_DEPTH is a 400 at the parser.
  registerBoundedJsonParser(app);
  // PostgreSQL connection warnings (a restart cutting the pool) go to our log (issue 13 item 6).
  database.useLogger?.(app.log);

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspFor(config) },
    crossOriginEmbedderPolicy: false,
    // The site never sends a Referer with secrets, but keep origins only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.siteUrl.startsWith('https://'),
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    // Issue 13 item 13: the API's own error shape and code; the plugin sets Retry-After.
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Rate limit exceeded, retry in ${context.after}`, context.ttl / 1000),
  });
  // Issue 13.8: before the actor plugin, so a refused upgrade costs no session lookup.
  const authSite = accountSite(config);
  // The origins a browser write (or realtime socket) may come from: one list for every check.
  const siteOrigins = [authSite.siteUrl, ...authSite.extraOrigins];
  await app.register(realtimeSockets, {
    origins: siteOrigins,
    limits: {
      ...SOCKET_LIMIT_DEFAULTS,
      maxConnections: config.REALTIME_MAX_CONNECTIONS,
      maxConnectionsPerClient: config.REALTIME_MAX_CONNECTIONS_PER_CLIENT,
      ...options.realtime,
    },
  });
  // Outgoing mail: SMTP_URL, or the local outbox (issue 8). Routes reach it as app.mailer.
  app.decorate(
    'mailer',
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log, db: database }),
  );
  // Accounts (issue 8): better-auth on our database; the actor plugin reads each session.
  const secret = authSecret(config, (message) => app.log.warn(message));
  const auth = createAuth({
    database,
    mailer: app.mailer,
    secret,
    siteUrl: authSite.siteUrl,
    extraOrigins: authSite.extraOrigins,
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET }
        : undefined,
    adminEmails: parseAdminEmails(config.ADMIN_EMAILS),
  });
  const resolveSession = sessionResolver(database, secret);
  await app.register(actorPlugin, { adminToken: config.ADMIN_TOKEN, resolveSession });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      if (error.status === 429) {
        reply.header(
          'retry-after',
          String(error.retryAfterSeconds ?? RETRY_AFTER_FALLBACK_SECONDS),
        );
      }
      return reply.code(error.status).send({ error: { message: error.message, code: error.code } });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 429) {
      // A limit outside our code (a plugin): still the one shape every 429 has (issue 13).
      if (!reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(RETRY_AFTER_FALLBACK_SECONDS));
      }
      return reply
        .code(429)
        .send({ error: { message: (error as Error).message, code: 'rate_limited' } });
    }
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({
        error: {
          message: (error as Error).message,
          code: (error as { code?: string }).code ?? 'bad_request',
        },
      });
    }
    // PostgreSQL away or restarting: the request may succeed again shortly (issue 13 item 6).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: databaseErrorCode(error) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          error: {
            message: 'The database is unavailable; try again in a moment.',
            code: 'database_unavailable',
          },
        });
    }
    // Logged with the request id (pino's reqId); the answer carries it too, so a visitor's
    // report can be matched with the log line (issue 8 part 6).
    // A bounded summary, never the body (issue 13.9: query errors carry every parameter).
    request.log.error({ err: errorSummary(error) }, 'request failed');
    return reply.code(500).send({
      error: { message: 'Internal server error', code: 'internal', requestId: request.id },
    });
  });

  // Issue 13.10: per-client daily caps on stored anonymous writes, and retention on a timer.
  app.decorate('dailyWriteCaps', createDailyWriteCaps({ database, caps: config.DAILY_WRITE_CAPS }));
  if (config.PRUNE_INTERVAL_MINUTES > 0) {
    const pruner = startPruner({
      database,
      intervalMs: config.PRUNE_INTERVAL_MINUTES * 60_000,
      log: app.log,
    });
    app.addHook('onClose', () => pruner.stop());
  }

  await app.register(systemRoutes, { config, database });
  // Cookie-authenticated writes must come from these (issue 13, item 13; auth/sameOrigin.ts).
  await app.register(dataRoutes, {
    database,
    publicKey: config.environments[config.APP_ENV]?.publicKey,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
    requireScoreSession: config.SCORE_SESSIONS === 'required',
    origins: siteOrigins,
  });
  await app.register(scoreRoutes, {
    database,
    publicKey: config.environments[config.APP_ENV]?.publicKey,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
    cacheTtlMs: config.SCORE_CACHE_MS,
    origins: siteOrigins,
  });
  await app.register(realtimeRoutes, { instanceId: randomUUID() });
  // Issue 17: Battle (docs/decisions/027-battle.md).
  await app.register(battleRoutes, {
    lobby: createBattleLobby({
      ...(options.battle?.network ?? (await battleNetwork(database, app.log))),
      clock: options.battle?.clock ?? systemBattleClock,
      random: Math.random,
      newId: randomUUID,
      ratings: databaseRatingStore(database),
      limits: options.battle?.limits,
      timing: options.battle?.timing,
      onError: (err) => app.log.error({ err: errorSummary(err) }, 'battle rating failed'),
    }),
  });
  await app.register(battleBoardRoutes, { database });
  // Issue 8: the human check (ALTCHA unless Turnstile/hCaptcha keys are set) and mail to the
  // site owner, shared by the forms, the feedback widget and the Send Email relay.
  const humanCheck = createHumanCheck(config, database, app);
  const ownerMail = createOwnerMail(app.mailer, config.SITE_OWNER_EMAIL, app.log);
  await app.register(formRoutes, {
    database,
    captcha: humanCheck,
    ownerMail,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(monitoringRoutes, {
    database,
    clientErrorRows: config.CLIENT_ERROR_ROWS,
    ownerMail,
  });
  await app.register(sendEmailRoutes, {
    database,
    humanCheck,
    mailer: app.mailer,
    // Issue 16: `band:{id}` and `tutor:{id}` resolve on the server, for listed ones only.
    recipients: directoryRecipients(
      database.db,
      configuredRecipients({ email: config.SITE_OWNER_EMAIL, name: config.SITE_OWNER_NAME }),
    ),
  });
  await app.register(authRoutes, {
    auth,
    database,
    captcha: humanCheck,
    siteUrl: authSite.siteUrl,
    extraOrigins: authSite.extraOrigins,
    google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    mailboxOpen: config.NODE_ENV !== 'production',
    linksPerClientPerMinute: config.MAGIC_LINK_PER_CLIENT_PER_MINUTE,
  });
  await app.register(authAccountRoutes, {
    database,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
    origins: siteOrigins,
  });
  await app.register(adminUserRoutes, {
    database,
    origins: siteOrigins,
  });
  await app.register(curationRoutes, {
    database,
    mailer: app.mailer,
    siteUrl: config.siteUrl,
    origins: siteOrigins,
  });
  await app.register(playlistRoutes, {
    database,
    origins: siteOrigins,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
  });
  // Issue 15: the tune library (seeds the built-in tunes at start).
  await app.register(libraryRoutes, {
    database,
    origins: siteOrigins,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(placeRoutes, { origins: siteOrigins });
  // Issue 16: band registration and management (the finder's search is its own plugin).
  await app.register(bandRoutes, {
    database,
    origins: siteOrigins,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
    mailer: app.mailer,
    siteUrl: config.siteUrl,
    places: (placeId) => gazetteer().byId(placeId),
    resolveSession,
    reminderIntervalMs: config.PRUNE_INTERVAL_MINUTES * 60_000,
  });
  // Issue 16 items 4 and 7: band calendars, listing reports and moderation.
  await app.register(bandCalendarRoutes, {
    database,
    siteUrl: config.siteUrl,
    resolveSession,
  });
  await app.register(moderationRoutes, {
    database,
    mailer: app.mailer,
    siteUrl: config.siteUrl,
    origins: siteOrigins,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
  });
  // Issue 16 item 5: the tutor directory.
  await app.register(tutorRoutes, {
    database,
    origins: siteOrigins,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
    lookupPlace: (placeId) => gazetteer().byId(placeId),
  });
  // Issue 18 item 2: the practice history synced from the user's devices.
  await app.register(practiceHistoryRoutes, {
    database,
    origins: siteOrigins,
    writeLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
  });
  // Issue 16 item 2: the band finder's search and map markers.
  await app.register(bandSearchRoutes, { database, origins: siteOrigins });
  await spaRoutes(app, {
    staticDir: config.STATIC_DIR,
    siteUrl: config.siteUrl,
    dynamicHead: bandDynamicHead(database.db, config.siteUrl),
    sitemapExtra: () => listedBandPages(database.db),
  });

  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
