import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { pipeRedacted, redactAccessLine } from "../../scripts/lib/access-log";

describe("access log redaction", () => {
  it("hides tokens and addresses in request paths", () => {
    const token = "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9f";
    expect(redactAccessLine(`POST /newsletter/unsubscribe/${token} 200 - - 13.9 ms`)).toBe(
      "POST /newsletter/unsubscribe/:redacted 200 - - 13.9 ms",
    );
    expect(redactAccessLine(`GET /newsletter/confirm/${token}?x=1 410 - - 2 ms`)).toBe(
      "GET /newsletter/confirm/:redacted?[redacted] 410 - - 2 ms",
    );
    expect(redactAccessLine("GET /x/jo@example.org 404 - - 1 ms")).toBe("GET /x/:redacted 404 - - 1 ms");
    // A giving statement link (year, pledge, expiry and signature joined by "-"), and its PDF.
    const statement = `2025-25-1798205887-${token}`;
    expect(redactAccessLine(`GET /statement/${statement}/pdf 200 - - 9 ms`)).toBe(
      "GET /statement/:redacted/pdf 200 - - 9 ms",
    );
    expect(redactAccessLine("GET /admin/dashboard/privacy?email=jo%40example.org 200 - - 8 ms")).toBe(
      "GET /admin/dashboard/privacy?[redacted] 200 - - 8 ms",
    );
  });

  it("leaves ordinary paths and the app's JSON lines alone", () => {
    expect(redactAccessLine("GET /news/page/2 200 - - 3 ms")).toBe("GET /news/page/2 200 - - 3 ms");
    const json = '{"level":30,"route":"/news"}';
    expect(redactAccessLine(json)).toBe(json);
  });

  it("redacts a child's output line by line into every destination", async () => {
    const from = new PassThrough();
    const a = new PassThrough();
    const b = new PassThrough();
    pipeRedacted(from, a, undefined, b);
    from.end(`GET /newsletter/confirm/${"x".repeat(43)} 200\nGET / 200\n`);
    await new Promise((resolve) => from.on("end", resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const text = (stream: PassThrough) => String(stream.read());
    expect(text(a)).toBe("GET /newsletter/confirm/:redacted 200\nGET / 200\n");
    expect(text(b)).toBe("GET /newsletter/confirm/:redacted 200\nGET / 200\n");
  });
});
