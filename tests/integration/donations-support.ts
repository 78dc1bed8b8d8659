// Pledges for the donations tests, inserted through the model with a fixed reference and date
// when a test needs them.
import { createPledge, type Pledge, type PledgeInput } from "~/giving/models/pledge.server";
import { getDb } from "~/infra/db.server";

let counter = 0;

export async function makePledge(
  overrides: Partial<PledgeInput> & { reference?: string; createdAt?: string } = {},
): Promise<Pledge> {
  counter++;
  const { reference, createdAt, ...input } = overrides;
  const pledge = await createPledge(
    getDb(),
    {
      type: "one-time",
      amountPence: 2500,
      firstName: "Test",
      lastName: `Donor${counter}`,
      email: `donor${counter}@example.org`,
      inHonour: false,
      ...input,
    },
    reference ? { generateReference: () => reference } : {},
  );
  if (!createdAt) return pledge;
  await getDb().updateTable("pledges").set({ created_at: createdAt }).where("id", "=", pledge.id).execute();
  return { ...pledge, createdAt };
}
