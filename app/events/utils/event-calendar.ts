// An event as an iCalendar file (RFC 5545), attached to the ticket e-mail so that the buyer's
// calendar gets the date, time and place. Pure and dependency-free: the caller gives every
// value, including "now" (DTSTAMP). Times are written as UK wall-clock time with
// TZID=Europe/London and the zone's own definition (GMT in winter, BST in summer), so every
// calendar shows the time printed on the ticket, whatever zone the reader is in.
import { toLondonLocal } from "~/utils/dates";

export interface CalendarEvent {
  /** Unique and stable for this booking, so a second import updates rather than duplicates. */
  uid: string;
  title: string;
  /** ISO-8601 instants. The end is optional: without one the event is the start time alone (RFC 5545 3.6.1). */
  startsAt: string;
  endsAt?: string | null;
  venue: string;
  description?: string;
  url?: string;
  /** When the file was made (DTSTAMP), an ISO-8601 instant. */
  now: string;
}

/** UK rules since 1996: BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
const EUROPE_LONDON = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/London",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n?|\n/g, "\\n");
}

/**
 * Folds a content line (RFC 5545 3.1): at most 75 octets a line, the rest on lines starting with
 * one space, never splitting a UTF-8 character.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation line holds 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** "2027-10-05T16:30:00.000Z" → "20271005T173000" (UK wall-clock time). */
function londonStamp(instant: string): string {
  return toLondonLocal(instant).replace(/[-:]/g, "") + "00";
}

/** "2027-10-05T16:30:00.000Z" → "20271005T163000Z". */
function utcStamp(instant: string): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/** The whole file: CRLF line ends, folded lines, one VEVENT. */
export function eventIcs(event: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Charity website//Event tickets//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...EUROPE_LONDON,
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART;TZID=Europe/London:${londonStamp(event.startsAt)}`,
    ...(event.endsAt ? [`DTEND;TZID=Europe/London:${londonStamp(event.endsAt)}`] : []),
    `SUMMARY:${escapeIcsText(event.title)}`,
    `LOCATION:${escapeIcsText(event.venue)}`,
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}
