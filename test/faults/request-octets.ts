/**
 * The framing of the requests on one connection, read from its octets as they come: for servers
 * of the matrix that parse chunked bodies by hand (transport.ts, Transport.refuseOctets).
 */
export class RequestOctets {
  /** Every chunk size line seen, extensions and all, e.g. `4;pc-note=1`. */
  readonly sizeLines: string[] = [];
  /** Every trailer field line seen after a last chunk. */
  readonly trailerLines: string[] = [];
  private text = '';
  private state: 'head' | 'body' | 'size' | 'data' | 'trailer' = 'head';
  private remaining = 0;

  /** Takes the next octets (latin1: a character an octet). */
  feed(octets: string): this {
    this.text += octets;
    while (this.step()) {}
    return this;
  }

  /** Reads one part of a request if it has all come; false when more octets are needed. */
  private step(): boolean {
    if (this.state === 'body' || this.state === 'data') return this.skip();
    const eol = this.text.indexOf('\r\n');
    if (eol < 0) return false;
    if (this.state === 'head') return this.head();
    const line = this.text.slice(0, eol);
    this.text = this.text.slice(eol + 2);
    if (this.state === 'trailer') {
      if (line === '') this.state = 'head';
      else this.trailerLines.push(line);
      return true;
    }
    this.sizeLines.push(line);
    const size = Number.parseInt(line, 16);
    if (size === 0) this.state = 'trailer';
    else [this.state, this.remaining] = ['data', size + 2];
    return true;
  }

  private head(): boolean {
    const end = this.text.indexOf('\r\n\r\n');
    if (end < 0) return false;
    const head = this.text.slice(0, end).toLowerCase();
    this.text = this.text.slice(end + 4);
    if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) this.state = 'size';
    else {
      this.remaining = Number(/\r\ncontent-length:\s*(\d+)/.exec(head)?.[1] ?? 0);
      this.state = 'body';
    }
    return true;
  }

  /** Passes over a body or a chunk's data (and its CRLF). */
  private skip(): boolean {
    const taken = Math.min(this.remaining, this.text.length);
    this.text = this.text.slice(taken);
    this.remaining -= taken;
    if (this.remaining > 0) return false;
    this.state = this.state === 'data' ? 'size' : 'head';
    return true;
  }
}
