/**
 * The embedded database's snapshot as a tarball anyone may unpack safely. PGlite's dumpDataDir
 * writes each entry with its in-memory mode (0666 files, 0755 folders) and an absolute name
 * (`/base/1/112`), so `tar xzf` as root would make world-writable files, and a tar without `-P`
 * only warns before it strips the slash. Here every ustar header gets a relative name and an
 * owner-only mode (0600 files, 0700 folders); the contents are untouched. PGlite's loadDataDir
 * (scripts/restore.ts) joins each name to its data folder, so it reads both spellings.
 */
const block = 512

/** A header's octal number field (size), as tar writes it: digits, ended by a space or NUL. */
function octalField(header: Uint8Array, offset: number, length: number): number {
  const text = Buffer.from(header.subarray(offset, offset + length)).toString('latin1')
  return Number.parseInt(text.replace(/[\0 ]+$/, '').trim() || '0', 8)
}

/** Writes `value` as tar does: zero-padded octal digits, then a NUL. */
function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  header.set(Buffer.from(`${value.toString(8).padStart(length - 1, '0')}\0`, 'latin1'), offset)
}

/** Removes the leading slashes of a NUL-padded text field, in place. */
function stripLeadingSlashes(header: Uint8Array, offset: number, length: number): void {
  const field = header.subarray(offset, offset + length)
  let slashes = 0
  while (slashes < length && field[slashes] === 0x2f) slashes++
  if (slashes === 0) return
  field.copyWithin(0, slashes)
  field.fill(0, length - slashes)
}

/** Rewrites every header of the (uncompressed) `tar` in place and returns it. */
export function ownerOnlyTar(tar: Uint8Array): Uint8Array {
  let offset = 0
  while (offset + block <= tar.length) {
    const header = tar.subarray(offset, offset + block)
    if (header.every((byte) => byte === 0)) break
    const isDirectory = header[156] === 0x35 // typeflag '5'
    const hasPrefix =
      header[345] !== 0 && Buffer.from(header.subarray(257, 262)).toString('latin1') === 'ustar'
    if (hasPrefix) stripLeadingSlashes(header, 345, 155)
    else stripLeadingSlashes(header, 0, 100)
    writeOctal(header, 100, 8, isDirectory ? 0o700 : 0o600)
    // The checksum: the sum of the header's bytes with its own field read as eight spaces.
    header.fill(0x20, 148, 156)
    const sum = header.reduce((total, byte) => total + byte, 0)
    header.set(Buffer.from(`${sum.toString(8).padStart(6, '0')}\0 `, 'latin1'), 148)
    offset += block + Math.ceil(octalField(header, 124, 12) / block) * block
  }
  return tar
}
