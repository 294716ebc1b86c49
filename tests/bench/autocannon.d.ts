// autocannon ships no types; this covers the part of its programmatic API the bench uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Load runs in this many worker threads instead of the calling thread. */
    workers?: number;
    /** Seconds before a request counts as a timeout (and an error). */
    timeout?: number;
    headers?: Record<string, string>;
  }

  interface Stats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Result {
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Per-second samples of completed requests; `total` is the count. */
    requests: Stats & { sent: number };
    /** Milliseconds. */
    latency: Stats;
    /** Bytes per second. */
    throughput: Stats;
  }

  function autocannon(options: Options): PromiseLike<Result>;
  export = autocannon;
}
