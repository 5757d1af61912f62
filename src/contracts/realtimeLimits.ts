/**
 * What the realtime socket (/api/realtime) allows, shared by the server and, later, the web
 * client (issue 13 item 8; docs/decisions/018-websocket-limits.md).
 */

/**
 * The largest message either side may send, in bytes. Battle (issue 17) sends small JSON game
 * messages: a note event with a short trace of detector readings is well under 1 KiB, so 4 KiB
 * leaves room without letting one frame cost the server more than a few KB (before issue 13 the
 * limit was ws's default of 100 MiB). A larger frame is closed with `tooBig` (1009).
 */
export const REALTIME_MAX_MESSAGE_BYTES = 4 * 1024;

/**
 * The close codes the server uses (RFC 6455 §7.4.1 and the IANA registry), so a client can
 * tell 'try again later' from 'you broke a rule'.
 */
export const REALTIME_CLOSE = {
  /** The server is shutting down, or the socket was idle (no message or pong) too long. */
  goingAway: 1001,
  /** A rule was broken: too many messages per second. */
  policy: 1008,
  /** A message was larger than REALTIME_MAX_MESSAGE_BYTES. */
  tooBig: 1009,
  /** The server failed while handling a message. */
  internalError: 1011,
  /** Too many open sockets, from this client or in all: reconnect later. */
  tryAgainLater: 1013,
} as const;
