import type { ButtonHTMLAttributes } from "react";
import styles from "./Button.module.css";
import { Spinner } from "./Spinner.tsx";

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "primary" | "secondary" | "ghost" | "danger";
  size?: "medium" | "small";
  isBlock?: boolean;
  isLoading?: boolean;
}

/** Button looks for elements that are not buttons, e.g. a router link that starts a flow. */
export function buttonClassName(variant: ButtonProps["variant"] = "primary"): string {
  return `${styles.button} ${styles[variant]}`;
}

export function Button({
  variant = "primary",
  size = "medium",
  isBlock = false,
  isLoading = false,
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    size === "small" ? styles.small : "",
    isBlock ? styles.block : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <button type={type} className={classes} disabled={disabled || isLoading} aria-busy={isLoading} {...rest}>
      {isLoading ? <Spinner size={16} /> : null}
      {children}
    </button>
  );
}
