/**
 * The Send Email dialog's relay endpoint (spec §2.4 'Send Email'; issue 8 part 4): JSON in,
 * rate-limited per client twice over (a per-minute limit here, a per-hour one in the service).
 */
import type { FastifyInstance } from 'fastify';
import type { SendEmailAnswer } from '../../contracts/sendEmail.ts';
import { sendEmailRoutes as routes } from '../../contracts/api/sendEmailRoutes.ts';
import { routeOf } from '../http/registerRoute.ts';
import { relayEmail, type RelayDeps } from '../services/emailRelayService.ts';

export async function sendEmailRoutes(app: FastifyInstance, options: Omit<RelayDeps, 'log'>) {
  // The relay parses the body itself, with the dialog's own messages (spec §5).
  app.route({
    ...routeOf(routes.send),
    bodyLimit: 64 * 1024,
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request, reply): Promise<SendEmailAnswer> => {
      await relayEmail({ ...options, log: request.log }, request.body, { address: request.ip });
      reply.header('cache-control', 'no-store');
      return { ok: true };
    },
  });
}
