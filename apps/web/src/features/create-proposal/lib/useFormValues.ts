import { useState } from "react";
import type { FieldError, FieldErrors } from "./validate.ts";

/** The keys of `T` holding text (the ones a text field edits). */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/**
 * A creation form's values and field errors: `set(key)` is one value's change handler, and `bind(key)`
 * wires a text field to its value, its change handler and its error.
 */
export function useFormValues<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set =
    <K extends keyof T>(key: K) =>
    (value: T[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const bind = <K extends TextKey<T>>(key: K) => ({
    value: values[key] as string,
    onChange: set(key) as (value: string) => void,
    error: errors[key] as FieldError | undefined,
  });
  return { values, setValues, set, errors, setErrors, bind };
}
