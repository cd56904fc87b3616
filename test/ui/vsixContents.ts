import * as fs from 'fs';
import * as zlib from 'zlib';

/**
 * The files in a .vsix (a zip), read with Node alone so the package test needs no unzip tool:
 * the central directory gives names and sizes, each local entry its stored or deflated bytes.
 */
export interface VsixEntry {
  name: string;
  size: number;
  read(): Buffer;
}

export function vsixEntries(file: string): VsixEntry[] {
  const zip = fs.readFileSync(file);
  // The end-of-central-directory record sits in the last 64 KiB (a comment may follow it).
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: VsixEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: central directory entry ${n} is damaged`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({
      name,
      size,
      read: () => {
        const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
        const data = zip.subarray(dataStart, dataStart + compressed);
        return method === 0 ? Buffer.from(data) : zlib.inflateRawSync(data);
      },
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
