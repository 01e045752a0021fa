/**
 * A rendered document's answer: a `Response` whose body stream is made only if something reads it.
 * The server sends the bytes themselves (`bytesToSend`, http-server/remix-handler.js) in one write
 * with a Content-Length, instead of a stream read chunk by chunk and sent chunked; a test or any
 * other reader of `body`, `text()`, `arrayBuffer()`… gets the same bytes as `new Response(bytes, init)`.
 */
export class BytesResponse extends Response {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  #withBody: Response | undefined;

  constructor(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  #full(): Response {
    this.#withBody ??= new Response(this.#bytes, { status: this.status, statusText: this.statusText, headers: this.headers });
    return this.#withBody;
  }

  override get body() {
    return this.#full().body;
  }
  override get bodyUsed() {
    return this.#withBody !== undefined && this.#withBody.bodyUsed;
  }
  override arrayBuffer() {
    return this.#full().arrayBuffer();
  }
  override blob() {
    return this.#full().blob();
  }
  override formData() {
    return this.#full().formData();
  }
  override json() {
    return this.#full().json();
  }
  override text() {
    return this.#full().text();
  }
  override clone() {
    return this.#full().clone();
  }

  /** The bytes `response` carries when it is a `BytesResponse`; otherwise undefined (send its body). */
  static bytesToSend(response: Response): Uint8Array<ArrayBuffer> | undefined {
    return response instanceof BytesResponse ? response.#bytes : undefined;
  }
}
