/**
 * The developer test's call (spec §2.1 /directfunctiontest, §7 'Developer test'): GET the
 * local server function `hello`. Resolves `{ data, error }`; never throws.
 */
import { systemRoutes } from '../../../contracts/api/systemRoutes.ts';
import type { Result } from '../../../contracts/result.ts';
import { callApi } from '../../lib/apiClient.ts';

export const HELLO_URL = systemRoutes.hello.pattern;

export async function callHello(fetchImpl?: typeof fetch): Promise<Result<unknown>> {
  return callApi(
    systemRoutes.hello,
    {},
    {
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
      messages: {
        network: (reason) => `Could not reach the hello function${reason ? `: ${reason}` : ''}`,
        failed: (status) => `The hello function failed with status ${status}`,
        badAnswer: () => 'The hello function did not answer JSON',
      },
    },
  );
}
