// Vectors as base64 of little-endian float32: a 512-dimension vector is ~2.7 KB instead of ~10 KB of
// JSON numbers, which keeps an ingest batch inside Step Functions' 256 KB state and the local index
// file small. float32 is what OpenSearch's knn_vector stores anyway.
export function encodeVector(v: ArrayLike<number>): string {
  const f = Float32Array.from(v);
  return Buffer.from(f.buffer, f.byteOffset, f.byteLength).toString("base64");
}

export function decodeVector(b64: string): Float32Array {
  const bytes = Buffer.from(b64, "base64");
  if (bytes.byteLength % 4 !== 0) throw new Error("not a float32 vector");
  // copy into an aligned buffer: Buffer's pool offset need not be a multiple of 4
  const out = new Float32Array(bytes.byteLength / 4);
  new Uint8Array(out.buffer).set(bytes);
  return out;
}
