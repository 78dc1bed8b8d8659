import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { IntentForm } from "~/components/admin/intent-form";
import { ActionNotice } from "~/components/admin/notice";
import { StaffPageTitle } from "~/components/admin/page-title";
import { StaffSection } from "~/components/admin/table";
import { TextField } from "~/components/ui/form";
import { site } from "~/content/site";
import {
  PublicationRefusal,
  addPublicationType,
  publicationTypes,
  removeType,
  renameType,
} from "~/publishing/index.server";
import { PUBLICATION_LIMITS, publicationTypeSchema } from "~/publishing/schemas/publications";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { requestLogger } from "~/infra/logger.server";

// The kinds of publication (the badge on each card): Newsletter, Annual Report, Research Paper,
// and any staff add. A type is renamed everywhere at once; one in use cannot be deleted.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Publication types", description: `The kinds of publication of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "publications");
  const flash = await takeFlash(request);
  return json({ flash: flash.message, types: await publicationTypes() }, { headers: flash.headers });
}

type Answer = { intent: string; id: number | null; result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "publications");
  const intent = String(form.get("intent") ?? "");
  const id = parseRecordId(String(form.get("id") ?? ""));
  const options = {
    actor: user,
    log: requestLogger(request, "routes/admin+/dashboard+/publications.types", { user_id: user.id }),
  };
  const submission = parseWithZod(form, { schema: publicationTypeSchema });
  const refuse = (result: SubmissionResult<string[]>, status = 400) => json<Answer>({ intent, id, result }, { status });
  try {
    if (intent === "delete" && id !== null) {
      await removeType(id, options);
      return savedRedirect(adminPaths.publicationTypes, "publication-type-deleted");
    }
    if (intent !== "add" && !(intent === "rename" && id !== null)) {
      return refuse(submission.reply({ formErrors: ["Choose what to do: add, rename or delete a type."] }));
    }
    if (submission.status !== "success") return refuse(submission.reply());
    if (intent === "add") await addPublicationType(submission.value.name, options);
    else await renameType(id!, submission.value.name, options);
    return savedRedirect(adminPaths.publicationTypes, "publication-type-saved");
  } catch (error) {
    if (error instanceof PublicationRefusal) {
      const reply =
        error.field === "name"
          ? submission.reply({ fieldErrors: { name: [error.message] } })
          : submission.reply({ formErrors: [error.message] });
      return refuse(reply, error.status);
    }
    throw error;
  }
}

function AddType({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "add-type",
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: publicationTypeSchema }),
  });
  return (
    <IntentForm
      form={form}
      intent="add"
      note={`At most ${PUBLICATION_LIMITS.typeName} characters, e.g. Policy Briefing.`}
    >
      <TextField meta={fields.name} label="New type" autoComplete="off" className="flex-1" />
      <button type="submit" className="btn-primary sm:mt-7">
        Add type
      </button>
    </IntentForm>
  );
}

function TypeRow({
  type,
  lastResult,
}: {
  type: { id: number; name: string; uses: number };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `type-${type.id}`,
    lastResult,
    defaultValue: { name: type.name },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: publicationTypeSchema }),
  });
  const count = type.uses === 1 ? "1 publication" : `${type.uses} publications`;
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <IntentForm form={form} intent="rename" className="max-w-xl" note={`${count} of this type.`}>
        <input type="hidden" name="id" value={type.id} />
        <TextField meta={fields.name} label={`Name of ${type.name}`} autoComplete="off" className="flex-1" />
        <button type="submit" className="btn-secondary sm:mt-7">
          Rename<span className="sr-only"> {type.name}</span>
        </button>
      </IntentForm>
      {type.uses === 0 ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={type.id} />
          <button type="submit" className="link">
            Delete the type {type.name}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export default function PublicationTypes() {
  const { types, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const deleteError = answer?.intent === "delete" ? answer.result.error?.[""] : undefined;
  return (
    <>
      <BackLink to={adminPaths.publications}>Back to publications</BackLink>
      <div className="mt-4">
        <StaffPageTitle title="Publication types" />
      </div>
      <ActionNotice
        notice={
          flash ? { ok: true, message: flash } : deleteError ? { ok: false, message: deleteError.join(" ") } : null
        }
      />
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        The type is the badge on each publication&apos;s card. Renaming a type changes every card that has it; a type in
        use cannot be deleted.
      </p>
      <StaffSection id="types-add" title="Add a type">
        <AddType lastResult={answer?.intent === "add" ? answer.result : undefined} />
      </StaffSection>
      <StaffSection id="types-list" title="Types">
        <ul className="mt-4 space-y-4">
          {types.map((type) => (
            <TypeRow
              key={type.id}
              type={type}
              lastResult={answer?.intent === "rename" && answer.id === type.id ? answer.result : undefined}
            />
          ))}
        </ul>
      </StaffSection>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
