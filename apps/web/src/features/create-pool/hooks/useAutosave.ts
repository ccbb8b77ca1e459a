import { useEffect, useRef } from "react";
import type { FieldValues, UseFormWatch } from "react-hook-form";

/**
 * Mirrors a step's form into the persisted draft as the user types, so a reload or a visit to
 * another step keeps unfinished input. Validation still happens when the step is submitted.
 */
export function useAutosave<T extends FieldValues>(watch: UseFormWatch<T>, save: (values: T) => void): void {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const subscription = watch((values) => saveRef.current(values as T));
    return () => subscription.unsubscribe();
  }, [watch]);
}
