/**
 * The site's forms (spec §7 'Contact form', 'Feature request'): POST / urlencoded, the
 * human-check challenge, and the administrators' list of submissions. Handlers stay thin:
 * parse, call the service, answer.
 */
import type { FastifyInstance } from 'fastify';
import { adminSubmissionsQuerySchema, type FormSubmissionAnswer } from '../../contracts/forms.ts';
import { adminRoutes } from '../../contracts/api/adminRoutes.ts';
import { formRoutes as routes } from '../../contracts/api/formRoutes.ts';
import { routeOf } from '../http/registerRoute.ts';
import type { Database } from '../db/client.ts';
import type { CaptchaService } from '../services/captchaService.ts';
import type { OwnerMail } from '../services/ownerMail.ts';
import type { HumanCheckService } from '../services/remoteHumanCheck.ts';
import { ApiError, forbidden } from '../services/errors.ts';
import { listSubmissions, submitForm, type FormBody } from '../services/formService.ts';
import { takeDailyWrites } from './takeDailyWrites.ts';
import { validate } from './validate.ts';

interface Options {
  database: Database;
  captcha: CaptchaService | HumanCheckService;
  ownerMail?: OwnerMail | undefined;
  writeLimitPerMinute: number;
}

/** Form posts are small: a message of 10 000 characters is well under this. */
const FORM_BODY_LIMIT = 64 * 1024;
const URLENCODED = 'application/x-www-form-urlencoded';

export async function formRoutes(app: FastifyInstance, options: Options) {
  const { database, captcha } = options;

  // No @fastify/formbody (no new dependencies): URLSearchParams is the whole parser. Each
  // field's last value wins; a field sent twice is not an array.
  app.addContentTypeParser(
    URLENCODED,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  // Handlers kept (urlencoded body, captcha, admin-only 403); paths from the contracts.
  app.route({
    ...routeOf(routes.submit),
    config: { rateLimit: { max: options.writeLimitPerMinute, timeWindow: '1 minute' } },
    handler: async (request, reply): Promise<FormSubmissionAnswer> => {
      // Spec §7: forms post urlencoded; JSON (which Fastify would parse) is not a form post.
      if (!request.headers['content-type']?.startsWith(URLENCODED)) {
        throw new ApiError(415, 'unsupported_media_type', 'Forms are posted urlencoded.');
      }
      const body = (request.body ?? {}) as FormBody;
      await submitForm(
        database,
        captcha,
        body,
        {
          address: request.ip,
          beforeStore: () => takeDailyWrites(request, 'form_submissions', 1),
        },
        options.ownerMail,
      );
      reply.header('cache-control', 'no-store');
      return { ok: true };
    },
  });

  app.route({
    ...routeOf(routes.captchaChallenge),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.createChallenge();
    },
  });

  app.route({
    ...routeOf(adminRoutes.submissions),
    handler: async (request, reply) => {
      if (request.actor.kind !== 'admin') throw forbidden('Administrators only');
      reply.header('cache-control', 'no-store');
      return listSubmissions(database, validate(adminSubmissionsQuerySchema, request.query));
    },
  });
}
