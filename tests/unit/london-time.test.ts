import { describe, expect, it } from "vitest";
import { fromLondonLocal, toLondonLocal } from "~/utils/dates";
import { parseIsoInstant } from "~/publishing/schemas/news";
import { shareDescription } from "~/utils/text";

describe("UK wall-clock times", () => {
  it("reads British Summer Time and Greenwich Mean Time", () => {
    expect(fromLondonLocal("2025-10-06T09:00")).toBe("2025-10-06T08:00:00.000Z");
    expect(fromLondonLocal("2025-12-01T09:00")).toBe("2025-12-01T09:00:00.000Z");
    expect(toLondonLocal("2025-10-06T08:00:00.000Z")).toBe("2025-10-06T09:00");
  });

  it("refuses the hour skipped when the clocks go forward, and reads the repeated hour as BST", () => {
    expect(fromLondonLocal("2025-03-30T01:30")).toBeNull();
    expect(fromLondonLocal("2025-10-26T01:30")).toBe("2025-10-26T00:30:00.000Z");
  });

  it.each(["", "2025-10-06", "2025-02-30T09:00", "2025-10-06T24:00", "tomorrow"])("refuses %j", (value) => {
    expect(fromLondonLocal(value)).toBeNull();
  });
});

describe("parseIsoInstant", () => {
  it("accepts instants with a zone and normalises them to UTC", () => {
    expect(parseIsoInstant("2030-06-01T10:00:00+01:00")).toBe("2030-06-01T09:00:00.000Z");
    expect(parseIsoInstant("2030-06-01T09:00Z")).toBe("2030-06-01T09:00:00.000Z");
  });
  it.each(["2030-06-01", "2030-06-01T09:00", "2030-02-29T00:00:00Z", "2030-06-01T09:60:00Z", "1969-12-31T00:00:00Z"])(
    "refuses %j",
    (v) => {
      expect(parseIsoInstant(v)).toBeNull();
    },
  );
});

describe("shareDescription", () => {
  it("takes whole first sentences that fit, or a cut preview", () => {
    expect(shareDescription("One. Two!  Three?", 10)).toBe("One. Two!");
    expect(shareDescription("word ".repeat(100), 20)).toMatch(/…$/);
  });
});
