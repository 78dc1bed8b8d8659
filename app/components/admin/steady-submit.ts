import { useEffect } from "react";
import { watchSubmitPress } from "~/components/ui/form";

/**
 * Staff forms (Conform, `shouldValidate: "onBlur"`) check a field as it is left. Pressing the
 * form's submit button with the mouse leaves the field on mousedown: its error appeared, pushed
 * the button down before mouseup, and the click missed. That one blur is kept from Conform
 * (stopped before it reaches the document, where Conform listens); the focus moves as usual, so
 * the button works as any button does, and the click's submit checks every field (the error
 * summary takes the focus). Leaving a field by keyboard, or by clicking elsewhere, is checked as
 * before. Installed once, for every staff form, by the staff area's layout.
 */
export function useSteadySubmitButtons() {
  useEffect(() => {
    const [pressedForm, stop] = watchSubmitPress();
    const onFocusOut = (event: FocusEvent) => {
      const form = pressedForm();
      if (form && (event.target as HTMLInputElement).form === form) event.stopPropagation();
    };
    window.addEventListener("focusout", onFocusOut, true);
    return () => {
      stop();
      window.removeEventListener("focusout", onFocusOut, true);
    };
  }, []);
}
