import { STATUS_CODES, validateHeaderName, validateHeaderValue, type ServerResponse } from "node:http";

/**
 * The fields node:http's ServerResponse keeps its head-writing state in (lib/_http_outgoing.js,
 * lib/_http_server.js). They are not public API: http/whole-response.test.ts checks on a real
 * server that a response written this way reads, keeps its connection and ends as node:http's own.
 */
interface ResponseInternals {
  /** The head node:http wrote; set, it writes none. */
  _header: string | null;
  _headerSent: boolean;
  /** The server's keepAliveTimeout, named in the Keep-Alive header. */
  _keepAliveTimeout: number;
  _defaultKeepAlive: boolean;
  _maxRequestsPerSocket: number | undefined;
  /** Whether the connection stays open after this response (HTTP/1.1 without Connection: close). */
  shouldKeepAlive: boolean;
}

/**
 * A response known byte for byte before it is asked for (a kept page's 200 or 304): its head is
 * made once a second (the Date header) as bytes and written with the body in one corked write,
 * rather than validated and joined header by header for each request. On a scratch server sending
 * the site's 12-header head and a 4 KB body, that took ~45k req/s through writeHead and end to
 * ~60k (one buffer of head and body copied together reached ~68k, at the cost of a second copy of
 * every kept body). Where node:http must decide what to send (a connection that closes after the
 * response, a pipelined request waiting for an earlier one, a server with non-default keep-alive
 * settings), it writes the response itself, with the same head.
 */
export class WholeResponse {
  readonly #status: number;
  readonly #head: string[];
  readonly #body: Buffer | undefined;
  #second = -1;
  #keepAliveMs = -1;
  #headBytes = Buffer.alloc(0);

  /** `head` is flat (name, value, name, value, …), without Date, Connection or Keep-Alive. */
  constructor(status: 200 | 304, head: string[], body?: Buffer) {
    if (head.length % 2) throw new TypeError(`a response head lists names and values in pairs; got ${head.length} entries`);
    for (let i = 0; i < head.length; i += 2) {
      validateHeaderName(head[i]!);
      validateHeaderValue(head[i]!, head[i + 1]!);
    }
    this.#status = status;
    this.#head = head;
    this.#body = body;
  }

  /** Sends the response on `res`, its head only when `headOnly` (a HEAD request). */
  send(res: ServerResponse, headOnly: boolean): void {
    const internals = res as unknown as ResponseInternals;
    const socket = res.socket;
    const whole =
      socket !== null &&
      socket.writable &&
      !res.headersSent &&
      internals.shouldKeepAlive &&
      internals._defaultKeepAlive &&
      !internals._maxRequestsPerSocket &&
      res.sendDate;
    if (!whole) {
      res.writeHead(this.#status, this.#head).end(headOnly ? undefined : this.#body);
      return;
    }
    socket.cork();
    socket.write(this.#headNow(internals._keepAliveTimeout));
    if (this.#body && !headOnly) socket.write(this.#body);
    socket.uncork();
    res.statusCode = this.#status;
    // The bytes are out: with a head marked written and sent, end() writes nothing and finishes
    // the response as node:http's own (the connection then reads the next request).
    internals._header = "(written whole)";
    internals._headerSent = true;
    res.end();
  }

  #headNow(keepAliveMs: number): Buffer {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.#second || keepAliveMs !== this.#keepAliveMs) {
      let head = `HTTP/1.1 ${this.#status} ${STATUS_CODES[this.#status]}\r\n`;
      for (let i = 0; i < this.#head.length; i += 2) head += `${this.#head[i]}: ${this.#head[i + 1]}\r\n`;
      head += `Date: ${new Date(second * 1000).toUTCString()}\r\nConnection: keep-alive\r\n`;
      if (keepAliveMs) head += `Keep-Alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n`;
      head += "\r\n";
      this.#headBytes = Buffer.from(head, "latin1");
      this.#second = second;
      this.#keepAliveMs = keepAliveMs;
    }
    return this.#headBytes;
  }
}
