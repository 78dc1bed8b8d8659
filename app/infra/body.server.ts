/** Largest form body an admin action reads: an article at its limits fits several times over. */
export const MAX_FORM_BYTES = 512 * 1024;

const tooLarge = () => new Response("The form is too large.", { status: 413, statusText: "Payload Too Large" });

/** The whole body, refusing (413) as soon as it grows past `maxBytes`, whatever it claims. */
async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(new ArrayBuffer(0));
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The request's form fields, or a thrown 4xx Response when the body is too large (413) or
 * cannot be parsed as a form (400: wrong content type, broken multipart), so hostile input
 * never becomes a 500.
 */
export async function readFormData(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const bytes = await readCapped(request.body, maxBytes);
  try {
    return await new Response(bytes, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400, statusText: "Bad Request" });
  }
}
