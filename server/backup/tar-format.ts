/**
 * The little of the tar format (POSIX ustar, with pax `path` records for long names) a backup needs: regular files
 * only, written one after another, and read back one after another from a stream. Any `tar` reads what this writes
 * (`tar tzf venuely-….tar.gz` lists a backup); the reader accepts only what this writes, so a link, a device or a
 * directory entry in an archive is refused instead of extracted.
 */

export const BLOCK = 512;
const NAME_MAX = 100;
/** Two zero blocks end an archive; a reader that never sees them has a truncated archive. */
export const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

function octal(value: number, width: number): string {
  // width - 1 digits and a NUL, as GNU tar and bsdtar write them.
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum;
}

function header(name: string, size: number, type: '0' | 'x', mode: number, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, NAME_MAX, 'utf8');
  block.write(octal(mode, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(octal(checksum(block), 7) + ' ', 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** A pax record `"<length> path=<name>\n"`, whose length counts its own digits. */
function paxPath(name: string): Buffer {
  const body = ` path=${name}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return Buffer.from(`${length}${body}`, 'utf8');
}

/**
 * The blocks of one regular file: its header (a pax header first when the name does not fit the 100 bytes of a
 * ustar name), its bytes and the padding to the next block.
 */
export function fileBlocks(name: string, data: Buffer, options: { mode?: number; mtime?: number } = {}): Buffer[] {
  const mode = options.mode ?? 0o644;
  const mtime = options.mtime ?? Date.now();
  const blocks: Buffer[] = [];
  if (Buffer.byteLength(name) > NAME_MAX) {
    const pax = paxPath(name);
    blocks.push(header('PaxHeader', pax.length, 'x', 0o644, mtime), pax, padding(pax.length));
  }
  blocks.push(header(Buffer.byteLength(name) > NAME_MAX ? name.slice(0, 90) : name, data.length, '0', mode, mtime), data, padding(data.length));
  return blocks;
}

/** Reads exact byte counts from a stream of chunks; throws TarFormatError when the stream ends first. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private done = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<boolean> {
    while (this.buffered < wanted && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
    return this.buffered >= wanted;
  }

  /** Exactly `size` bytes, or at most `size` when `partial` (for streaming a body in pieces). */
  async read(size: number, partial = false): Promise<Buffer> {
    if (!(await this.fill(partial ? 1 : size))) throw new TarFormatError('the archive ends in the middle of an entry (truncated)');
    const take = Math.min(size, this.buffered);
    const joined = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const out = joined.subarray(0, take);
    const rest = joined.subarray(take);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }

  /** True when nothing at all follows (the stream ended exactly here). */
  async atEnd(): Promise<boolean> {
    return !(await this.fill(1));
  }
}

const text = (block: Buffer, start: number, length: number) => {
  const raw = block.subarray(start, start + length);
  const nul = raw.indexOf(0);
  return raw.subarray(0, nul === -1 ? length : nul).toString('utf8');
};

function parseOctal(block: Buffer, start: number, length: number): number {
  const raw = text(block, start, length).trim();
  if (!/^[0-7]+$/.test(raw)) throw new TarFormatError('an entry header is damaged (a number field is not octal)');
  return parseInt(raw, 8);
}

export interface TarEntry {
  name: string;
  size: number;
  mode: number;
  /** The entry's bytes, in pieces; must be read to the end before the next entry is asked for. */
  body: AsyncIterable<Buffer>;
}

/**
 * The regular files of a tar stream, in order. Throws TarFormatError for a damaged header (its checksum), an entry
 * of any other type, a stream that ends before the end-of-archive blocks, or bytes after them that are not zero.
 */
export async function* readTar(source: AsyncIterable<Buffer>, pieceSize = 1024 * 1024): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  let longName: string | null = null;
  for (;;) {
    const block = await reader.read(BLOCK);
    if (block.every((byte) => byte === 0)) {
      const second = await reader.read(BLOCK);
      if (!second.every((byte) => byte === 0)) throw new TarFormatError('the archive has a damaged end');
      // Writers may pad to a record size with more zero blocks; anything else after the end is not ours.
      while (!(await reader.atEnd())) {
        const rest = await reader.read(BLOCK, true);
        if (!rest.every((byte) => byte === 0)) throw new TarFormatError('the archive has data after its end');
      }
      return;
    }
    if (parseOctal(block, 148, 8) !== checksum(block)) throw new TarFormatError('an entry header is damaged (its checksum does not match)');
    const type = String.fromCharCode(block[156] || 0x30);
    const size = parseOctal(block, 124, 12);
    if (type === 'x') {
      const records = (await reader.read(size)).toString('utf8');
      await reader.read((BLOCK - (size % BLOCK)) % BLOCK);
      const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records);
      longName = match ? match[1] : longName;
      continue;
    }
    if (type !== '0') throw new TarFormatError(`the archive holds an entry that is not a regular file (type ${JSON.stringify(type)})`);
    const prefix = text(block, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(block, 0, NAME_MAX)}` : text(block, 0, NAME_MAX));
    longName = null;
    const mode = parseOctal(block, 100, 8);
    let left = size;
    const body = (async function* () {
      while (left > 0) {
        const piece = await reader.read(Math.min(left, pieceSize), true);
        left -= piece.length;
        yield piece;
      }
    })();
    yield { name, size, mode, body };
    // A consumer that stopped early leaves the rest of the body to skip.
    while (left > 0) left -= (await reader.read(Math.min(left, pieceSize), true)).length;
    await reader.read((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
