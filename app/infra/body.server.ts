import { unstable_parseMultipartFormData } from "@remix-run/node";
import { closeConnectionAfterResponse } from "./request-scope.server";

/** Largest form body an action reads: an article at its limits fits several times over. */
export const MAX_FORM_BYTES = 512 * 1024;

/** Why a body was refused before it was read whole. */
export class BodyError extends Error {
  override name = "BodyError";
  constructor(readonly status: 400 | 413) {
    super(status === 413 ? "The request body is too large." : "The request body could not be read.");
  }
}

/** How much of a refused body is still read and thrown away, and for how long (see `refuse`). */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 5_000;

/**
 * A body past the limit is refused with 413 and `Connection: close`. Closing a socket that still
 * has unread data makes the kernel reset it, and the client never sees the 413: so the rest of a
 * body of reasonable size is read and thrown away first (at most DRAIN_BYTES, DRAIN_MS); beyond
 * that, the connection is cut.
 */
async function refuse(reader: ReadableStreamDefaultReader<Uint8Array> | null): Promise<never> {
  if (!reader) {
    closeConnectionAfterResponse();
    throw new BodyError(413);
  }
  if (closeConnectionAfterResponse()) {
    let drained = 0;
    const deadline = performance.now() + DRAIN_MS;
    const timeout = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), DRAIN_MS).unref());
    try {
      while (drained <= DRAIN_BYTES && performance.now() < deadline) {
        const next = await Promise.race([reader.read(), timeout]);
        if (next === "late" || next.done) break;
        drained += next.value.byteLength;
      }
    } catch {
      // The client went away: nothing left to drain.
    }
  }
  // Not awaited: on a branch of a tee'd body (request.clone()) the cancel settles only once
  // the other branch is cancelled too, which would hang this request for ever.
  void reader.cancel().catch(() => {});
  throw new BodyError(413);
}

/**
 * The whole body as bytes, refusing with a BodyError(413) as soon as it claims or grows past
 * `maxBytes` (the rest is drained, not kept), or BodyError(400) when the stream breaks. The one
 * capped reader for forms, uploads and the JSON API.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    const drainable = Number(declared) <= DRAIN_BYTES && request.body;
    return refuse(drainable ? request.body!.getReader() : null);
  }
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return await refuse(reader);
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BodyError) throw error;
    throw new BodyError(400);
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A form that may carry files: fields and files together up to `maxBytes`, each file's bytes kept up to `maxFileBytes`. */
export interface UploadLimits {
  maxBytes: number;
  maxFileBytes: number;
}

/**
 * The request's form fields (urlencoded or multipart), or a BodyError: 413 when too large,
 * 400 when it is not a form at all (JSON, text/plain, multipart without a boundary…).
 */
export async function parseFormBody(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    throw new BodyError(400);
  }
  const bytes = await readBodyCapped(request, maxBytes);
  try {
    return await new Response(bytes, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
  } catch {
    throw new BodyError(400);
  }
}

const tooLarge = () => new Response("The form is too large.", { status: 413, statusText: "Payload Too Large" });

/**
 * For staff actions: the form fields, or a thrown plain-text 4xx Response (413, 400), so
 * hostile input never becomes a 500.
 *
 * With `UploadLimits`, a multipart body is streamed part by part instead: the whole body is
 * still refused past `maxBytes`, and a file larger than `maxFileBytes` arrives cut to
 * `maxFileBytes + 1` bytes (the rest is read and dropped, never held), so the form can answer
 * "too large" as a field error with the other fields kept.
 */
export async function readFormData(
  request: Request,
  limits: number | UploadLimits = MAX_FORM_BYTES,
): Promise<FormData> {
  const maxBytes = typeof limits === "number" ? limits : limits.maxBytes;
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (typeof limits !== "number" && /^multipart\/form-data\s*;/i.test(type)) {
      const declared = request.headers.get("Content-Length");
      if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) throw tooLarge();
      return await readMultipart(request, limits);
    }
    // Only multipart bodies carry files: any other form keeps the ordinary limit.
    return await parseFormBody(request, typeof limits === "number" ? maxBytes : Math.min(maxBytes, MAX_FORM_BYTES));
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    const text = error.status === 413 ? "The form is too large." : "The form could not be read.";
    throw new Response(text, {
      status: error.status,
      statusText: error.status === 413 ? "Payload Too Large" : "Bad Request",
    });
  }
}

/** Stops the stream with a 413 as soon as more than `maxBytes` have passed, whatever it claims. */
function capStream(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

async function readMultipart(request: Request, { maxBytes, maxFileBytes }: UploadLimits): Promise<FormData> {
  if (!request.body) return new FormData();
  let overLimit: Response | null = null;
  // Text fields together get the ordinary form limit; only files may be larger.
  let textBytes = 0;
  const capped = capStream(request.body, maxBytes);
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    headers: request.headers,
    body: capped,
    duplex: "half",
  };
  const counted = new Request(request.url, init);
  try {
    return await unstable_parseMultipartFormData(counted, async ({ filename, contentType, data }) => {
      const chunks: Uint8Array[] = [];
      let kept = 0;
      const keep = filename === undefined ? maxBytes : maxFileBytes + 1;
      for await (const chunk of data) {
        if (filename === undefined) {
          textBytes += chunk.byteLength;
          if (textBytes > MAX_FORM_BYTES) throw tooLarge();
        }
        if (kept >= keep) continue; // read and dropped: only the fact that it was too large matters
        const part = chunk.subarray(0, keep - kept);
        chunks.push(part);
        kept += part.byteLength;
      }
      if (filename === undefined) return new TextDecoder().decode(Buffer.concat(chunks));
      // A file input left empty still sends a part, with no name and no bytes.
      if (!filename && kept === 0) return undefined;
      return new File([Buffer.concat(chunks)], filename, { type: contentType });
    });
  } catch (error) {
    if (error instanceof Response) overLimit = error;
    else if (error instanceof Error && error.cause instanceof Response) overLimit = error.cause;
    if (overLimit) throw overLimit;
    throw new Response("The form could not be read.", { status: 400, statusText: "Bad Request" });
  }
}

/** Room for a multipart body's boundaries, part headers and the small fields beside a file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A multipart form carrying one file of at most `maxFileBytes`: the whole body is capped at
 * that plus the multipart overhead before it is read (BodyError 413), and the file itself is
 * checked once parsed. Returns the fields and the file's bytes (null when no file was sent).
 */
export async function parseUploadForm(
  request: Request,
  field: string,
  maxFileBytes: number,
): Promise<{ form: FormData; file: { name: string; bytes: Uint8Array } | null }> {
  const form = await parseFormBody(request, maxFileBytes + MULTIPART_OVERHEAD_BYTES);
  const value = form.get(field);
  if (!(value instanceof File) || (value.size === 0 && value.name === "")) return { form, file: null };
  if (value.size > maxFileBytes) throw new BodyError(413);
  return { form, file: { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) } };
}
