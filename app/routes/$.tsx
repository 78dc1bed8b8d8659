import { notFound } from "~/utils/http";

// Any URL no other route claims. Throwing here (rather than letting Remix fall through)
// lets the root loader run first, so the 404 page keeps the visitor's theme.
export async function loader() {
  throw notFound("Not Found");
}

export default function NotFound() {
  return null;
}
