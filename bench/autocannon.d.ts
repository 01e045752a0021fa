/** The part of autocannon 8's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p90: number; p99: number };
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
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
