import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { Form } from "../../ui/Form.tsx";
import styles from "../Comments.module.css";
import { validateComment } from "../commentForm.ts";

interface CommentFormProps {
  initial?: string;
  submitLabel: string;
  label: string;
  isBusy?: boolean;
  onSubmit(content: string): Promise<void>;
  onCancel?: () => void;
}

/** A comment, reply or edit: validated by core's comment rules before it is sent. */
export function CommentForm({
  initial = "",
  submitLabel,
  label,
  isBusy,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const { t } = useTranslation("comments");
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      className={styles.form}
      onSubmit={() => {
        const issue = validateComment(content);
        if (issue) {
          setError(t(issue.key, { ns: "core", ...issue.params }));
          return;
        }
        setError(null);
        void onSubmit(content.trim()).then(
          () => setContent(""),
          () => undefined,
        );
      }}
    >
      <textarea
        className={styles.textarea}
        aria-label={label}
        placeholder={label}
        value={content}
        aria-invalid={error !== null}
        onChange={(event) => setContent(event.target.value)}
      />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.row}>
        <Button type="submit" size="small" isLoading={isBusy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" size="small" onClick={onCancel}>
            {t("cancel")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
