// Objects too large for a workflow's state or a DynamoDB item (an ingest upload, its batches, its
// rejections): S3 in AWS, a directory on one machine, behind one port.
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";

export interface BlobStore {
  readonly name: string;
  put(key: string, body: string, contentType?: string): Promise<void>;
  /** the object's text, or null when there is none */
  get(key: string): Promise<string | null>;
  /** where an object is, for people (an s3:// URL or a path) */
  locate(key: string): string;
}

const safeKey = (key: string) => {
  const k = normalize(key).replace(/^(\.\.[/\\])+/, "");
  if (!/^[\w./-]{1,512}$/.test(k) || k.startsWith("/")) throw new Error(`not a blob key: ${key}`);
  return k;
};

export class DirectoryBlobs implements BlobStore {
  readonly name = "directory";
  constructor(private readonly dir: string) {}

  /** Whole or not at all (as S3's PUT): written beside, then renamed over, so a killed process leaves no half blob. */
  async put(key: string, body: string): Promise<void> {
    const path = join(this.dir, safeKey(key));
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, path);
  }

  async get(key: string): Promise<string | null> {
    try {
      return await readFile(join(this.dir, safeKey(key)), "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  locate(key: string): string {
    return join(this.dir, safeKey(key));
  }
}

export class S3Blobs implements BlobStore {
  readonly name = "s3";
  private readonly s3: S3Client;
  constructor(
    private readonly bucket: string,
    opts: { region?: string; client?: S3Client } = {},
  ) {
    this.s3 = opts.client ?? new S3Client(opts.region ? { region: opts.region } : {});
  }

  async put(key: string, body: string, contentType = "application/x-ndjson"): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: safeKey(key), Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<string | null> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: safeKey(key) }));
      return (await out.Body?.transformToString("utf8")) ?? null;
    } catch (err) {
      if ((err as Error).name === "NoSuchKey") return null;
      throw err;
    }
  }

  locate(key: string): string {
    return `s3://${this.bucket}/${safeKey(key)}`;
  }
}
