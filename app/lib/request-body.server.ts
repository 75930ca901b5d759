/**
 * Reading request bodies (the webhook's, MCP's) within bounds: a size limit checked against
 * Content-Length before reading and against the bytes as they arrive, a time limit, a limit on
 * how many bodies are read at once, past which requests wait in a bounded queue (the route's, or each
 * client address's own), and a limit on the bytes held by all bodies being read.
 */

import { errorJson } from "./http.server";

export interface BodyLimits {
  maxBytes: number;
  /** From the moment the request is taken up, waiting for a turn included. */
  timeoutMs: number;
  /** Bodies read at once: at most this many bodies are in memory, each at most maxBytes. */
  concurrentReads: number;
  /** Requests waiting for a turn; past it a new one is refused at once. */
  waitingReads: number;
  /**
   * Whether each client address has turns of its own (concurrentReads, waitingReads) rather than
   * sharing the route's: one address trickling bodies then cannot take another's turns, while a
   * burst from one address still waits its turn rather than being refused.
   */
  perClient?: boolean;
  /**
   * Bytes all bodies being read may hold together; a body that would pass it is refused (503).
   * Memory is bounded by bytes received rather than by turns (trickling bodies hold almost
   * nothing), whatever the number of addresses. Unset: concurrentReads × maxBytes.
   */
  bufferedBytes?: number;
}

export type BodyOutcome =
  { ok: true; body: Buffer } | { ok: false; status: 408 | 413 | 503; message: string; headers?: Record<string, string> };

/** When a sender refused for want of a turn may try again. */
const RETRY_AFTER_SECONDS = 5;

/** Bytes of a refused body read and dropped so the refusal reaches the sender; past it the connection is dropped. */
const DRAIN_LIMIT_BYTES = 20 * 1024 * 1024;

/**
 * A refusal sent before the body is read. The rest of the body is read and dropped in the
 * background: closing a socket with unread data resets it, and the reset can overtake the response,
 * so the sender would never see why. Bounded, like nginx's lingering close.
 */
export function refuseUnread(request: Request, status: number, error: string, headers?: HeadersInit): Response {
  const reader = request.body && !request.body.locked ? request.body.getReader() : undefined;
  if (reader) {
    let size = 0;
    const drain = async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        size += value.byteLength;
        if (size > DRAIN_LIMIT_BYTES) return reader.cancel();
      }
    };
    void drain().catch(() => {});
  }
  return errorJson(status, error, headers);
}

const TIMED_OUT = Symbol("timed out");

function timer(ms: number): { done: Promise<typeof TIMED_OUT>; cancel: () => void } {
  let handle: NodeJS.Timeout | undefined;
  const done = new Promise<typeof TIMED_OUT>((resolve) => (handle = setTimeout(() => resolve(TIMED_OUT), Math.max(0, ms))));
  return { done, cancel: () => clearTimeout(handle) };
}

/** Turns for reading bodies: `concurrent` at once, up to `waiting` more in line, each for at most `ms`. */
class Turns {
  private active = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    private readonly concurrent: number,
    private readonly waiting: number,
  ) {}

  /** Whether a turn was had within `ms`; each turn had must be given back with release(). */
  async take(ms: number): Promise<boolean> {
    if (this.active < this.concurrent) {
      this.active++;
      return true;
    }
    if (this.line.length >= this.waiting) return false;
    let admit!: () => void;
    const admitted = new Promise<true>((resolve) => (admit = () => resolve(true)));
    this.line.push(admit);
    const wait = timer(ms);
    const outcome = await Promise.race([admitted, wait.done]);
    wait.cancel();
    if (outcome === true) return true;
    this.line.splice(this.line.indexOf(admit), 1);
    return false;
  }

  release(): void {
    const next = this.line.shift();
    if (next)
      next(); // the turn passes on: `active` stays
    else this.active--;
  }

  /** Nobody reads or waits. */
  get idle(): boolean {
    return this.active === 0 && this.line.length === 0;
  }
}

/**
 * A reader of request bodies under `limits`, shared by every request of one route; `client` is the
 * sender's address, whose own turns it takes if `limits.perClient`.
 */
export function boundedBodyReader(limits: BodyLimits): (request: Request, client?: string) => Promise<BodyOutcome> {
  const shared = new Turns(limits.concurrentReads, limits.waitingReads);
  /** Each address's turns while it reads or waits, if `limits.perClient`. */
  const byClient = new Map<string, Turns>();
  const turnsOf = (client: string): Turns => {
    if (!limits.perClient) return shared;
    let turns = byClient.get(client);
    if (!turns) byClient.set(client, (turns = new Turns(limits.concurrentReads, limits.waitingReads)));
    return turns;
  };
  const bufferedBytes = limits.bufferedBytes ?? limits.concurrentReads * limits.maxBytes;
  let buffered = 0;
  const tooLarge: BodyOutcome = { ok: false, status: 413, message: `The body is larger than ${limits.maxBytes / 1024 / 1024} MB` };
  const tooSlow: BodyOutcome = { ok: false, status: 408, message: `The body did not arrive within ${limits.timeoutMs / 1000} s` };
  const busy: BodyOutcome = {
    ok: false,
    status: 503,
    message: `Too many requests ${limits.perClient ? "from your address " : ""}are sending bodies at once; retry in ${RETRY_AFTER_SECONDS} s`,
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  };
  const read = async (body: ReadableStream<Uint8Array>, turns: Turns): Promise<BodyOutcome> => {
    const deadline = Date.now() + limits.timeoutMs;
    if (!(await turns.take(limits.timeoutMs))) return busy;
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const wait = timer(deadline - Date.now());
        const next = await Promise.race([reader.read(), wait.done]);
        wait.cancel();
        if (next === TIMED_OUT) return tooSlow;
        if (next.done) return { ok: true, body: Buffer.concat(chunks) };
        if (size + next.value.byteLength > limits.maxBytes) return tooLarge;
        if (buffered + next.value.byteLength > bufferedBytes) return busy;
        size += next.value.byteLength;
        buffered += next.value.byteLength;
        chunks.push(next.value);
      }
    } finally {
      buffered -= size;
      reader.releaseLock();
      turns.release();
    }
  };
  return async (request, client = "unknown") => {
    // Content-Length alone is not enough (a chunked body has none), but it refuses most at once.
    if (Number(request.headers.get("Content-Length") ?? 0) > limits.maxBytes) return tooLarge;
    const body = request.body;
    if (!body) return { ok: true, body: Buffer.alloc(0) };
    const turns = turnsOf(client);
    try {
      return await read(body, turns);
    } finally {
      if (turns !== shared && turns.idle) byClient.delete(client);
    }
  };
}
