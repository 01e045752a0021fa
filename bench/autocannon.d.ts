/** The part of autocannon 8's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    start: Date;
    finish: Date;
    '2xx': number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    /** Requests per second across all connections (a fixed rate instead of as fast as the server answers). */
    overallRate?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    /** The body of every request (a write scenario). */
    body?: string;
    /** ms between the samples of the requests/s histogram (default 1000); also how soon stop() takes effect. */
    sampleInt?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
  };
  /** The running instance: a promise of the result that also emits per-request events and can be stopped. */
  export type Instance = Promise<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
    on(event: 'reqError', listener: (error: Error) => void): Instance;
    stop(): void;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
