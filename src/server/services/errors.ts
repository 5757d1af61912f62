/** An error the API reports to the caller with an HTTP status and a stable code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new ApiError(400, code, message);
export const forbidden = (message = 'Not allowed', code = 'forbidden') =>
  new ApiError(403, code, message);
export const notFound = (message: string, code = 'not_found') => new ApiError(404, code, message);
