// Hostile article data in the staff dashboard: the form refuses a javascript: image URL, and
// whatever gets into the database anyway (API misuse, an old row) is shown as inert text.
import { articleItem, expect, test } from "./support/auth";
import { createArticle, deleteArticle, e2eDb, uniqueTitle } from "./support/db";

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  '"><svg onload=alert(1)>',
];

const ids: number[] = [];
test.afterAll(async () => {
  for (const id of ids.splice(0)) await deleteArticle(id);
});

test.beforeEach(async ({ login }) => {
  await login();
});

test("the form rejects a javascript: image URL and saves nothing", async ({ page }) => {
  const title = `${uniqueTitle("XSS form")} <script>alert(1)</script>`;
  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  await page.goto("/admin/dashboard/news/new");
  const dialog = page.getByRole("dialog", { name: "Add News Article" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Image URL").fill("javascript:alert(1)");
  await dialog.getByLabel("Content").fill("<img src=x onerror=alert(1)>");
  await dialog.getByRole("button", { name: "Add Article" }).click();
  await expect(dialog.locator(".field-error").getByText("Image URL must be a valid http(s) URL")).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  expect(await e2eDb().selectFrom("news").select("id").where("title", "=", title).execute()).toHaveLength(0);
  expect(dialogs).toBe(0);
});

for (const [index, payload] of PAYLOADS.entries()) {
  test(`stored payload ${index + 1} (${payload}) renders inert in the list, the edit dialog and the delete page`, async ({
    page,
  }) => {
    const title = `${uniqueTitle("XSS stored")} ${payload}`;
    const content = `Before ${payload} after`;
    const row = await createArticle({ title, content, imageUrl: payload });
    ids.push(row.id);

    let dialogs = 0;
    page.on("dialog", async (dialog) => {
      dialogs++;
      await dialog.dismiss();
    });

    const response = await page.goto("/admin/dashboard/news");
    const html = (await response?.text()) ?? "";
    for (const raw of ["<script>alert(1)", "<img src=x", "<svg onload", 'href="javascript:', 'src="javascript:']) {
      expect(html).not.toContain(raw);
    }
    const item = articleItem(page, title);
    await expect(item).toBeVisible();
    await expect(item).toContainText(content);

    await page.goto(`/admin/dashboard/news/${row.id}/edit`);
    const dialog = page.getByRole("dialog", { name: "Edit News Article" });
    await expect(dialog.getByLabel("Title")).toHaveValue(title);
    await expect(dialog.getByLabel("Image URL")).toHaveValue(payload);

    await page.goto(`/admin/dashboard/news/${row.id}/delete`);
    await expect(page.getByRole("alertdialog")).toContainText(title);

    for (const path of ["/admin/dashboard/news", `/admin/dashboard/news/${row.id}/edit`]) {
      await page.goto(path);
      expect(await page.locator('[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
      expect(await page.locator("main script, main img[onerror], main svg[onload]").count()).toBe(0);
    }
    expect(dialogs).toBe(0);
  });
}
