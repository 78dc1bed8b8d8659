// The volunteer form's checks in the browser: loaded when the visitor first focuses the form
// (app/components/volunteer-form.tsx), so the field rules are not in the page's first load.
import { browserValidation } from "~/schemas/field-rules";
import { volunteerIssues, volunteerRules } from "./volunteer-rules";

export const volunteerChecks = browserValidation(volunteerRules, volunteerIssues);
