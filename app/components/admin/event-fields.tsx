import type { FieldMeta } from "~/utils/light-form";
import { TextField } from "~/components/ui/form";

// The ticket type's fields, on the new event's form and on the event's "add a ticket type" form.

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
