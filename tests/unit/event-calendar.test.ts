import { describe, expect, it } from "vitest";
import { escapeIcsText, eventIcs, foldIcsLine } from "~/events/utils/event-calendar";

const gala = {
  uid: "EV-7K2M9QXD4R@charity.example",
  title: "Charity Gala, 2027; dinner & auction",
  startsAt: "2027-10-05T16:30:00.000Z",
  venue: "The Assembly Rooms, Bath",
  description: "Dinner and an auction.\nDoors 5:30 PM.",
  url: "https://charity.example/events/charity-gala",
  now: "2027-06-01T09:15:00.000Z",
};

describe("an event as an iCalendar file (RFC 5545)", () => {
  it("writes the start in UK wall-clock time with the Europe/London zone, BST in summer and GMT in winter", () => {
    const summer = eventIcs(gala);
    expect(summer).toContain("DTSTART;TZID=Europe/London:20271005T173000\r\n");
    expect(summer).toContain("DTSTAMP:20270601T091500Z\r\n");
    expect(summer).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n");
    expect(summer).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    const winter = eventIcs({ ...gala, startsAt: "2027-12-10T19:00:00.000Z", endsAt: "2027-12-10T22:30:00.000Z" });
    expect(winter).toContain("DTSTART;TZID=Europe/London:20271210T190000\r\n");
    expect(winter).toContain("DTEND;TZID=Europe/London:20271210T223000\r\n");
    expect(summer).not.toContain("DTEND");
  });

  it("is one VEVENT in a VCALENDAR, with CRLF line ends only", () => {
    const ics = eventIcs(gala);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain("UID:EV-7K2M9QXD4R@charity.example\r\n");
  });

  it("escapes text values: backslash, semicolon, comma and line breaks", () => {
    expect(escapeIcsText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    const ics = eventIcs(gala);
    expect(ics).toContain("SUMMARY:Charity Gala\\, 2027\\; dinner & auction\r\n");
    expect(ics).toContain("LOCATION:The Assembly Rooms\\, Bath\r\n");
    expect(ics).toContain("DESCRIPTION:Dinner and an auction.\\nDoors 5:30 PM.\r\n");
  });

  it("folds lines longer than 75 octets without splitting a character, and unfolds to the original", () => {
    const long = `DESCRIPTION:${"Café crème brûlée — ".repeat(10)}`;
    const folded = foldIcsLine(long);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(" ")).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(foldIcsLine("SUMMARY:Short")).toBe("SUMMARY:Short");
    const ics = eventIcs({ ...gala, description: "x".repeat(300) });
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
