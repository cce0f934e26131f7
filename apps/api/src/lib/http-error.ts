/** An error whose message is meant for the shopper, with the HTTP status that fits it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Seconds to wait before trying again (sent as Retry-After), for 429 and 503. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** An outside service (the payment provider) cannot be reached: try again shortly. */
export const serviceUnavailable = (message: string, retryAfterSeconds = 30) =>
  new HttpError(503, message, retryAfterSeconds);
