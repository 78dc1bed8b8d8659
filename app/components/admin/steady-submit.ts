import { useEffect } from "react";

/**
 * Staff forms (Conform, `shouldValidate: "onBlur"`) check a field as it is left. Pressing the
 * form's submit button with the mouse leaves the field on mousedown, so the field's error
 * appeared, pushed the button down before mouseup, and the click missed: staff had to click
 * twice. While a field of that form has the focus, the press keeps the focus there instead;
 * the click then submits, which checks every field (the error summary takes the focus).
 * Leaving a field by keyboard, or by clicking anywhere else, is checked as before.
 * Installed once, for every staff form, by the staff area's layout.
 */
export function useSteadySubmitButtons() {
  useEffect(() => {
    const onMouseDown = (event: MouseEvent) => {
      const button = (event.target as Element).closest?.("button, input") as HTMLButtonElement | null;
      const field = document.activeElement as HTMLInputElement | null;
      if (
        event.button === 0 &&
        button?.type === "submit" &&
        button.form &&
        field !== button &&
        field?.form === button.form
      ) {
        event.preventDefault();
      }
    };
    document.addEventListener("mousedown", onMouseDown, true);
    return () => document.removeEventListener("mousedown", onMouseDown, true);
  }, []);
}
