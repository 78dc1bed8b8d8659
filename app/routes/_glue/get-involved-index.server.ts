// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/get-involved._index.tsx
// needs of the server: each Get Involved page's card, from its live revision (docs/site-editor.md).
import { getInvolvedPages } from "~/content/get-involved";
import { publicSitePage } from "~/publishing/index.server";

export async function getInvolvedCards() {
  return Promise.all(
    getInvolvedPages.map(async (page) => {
      const { fields } = await publicSitePage(page.slug);
      return { slug: page.slug, title: fields.title, summary: fields.summary, featured: page.featured };
    }),
  );
}
