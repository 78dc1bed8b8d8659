// A refusal a person should read: a service says no with a message and the 4xx it deserves, and
// the route shows that message beside the form (never a 500). Each service names its own kind
// (`class GiftAidError extends Refusal {}`), so a route catches only the refusals it expects.

export type RefusalStatus = 400 | 404 | 409;

export class Refusal extends Error {
  constructor(
    message: string,
    readonly status: RefusalStatus = 409,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
