// A form post that names another site in its Origin header. Remix's own guard would answer it
// with an empty 500 before any action ran; the server takes the header off and the routes
// answer for themselves: a refusal that says why, or, where a token authorises, the work.
// Plain HTTP against the real server: nothing here depends on a browser's scripts.
import { expect, test } from "@playwright/test";
import { CROSS_SITE_SUBMISSION_MESSAGE } from "~/content/forms";

const foreign = { Origin: "https://elsewhere.example" };

test("a public form posted from another site is refused with 403 and shown again with the input", async ({
  request,
}) => {
  const response = await request.post("/contact", {
    headers: foreign,
    form: { name: "Cross Site Visitor", email: "x@example.com", subject: "general", message: "Hi", channel: "email" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  const html = await response.text();
  expect(html).toContain(CROSS_SITE_SUBMISSION_MESSAGE);
  expect(html).toContain('value="Cross Site Visitor"');
});

test("a staff sign-in posted from another site is refused with 403, not a server error", async ({ request }) => {
  const response = await request.post("/admin/login", {
    headers: foreign,
    form: { username: "someone", password: "anything" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("403 Forbidden");
});

test("posts a token or nothing at all authorises still do their work from another site's page", async ({ request }) => {
  const confirm = await request.post("/newsletter/confirm/not-a-real-token", { headers: foreign, maxRedirects: 0 });
  expect(confirm.status()).toBe(404); // the token decides, as from our own page
  const theme = await request.post("/theme", { headers: foreign, form: { theme: "dark" }, maxRedirects: 0 });
  expect(theme.status()).toBe(303);
});
