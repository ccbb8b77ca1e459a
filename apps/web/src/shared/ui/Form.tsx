import type { FormHTMLAttributes } from "react";

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit"> & {
  /** Called on submit; the page does not reload and the browser's own validation stays off. */
  onSubmit: () => void;
};

/** A form the app validates itself: submitting calls `onSubmit` without reloading the page. */
export function Form({ onSubmit, children, ...rest }: FormProps) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
