// Route glue (app/routes/_glue/, never a route): the donate page's words that staff edit (its
// heading, value examples and reasons to give: docs/site-editor.md), from the page's live
// revision, in the shape of app/content/donate-page-words.ts.
import { publicSitePage } from "~/publishing/index.server";

export async function donateEditedWords() {
  const { fields, lists } = await publicSitePage("donate");
  return {
    hero: { title: fields.heroTitle, lead: fields.heroLead },
    valueExamples: (lists.valueExamples ?? []).map((example) => ({
      amount: Number(example.amount),
      title: example.title,
      description: example.description,
    })),
    reasonsToDonate: (lists.reasons ?? []).map((reason) => ({ title: reason.title, description: reason.description })),
  };
}
