import type { FieldMeta } from "~/utils/light-form";
import { FileField, TextareaField, TextField } from "~/components/ui/form";

// An event's fields on the staff forms: what the event is, and its ticket type's (on the new
// event's form and on the event's "add a ticket type" form).

type Fields = Record<"ticket_name" | "ticket_price" | "ticket_places" | "sale_starts" | "sale_ends", FieldMeta>;

export function TicketTypeFields({ fields }: { fields: Fields }) {
  return (
    <>
      <TextField meta={fields.ticket_name} label="Ticket name" hint="For example: Standard, Table of ten" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.ticket_price} label="Price in pounds" inputMode="decimal" hint="0 for a free ticket" />
        <TextField meta={fields.ticket_places} label="Number of places" inputMode="numeric" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.sale_starts} label="Sale starts (UK time)" type="datetime-local" optional />
        <TextField meta={fields.sale_ends} label="Sale ends (UK time)" type="datetime-local" optional />
      </div>
    </>
  );
}

/**
 * What an event is (title, web address, description, when, where, suggested donation, photo): the
 * same fields on "Add an event" and "Change the event"; a new event's web address may be left
 * empty (made from the title), a changed event's photo kept.
 */
type DetailFields = Record<
  "title" | "slug" | "description" | "starts_at" | "venue" | "suggested_donation" | "image" | "image_alt",
  FieldMeta
>;

export function EventDetailsFields({ fields, editing }: { fields: DetailFields; editing: boolean }) {
  return (
    <>
      <TextField meta={fields.title} label="Title" />
      <TextField
        meta={fields.slug}
        label="Web address"
        optional={!editing}
        hint={editing ? "The end of /events/…" : "The end of /events/…; made from the title when left empty"}
      />
      <TextareaField meta={fields.description} label="Description (Markdown)" rows={8} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.starts_at} label="Date and time (UK)" type="datetime-local" />
        <TextField meta={fields.venue} label="Venue" />
      </div>
      <TextField meta={fields.suggested_donation} label="Suggested donation in pounds" inputMode="decimal" optional />
      <FileField
        meta={fields.image}
        label={editing ? "New photo" : "Photo"}
        accept="image/jpeg,image/png,image/webp"
        optional
        hint={editing ? "Leave empty to keep the current photo" : undefined}
      />
      <TextField meta={fields.image_alt} label="Photo description" optional />
    </>
  );
}
