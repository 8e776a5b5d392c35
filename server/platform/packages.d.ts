/** A package of the platform that ships no types: only what ./exports uses (the XLSX zip). */

declare module 'zip-stream' {
  import type { Readable, Transform } from 'node:stream';
  import type { ZlibOptions } from 'node:zlib';

  interface ZipStreamOptions {
    /** Passed to zlib's DeflateRaw for deflated entries. */
    zlib?: ZlibOptions;
  }
  interface ZipEntryData {
    /** The entry's path inside the archive. */
    name: string;
    /** Stored (not deflated): a Buffer entry is then written at once, before entry() returns. */
    store?: boolean;
  }
  /** A zip archive written as a stream (on readable-stream 3): entries one at a time. */
  class ZipStream extends Transform {
    constructor(options?: ZipStreamOptions);
    /** Adds an entry; the next may only be added after the callback (a stream entry: at its end). */
    entry(source: Buffer | Readable, data: ZipEntryData, callback: (err: Error | null) => void): this;
    /** Writes the central directory once the entry in progress has ended, then ends the stream. */
    finalize(): void;
  }
  export = ZipStream;
}
