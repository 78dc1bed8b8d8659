// A refusal a person should read: a service says no with a message and the 4xx it deserves, and
// the route shows that message beside the form (never a 500). Each service names its own kind
// (`class GiftAidError extends Refusal {}`), so a route catches only the refusals it expects.
// The one way a service says no: docs/decisions/0025-one-door-one-no-one-saved.md.

import type { RefusalStatus } from "./http";

/** A 4xx, or 502 when the payment provider (Stripe) did not make the change asked for: the same
 * statuses a route refuses with (`./http`). */
export type { RefusalStatus };

export class Refusal extends Error {
  constructor(
    message: string,
    readonly status: RefusalStatus = 409,
    /** For a throttle (429): when to try again, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
