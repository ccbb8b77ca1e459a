import { createFields } from "../../../shared/ui/Field.tsx";

/** The form kit with proposal creation's messages (`createProposal` namespace). */
export const { Field, TextField, TokenField, RichTextField, CheckboxField, FormError } =
  createFields("createProposal");
