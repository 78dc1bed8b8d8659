// A staff event's form stored column for column: created with its photo, then changed without
// one (the photo stays), then with a new one (its columns change together).
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { changeEvent, createEventWithTickets, type EventForm } from "~/events/services/events.server";
import { resetDatabase } from "./helpers";
import { ensureAdmin } from "./admin-support";

async function photo(): Promise<File> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "gala.jpg", { type: "image/jpeg" });
}

const form: EventForm = {
  title: "Winter Gala",
  description: "An evening of music.",
  venue: "The Hall",
  startsAt: "2027-03-01T18:00:00.000Z",
  suggestedDonationPence: 1500,
  imageAlt: "The hall lit for the gala",
};

const stored = (id: number) => getDb().selectFrom("events").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeEach(resetDatabase);

describe("a staff event's form", () => {
  it("stores each field in its column and keeps the photo until a new one comes", async () => {
    const admin = await ensureAdmin();
    const ticket = { name: "Standard", pricePence: 2500, places: 40, saleStartsAt: null, saleEndsAt: null };
    const id = await createEventWithTickets({ ...form, photo: await photo() }, ticket, admin);
    const created = await stored(id);
    expect(created).toMatchObject({
      slug: "winter-gala",
      title: "Winter Gala",
      description: "An evening of music.",
      venue: "The Hall",
      starts_at: "2027-03-01T18:00:00.000Z",
      suggested_donation_pence: 1500,
      image_alt: "The hall lit for the gala",
    });
    expect(created.image_upload).toEqual(expect.any(String));
    expect(created.image_widths).toEqual(expect.any(String));

    await changeEvent(id, { ...form, title: "Winter Gala 2027", venue: "The Old Hall", imageAlt: null }, admin);
    const changed = await stored(id);
    expect(changed).toMatchObject({ title: "Winter Gala 2027", venue: "The Old Hall", slug: "winter-gala" });
    expect(changed).toMatchObject({
      image_upload: created.image_upload,
      image_widths: created.image_widths,
      image_alt: "The hall lit for the gala",
    });

    await changeEvent(id, { ...form, imageAlt: null, photo: await photo() }, admin);
    const replaced = await stored(id);
    expect(replaced.image_upload).not.toBe(created.image_upload);
    expect(replaced.image_alt).toBeNull();
  });
});
