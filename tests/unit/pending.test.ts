import { describe, expect, it } from "vitest";
import { isPending } from "~/utils/pending";

const idle = { state: "idle", formMethod: undefined, formAction: undefined, formData: undefined } as const;

function sending(action: string, fields: Record<string, string> = {}, state: "submitting" | "loading" = "submitting") {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return { state, formMethod: "POST", formAction: action, formData } as const;
}

describe("isPending (useIsPending's rule)", () => {
  it("is false when nothing is happening", () => {
    expect(isPending(idle, {})).toBe(false);
  });

  it("follows a POST to the named path, ignoring its query string", () => {
    expect(isPending(sending("/donate?index"), { formAction: "/donate" })).toBe(true);
    expect(isPending(sending("/contact"), { formAction: "/donate" })).toBe(false);
  });

  it("can be narrowed to the submitting phase or to one intent", () => {
    expect(isPending(sending("/x", {}, "loading"), { state: "submitting" })).toBe(false);
    expect(isPending(sending("/x", {}, "loading"), {})).toBe(true);
    expect(isPending(sending("/x", { intent: "record-payment" }), { intent: "record-payment" })).toBe(true);
    expect(isPending(sending("/x", { intent: "cancel" }), { intent: "record-payment" })).toBe(false);
  });

  it("is false for a GET navigation unless asked for", () => {
    const search = {
      state: "loading",
      formMethod: "GET",
      formAction: "/admin/dashboard/donations",
      formData: undefined,
    } as const;
    expect(isPending(search, {})).toBe(false);
    expect(isPending(search, { formMethod: "GET", formAction: "/admin/dashboard/donations" })).toBe(true);
  });
});
